// The search parameters of the process screens, validated at the route so a link or a bookmark opens
// exactly what it names: `process` (the process view opened over a list) and `tab`; on the list of
// every process also its filters (type, status, step, artwork, who, date range, page). Anything invalid
// is dropped rather than refused: a stale bookmark still opens the list.
import { isRealDate, PROCESS_STATUSES } from '../../../shared/constants'
import { PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'

export const PROCESS_TABS = ['steps', 'history', 'diagram'] as const
export type ProcessTab = (typeof PROCESS_TABS)[number]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface ProcessOpenSearch {
  process?: string
  tab?: ProcessTab
}

export interface ProcessListSearch extends ProcessOpenSearch {
  type?: ProcessType
  status?: (typeof PROCESS_STATUSES)[number]
  step?: string
  artworkId?: string
  createdBy?: string
  from?: string
  to?: string
  page?: number
}

const uuid = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined)
const date = (v: unknown) => (isRealDate(v) ? v : undefined)

function clean<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as T
}

export function validateProcessOpenSearch(search: Record<string, unknown>): ProcessOpenSearch {
  const process = uuid(search.process)
  const tab = PROCESS_TABS.includes(search.tab as ProcessTab) ? (search.tab as ProcessTab) : undefined
  return clean({ process, tab: process ? tab : undefined })
}

function isStatus(value: unknown): value is (typeof PROCESS_STATUSES)[number] {
  return (PROCESS_STATUSES as readonly unknown[]).includes(value)
}

export function validateProcessListSearch(search: Record<string, unknown>): ProcessListSearch {
  const type = PROCESS_TYPES.includes(search.type as ProcessType) ? (search.type as ProcessType) : undefined
  const status = isStatus(search.status) ? search.status : undefined
  const step =
    typeof search.step === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(search.step)
      ? search.step
      : undefined
  let from = date(search.from)
  let to = date(search.to)
  if (from && to && from > to) [from, to] = [undefined, undefined]
  const page = Number(search.page)
  return clean({
    ...validateProcessOpenSearch(search),
    type,
    status,
    step,
    artworkId: uuid(search.artworkId),
    createdBy: uuid(search.createdBy),
    from,
    to,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  })
}
