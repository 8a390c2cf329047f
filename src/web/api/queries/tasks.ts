// The task API as query options and calls: the inbox of tasks with its filters, the bell's counts,
// a process's open tasks, claiming and releasing a task, and the latest messages for the bell. The counts are
// kept fresh by the server's push (`useInboxStream`: GET /api/process/inbox/stream read with fetch, so the
// token travels in its header as on every call); while the stream is down the counts are read every five
// minutes instead.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { messageView } from '../../../shared/contracts/process'
import { type InboxQuery, inboxCounts, inboxView, taskView } from '../../../shared/contracts/tasks'
import { requestHeaders } from '../client'
import { api, clientContext } from '../http'
import { createSseParser } from '../sse'

/** The inbox's filters as the URL keeps them (page from 1). */
export type InboxFilters = Pick<InboxQuery, 'type' | 'kind' | 'claimed'> & {
  page?: number
  pageSize?: number
}

export const taskKeys = {
  all: ['tasks'] as const,
  inboxes: () => [...taskKeys.all, 'inbox'] as const,
  inbox: (filters: InboxFilters) => [...taskKeys.inboxes(), filters] as const,
  counts: () => [...taskKeys.all, 'counts'] as const,
  ofProcess: (processId: string) => [...taskKeys.all, 'process', processId] as const,
  messages: () => [...taskKeys.all, 'messages'] as const,
}

/** Counts are pushed; this slow poll only covers a stream that is down. */
export const COUNTS_FALLBACK_MS = 5 * 60_000

export const inboxQuery = (filters: InboxFilters = {}) =>
  queryOptions({
    queryKey: taskKeys.inbox(filters),
    queryFn: ({ signal }) =>
      api.get('process/inbox', {
        searchParams: { pageSize: 20, ...filters },
        schema: inboxView,
        signal,
        shell: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    meta: { localized: true },
  })

export const inboxCountsQuery = () =>
  queryOptions({
    queryKey: taskKeys.counts(),
    queryFn: ({ signal }) => api.get('process/inbox/counts', { schema: inboxCounts, signal, shell: true }),
    refetchInterval: COUNTS_FALLBACK_MS,
    staleTime: 10_000,
    meta: { silent: true },
  })

export const processTasksQuery = (processId: string) =>
  queryOptions({
    queryKey: taskKeys.ofProcess(processId),
    queryFn: ({ signal }) => api.get(`process/${processId}/tasks`, { schema: z.array(taskView), signal }),
    staleTime: 0,
  })

const messagePage = z.object({
  list: z.array(messageView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})

/** The latest messages (unread only when asked), newest first. */
export const latestMessagesQuery = (unread: boolean, pageSize = 5) =>
  queryOptions({
    queryKey: [...taskKeys.messages(), unread, pageSize] as const,
    queryFn: ({ signal }) =>
      api.get('message', {
        searchParams: { page: 1, pageSize, unread: unread ? '1' : undefined },
        schema: messagePage,
        signal,
        shell: true,
      }),
    staleTime: 5_000,
    meta: { localized: true, silent: true },
  })

export const markMessageRead = (id: string) =>
  api.post(`message/${id}/read`, { schema: z.object({ id: z.string(), read: z.boolean() }), shell: true })

/** Claim or release a task; the inbox, the counts and the process's tasks are read again after. */
export function useTaskClaim(processId?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ taskId, action }: { taskId: string; action: 'claim' | 'release' }) =>
      api.post(`process/tasks/${taskId}/${action}`, { schema: taskView }),
    onSettled: (task) => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.inboxes() })
      void queryClient.invalidateQueries({ queryKey: taskKeys.counts() })
      const id = task?.processId ?? processId
      if (id) void queryClient.invalidateQueries({ queryKey: taskKeys.ofProcess(id) })
    },
  })
}

/** After an event: the inbox, the counts and this process's tasks have moved. */
export function invalidateTasks(queryClient: ReturnType<typeof useQueryClient>, processId?: string) {
  void queryClient.invalidateQueries({ queryKey: taskKeys.inboxes() })
  void queryClient.invalidateQueries({ queryKey: taskKeys.counts() })
  void queryClient.invalidateQueries({ queryKey: taskKeys.messages() })
  if (processId) void queryClient.invalidateQueries({ queryKey: taskKeys.ofProcess(processId) })
}

/** The longest pause between reconnection attempts. */
const MAX_RETRY_MS = 60_000

/**
 * Reads the inbox stream while mounted (for this signed-in user; another user opens another stream): each `counts` event becomes the counts query's data and makes the
 * inbox and the latest messages be read again when they changed. A stream that ends or fails is opened again
 * after a growing pause (1 s doubling to a minute); meanwhile the counts query's slow poll stands in.
 */
export function useInboxStream(userId: string | null | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId || typeof fetch === 'undefined' || typeof TextDecoderStream === 'undefined') return
    const abort = new AbortController()
    let retryMs = 1_000
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    const onCounts = (data: string) => {
      const parsed = inboxCounts.safeParse(JSON.parse(data))
      if (!parsed.success) return
      const before = queryClient.getQueryData(taskKeys.counts())
      queryClient.setQueryData(taskKeys.counts(), parsed.data)
      if (before && JSON.stringify(before) === JSON.stringify(parsed.data)) return
      void queryClient.invalidateQueries({ queryKey: taskKeys.inboxes() })
      void queryClient.invalidateQueries({ queryKey: taskKeys.messages() })
    }
    const open = async () => {
      try {
        const res = await fetch('/api/process/inbox/stream', {
          headers: { ...requestHeaders(clientContext, true), accept: 'text/event-stream' },
          signal: abort.signal,
          cache: 'no-store',
        })
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`)
        const parser = createSseParser((e) => {
          if (e.event === 'counts') {
            retryMs = 1_000
            try {
              onCounts(e.data)
            } catch {
              // a malformed event is skipped
            }
          }
        })
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          parser.push(value)
        }
      } catch {
        // refused, offline or aborted: tried again below unless unmounted
      }
      if (abort.signal.aborted) return
      retryTimer = setTimeout(() => void open(), retryMs)
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
    }
    void open()
    return () => {
      abort.abort()
      if (retryTimer) clearTimeout(retryTimer)
    }
  }, [userId, queryClient])
}
