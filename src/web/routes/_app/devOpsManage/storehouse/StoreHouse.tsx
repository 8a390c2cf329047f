// /devOpsManage/storehouse/StoreHouse?id=<room>: one room (areas/warehouse/RoomScreen.tsx); the date of
// "contents on", the tab, the direction of movements and the page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { roomContentsQuery, roomQuery } from '../../../../api/queries/warehouse'
import { RoomScreen } from '../../../../areas/warehouse/RoomScreen'
import { validateRoomSearch } from '../../../../areas/warehouse/room-search'

export const Route = createFileRoute('/_app/devOpsManage/storehouse/StoreHouse')({
  staticData: { title: msg`Warehouse details`, privilege: 'devOpsManage:view' },
  validateSearch: validateRoomSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.id) return
    void context.queryClient.prefetchQuery(roomQuery(deps.id))
    if (!deps.tab)
      void context.queryClient.prefetchQuery(
        roomContentsQuery(deps.id, { at: deps.at, q: deps.q, page: deps.page ?? 1, pageSize: 20 }),
      )
  },
  component: function RoomRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <RoomScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
