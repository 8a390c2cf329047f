// The incidents screen's data: a page of incidents for the filters in the URL, and the two writes (retry,
// resolve with a note).
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  type IncidentKind,
  type IncidentStatus,
  incidentRetryResult,
  incidentView,
} from '../../../shared/contracts/incidents'
import { api } from '../http'
import { pageOf } from '../page'

export interface IncidentSearch {
  status?: IncidentStatus
  kind?: IncidentKind
  page?: number
}

export const INCIDENT_PAGE_SIZE = 20

export const incidentKeys = {
  all: ['incidents'] as const,
  page: (search: IncidentSearch) => [...incidentKeys.all, 'page', search] as const,
}

export const incidentPageQuery = (search: IncidentSearch) =>
  queryOptions({
    queryKey: incidentKeys.page(search),
    queryFn: ({ signal }) =>
      api.get('incidents', {
        searchParams: {
          ...(search.status ? { status: search.status } : {}),
          ...(search.kind ? { kind: search.kind } : {}),
          page: search.page ?? 1,
          pageSize: INCIDENT_PAGE_SIZE,
        },
        schema: pageOf(incidentView),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export function retryIncident(id: string) {
  return api.post(`incidents/${id}/retry`, { schema: incidentRetryResult })
}

export function resolveIncident(id: string, note: string) {
  return api.post(`incidents/${id}/resolve`, { json: { note }, schema: incidentView })
}
