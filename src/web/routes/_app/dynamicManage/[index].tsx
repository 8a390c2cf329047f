// /dynamicManage/index: the latest news for the user's roles (areas/dynamic/ContentIndexScreen.tsx); the kind
// and the page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CONTENT_KINDS } from '../../../../shared/constants'
import { contentFeedQuery } from '../../../api/queries/content'
import {
  ContentIndexScreen,
  type ContentIndexSearch,
  feedFilters,
} from '../../../areas/dynamic/ContentIndexScreen'
import { clean, oneOf, pageParam } from '../../../areas/operations/op-search'

export const Route = createFileRoute('/_app/dynamicManage/index')({
  staticData: { title: msg`Content list`, privilege: 'dynamicManage:view' },
  validateSearch: (search: Record<string, unknown>): ContentIndexSearch =>
    clean({ kind: oneOf(CONTENT_KINDS, search.kind), page: pageParam(search.page) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(contentFeedQuery(feedFilters(deps)))
  },
  component: function DynamicIndexRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ContentIndexScreen
        search={search}
        onSearch={(next) => void navigate({ search: next, resetScroll: false })}
      />
    )
  },
})
