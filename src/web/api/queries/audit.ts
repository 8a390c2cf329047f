// The hash chains' heads as last recorded (GET /api/audit/heads), shown under the system log.
import { queryOptions } from '@tanstack/react-query'
import { chainHeads } from '../../../shared/contracts/audit'
import { api } from '../http'

export const auditKeys = {
  all: ['audit'] as const,
  heads: () => [...auditKeys.all, 'heads'] as const,
}

export const chainHeadsQuery = () =>
  queryOptions({
    queryKey: auditKeys.heads(),
    queryFn: ({ signal }) => api.get('audit/heads', { schema: chainHeads, signal }),
  })
