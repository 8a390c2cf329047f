// The archive list's state in the URL (docs/architecture.md § Conventions: filters validated at the route and kept in the URL, so a
// search can be bookmarked and shared): every filter of the API, the sort, the page and the view. A value
// the URL gets wrong is dropped, never an error page. `toApiParams` writes the API's query string from it
// (lists joined by commas), so the list, the export and the summary ask for exactly what the URL says.
// Read by hand rather than with zod: every route file is in the first download, which must not carry zod
// (docs/decisions.md, "Start and first download"); the rules are those of the API's artworkListQuery.
import {
  ARTWORK_SORTS,
  ARTWORK_STATUSES,
  type ArtworkSort,
  type ArtworkStatus,
  INSURANCE_STATUSES,
  MONEY_RE,
  TRANSPORT_STATUSES,
} from '../../../shared/constants'
import type { QueryParams } from '../../api/client'

export const PAGE_SIZES = [20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20

export interface ArchiveSearch {
  view?: 'table' | 'gallery'
  keyword?: string
  artistId?: string
  /** Owned today by this legal entity or one under it. */
  ownerEntityId?: string
  mediumTagId?: number[]
  periodTagId?: number[]
  investMarketTagId?: number[]
  incomeStageTagId?: number[]
  labelTagId?: number[]
  artistStageTagId?: number[]
  packagingType?: string[]
  status?: ArtworkStatus[]
  transportStatus?: (typeof TRANSPORT_STATUSES)[number][]
  insuranceStatus?: (typeof INSURANCE_STATUSES)[number][]
  roomId?: string[]
  inWarehouse?: boolean
  inOperation?: boolean
  missingPreview?: boolean
  buyYearFrom?: number
  buyYearTo?: number
  valuationCurrency?: string
  valuationMin?: string
  valuationMax?: string
  sort?: ArtworkSort
  order?: 'asc' | 'desc'
  page?: number
  pageSize?: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A value read as text (numbers too), trimmed. */
const textOf = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : undefined
/** An integer within bounds (a number, or text of one). */
function intOf(v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const n = typeof v === 'number' || typeof v === 'string' ? Number(v) : Number.NaN
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined
}
const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined =>
  values.includes(v as T) ? (v as T) : undefined
/** An id in the URL (`?id=` of an artwork, a room, an artist), or undefined. */
export const uuidOf = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined)
const flagOf = (v: unknown) =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined

/**
 * An array in the URL, also read from one value or a comma list (hand-written links): 1 to 50 items, every
 * one of them valid, or the whole filter is dropped.
 */
function listOf<T>(v: unknown, item: (x: unknown) => T | undefined): T[] | undefined {
  if (v === undefined || v === null || v === '') return undefined
  const raw = Array.isArray(v)
    ? v
    : typeof v === 'string'
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [v]
  const items = raw.map(item)
  if (items.length === 0 || items.length > 50 || items.some((x) => x === undefined)) return undefined
  return items as T[]
}
const idList = (v: unknown) => listOf(v, (x) => intOf(x, 1))

/** Route `validateSearch`: what the URL gets wrong is dropped; only what is set is kept (a short URL). */
export function validateArchiveSearch(input: Record<string, unknown>): ArchiveSearch {
  const keyword = textOf(input.keyword)
  const money = (v: unknown) => {
    const t = textOf(v)
    return t !== undefined && MONEY_RE.test(t) ? t : undefined
  }
  const search: ArchiveSearch = {
    view: oneOf(['table', 'gallery'], input.view),
    keyword: keyword !== undefined && keyword.length <= 100 ? keyword : undefined,
    artistId: uuidOf(input.artistId),
    ownerEntityId: uuidOf(input.ownerEntityId),
    mediumTagId: idList(input.mediumTagId),
    periodTagId: idList(input.periodTagId),
    investMarketTagId: idList(input.investMarketTagId),
    incomeStageTagId: idList(input.incomeStageTagId),
    labelTagId: idList(input.labelTagId),
    artistStageTagId: idList(input.artistStageTagId),
    packagingType: listOf(input.packagingType, (x) =>
      typeof x === 'string' && x.length <= 64 ? x : undefined,
    ),
    status: listOf(input.status, (x) => oneOf(ARTWORK_STATUSES, x)),
    transportStatus: listOf(input.transportStatus, (x) => oneOf(TRANSPORT_STATUSES, x)),
    insuranceStatus: listOf(input.insuranceStatus, (x) => oneOf(INSURANCE_STATUSES, x)),
    roomId: listOf(input.roomId, uuidOf),
    inWarehouse: flagOf(input.inWarehouse),
    inOperation: flagOf(input.inOperation),
    missingPreview: flagOf(input.missingPreview),
    buyYearFrom: intOf(input.buyYearFrom, 1000, 2200),
    buyYearTo: intOf(input.buyYearTo, 1000, 2200),
    valuationCurrency:
      typeof input.valuationCurrency === 'string' && /^[A-Z]{3}$/.test(input.valuationCurrency)
        ? input.valuationCurrency
        : undefined,
    valuationMin: money(input.valuationMin),
    valuationMax: money(input.valuationMax),
    sort: oneOf(ARTWORK_SORTS, input.sort),
    order: oneOf(['asc', 'desc'], input.order),
    page: intOf(input.page, 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(intOf(input.pageSize, 1) ?? 0)
      ? intOf(input.pageSize, 1)
      : undefined,
  }
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as ArchiveSearch
}

/** The search keys that narrow which artworks are shown (not the sort, page or view). */
export const FILTER_KEYS = [
  'keyword',
  'artistId',
  'ownerEntityId',
  'mediumTagId',
  'periodTagId',
  'investMarketTagId',
  'incomeStageTagId',
  'labelTagId',
  'artistStageTagId',
  'packagingType',
  'status',
  'transportStatus',
  'insuranceStatus',
  'roomId',
  'inWarehouse',
  'inOperation',
  'missingPreview',
  'buyYearFrom',
  'buyYearTo',
  'valuationCurrency',
  'valuationMin',
  'valuationMax',
] as const satisfies readonly (keyof ArchiveSearch)[]
export type FilterKey = (typeof FILTER_KEYS)[number]

/** How many filters are in force: the keyword counts as one, a year range as one, a valuation range (in
 * force once its currency is chosen) as one. */
export function activeFilterCount(search: ArchiveSearch): number {
  const ranged = new Set<FilterKey>([
    'buyYearFrom',
    'buyYearTo',
    'valuationCurrency',
    'valuationMin',
    'valuationMax',
  ])
  const single = FILTER_KEYS.filter((k) => !ranged.has(k) && search[k] !== undefined).length
  const years = search.buyYearFrom !== undefined || search.buyYearTo !== undefined ? 1 : 0
  const valuation = search.valuationCurrency !== undefined ? 1 : 0
  return single + years + valuation
}

/** The filters as the API's query string values. A valuation range without its currency is left out. */
export function filterParams(search: ArchiveSearch): QueryParams {
  const out: QueryParams = {}
  for (const key of FILTER_KEYS) {
    const value = search[key]
    if (value === undefined) continue
    out[key] = Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? String(value) : value
  }
  if (!search.valuationCurrency) {
    delete out.valuationMin
    delete out.valuationMax
  }
  return out
}

/** The list call: filters, sort, page. */
export function toApiParams(search: ArchiveSearch): QueryParams {
  return {
    ...filterParams(search),
    sort: search.sort,
    order: search.order,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  }
}

/** A change of filters goes back to the first page; undefined (or an empty list) removes a filter. */
export function withFilters(search: ArchiveSearch, patch: Partial<ArchiveSearch>): ArchiveSearch {
  const next: Record<string, unknown> = { ...search, ...patch }
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) delete next[k]
  }
  delete next.page
  return next as ArchiveSearch
}

/** Everything cleared but the view, sort and page size. */
export function clearedFilters(search: ArchiveSearch): ArchiveSearch {
  const { view, sort, order, pageSize } = search
  return Object.fromEntries(
    Object.entries({ view, sort, order, pageSize }).filter(([, v]) => v !== undefined),
  ) as ArchiveSearch
}
