// TanStack Query for the whole app: failures go to the one error handler after the retries are spent;
// only network errors, timeouts and 5xx are retried (a 4xx answer will not change by asking again).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-error'
import type { ApiErrorMeta } from './api-error-handler'

export interface AppQueryMeta extends ApiErrorMeta {
  /** The reply is worded in the request's language: switching language refetches it. */
  localized?: boolean
  [key: string]: unknown
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta
    mutationMeta: AppQueryMeta
  }
}

export const MAX_QUERY_RETRIES = 2

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false
  return failureCount < MAX_QUERY_RETRIES
}

export function createQueryClient(onError: (error: unknown, meta?: AppQueryMeta) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

/** After a language switch: refetch exactly the queries whose replies are worded in the language. */
export function refetchLocalized(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => query.meta?.localized === true })
}
