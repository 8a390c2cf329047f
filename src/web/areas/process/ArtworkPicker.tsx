// Choose artworks of the archive by typing part of a title, an artist or an inventory number (the
// archive's full-text search). One (a list filter) or several (the artworks a purchase names).
import { useLingui } from '@lingui/react/macro'
import { MultiSelect, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { artworkListItem } from '../../../shared/contracts/artworks'
import { api } from '../../api/http'

const page = z.object({ list: z.array(artworkListItem), total: z.number() })
type Item = z.infer<typeof artworkListItem>

const label = (a: Item) => `${a.title || a.titleZh || a.titleEn} · ${a.inventoryNo}`

function useArtworkOptions(
  keyword: string,
  selected: string[],
  statuses?: readonly string[],
  known?: Record<string, string>,
) {
  const [debounced] = useDebouncedValue(keyword.trim(), 250)
  const status = statuses?.join(',') ?? ''
  const search = useQuery({
    queryKey: ['artworks', 'pick', debounced, status],
    queryFn: ({ signal }) =>
      api.get('artworks', {
        searchParams: { keyword: debounced, pageSize: 20, ...(status ? { status } : {}) },
        schema: page,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
  // Chosen ones keep their label even when the search moves on (or when opened from a bookmark).
  const chosen = useQuery({
    queryKey: ['artworks', 'picked', ...selected],
    queryFn: ({ signal }) =>
      Promise.all(selected.map((id) => api.get(`artworks/${id}`, { schema: artworkListItem, signal }))),
    enabled: selected.length > 0,
    staleTime: 60_000,
  })
  const all = new Map<string, string>(Object.entries(known ?? {}))
  for (const a of chosen.data ?? []) all.set(a.id, label(a))
  for (const a of search.data?.list ?? []) all.set(a.id, label(a))
  // A chosen artwork whose name has not arrived yet never shows its id.
  for (const id of selected) if (!all.has(id)) all.set(id, '…')
  return [...all].map(([value, text]) => ({ value, label: text }))
}

export function ArtworkFilter({
  value,
  onChange,
  label: title,
}: {
  value?: string
  onChange: (id?: string) => void
  label: string
}) {
  const { t } = useLingui()
  const [keyword, setKeyword] = useState('')
  const data = useArtworkOptions(keyword, value ? [value] : [])
  return (
    <Select
      label={title}
      placeholder={t`Title, artist or inventory no.`}
      searchable
      clearable
      data={data}
      value={value ?? null}
      searchValue={keyword}
      onSearchChange={setKeyword}
      onChange={(v) => onChange(v ?? undefined)}
      filter={({ options }) => options}
      nothingFoundMessage={t`No artwork found`}
      data-testid="filter-artwork"
    />
  )
}

export function ArtworkMultiPicker({
  value,
  onChange,
  label: title,
  description,
  error,
  statuses,
  known,
}: {
  value: string[]
  onChange: (ids: string[]) => void
  label: string
  description?: string
  error?: string
  /** Offer only artworks with these statuses (those a process type starts on). */
  statuses?: readonly string[]
  /** Labels of chosen artworks already known to the screen (id → "title · inventory no."). */
  known?: Record<string, string>
}) {
  const { t } = useLingui()
  const [keyword, setKeyword] = useState('')
  const data = useArtworkOptions(keyword, value, statuses, known)
  return (
    <MultiSelect
      label={title}
      description={description}
      error={error}
      placeholder={value.length ? undefined : t`Title, artist or inventory no.`}
      searchable
      clearable
      data={data}
      value={value}
      searchValue={keyword}
      onSearchChange={setKeyword}
      onChange={onChange}
      filter={({ options }) => options}
      nothingFoundMessage={t`No artwork found`}
      data-field="artworkIds"
    />
  )
}
