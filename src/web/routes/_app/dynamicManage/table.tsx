// /dynamicManage/table: every item for the staff who write them (areas/dynamic/ContentTableScreen.tsx);
// filters and the page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CONTENT_KINDS, CONTENT_STATUSES } from '../../../../shared/constants'
import { contentManageQuery } from '../../../api/queries/content'
import {
  ContentTableScreen,
  type ContentTableSearch,
  tableFilters,
} from '../../../areas/dynamic/ContentTableScreen'
import { clean, oneOf, pageParam } from '../../../areas/operations/op-search'

export const Route = createFileRoute('/_app/dynamicManage/table')({
  staticData: { title: msg`Content table`, privilege: 'dynamicManage:edit' },
  validateSearch: (search: Record<string, unknown>): ContentTableSearch =>
    clean({
      kind: oneOf(CONTENT_KINDS, search.kind),
      status: oneOf(CONTENT_STATUSES, search.status),
      q: typeof search.q === 'string' && search.q.trim() ? search.q.trim().slice(0, 100) : undefined,
      page: pageParam(search.page),
    }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(contentManageQuery(tableFilters(deps)))
  },
  component: function DynamicTableRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ContentTableScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
