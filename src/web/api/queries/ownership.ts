// Legal entities, artworks' ownership and pledges, and entities' holdings (/api/entities, /api/artworks/:id/
// ownership and /pledges) as query options with their keys, and the writes.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type EntityInput,
  entityNode,
  entityView,
  holdingsView,
  type OwnershipInput,
  ownerSplit,
  ownershipView,
  type PledgeInput,
  pledgeView,
} from '../../../shared/contracts/ownership'
import { api } from '../http'

export const ownershipKeys = {
  entities: ['entities'] as const,
  holdings: (entityId: string, at: string, currency: string) =>
    [...ownershipKeys.entities, 'holdings', entityId, at, currency] as const,
  split: (at: string, currency: string) => [...ownershipKeys.entities, 'split', at, currency] as const,
  artwork: (artworkId: string) => ['artwork-ownership', artworkId] as const,
  ownership: (artworkId: string) => [...ownershipKeys.artwork(artworkId), 'owners'] as const,
  pledges: (artworkId: string) => [...ownershipKeys.artwork(artworkId), 'pledges'] as const,
}

export const entitiesQuery = () =>
  queryOptions({
    queryKey: ownershipKeys.entities,
    queryFn: ({ signal }) => api.get('entities', { schema: z.array(entityNode), signal }),
    staleTime: 30_000,
    meta: { localized: true },
  })

export const createEntity = (input: EntityInput) => api.post('entities', { json: input, schema: entityView })
export const updateEntity = (id: string, input: EntityInput) =>
  api.put(`entities/${id}`, { json: input, schema: entityView })

export const ownershipQuery = (artworkId: string) =>
  queryOptions({
    queryKey: ownershipKeys.ownership(artworkId),
    queryFn: ({ signal }) => api.get(`artworks/${artworkId}/ownership`, { schema: ownershipView, signal }),
  })

export const setOwnership = (artworkId: string, input: OwnershipInput) =>
  api.post(`artworks/${artworkId}/ownership`, { json: input, schema: ownershipView })

/** The same owners for a selection of artworks, all or none. */
export const setOwnershipOfSelection = (artworkIds: string[], input: OwnershipInput) =>
  api.post('artworks/ownership', {
    json: { ...input, artworkIds },
    schema: z.object({ count: z.number() }),
  })

export const pledgesQuery = (artworkId: string) =>
  queryOptions({
    queryKey: ownershipKeys.pledges(artworkId),
    queryFn: ({ signal }) =>
      api.get(`artworks/${artworkId}/pledges`, { schema: z.array(pledgeView), signal }),
  })

export const addPledge = (artworkId: string, input: PledgeInput) =>
  api.post(`artworks/${artworkId}/pledges`, { json: input, schema: pledgeView })

export const holdingsQuery = (entityId: string, at: string, currency: string) =>
  queryOptions({
    queryKey: ownershipKeys.holdings(entityId, at, currency),
    queryFn: ({ signal }) =>
      api.get(`entities/${entityId}/holdings`, {
        searchParams: { at, currency },
        schema: holdingsView,
        signal,
      }),
  })

export const ownerSplitQuery = (at: string, currency: string) =>
  queryOptions({
    queryKey: ownershipKeys.split(at, currency),
    queryFn: ({ signal }) =>
      api.get('entities/split', { searchParams: { at, currency }, schema: ownerSplit, signal }),
    staleTime: 30_000,
  })
