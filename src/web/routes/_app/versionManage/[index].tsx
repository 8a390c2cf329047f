// /versionManage/index: the releases and their notes (areas/releases/ReleaseManageScreen.tsx); the page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { releaseManageQuery } from '../../../api/queries/releases'
import { pageParam } from '../../../areas/operations/op-search'
import { ReleaseManageScreen } from '../../../areas/releases/ReleaseManageScreen'

export const Route = createFileRoute('/_app/versionManage/index')({
  staticData: { title: msg`Versions`, privilege: 'versionManage:view' },
  validateSearch: (search: Record<string, unknown>): { page?: number } =>
    pageParam(search.page) ? { page: pageParam(search.page) } : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(releaseManageQuery(deps.page ?? 1))
  },
  component: function VersionManageRoute() {
    const { page } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ReleaseManageScreen
        page={page ?? 1}
        onPage={(p) => void navigate({ search: p > 1 ? { page: p } : {}, resetScroll: false })}
      />
    )
  },
})
