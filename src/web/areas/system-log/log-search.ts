// The system log screen's URL (/systemLog/home and /systemLog/index are one screen): each filter validated,
// anything invalid dropped rather than refused, so a stale or hand-edited link still opens.
import { LOG_METHODS } from '../../../shared/constants'
import { clean, dateRange, oneOf, pageParam } from '../operations/op-search'
import type { LogScreenSearch } from './SystemLogScreen'

const text = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : undefined

export function validateLogSearch(search: Record<string, unknown>): LogScreenSearch {
  const code = Number(search.responseCode)
  const success = String(search.success)
  return clean({
    createBy: text(search.createBy, 64),
    moduleName: text(search.moduleName, 64),
    operationType: text(search.operationType, 200),
    httpMethod: oneOf(LOG_METHODS, search.httpMethod),
    success: success === 'true' || success === 'false' ? success : undefined,
    responseCode:
      search.responseCode !== undefined &&
      search.responseCode !== '' &&
      Number.isInteger(code) &&
      code >= 0 &&
      code <= 99999
        ? code
        : undefined,
    clientIpAddr: text(search.clientIpAddr, 100),
    ...dateRange(search),
    page: pageParam(search.page),
  })
}
