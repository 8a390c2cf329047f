// The system log screen's data: a page of the log for the filters in the URL, and the retention setting.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type LogFilters, logPage, logSettingsView } from '../../../shared/contracts/system-log'
import { api } from '../http'

export interface LogSearch extends Omit<LogFilters, 'responseCode'> {
  responseCode?: number
  page?: number
}

export const LOG_PAGE_SIZE = 50

export const systemLogKeys = {
  all: ['systemLog'] as const,
  page: (search: LogSearch) => [...systemLogKeys.all, 'page', search] as const,
  settings: () => [...systemLogKeys.all, 'settings'] as const,
}

/** The filters as query parameters (the page too, unless `withPage` is false: the export). */
export function logParams(search: LogSearch, withPage = true): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(search)) if (v !== undefined && v !== '' && k !== 'page') out[k] = v
  if (withPage) {
    out.page = search.page ?? 1
    out.pageSize = LOG_PAGE_SIZE
  }
  return out
}

export const logPageQuery = (search: LogSearch) =>
  queryOptions({
    queryKey: systemLogKeys.page(search),
    queryFn: ({ signal }) =>
      api.get('system_log', { searchParams: logParams(search), schema: logPage, signal }),
    placeholderData: keepPreviousData,
  })

export const logSettingsQuery = () =>
  queryOptions({
    queryKey: systemLogKeys.settings(),
    queryFn: ({ signal }) => api.get('system_log/settings', { schema: logSettingsView, signal }),
  })

export const saveLogSettings = (retentionDays: number) =>
  api.put('system_log/settings', { json: { retentionDays }, schema: logSettingsView })
