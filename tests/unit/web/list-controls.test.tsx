// @vitest-environment happy-dom
// The controls every list screen shares (src/web/forms/FilterBar.tsx, src/web/forms/EnabledCell.tsx): the
// text search sends the trimmed words once typing stops (nothing for an empty field), and the status cell
// shows whether a record is in use with Edit and Disable / Enable for who may change it, under the test ids
// the browser tests use, without opening the row it sits in.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { EnableActions, EnabledCell } from '../../../src/web/forms/EnabledCell'
import { FilterBar, SearchFilter } from '../../../src/web/forms/FilterBar'
import { render } from './render'

/** A search field whose value is the URL's, with a button that clears the URL as an archive pill does. */
function WithUrl({ onSearch }: { onSearch: (value: string | undefined) => void }) {
  const [url, setUrl] = useState<string | undefined>('old')
  return (
    <>
      <SearchFilter value={url} onSearch={onSearch} testId="archive-search" />
      <button type="button" onClick={() => setUrl(undefined)}>
        clear
      </button>
    </>
  )
}

describe('the search of a list', () => {
  it('sends the trimmed words once, and nothing for an empty field', async () => {
    const onSearch = vi.fn()
    await render(
      <FilterBar testId="filters">
        <SearchFilter label="Search rooms" value="old" onSearch={onSearch} testId="room-search" />
      </FilterBar>,
      { lang: 'en' },
    )
    const field = screen.getByTestId('room-search') as HTMLInputElement
    expect(screen.getByTestId('filters').contains(field)).toBe(true)
    expect(field.value).toBe('old')
    fireEvent.change(field, { target: { value: ' vault' } })
    fireEvent.change(field, { target: { value: ' vault 2 ' } })
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1))
    expect(onSearch).toHaveBeenLastCalledWith('vault 2')
    fireEvent.change(field, { target: { value: '   ' } })
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2))
    expect(onSearch).toHaveBeenLastCalledWith(undefined)
  })

  it('sends at once on Enter, and follows the URL when the search is cleared elsewhere', async () => {
    const onSearch = vi.fn()
    await render(<WithUrl onSearch={onSearch} />, { lang: 'en' })
    const field = screen.getByTestId('archive-search') as HTMLInputElement
    fireEvent.change(field, { target: { value: 'ink ' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(onSearch).toHaveBeenCalledTimes(1)
    expect(onSearch).toHaveBeenLastCalledWith('ink')
    fireEvent.click(screen.getByRole('button', { name: 'clear' }))
    await waitFor(() => expect(field.value).toBe(''))
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('is named "Search" when it has no label', async () => {
    await render(<SearchFilter placeholder="Policy no." onSearch={() => {}} testId="insurance-search" />, {
      lang: 'en',
    })
    expect(screen.getByRole('textbox', { name: 'Search' })).toBe(screen.getByTestId('insurance-search'))
  })
})

describe('whether a record is in use', () => {
  it('offers Disable on an enabled record and acts without opening the row', async () => {
    const onEdit = vi.fn()
    const onToggle = vi.fn()
    const openRow = vi.fn()
    await render(
      // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a row's click, as the lists have
      <div onClick={openRow}>
        <EnabledCell enabled mayChange testId="room" onEdit={onEdit} onToggle={onToggle} />
      </div>,
      { lang: 'en' },
    )
    expect(screen.getByText('Enabled')).toBeTruthy()
    fireEvent.click(screen.getByTestId('room-disable'))
    fireEvent.click(screen.getByTestId('room-edit'))
    expect(onToggle).toHaveBeenCalledTimes(1)
    expect(onEdit).toHaveBeenCalledTimes(1)
    expect(openRow).not.toHaveBeenCalled()
    expect(screen.queryByTestId('room-enable')).toBeNull()
  })

  it('offers Enable on a disabled record, and no buttons to who may not change it', async () => {
    const { unmount } = await render(
      <EnabledCell enabled={false} mayChange testId="role" onEdit={() => {}} onToggle={() => {}} />,
      { lang: 'zh-CN' },
    )
    expect(screen.getByTestId('role-enable').textContent).toBe('启用')
    expect(screen.getByText('已停用')).toBeTruthy()
    unmount()
    await render(
      <EnabledCell enabled={false} mayChange={false} testId="role" onEdit={() => {}} onToggle={() => {}} />,
      { lang: 'zh-CN' },
    )
    expect(screen.getByText('已停用')).toBeTruthy()
    expect(screen.queryByTestId('role-enable')).toBeNull()
    expect(screen.queryByTestId('role-edit')).toBeNull()
  })

  it('gives a record screen the same buttons', async () => {
    await render(<EnableActions enabled testId="room" size="xs" onEdit={() => {}} onToggle={() => {}} />, {
      lang: 'en',
    })
    expect(screen.getByTestId('room-disable').textContent).toBe('Disable')
    expect(screen.getByTestId('room-edit').textContent).toBe('Edit')
  })
})
