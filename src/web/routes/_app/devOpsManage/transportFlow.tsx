// /devOpsManage/transportFlow: the transport process list (OPERATION_TRANS_ART) — tabs by status with counts, filters in the URL,
// a row opens the process view (`?process=<id>`), Start opens the start drawer (`?start=1`).
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { operationCountsQuery } from '../../../api/queries/operations'
import { processListQuery } from '../../../api/queries/process'
import { validateTypeListSearch } from '../../../areas/operations/op-search'
import { TypeListScreen, typeListFilters } from '../../../areas/operations/TypeListScreen'

export const Route = createFileRoute('/_app/devOpsManage/transportFlow')({
  staticData: { title: msg`Transport process`, privilege: 'devOpsManage:view' },
  validateSearch: validateTypeListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(operationCountsQuery())
    if (!deps.process)
      void context.queryClient.prefetchQuery(processListQuery(typeListFilters('OPERATION_TRANS_ART', deps)))
  },
  component: function TransportFlowRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <TypeListScreen
        type="OPERATION_TRANS_ART"
        description={
          <Trans>
            Every transport process by where it stands: its information awaiting approval, to be transported,
            in transit, arrived.
          </Trans>
        }
        empty={<Trans>No transport process matches. Start one to move artworks between places.</Trans>}
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
