// /devOpsManage/devOpsIngArt: the artworks in a process under way, where and since when; type and page in
// the URL, a row opens the process view (`?process=<id>`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PROCESS_TYPES } from '../../../../shared/process-types'
import { inOperationQuery } from '../../../api/queries/operations'
import {
  InOperationScreen,
  type InOperationSearch,
  inOperationFilters,
} from '../../../areas/operations/InOperationScreen'
import { clean, oneOf, pageParam } from '../../../areas/operations/op-search'
import { validateProcessOpenSearch } from '../../../areas/process/process-search'

export const Route = createFileRoute('/_app/devOpsManage/devOpsIngArt')({
  staticData: { title: msg`Artworks in operation`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): InOperationSearch =>
    clean({
      ...validateProcessOpenSearch(search),
      type: oneOf(PROCESS_TYPES, search.type),
      page: pageParam(search.page),
    }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.process) void context.queryClient.prefetchQuery(inOperationQuery(inOperationFilters(deps)))
  },
  component: function DevOpsIngArtRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <InOperationScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
