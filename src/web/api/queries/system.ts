// The diagnostics page's data: server build and storage (administrators) and a timed round trip.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../http'

export const systemInfo = z.object({
  version: z.string(),
  node: z.string(),
  databaseMode: z.string(),
  storage: z.object({ kind: z.string(), location: z.string() }),
  serverTime: z.string(),
  uptimeSeconds: z.number(),
})
export type SystemInfo = z.infer<typeof systemInfo>

export const systemKeys = {
  all: ['system'] as const,
  info: () => [...systemKeys.all, 'info'] as const,
  ping: () => [...systemKeys.all, 'ping'] as const,
}

export const systemInfoQuery = () =>
  queryOptions({
    queryKey: systemKeys.info(),
    queryFn: ({ signal }) => api.get('system/info', { schema: systemInfo, signal }),
  })

/** One round trip to the API, timed in the browser. */
export const pingQuery = () =>
  queryOptions({
    queryKey: systemKeys.ping(),
    queryFn: async ({ signal }) => {
      const started = performance.now()
      const reply = await api.get('system/ping', { schema: z.object({ serverTime: z.string() }), signal })
      return { ...reply, roundTripMs: Math.round(performance.now() - started) }
    },
    staleTime: 0,
  })
