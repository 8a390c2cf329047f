// The message centre's reads and writes of /api/message: a page of the user's messages (unread only or one
// kind, from the URL), marking one or all read. Its keys sit under the bell's (`taskKeys.messages()`), so
// marking read here refreshes the bell's list too; the counts are read again after each write.
import { keepPreviousData, queryOptions, type useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { type MessageKind, messageView } from '../../../shared/contracts/process'
import { api } from '../http'
import { pageOf } from '../page'
import { markMessageRead, taskKeys } from './tasks'

export const MESSAGES_PAGE_SIZE = 20

export interface MessageFilters {
  kind?: MessageKind
  unread?: 1
  page?: number
}

export const messageKeys = {
  centre: (f: MessageFilters) => [...taskKeys.messages(), 'centre', f] as const,
}

export const messageCentreQuery = (f: MessageFilters) =>
  queryOptions({
    queryKey: messageKeys.centre(f),
    queryFn: ({ signal }) =>
      api.get('message', {
        searchParams: {
          page: f.page ?? 1,
          pageSize: MESSAGES_PAGE_SIZE,
          ...(f.kind ? { kind: f.kind } : {}),
          ...(f.unread ? { unread: '1' } : {}),
        },
        schema: pageOf(messageView),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    meta: { localized: true },
  })

export { markMessageRead }
export const markAllMessagesRead = () =>
  api.post('message/read-all', { schema: z.object({ count: z.number() }) })

/** After marking read: the bell's list, the centre's pages and the counts are read again. */
export function invalidateMessages(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: taskKeys.messages() })
  void queryClient.invalidateQueries({ queryKey: taskKeys.counts() })
}
