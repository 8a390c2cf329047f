// The search parameters of the operations screens, validated at their routes so a link or a bookmark opens
// exactly what it names: the process view opened over a list (`process`, `tab`), the start drawer
// (`start=1`, with `artworkId` preselected as the archive's start buttons send it), which tab of a list
// (`show`), its filters and page. Anything invalid is dropped rather than refused.

import { isRealDate, PROCESS_STATUSES } from '../../../shared/constants'
import type { SaleDeliveryShow } from '../../../shared/contracts/operations'
import { PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import { type ProcessOpenSearch, validateProcessOpenSearch } from '../process/process-search'

type ProcessStatus = (typeof PROCESS_STATUSES)[number]
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const uuidParam = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined)
const dateParam = (v: unknown) => (isRealDate(v) ? v : undefined)
export const pageParam = (v: unknown) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 1 ? n : undefined
}
export const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined =>
  values.includes(v as T) ? (v as T) : undefined

export function clean<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as T
}

/** A date range of a list (yyyy-MM-dd; a reversed range is dropped). */
export function dateRange(search: Record<string, unknown>): { from?: string; to?: string } {
  const from = dateParam(search.from)
  const to = dateParam(search.to)
  return from && to && from > to ? {} : clean({ from, to })
}

export interface StartSearch {
  /** `1`: the start drawer is open. */
  start?: 1
  /** The artwork the archive's start buttons name: preselected in the start, the list filtered by it. */
  artworkId?: string
}

export function validateStartSearch(search: Record<string, unknown>): StartSearch {
  return clean({
    start: search.start === 1 || search.start === '1' ? (1 as const) : undefined,
    artworkId: uuidParam(search.artworkId),
  })
}

/** `live` (under way), `done` (finished), or one status of the type's machine. */
export type TypeListShow = 'live' | 'done' | ProcessStatus

export interface TypeListSearch extends ProcessOpenSearch, StartSearch {
  show?: TypeListShow
  from?: string
  to?: string
  page?: number
}

export function validateTypeListSearch(search: Record<string, unknown>): TypeListSearch {
  return clean({
    ...validateProcessOpenSearch(search),
    ...validateStartSearch(search),
    show: oneOf<TypeListShow>(['live', 'done', ...PROCESS_STATUSES], search.show),
    ...dateRange(search),
    page: pageParam(search.page),
  })
}

/** The finished operations (devOpsHistory): type, ending, dates. */
export interface HistorySearch extends ProcessOpenSearch {
  type?: ProcessType
  status?: 'completed' | 'terminated'
  artworkId?: string
  from?: string
  to?: string
  page?: number
}

export function validateHistorySearch(search: Record<string, unknown>): HistorySearch {
  return clean({
    ...validateProcessOpenSearch(search),
    type: oneOf(PROCESS_TYPES, search.type),
    status: oneOf(['completed', 'terminated'] as const, search.status),
    artworkId: uuidParam(search.artworkId),
    ...dateRange(search),
    page: pageParam(search.page),
  })
}

/** The transports screen's tabs. */
export const TRANSPORT_SHOWS = ['toBeTransported', 'transporting', 'arrived'] as const
export type TransportShow = (typeof TRANSPORT_SHOWS)[number]

/** Sold works awaiting delivery: the tab, the page, the drawer starting one's delivery and its sale. */
export interface SaleDeliverySearch extends ProcessOpenSearch {
  show?: SaleDeliveryShow
  page?: number
  /** The drawer starting the delivery of this sold artwork. */
  deliver?: string
  /** The sale it delivers (named in the transport's start input). */
  sale?: string
}

export function validateSaleDeliverySearch(
  search: Record<string, unknown>,
): Omit<SaleDeliverySearch, keyof ProcessOpenSearch> {
  const deliver = uuidParam(search.deliver)
  return Object.fromEntries(
    Object.entries({
      show: search.show === 'started' ? ('started' as const) : undefined,
      page: pageParam(search.page),
      deliver,
      sale: deliver ? uuidParam(search.sale) : undefined,
    }).filter(([, v]) => v !== undefined),
  )
}
