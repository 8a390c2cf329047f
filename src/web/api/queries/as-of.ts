// The collection as it was on a day (/api/artworks/:id/as-of, /api/collection/as-of) as query options with
// their keys. A past day's answer never changes but by a correction of history: kept a minute.
import { queryOptions } from '@tanstack/react-query'
import { artworkAsOf, collectionAsOf } from '../../../shared/contracts/as-of'
import { api } from '../http'

export const asOfKeys = {
  all: ['as-of'] as const,
  artwork: (id: string, at: string) => [...asOfKeys.all, 'artwork', id, at] as const,
  collection: (at: string, currency: string) => [...asOfKeys.all, 'collection', at, currency] as const,
}

export const artworkAsOfQuery = (id: string, at: string) =>
  queryOptions({
    queryKey: asOfKeys.artwork(id, at),
    queryFn: ({ signal }) =>
      api.get(`artworks/${id}/as-of`, { searchParams: { at }, schema: artworkAsOf, signal }),
    staleTime: 60_000,
    retry: false,
  })

export const collectionAsOfQuery = (at: string, currency: string) =>
  queryOptions({
    queryKey: asOfKeys.collection(at, currency),
    queryFn: ({ signal }) =>
      api.get('collection/as-of', {
        searchParams: currency ? { at, currency } : { at },
        schema: collectionAsOf,
        signal,
      }),
    staleTime: 60_000,
    retry: false,
  })
