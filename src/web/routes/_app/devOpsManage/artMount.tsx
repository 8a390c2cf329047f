// /devOpsManage/artMount: the mounting list (OPERATION_MOUNT_ART) — tabs by status with counts, filters in the URL,
// a row opens the process view (`?process=<id>`), Start opens the start drawer (`?start=1`).
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { operationCountsQuery } from '../../../api/queries/operations'
import { processListQuery } from '../../../api/queries/process'
import { validateTypeListSearch } from '../../../areas/operations/op-search'
import { TypeListScreen, typeListFilters } from '../../../areas/operations/TypeListScreen'

export const Route = createFileRoute('/_app/devOpsManage/artMount')({
  staticData: { title: msg`Mounting`, privilege: 'devOpsManage:view' },
  validateSearch: validateTypeListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(operationCountsQuery())
    if (!deps.process)
      void context.queryClient.prefetchQuery(processListQuery(typeListFilters('OPERATION_MOUNT_ART', deps)))
  },
  component: function ArtMountRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <TypeListScreen
        type="OPERATION_MOUNT_ART"
        description={
          <Trans>
            Mounting and framing: the mounting information, the transport to the framer, then the delivery
            back into a room.
          </Trans>
        }
        empty={<Trans>No mounting matches. Start one to send artworks to the framer.</Trans>}
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
