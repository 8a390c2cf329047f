// The data centre's state in the URL: the tab, the process type shown (`flow`, as before the tabs), and the
// dashboard's shared filters — every chart sets one and every other chart reads them, so a filtered view can
// be linked to — with how values are shown and the value-over-time period. Read by hand (no zod in the first
// download, like archive-search.ts); a value the URL gets wrong is dropped. A value that names nothing (a tag
// deleted since) is refused by the API with a message, shown in place of the charts.

import {
  ACTIVITIES,
  type Activity,
  DATA_CENTRE_FILTER_KEYS,
  DATA_QUALITY_RULES,
  type DataQualityRule,
  type Dimension,
  INSURANCE_FILTERS,
  isRealDate,
  OUT_OF_WAREHOUSE,
} from '../../../shared/constants'
import type { CollectionFilters } from '../../../shared/contracts/datacentre'
import { PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import type { QueryParams } from '../../api/client'
import type { ArchiveSearch } from '../archive/archive-search'

export const TABS = ['collection', 'holdings', 'processes', 'asOf', 'dataQuality', 'compliance'] as const
export type Tab = (typeof TABS)[number]
/** Count of artworks, value per original currency, value in the reporting currency. */
export const METRICS = ['reporting', 'value', 'count'] as const
export type Metric = (typeof METRICS)[number]

export type DashboardFilters = Omit<CollectionFilters, 'reportingCurrency'>
export const FILTER_KEYS = DATA_CENTRE_FILTER_KEYS satisfies readonly (keyof DashboardFilters)[]

export interface DataCentreSearch extends DashboardFilters {
  tab?: Tab
  flow?: ProcessType
  metric?: Metric
  by?: 'month' | 'year'
  from?: string
  to?: string
  /** The day of the "as of a date" tab (yyyy-MM-dd). */
  asOf?: string
  /** The data-quality tab's rule whose works are listed, and the page of them. */
  rule?: DataQualityRule
  rulePage?: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined =>
  values.includes(v as T) ? (v as T) : undefined
const idOf = (v: unknown) => {
  const n = typeof v === 'number' || typeof v === 'string' ? Number(v) : Number.NaN
  return Number.isInteger(n) && n >= 1 ? n : undefined
}
const uuidOf = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined)

export function validateDataCentreSearch(input: Record<string, unknown>): DataCentreSearch {
  const out: DataCentreSearch = {
    tab: oneOf(TABS, input.tab),
    flow: oneOf(PROCESS_TYPES, input.flow),
    location: input.location === OUT_OF_WAREHOUSE ? OUT_OF_WAREHOUSE : uuidOf(input.location),
    medium: idOf(input.medium),
    period: idOf(input.period),
    market: idOf(input.market),
    stage: idOf(input.stage),
    artist: uuidOf(input.artist),
    insurance: oneOf(INSURANCE_FILTERS, input.insurance),
    activity: oneOf(ACTIVITIES, input.activity),
    valuationCurrency:
      typeof input.valuationCurrency === 'string' && /^[A-Z]{3}$/.test(input.valuationCurrency)
        ? input.valuationCurrency
        : undefined,
    metric: oneOf(METRICS, input.metric),
    by: oneOf(['month', 'year'] as const, input.by),
    from: isRealDate(input.from) ? input.from : undefined,
    to: isRealDate(input.to) ? input.to : undefined,
    asOf: isRealDate(input.asOf) ? input.asOf : undefined,
    rule: oneOf(DATA_QUALITY_RULES, input.rule),
    rulePage: idOf(input.rulePage),
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as DataCentreSearch
}

/** The tab shown: a link naming a process type (`?flow=`) opens the processes tab. */
export const tabOf = (s: DataCentreSearch): Tab => s.tab ?? (s.flow ? 'processes' : 'collection')

export function filtersOf(s: DataCentreSearch): DashboardFilters {
  const out: Record<string, unknown> = {}
  for (const k of FILTER_KEYS) if (s[k] !== undefined) out[k] = s[k]
  return out as DashboardFilters
}

export const filterParams = (f: DashboardFilters): QueryParams => ({ ...f })

/** The filter a dimension's bar sets, from the bar's key. */
export function dimensionFilter(d: Dimension, key: string): Partial<DashboardFilters> {
  if (d === 'location') return { location: key }
  if (d === 'artist') return { artist: key }
  return { [d]: Number(key) }
}

/** The artworks the office holds, as the dashboard counts them. */
const HELD: ArchiveSearch['status'] = ['purchased', 'in_collection', 'on_loan']

const ACTIVITY_FILTER: Record<Activity, ArchiveSearch> = {
  operation: { inOperation: true },
  loan: { status: ['on_loan'] },
  transit: { transportStatus: ['transporting'] },
}

/** The archive list of the same artworks: every dashboard filter is one of the archive's. */
export function archiveSearchOf(f: DashboardFilters): ArchiveSearch {
  const s: ArchiveSearch = { status: HELD }
  if (f.location === OUT_OF_WAREHOUSE) s.inWarehouse = false
  else if (f.location) Object.assign(s, { inWarehouse: true, roomId: [f.location] })
  if (f.medium) s.mediumTagId = [f.medium]
  if (f.period) s.periodTagId = [f.period]
  if (f.market) s.investMarketTagId = [f.market]
  if (f.stage) s.incomeStageTagId = [f.stage]
  if (f.artist) s.artistId = f.artist
  if (f.insurance) s.insuranceStatus = [f.insurance]
  if (f.activity) Object.assign(s, ACTIVITY_FILTER[f.activity])
  if (f.valuationCurrency) s.valuationCurrency = f.valuationCurrency
  return s
}
