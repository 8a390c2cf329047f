// Choose artworks of the archive by typing part of a title, an artist or an inventory number (the
// archive's full-text search). One (a list filter) or several (the artworks a start names). A work another
// live process holds is marked with that process's type; for a type that holds its artworks it cannot be
// chosen (the server refuses such a start with "in another process"), and one already chosen says so.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, MultiSelect, Select, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { artworkListItem } from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import type { ProcessType } from '../../../shared/process-types'
import { api } from '../../api/http'
import { typeLabel, useLang } from './machine-words'

const page = z.object({ list: z.array(artworkListItem), total: z.number() })
type Item = z.infer<typeof artworkListItem>

/**
 * An artwork's label in the language shown, made at render from both names (never the name the list was
 * fetched in), so a language switch relabels every picker at once.
 */
const label = (a: Item, lang: Lang) =>
  `${(lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn) || a.title} · ${a.inventoryNo}`

interface Option {
  value: string
  label: string
  /** The type of the live process holding it. */
  heldBy?: ProcessType
}

function useArtworkOptions(
  keyword: string,
  selected: string[],
  statuses?: readonly string[],
  known?: Record<string, string>,
): Option[] {
  const lang = useLang()
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
  const all = new Map<string, Option>(
    Object.entries(known ?? {}).map(([value, text]) => [value, { value, label: text }]),
  )
  const add = (a: Item) =>
    all.set(a.id, {
      value: a.id,
      label: label(a, lang),
      ...(a.activeProcessType ? { heldBy: a.activeProcessType } : {}),
    })
  for (const a of chosen.data ?? []) add(a)
  for (const a of search.data?.list ?? []) add(a)
  // A chosen artwork whose name has not arrived yet never shows its id.
  for (const id of selected) if (!all.has(id)) all.set(id, { value: id, label: '…' })
  return [...all.values()]
}

/** "In another process: Transport", the mark of a held work. */
function HeldBadge({ type }: { type: ProcessType }) {
  const lang = useLang()
  const kind = typeLabel(type, lang)
  return (
    <Badge size="xs" color="orange" variant="light" data-testid="artwork-held">
      <Trans>In another process: {kind}</Trans>
    </Badge>
  )
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
  const data = useArtworkOptions(keyword, value ? [value] : []).map(({ value: v, label: l }) => ({
    value: v,
    label: l,
  }))
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
  refuseHeld = false,
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
  /** The process holds its artworks: a work another live process holds cannot be chosen. */
  refuseHeld?: boolean
}) {
  const { t } = useLingui()
  const lang = useLang()
  const [keyword, setKeyword] = useState('')
  const options = useArtworkOptions(keyword, value, statuses, known)
  const heldBy = new Map(options.flatMap((o) => (o.heldBy ? [[o.value, o.heldBy] as const] : [])))
  const data = options.map((o) => ({
    value: o.value,
    label: o.label,
    disabled: refuseHeld && o.heldBy !== undefined && !value.includes(o.value),
  }))
  // A held work already chosen (preselected, or chosen before it was taken): why the start will be refused.
  const heldChosen = refuseHeld ? options.filter((o) => o.heldBy && value.includes(o.value)) : []
  const held = heldChosen
    .map((o) => `${o.label} (${typeLabel(o.heldBy as ProcessType, lang)})`)
    .join(lang === 'en' ? ', ' : '、')
  const heldError = held ? t`In another process that has not ended: ${held}` : undefined
  return (
    <MultiSelect
      label={title}
      description={description}
      error={error ?? heldError}
      placeholder={value.length ? undefined : t`Title, artist or inventory no.`}
      searchable
      clearable
      data={data}
      value={value}
      searchValue={keyword}
      onSearchChange={setKeyword}
      onChange={onChange}
      filter={({ options: shown }) => shown}
      renderOption={({ option }) => {
        const held = heldBy.get(option.value)
        return (
          <Group gap={6} wrap="nowrap" data-artwork-option={option.value} data-held={held ?? undefined}>
            <Text fz="sm" c={option.disabled ? 'dimmed' : undefined}>
              {option.label}
            </Text>
            {held ? <HeldBadge type={held} /> : null}
          </Group>
        )
      }}
      nothingFoundMessage={t`No artwork found`}
      data-field="artworkIds"
    />
  )
}
