// /devOpsManage/batchDetail?process=<id>&seq=<n>: one batch — the artworks one event of a process (a
// departure, an arrival, a warehousing, a loan's return) moved together.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { batchQuery } from '../../../api/queries/operations'
import { BatchScreen } from '../../../areas/operations/BatchScreen'
import { clean, uuidParam } from '../../../areas/operations/op-search'

export const Route = createFileRoute('/_app/devOpsManage/batchDetail')({
  staticData: { title: msg`Batch details`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): { process?: string; seq?: number } => {
    const seq = Number(search.seq)
    return clean({
      process: uuidParam(search.process),
      seq: Number.isInteger(seq) && seq > 0 ? seq : undefined,
    })
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.process && deps.seq) void context.queryClient.prefetchQuery(batchQuery(deps.process, deps.seq))
  },
  component: function BatchDetailRoute() {
    const { process, seq } = Route.useSearch()
    return <BatchScreen processId={process} seq={seq} />
  },
})
