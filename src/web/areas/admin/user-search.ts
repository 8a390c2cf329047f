// The users screen's search parameters (keyword, page), validated at its two routes (/authManage/home and
// /authManage/index are one screen): anything invalid is dropped, not refused, so a stale link still opens.
import type { UserListSearch } from '../../api/queries/admin'

export function validateUserSearch(search: Record<string, unknown>): UserListSearch {
  const keyword = typeof search.keyword === 'string' ? search.keyword.trim().slice(0, 64) : ''
  const page = Number(search.page)
  return {
    ...(keyword ? { keyword } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  }
}
