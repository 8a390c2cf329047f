// Reference data as the choices of a form field, in the language shown: dictionary items, tree nodes,
// countries, rooms, the family's companies, vendors. Also the reverse: a stored value's label, for the
// read-only record of a submitted step.

import type { TreeNodeData } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { DictCode, DictionaryItem } from '../../../shared/contracts/reference'
import type { Lang } from '../../../shared/errors'
import { useLang } from './machine-words'
import {
  countriesQuery,
  dictionaryQuery,
  enterprisesQuery,
  roomsQuery,
  treeQuery,
  vendorsQuery,
} from './reference-queries'

export interface Option {
  value: string
  label: string
}

const labelOf = (item: { labelZh: string; labelEn: string }, lang: Lang) =>
  lang === 'en' ? item.labelEn : item.labelZh

export function useDictOptions(code: DictCode): Option[] {
  const lang = useLang()
  const { data } = useQuery(dictionaryQuery(code))
  return (data ?? []).map((i) => ({ value: i.value, label: labelOf(i, lang) }))
}

function toTree(items: DictionaryItem[], lang: Lang): TreeNodeData[] {
  return items.map((i) => ({
    value: i.value,
    label: labelOf(i, lang),
    ...(i.children?.length ? { children: toTree(i.children, lang) } : {}),
  }))
}

export function useTreeOptions(code: DictCode): TreeNodeData[] {
  const lang = useLang()
  const { data } = useQuery(treeQuery(code))
  return toTree(data ?? [], lang)
}

function findInTree(items: DictionaryItem[], value: string): DictionaryItem[] | null {
  for (const item of items) {
    if (item.value === value) return [item]
    const below = item.children ? findInTree(item.children, value) : null
    if (below) return [item, ...below]
  }
  return null
}

/** A tree value as its path of labels (艺术品交易 / 购买 / 画廊购入). */
export function useTreeLabel(code: DictCode, value: unknown): string {
  const lang = useLang()
  const { data } = useQuery(treeQuery(code))
  if (typeof value !== 'string' || !value) return ''
  const path = findInTree(data ?? [], value)
  return path ? path.map((i) => labelOf(i, lang)).join(' / ') : value
}

export function useCountryOptions(): Option[] {
  const lang = useLang()
  const { data } = useQuery(countriesQuery())
  return (data ?? []).map((c) => ({ value: c.code, label: `${labelOf(c, lang)} (${c.code})` }))
}

export function useRoomOptions(): Option[] {
  const lang = useLang()
  const { data } = useQuery(roomsQuery())
  return (data ?? []).map((r) => ({ value: r.id, label: labelOf(r, lang) }))
}

/**
 * The family's companies. A payment stores the company's name as registered in Chinese (the office's
 * first language), whatever language the form was filled in; it is shown in the language of the reader.
 */
export function useEnterpriseOptions(): Option[] {
  const lang = useLang()
  const { data } = useQuery(enterprisesQuery())
  return (data ?? []).map((e) => ({ value: e.labelZh, label: labelOf(e, lang) }))
}

export function useEnterpriseLabel(): (value: string) => string {
  const lang = useLang()
  const { data } = useQuery(enterprisesQuery())
  return (value) => {
    const e = (data ?? []).find((x) => x.labelZh === value || x.labelEn === value || x.code === value)
    return e ? labelOf(e, lang) : value
  }
}

export function useVendors() {
  const lang = useLang()
  const { data } = useQuery(vendorsQuery())
  return (data ?? []).map((v) => ({
    id: v.id,
    kind: v.kind,
    name: labelOf(v, lang),
    names: [v.labelZh, v.labelEn],
  }))
}
