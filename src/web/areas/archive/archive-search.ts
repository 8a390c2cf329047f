// The archive list's state in the URL (STYLE.md: filters validated at the route and kept in the URL, so a
// search can be bookmarked and shared): every filter of the API, the sort, the page and the view. A value
// the URL gets wrong is dropped, never an error page. `toApiParams` writes the API's query string from it
// (lists joined by commas), so the list, the export and the summary ask for exactly what the URL says.
import { z } from 'zod'
import {
  ARTWORK_SORTS,
  ARTWORK_STATUSES,
  INSURANCE_STATUSES,
  TRANSPORT_STATUSES,
} from '../../../shared/contracts/artworks'
import { MONEY_RE } from '../../../shared/validation'
import type { QueryParams } from '../../api/client'

export const PAGE_SIZES = [20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20

/** An array in the URL; also read from one value or a comma list (hand-written links). */
function listOf<T extends z.ZodType>(item: T) {
  return z
    .preprocess((v) => {
      if (v === undefined || v === null || v === '') return undefined
      if (Array.isArray(v)) return v
      if (typeof v === 'string')
        return v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      return [v]
    }, z.array(item).min(1).max(50).optional())
    .catch(undefined)
}
const idList = listOf(z.coerce.number().int().positive())
const uuidList = listOf(z.uuid())
const boolFlag = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional())
  .catch(undefined)
const year = z.coerce.number().int().min(1000).max(2200).optional().catch(undefined)
const moneyText = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().regex(MONEY_RE).optional())
  .catch(undefined)

export const archiveSearchSchema = z.object({
  view: z.enum(['table', 'gallery']).optional().catch(undefined),
  keyword: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().max(100).optional())
    .catch(undefined),
  artistId: z.uuid().optional().catch(undefined),
  mediumTagId: idList,
  periodTagId: idList,
  investMarketTagId: idList,
  incomeStageTagId: idList,
  labelTagId: idList,
  artistStageTagId: idList,
  packagingType: listOf(z.string().max(64)),
  status: listOf(z.enum(ARTWORK_STATUSES)),
  transportStatus: listOf(z.enum(TRANSPORT_STATUSES)),
  insuranceStatus: listOf(z.enum(INSURANCE_STATUSES)),
  roomId: uuidList,
  inWarehouse: boolFlag,
  inOperation: boolFlag,
  missingPreview: boolFlag,
  buyYearFrom: year,
  buyYearTo: year,
  valuationCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .catch(undefined),
  valuationMin: moneyText,
  valuationMax: moneyText,
  sort: z.enum(ARTWORK_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
})
export type ArchiveSearch = z.infer<typeof archiveSearchSchema>

/** Route `validateSearch`: keeps only what is set, so the URL stays short. */
export function validateArchiveSearch(input: Record<string, unknown>): ArchiveSearch {
  const parsed = archiveSearchSchema.parse(input)
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as ArchiveSearch
}

/** The search keys that narrow which artworks are shown (not the sort, page or view). */
export const FILTER_KEYS = [
  'keyword',
  'artistId',
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
