// /devOpsManage/copyFlow: the replication list (OPERATION_REPLICA_ART) — tabs by status with counts, filters in the URL,
// a row opens the process view (`?process=<id>`), Start opens the start drawer (`?start=1`).
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { operationCountsQuery } from '../../../api/queries/operations'
import { processListQuery } from '../../../api/queries/process'
import { validateTypeListSearch } from '../../../areas/operations/op-search'
import { TypeListScreen, typeListFilters } from '../../../areas/operations/TypeListScreen'

export const Route = createFileRoute('/_app/devOpsManage/copyFlow')({
  staticData: { title: msg`Replication`, privilege: 'devOpsManage:view' },
  validateSearch: validateTypeListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(operationCountsQuery())
    if (!deps.process)
      void context.queryClient.prefetchQuery(processListQuery(typeListFilters('OPERATION_REPLICA_ART', deps)))
  },
  component: function CopyFlowRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <TypeListScreen
        type="OPERATION_REPLICA_ART"
        description={
          <Trans>
            Replicas of artworks: the replication information, the replication, then the delivery of the
            copies.
          </Trans>
        }
        empty={<Trans>No replication matches. Start one to order copies of an artwork.</Trans>}
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
