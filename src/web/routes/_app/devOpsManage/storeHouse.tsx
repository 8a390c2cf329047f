// /devOpsManage/storeHouse: the warehouses and rooms (areas/warehouse/RoomsScreen.tsx); search, "disabled
// too" and the page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { roomsListQuery } from '../../../api/queries/warehouse'
import { clean, pageParam } from '../../../areas/operations/op-search'
import { RoomsScreen, type RoomsSearch, roomFilters } from '../../../areas/warehouse/RoomsScreen'

export const Route = createFileRoute('/_app/devOpsManage/storeHouse')({
  staticData: { title: msg`Warehouses`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): RoomsSearch =>
    clean({
      q: typeof search.q === 'string' && search.q.trim() ? search.q.trim().slice(0, 100) : undefined,
      all: search.all === 1 || search.all === '1' ? (1 as const) : undefined,
      page: pageParam(search.page),
    }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(roomsListQuery(roomFilters(deps)))
  },
  component: function StoreHouseRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <RoomsScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
