// The users screen's search parameters (keyword, role, status, locked only, page), validated at its two
// routes (/authManage/home and /authManage/index are one screen): anything invalid is dropped, not refused,
// so a stale link still opens.
import type { UserListSearch } from '../../api/queries/admin'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function validateUserSearch(search: Record<string, unknown>): UserListSearch {
  const keyword = typeof search.keyword === 'string' ? search.keyword.trim().slice(0, 64) : ''
  const page = Number(search.page)
  const enabled = String(search.enabled)
  return {
    ...(keyword ? { keyword } : {}),
    ...(typeof search.roleId === 'string' && UUID.test(search.roleId) ? { roleId: search.roleId } : {}),
    ...(enabled === 'true' || enabled === 'false' ? { enabled } : {}),
    ...(String(search.locked) === 'true' ? { locked: 'true' as const } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  }
}
