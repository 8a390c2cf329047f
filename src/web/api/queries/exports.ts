// The full export's data: the latest jobs (polled while one runs) and starting one.
import { queryOptions } from '@tanstack/react-query'
import { exportJobList, exportJobView } from '../../../shared/contracts/exports'
import { api } from '../http'

export const exportKeys = {
  all: ['exports'] as const,
  jobs: () => [...exportKeys.all, 'jobs'] as const,
}

/** The latest full exports; asked again every second while one is running. */
export const exportJobsQuery = () =>
  queryOptions({
    queryKey: exportKeys.jobs(),
    queryFn: ({ signal }) => api.get('exports/full', { schema: exportJobList, signal }),
    refetchInterval: (query) => (query.state.data?.list.some((j) => j.status === 'running') ? 1000 : false),
    staleTime: 0,
  })

export const startFullExport = () => api.post('exports/full', { schema: exportJobView })
