// /devOpsManage/artRepair: the repair list (OPERATION_REPAIR_ART) — tabs by status with counts, filters in the URL,
// a row opens the process view (`?process=<id>`), Start opens the start drawer (`?start=1`).
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { operationCountsQuery } from '../../../api/queries/operations'
import { processListQuery } from '../../../api/queries/process'
import { validateTypeListSearch } from '../../../areas/operations/op-search'
import { TypeListScreen, typeListFilters } from '../../../areas/operations/TypeListScreen'

export const Route = createFileRoute('/_app/devOpsManage/artRepair')({
  staticData: { title: msg`Repair`, privilege: 'devOpsManage:view' },
  validateSearch: validateTypeListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(operationCountsQuery())
    if (!deps.process)
      void context.queryClient.prefetchQuery(processListQuery(typeListFilters('OPERATION_REPAIR_ART', deps)))
  },
  component: function ArtRepairRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <TypeListScreen
        type="OPERATION_REPAIR_ART"
        description={
          <Trans>
            Conservation and repair: the repair information, the transport to the conservator, then the
            delivery back into a room.
          </Trans>
        }
        empty={<Trans>No repair matches. Start one to send artworks to a conservator.</Trans>}
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
