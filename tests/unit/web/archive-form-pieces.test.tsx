// @vitest-environment happy-dom
// The pieces the artwork form adds to the kit: a dimension (1–3 values and a unit, digits only, the size
// text built live), an editable records list (entries added, edited, removed, each cell showing its own
// rule message), and the multi-file upload (each file checked like the server checks it, every upload
// holding the form's submit until it ends).
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { Dimension } from '../../../src/shared/artwork-rules'
import type { UploadResponse } from '../../../src/shared/contracts/files'
import { IMAGE_EXTENSIONS } from '../../../src/shared/file-types'
import type { UploadFields } from '../../../src/web/api/upload'
import {
  DimensionField,
  dimensionOf,
  sanitizeDecimal,
} from '../../../src/web/areas/archive/form/DimensionField'
import {
  type EditableEntry,
  emptyEntry,
  RecordListEditor,
} from '../../../src/web/areas/archive/form/RecordListEditor'
import { FileUpload } from '../../../src/web/forms/FileUpload'
import { useForm } from '../../../src/web/forms/use-form'
import { render } from './render'

describe('dimension typing', () => {
  it('keeps digits and one decimal point, 7 + 2 digits', () => {
    expect(sanitizeDecimal('6a0')).toBe('60')
    expect(sanitizeDecimal('12.345')).toBe('12.34')
    expect(sanitizeDecimal('1.2.3')).toBe('1.23')
    expect(sanitizeDecimal('123456789')).toBe('1234567')
    expect(sanitizeDecimal('-5')).toBe('5')
  })

  it('hands over only the filled values, in order, or nothing', () => {
    expect(dimensionOf(['60', '', '5'], 'cm')).toEqual({ values: ['60', '5'], unit: 'cm' })
    expect(dimensionOf(['', ' ', '.'], 'mm')).toBeUndefined()
  })
})

function DimensionHarness({
  onValue,
  initial,
}: {
  onValue: (d: Dimension | undefined) => void
  initial?: Dimension
}) {
  const [value, setValue] = useState<Dimension | undefined>(initial)
  return (
    <DimensionField
      label="Picture size"
      value={value}
      onChange={(d) => {
        setValue(d)
        onValue(d)
      }}
      testId="dim"
    />
  )
}

describe('DimensionField', () => {
  it('builds the size text live and passes the dimension on', async () => {
    const seen: (Dimension | undefined)[] = []
    await render(<DimensionHarness onValue={(d) => seen.push(d)} />)
    expect(screen.getByTestId('dim-text').textContent).toBe('未测量')
    fireEvent.change(screen.getByTestId('dim-0'), { target: { value: '6o0' } })
    fireEvent.change(screen.getByTestId('dim-1'), { target: { value: '80.5' } })
    expect((screen.getByTestId('dim-0') as HTMLInputElement).value).toBe('60')
    expect(screen.getByTestId('dim-text').textContent).toBe('60 × 80.5 cm')
    expect(seen.at(-1)).toEqual({ values: ['60', '80.5'], unit: 'cm' })
    fireEvent.change(screen.getByTestId('dim-0'), { target: { value: '' } })
    fireEvent.change(screen.getByTestId('dim-1'), { target: { value: '' } })
    expect(seen.at(-1)).toBeUndefined()
    expect(screen.getByTestId('dim-text').textContent).toBe('未测量')
  })

  it('shows a stored dimension and keeps a gap the user leaves while typing', async () => {
    const seen: (Dimension | undefined)[] = []
    await render(
      <DimensionHarness onValue={(d) => seen.push(d)} initial={{ values: ['30', '40', '2'], unit: 'in' }} />,
    )
    expect(screen.getByTestId('dim-text').textContent).toBe('30 × 40 × 2 in')
    fireEvent.change(screen.getByTestId('dim-1'), { target: { value: '' } })
    // The box stays empty where the user cleared it; the dimension handed on closes the gap.
    expect((screen.getByTestId('dim-1') as HTMLInputElement).value).toBe('')
    expect((screen.getByTestId('dim-2') as HTMLInputElement).value).toBe('2')
    expect(seen.at(-1)).toEqual({ values: ['30', '2'], unit: 'in' })
  })
})

function RecordsHarness({
  errors = {},
  onList,
}: {
  errors?: Record<string, string>
  onList: (l: EditableEntry[]) => void
}) {
  const [list, setList] = useState<EditableEntry[]>([])
  return (
    <RecordListEditor
      kind="auctions"
      value={list}
      onChange={(next) => {
        setList(next)
        onList(next)
      }}
      errors={errors}
      currencies={[{ value: 'HKD', label: 'HKD · 港币' }]}
      literatureTypes={[]}
    />
  )
}

function RecordsWithErrors() {
  const [list, setList] = useState<EditableEntry[]>([{ ...emptyEntry('auctions'), price: '1000.00' }])
  return (
    <RecordListEditor
      kind="auctions"
      value={list}
      onChange={setList}
      errors={{
        'auctions.0.currency': '必填',
        'auctions.0.date': '日期格式应为 yyyy、yyyy-MM 或 yyyy-MM-dd',
      }}
      currencies={[]}
      literatureTypes={[]}
    />
  )
}

describe('RecordListEditor', () => {
  it('adds, edits and removes entries with the fields of their list', async () => {
    const lists: EditableEntry[][] = []
    await render(<RecordsHarness onList={(l) => lists.push(l)} />)
    expect(screen.getByText('尚无记录。')).toBeTruthy()
    fireEvent.click(screen.getByTestId('auctions-add'))
    expect(lists.at(-1)).toEqual([emptyEntry('auctions')])
    expect(lists.at(-1)?.[0]).toMatchObject({ lot: '', price: null, currency: '' })
    fireEvent.change(screen.getByTestId('auctions-0-date'), { target: { value: '2019-11a-24' } })
    fireEvent.change(screen.getByTestId('auctions-0-titleEn'), {
      target: { value: 'Modern and Contemporary Art Evening Sale' },
    })
    expect(lists.at(-1)?.[0]).toMatchObject({
      date: '2019-11-24',
      titleEn: 'Modern and Contemporary Art Evening Sale',
    })
    fireEvent.click(screen.getByTestId('auctions-add'))
    expect(screen.getAllByTestId('auctions-row')).toHaveLength(2)
    fireEvent.click(screen.getAllByLabelText('删除这一条')[0])
    expect(lists.at(-1)).toHaveLength(1)
    expect(lists.at(-1)?.[0]).toEqual(emptyEntry('auctions'))
  })

  it('shows each cell its own message from the shared rules', async () => {
    await render(<RecordsWithErrors />)
    expect(screen.getByText('必填')).toBeTruthy()
    expect(screen.getByText('日期格式应为 yyyy、yyyy-MM 或 yyyy-MM-dd')).toBeTruthy()
  })
})

const PNG_HEAD = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
])

function storedAs(name: string, id: string): UploadResponse {
  return {
    id,
    name,
    mime: 'image/png',
    kind: 'png',
    size: 16,
    sha256: 'x',
    purpose: 'image',
    width: 10,
    height: 10,
    coverFileId: null,
    hasThumbnail: true,
    uploadedBy: 'u',
    createdAt: '2026-01-01T00:00:00Z',
    cover: null,
  }
}

/** A form with the multi-file upload; reports the form's count of running uploads on every render. */
function UploadHarness({
  purpose,
  extensions,
  send,
  onUploaded,
  onCount,
}: {
  purpose: 'image' | 'attachment'
  extensions?: readonly string[]
  send: (file: File, fields: UploadFields) => Promise<UploadResponse>
  onUploaded: (file: UploadResponse) => void
  onCount: (n: number) => void
}) {
  const form = useForm({ schema: z.object({}), initialValues: {} })
  onCount(form.uploading)
  return (
    <FileUpload
      purpose={purpose}
      extensions={extensions}
      buttonLabel="Add"
      uploads={form.uploads}
      onUploaded={onUploaded}
      send={send}
    />
  )
}

describe('FileUpload of several files', () => {
  it('uploads every acceptable file, holding submit until each one ends, and refuses the others', async () => {
    const pending: { file: File; fields: UploadFields; resolve: (r: UploadResponse) => void }[] = []
    const send = vi.fn(
      (file: File, fields: UploadFields) =>
        new Promise<UploadResponse>((resolve) => pending.push({ file, fields, resolve })),
    )
    const uploaded: string[] = []
    let uploading = -1
    const { container } = await render(
      <UploadHarness
        purpose="image"
        extensions={IMAGE_EXTENSIONS}
        send={send}
        onUploaded={(f) => uploaded.push(f.name)}
        onCount={(n) => {
          uploading = n
        }}
      />,
    )
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    expect(input.multiple).toBe(true)
    const files = [
      new File([PNG_HEAD], 'front.png', { type: 'image/png' }),
      new File([PNG_HEAD], 'back.png', { type: 'image/png' }),
      new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'anim.gif', { type: 'image/gif' }),
      new File([PNG_HEAD], 'renamed.mp4', { type: 'video/mp4' }),
    ]
    fireEvent.change(input, { target: { files } })
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2))
    expect(pending.map((p) => p.file.name)).toEqual(['front.png', 'back.png'])
    expect(pending[0].fields).toEqual({ purpose: 'image' })
    await waitFor(() => expect(uploading).toBe(2))
    expect(screen.getAllByTestId('upload-progress')).toHaveLength(2)
    // The GIF and the MP4 among images were refused in the catalogue's fixed words.
    await waitFor(() => expect(screen.getAllByText('文件格式不正确').length).toBeGreaterThan(0))
    pending[0].resolve(storedAs('front.png', '00000000-0000-4000-8000-000000000001'))
    await waitFor(() => expect(uploading).toBe(1))
    pending[1].resolve(storedAs('back.png', '00000000-0000-4000-8000-000000000002'))
    await waitFor(() => expect(uploading).toBe(0))
    expect(uploaded).toEqual(['front.png', 'back.png'])
    expect(screen.queryAllByTestId('upload-progress')).toHaveLength(0)
  })

  it('says "Uploading failed" when the network drops and lets the form go on', async () => {
    const send = vi.fn(() => Promise.reject(Object.assign(new Error('Network error'), { name: 'TypeError' })))
    let uploading = -1
    const { container } = await render(
      <UploadHarness
        purpose="attachment"
        send={send}
        onUploaded={() => undefined}
        onCount={(n) => {
          uploading = n
        }}
      />,
    )
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File([PNG_HEAD], 'scan.png', { type: 'image/png' })] } })
    await waitFor(() => expect(screen.getByText('上传失败')).toBeTruthy())
    expect(uploading).toBe(0)
  })
})
