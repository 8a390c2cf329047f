// The process inbox (the bell's count and the home page's panels). Until the process API is deployed the
// endpoint answers 404: the query then resolves to null and the screens say the inbox is not available,
// without an error toast.
import { queryOptions } from '@tanstack/react-query'
import { inboxView } from '../../../shared/contracts/process'
import { isApiError } from '../api-error'
import { api } from '../http'

export const processKeys = {
  all: ['process'] as const,
  inbox: () => [...processKeys.all, 'inbox'] as const,
}

export const inboxQuery = () =>
  queryOptions({
    queryKey: processKeys.inbox(),
    queryFn: async ({ signal }) => {
      try {
        return await api.get('process/inbox', { schema: inboxView, signal })
      } catch (error) {
        if (isApiError(error) && error.kind === 'api' && error.code === 404) return null
        throw error
      }
    },
    refetchInterval: 60_000,
    meta: { silent: true, localized: true },
  })
