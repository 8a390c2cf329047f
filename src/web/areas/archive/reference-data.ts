// The reference data the archive screens label things with: the six tag families, the rooms and four
// dictionaries, loaded once (cached for every screen) and turned into select options and look-ups in the
// language shown. Records store ids and codes; people read these labels.
import { useLingui } from '@lingui/react'
import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { DictCode, RoomOption, TagItem, TagParentCode } from '../../../shared/contracts/reference'
import type { Lang } from '../../../shared/errors'
import { langOf } from '../../../shared/lang'
import { dictionaryQuery, roomsQuery, tagsQuery } from '../../api/queries/reference'

export const ARCHIVE_TAG_PARENTS = [
  'CREATION_MEDIUM',
  'PERIOD',
  'INVEST_MARKET',
  'INCOME_STAGE',
  'ARTWORK_LABEL',
  'ARTIST_STAGE',
] as const satisfies readonly TagParentCode[]
export const ARCHIVE_DICTS = [
  'PACKAGING_TYPE',
  'ART_PIC_TYPE',
  'CURRENCY',
  'LITERATU_RECORD_TYPERE',
] as const satisfies readonly DictCode[]
export type ArchiveTagParent = (typeof ARCHIVE_TAG_PARENTS)[number]
export type ArchiveDict = (typeof ARCHIVE_DICTS)[number]

export interface Option {
  value: string
  label: string
}

interface Labelled {
  value: string
  labelZh: string
  labelEn: string
}

export interface ArchiveReference {
  ready: boolean
  lang: Lang
  tagOptions: Record<ArchiveTagParent, Option[]>
  dictOptions: Record<ArchiveDict, Option[]>
  roomOptions: Option[]
  rooms: RoomOption[]
  tagLabel(id: number | string | null | undefined): string
  roomLabel(id: string | null | undefined): string
  dictLabel(code: ArchiveDict, value: string | null | undefined): string
}

const labelIn = (item: Labelled, lang: Lang) =>
  lang === 'en' ? item.labelEn || item.labelZh : item.labelZh || item.labelEn

export function useArchiveReference(): ArchiveReference {
  const { i18n } = useLingui()
  const lang: Lang = langOf(i18n.locale)
  const tagResults = useQueries({ queries: ARCHIVE_TAG_PARENTS.map((p) => tagsQuery(p)) })
  const dictResults = useQueries({ queries: ARCHIVE_DICTS.map((d) => dictionaryQuery(d)) })
  const roomResult = useQueries({ queries: [roomsQuery()] })[0]

  const tagData = tagResults.map((r) => r.data)
  const dictData = dictResults.map((r) => r.data)
  const roomData = roomResult.data
  const ready =
    tagResults.every((r) => !r.isPending) && dictResults.every((r) => !r.isPending) && !roomResult.isPending

  // biome-ignore lint/correctness/useExhaustiveDependencies: the data arrays are rebuilt each render; their items are the inputs
  return useMemo(() => {
    const tags = new Map<number, TagItem>()
    const tagOptions = {} as Record<ArchiveTagParent, Option[]>
    ARCHIVE_TAG_PARENTS.forEach((parent, i) => {
      const items = tagData[i] ?? []
      for (const t of items) tags.set(t.id, t)
      tagOptions[parent] = items.map((t) => ({ value: String(t.id), label: labelIn(t, lang) }))
    })
    const dicts = {} as Record<ArchiveDict, Map<string, Labelled>>
    const dictOptions = {} as Record<ArchiveDict, Option[]>
    ARCHIVE_DICTS.forEach((code, i) => {
      const items = dictData[i] ?? []
      dicts[code] = new Map(items.map((d) => [d.value, d]))
      dictOptions[code] = items.map((d) => ({
        value: d.value,
        label: code === 'CURRENCY' ? `${d.value} · ${labelIn(d, lang)}` : labelIn(d, lang),
      }))
    })
    const rooms = roomData ?? []
    const roomById = new Map(rooms.map((r) => [r.id, r]))
    return {
      ready,
      lang,
      tagOptions,
      dictOptions,
      roomOptions: rooms.map((r) => ({ value: r.id, label: labelIn(r, lang) })),
      rooms,
      tagLabel(id) {
        if (id === null || id === undefined || id === '') return ''
        const t = tags.get(Number(id))
        return t ? labelIn(t, lang) : String(id)
      },
      roomLabel(id) {
        if (!id) return ''
        const r = roomById.get(id)
        return r ? labelIn(r, lang) : ''
      },
      dictLabel(code, value) {
        if (!value) return ''
        const d = dicts[code].get(value)
        return d ? labelIn(d, lang) : value
      },
    }
  }, [lang, ready, ...tagData, ...dictData, roomData])
}
