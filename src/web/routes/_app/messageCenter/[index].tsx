// /messageCenter/index: the user's messages (areas/messages/MessageCenterScreen.tsx); kind, unread only, the
// page and the item opened in the drawer live in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MESSAGE_KINDS } from '../../../../shared/constants'
import { messageCentreQuery } from '../../../api/queries/messages'
import { MessageCenterScreen, type MessageCenterSearch } from '../../../areas/messages/MessageCenterScreen'
import { clean, oneOf, pageParam, uuidParam } from '../../../areas/operations/op-search'

export const Route = createFileRoute('/_app/messageCenter/index')({
  staticData: { title: msg`Messages`, privilege: 'messageCenter:view' },
  validateSearch: (search: Record<string, unknown>): MessageCenterSearch =>
    clean({
      kind: oneOf(MESSAGE_KINDS, search.kind),
      unread: search.unread === 1 || search.unread === '1' ? (1 as const) : undefined,
      page: pageParam(search.page),
      content: uuidParam(search.content),
    }),
  loaderDeps: ({ search: { content: _content, ...filters } }) => filters,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(messageCentreQuery(deps))
  },
  component: function MessageCenterRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <MessageCenterScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
