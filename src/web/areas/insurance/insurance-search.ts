// The search parameters of the insurance screens, validated at their routes so a link or a bookmark opens
// exactly what it names: the tab (`view`), the register's segment and window, the search text, the page, a policy
// (`id`), the process view opened over a list. Anything invalid is dropped rather than refused.
import {
  CLAIM_SHOWS,
  type ClaimShow,
  POLICY_SHOWS,
  type PolicyShow,
  WITHIN_DAYS,
  type WithinDays,
} from '../../../shared/insurance-shows'
import { clean, oneOf, pageParam, uuidParam } from '../operations/op-search'
import { type ProcessOpenSearch, validateProcessOpenSearch } from '../process/process-search'

export const INSURANCE_TABS = ['policies', 'covered', 'toBeInsured', 'renewals', 'underInsured'] as const
export type InsuranceTab = (typeof INSURANCE_TABS)[number]

const withinParam = (v: unknown) =>
  WITHIN_DAYS.includes(String(v) as WithinDays) ? (Number(v) as 30 | 60 | 90) : undefined
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined)

export interface InsuranceSearch extends ProcessOpenSearch {
  /** The screen's tab (`tab` is the process view's). */
  view?: Exclude<InsuranceTab, 'policies'>
  show?: Exclude<PolicyShow, 'all'>
  /** Days ahead (a number in the URL: `within=90`). */
  within?: 30 | 60 | 90
  q?: string
  page?: number
}

export function validateInsuranceSearch(search: Record<string, unknown>): InsuranceSearch {
  return clean({
    ...validateProcessOpenSearch(search),
    view: oneOf(
      INSURANCE_TABS.filter((t) => t !== 'policies'),
      search.view,
    ),
    show: oneOf(
      POLICY_SHOWS.filter((s) => s !== 'all'),
      search.show,
    ),
    within: withinParam(search.within),
    q: text(search.q),
    page: pageParam(search.page),
  })
}

export interface HistorySearch extends ProcessOpenSearch {
  /** One policy's screen. */
  id?: string
  q?: string
  kind?: 'annual' | 'operation'
  page?: number
}

export function validateHistorySearch(search: Record<string, unknown>): HistorySearch {
  return clean({
    ...validateProcessOpenSearch(search),
    id: uuidParam(search.id),
    q: text(search.q),
    kind: oneOf(['annual', 'operation'] as const, search.kind),
    page: pageParam(search.page),
  })
}

export interface ClaimsSearch extends ProcessOpenSearch {
  status?: ClaimShow
  page?: number
}

export function validateClaimsSearch(search: Record<string, unknown>): ClaimsSearch {
  return clean({
    ...validateProcessOpenSearch(search),
    status: oneOf(CLAIM_SHOWS, search.status),
    page: pageParam(search.page),
  })
}

/** Rows per page of the insurance lists. */
export const PAGE_SIZE = 20

export const registerFilters = (search: InsuranceSearch) => ({
  show: search.show ?? ('active' as const),
  within: String(search.within ?? 30) as WithinDays,
  q: search.q,
  page: search.page ?? 1,
  pageSize: PAGE_SIZE,
})

export const historyFilters = (search: HistorySearch) => ({
  show: 'all' as const,
  q: search.q,
  kind: search.kind,
  page: search.page ?? 1,
  pageSize: PAGE_SIZE,
})

export const claimFilters = (search: ClaimsSearch) => ({
  status: search.status,
  page: search.page ?? 1,
  pageSize: PAGE_SIZE,
})
