// /devOpsManage/transportFlowDetail?process=<id> (or ?id=<id>): one transport in full — route, shipper,
// dates, condition on departure and arrival, its artworks and movements.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { movementsQuery, processArtworksQuery } from '../../../api/queries/operations'
import { processQuery } from '../../../api/queries/process'
import { clean, uuidParam } from '../../../areas/operations/op-search'
import { TransportDetailScreen } from '../../../areas/operations/TransportDetailScreen'

export const Route = createFileRoute('/_app/devOpsManage/transportFlowDetail')({
  staticData: { title: msg`Transport details`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): { process?: string; id?: string } =>
    clean({ process: uuidParam(search.process), id: uuidParam(search.id) }),
  loaderDeps: ({ search }) => ({ id: search.process ?? search.id }),
  loader: ({ context, deps }) => {
    if (!deps.id) return
    void context.queryClient.prefetchQuery(processQuery(deps.id))
    void context.queryClient.prefetchQuery(processArtworksQuery(deps.id))
    void context.queryClient.prefetchQuery(movementsQuery({ processId: deps.id, pageSize: 200 }))
  },
  component: function TransportFlowDetailRoute() {
    const search = Route.useSearch()
    const id = search.process ?? search.id
    return <TransportDetailScreen key={id ?? 'none'} id={id} />
  },
})
