// /authManage/incidents: failed background work, with its filters and page in the URL
// (areas/incidents/IncidentsScreen.tsx).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { incidentPageQuery } from '../../../api/queries/incidents'
import { IncidentsScreen } from '../../../areas/incidents/IncidentsScreen'
import { validateIncidentSearch } from '../../../areas/incidents/incident-search'

export const Route = createFileRoute('/_app/authManage/incidents')({
  staticData: { title: msg`Incidents`, privilege: 'authManage:view' },
  validateSearch: validateIncidentSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(incidentPageQuery(deps)),
  component: function Incidents() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <IncidentsScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
