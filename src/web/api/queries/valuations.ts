// The valuations API (/api/valuations) as query options with their keys, shared by the valuation screens' route
// loaders and components (and the artwork detail's valuations section): the artworks with their latest
// valuation (or those not valued in N years), one artwork's valuations, the N setting; and the writes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  artworkValuationRow,
  type ValuationCreate,
  type ValuationMethod,
  valuationAdded,
  valuationImportResult,
  valuationSettings,
  valuationView,
} from '../../../shared/contracts/valuations'
import { api } from '../http'
import { pageOf } from '../page'

export interface ArtworkValuationFilters {
  q?: string
  currency?: string
  method?: ValuationMethod
  scope?: 'all' | 'inOperation'
  page?: number
  pageSize?: number
}

export const valuationKeys = {
  all: ['valuations'] as const,
  artworks: (q: ArtworkValuationFilters) => [...valuationKeys.all, 'artworks', q] as const,
  stale: (q: ArtworkValuationFilters & { years?: number }) => [...valuationKeys.all, 'stale', q] as const,
  history: (artworkId: string) => [...valuationKeys.all, 'history', artworkId] as const,
  settings: () => [...valuationKeys.all, 'settings'] as const,
}

const LIST = { staleTime: 5_000, placeholderData: keepPreviousData } as const

export const artworkValuationsQuery = (q: ArtworkValuationFilters) =>
  queryOptions({
    queryKey: valuationKeys.artworks(q),
    queryFn: ({ signal }) =>
      api.get('valuations/artworks', { searchParams: { ...q }, schema: pageOf(artworkValuationRow), signal }),
    ...LIST,
  })

export const staleValuationsQuery = (q: ArtworkValuationFilters & { years?: number }) =>
  queryOptions({
    queryKey: valuationKeys.stale(q),
    queryFn: ({ signal }) =>
      api.get('valuations/stale', { searchParams: { ...q }, schema: pageOf(artworkValuationRow), signal }),
    ...LIST,
  })

/** One artwork's valuations, newest first (the chart and the table show up to 200). */
export const valuationHistoryQuery = (artworkId: string) =>
  queryOptions({
    queryKey: valuationKeys.history(artworkId),
    queryFn: ({ signal }) =>
      api.get('valuations', {
        searchParams: { artworkId, pageSize: 200 },
        schema: pageOf(valuationView),
        signal,
      }),
    staleTime: 5_000,
  })

export const valuationSettingsQuery = () =>
  queryOptions({
    queryKey: valuationKeys.settings(),
    queryFn: ({ signal }) => api.get('valuations/settings', { schema: valuationSettings, signal }),
    staleTime: 60_000,
  })

export function addValuation(input: ValuationCreate) {
  return api.post('valuations', { json: input, schema: valuationAdded })
}

export function importValuations(fileId: string) {
  return api.post('valuations/import', { json: { fileId }, schema: valuationImportResult })
}
