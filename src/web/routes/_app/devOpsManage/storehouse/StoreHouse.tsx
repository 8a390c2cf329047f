// /devOpsManage/storehouse/StoreHouse?id=<room>: one room (areas/warehouse/RoomScreen.tsx); the date of
// "contents on", the tab, the direction of movements and the page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { isRealDate } from '../../../../../shared/constants'
import { roomContentsQuery, roomQuery } from '../../../../api/queries/warehouse'
import { clean, oneOf, pageParam, uuidParam } from '../../../../areas/operations/op-search'
import { ROOM_TABS, RoomScreen, type RoomSearch } from '../../../../areas/warehouse/RoomScreen'

export const Route = createFileRoute('/_app/devOpsManage/storehouse/StoreHouse')({
  staticData: { title: msg`Warehouse details`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): RoomSearch =>
    clean({
      id: uuidParam(search.id),
      tab: oneOf(ROOM_TABS, search.tab),
      at:
        typeof search.at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.at) && isRealDate(search.at)
          ? search.at
          : undefined,
      q: typeof search.q === 'string' && search.q.trim() ? search.q.trim().slice(0, 100) : undefined,
      direction: oneOf(['in', 'out'] as const, search.direction),
      page: pageParam(search.page),
    }),
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
