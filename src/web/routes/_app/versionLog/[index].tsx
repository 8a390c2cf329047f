// /versionLog/index: the release log, newest first (areas/releases/ReleaseLogScreen.tsx); the page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { releaseLogQuery } from '../../../api/queries/releases'
import { pageParam } from '../../../areas/operations/op-search'
import { ReleaseLogScreen } from '../../../areas/releases/ReleaseLogScreen'

export const Route = createFileRoute('/_app/versionLog/index')({
  staticData: { title: msg`What's new`, privilege: 'versionLog:view' },
  validateSearch: (search: Record<string, unknown>): { page?: number } =>
    pageParam(search.page) ? { page: pageParam(search.page) } : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(releaseLogQuery(deps.page ?? 1))
  },
  component: function VersionLogRoute() {
    const { page } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ReleaseLogScreen
        page={page ?? 1}
        onPage={(p) => void navigate({ search: p > 1 ? { page: p } : {}, resetScroll: false })}
      />
    )
  },
})
