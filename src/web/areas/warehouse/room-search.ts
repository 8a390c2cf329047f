// The search of one room's screen (/devOpsManage/storehouse/StoreHouse): which room, tab, date, keyword,
// direction, page and whether a stocktake's start is open. Kept apart from the screen so the route's validator does not pull the screen into the
// first download.
import { isRealDate } from '../../../shared/constants'
import { clean, oneOf, pageParam, uuidParam } from '../operations/op-search'

export const ROOM_TABS = ['contents', 'movements', 'stocktakes'] as const
export type RoomTab = (typeof ROOM_TABS)[number]

export interface RoomSearch {
  id?: string
  tab?: RoomTab
  /** yyyy-MM-dd: contents at the end of that day; absent: now. */
  at?: string
  q?: string
  direction?: 'in' | 'out'
  page?: number
  /** `1`: the start of a stocktake of this room is open (the stocktakes tab). */
  start?: 1
}

/** Anything invalid is dropped, not refused. */
export function validateRoomSearch(search: Record<string, unknown>): RoomSearch {
  return clean({
    id: uuidParam(search.id),
    tab: oneOf(ROOM_TABS, search.tab),
    at: isRealDate(search.at) ? search.at : undefined,
    q: typeof search.q === 'string' && search.q.trim() ? search.q.trim().slice(0, 100) : undefined,
    direction: oneOf(['in', 'out'] as const, search.direction),
    page: pageParam(search.page),
    start: search.start === 1 || search.start === '1' ? (1 as const) : undefined,
  })
}
