// The search parameters of the inbox screen, validated at the route so a link or a bookmark opens exactly
// what it names; anything invalid is dropped (a stale bookmark still opens the inbox).
import { TASK_KINDS } from '../../../../machines/task-kinds'
import type { TaskView } from '../../../shared/contracts/tasks'
import { PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import { type ProcessOpenSearch, validateProcessOpenSearch } from '../process/process-search'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface InboxSearch extends ProcessOpenSearch {
  /** The delegator the opened process is acted on for. */
  onBehalfOf?: string
  type?: ProcessType
  kind?: TaskView['kind']
  /** `all`: also the tasks someone else has claimed. */
  claimed?: 'all'
  page?: number
}

export function validateInboxSearch(search: Record<string, unknown>): InboxSearch {
  const open = validateProcessOpenSearch(search)
  const onBehalfOf =
    open.process && typeof search.onBehalfOf === 'string' && UUID.test(search.onBehalfOf)
      ? search.onBehalfOf
      : undefined
  const type = PROCESS_TYPES.includes(search.type as ProcessType) ? (search.type as ProcessType) : undefined
  const kind = (TASK_KINDS as readonly string[]).includes(search.kind as string)
    ? (search.kind as TaskView['kind'])
    : undefined
  const page = Number(search.page)
  const out: InboxSearch = {
    ...open,
    onBehalfOf,
    type,
    kind,
    claimed: search.claimed === 'all' ? 'all' : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as InboxSearch
}
