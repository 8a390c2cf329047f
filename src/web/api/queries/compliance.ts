// The Spectrum 5.1 compliance map as query options.
import { queryOptions } from '@tanstack/react-query'
import { spectrumMap } from '../../../shared/contracts/compliance'
import { api } from '../http'

export const complianceKeys = {
  all: ['compliance'] as const,
  spectrum: () => [...complianceKeys.all, 'spectrum'] as const,
}

export const spectrumMapQuery = () =>
  queryOptions({
    queryKey: complianceKeys.spectrum(),
    queryFn: ({ signal }) => api.get('compliance/spectrum', { schema: spectrumMap, signal }),
    staleTime: 60_000,
  })
