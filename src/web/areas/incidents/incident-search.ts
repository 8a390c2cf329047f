// The incidents screen's URL: status, kind and page, anything invalid dropped rather than refused, so a stale
// or hand-edited link still opens.
import { INCIDENT_KINDS, INCIDENT_STATUSES } from '../../../shared/constants'
import type { IncidentSearch } from '../../api/queries/incidents'
import { clean, oneOf, pageParam } from '../operations/op-search'

export function validateIncidentSearch(search: Record<string, unknown>): IncidentSearch {
  return clean({
    status: oneOf(INCIDENT_STATUSES, search.status),
    kind: oneOf(INCIDENT_KINDS, search.kind),
    page: pageParam(search.page),
  })
}
