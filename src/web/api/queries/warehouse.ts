// The warehouse API (/api/warehouse) as query options with their keys, shared by the rooms screens' route
// loaders and components (and the archive's location tab): rooms with what they hold now, a room's contents
// at a moment, its movements and stocktakes, an artwork's place at a moment; and the room writes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { movementView } from '../../../shared/contracts/operations'
import {
  contentsPage,
  placeAt,
  type RoomCreate,
  type RoomEdit,
  roomSummary,
  stocktakeItem,
} from '../../../shared/contracts/warehouse'
import { api } from '../http'
import { pageOf } from '../page'

export interface RoomFilters {
  q?: string
  enabled?: 'true' | 'false'
  page?: number
  pageSize?: number
}
export interface ContentsFilters {
  /** yyyy-MM-dd (the end of that day) or absent (now). */
  at?: string
  q?: string
  page?: number
  pageSize?: number
}
export interface RoomMovementFilters {
  direction?: 'all' | 'in' | 'out'
  page?: number
  pageSize?: number
}

export const warehouseKeys = {
  all: ['warehouse'] as const,
  rooms: (q: RoomFilters) => [...warehouseKeys.all, 'rooms', q] as const,
  room: (id: string) => [...warehouseKeys.all, 'room', id] as const,
  contents: (id: string, q: ContentsFilters) => [...warehouseKeys.all, 'contents', id, q] as const,
  movements: (id: string, q: RoomMovementFilters) => [...warehouseKeys.all, 'movements', id, q] as const,
  stocktakes: (id: string, page: number) => [...warehouseKeys.all, 'stocktakes', id, page] as const,
  place: (artworkId: string, at: string) => [...warehouseKeys.all, 'place', artworkId, at] as const,
}

const LIST = { staleTime: 5_000, placeholderData: keepPreviousData } as const

export const roomsListQuery = (q: RoomFilters) =>
  queryOptions({
    queryKey: warehouseKeys.rooms(q),
    queryFn: ({ signal }) =>
      api.get('warehouse/rooms', { searchParams: { ...q }, schema: pageOf(roomSummary), signal }),
    ...LIST,
    meta: { localized: true },
  })

export const roomQuery = (id: string) =>
  queryOptions({
    queryKey: warehouseKeys.room(id),
    queryFn: ({ signal }) => api.get(`warehouse/rooms/${id}`, { schema: roomSummary, signal }),
    staleTime: 5_000,
    meta: { localized: true },
  })

export const roomContentsQuery = (id: string, q: ContentsFilters) =>
  queryOptions({
    queryKey: warehouseKeys.contents(id, q),
    queryFn: ({ signal }) =>
      api.get(`warehouse/rooms/${id}/contents`, { searchParams: { ...q }, schema: contentsPage, signal }),
    ...LIST,
  })

export const roomMovementsQuery = (id: string, q: RoomMovementFilters) =>
  queryOptions({
    queryKey: warehouseKeys.movements(id, q),
    queryFn: ({ signal }) =>
      api.get(`warehouse/rooms/${id}/movements`, {
        searchParams: { ...q },
        schema: pageOf(movementView),
        signal,
      }),
    ...LIST,
  })

export const roomStocktakesQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: warehouseKeys.stocktakes(id, page),
    queryFn: ({ signal }) =>
      api.get(`warehouse/rooms/${id}/stocktakes`, {
        searchParams: { page, pageSize: 10 },
        schema: pageOf(stocktakeItem),
        signal,
      }),
    ...LIST,
  })

/** Where an artwork was at the end of a date (yyyy-MM-dd). */
export const artworkPlaceQuery = (artworkId: string, at: string) =>
  queryOptions({
    queryKey: warehouseKeys.place(artworkId, at),
    queryFn: ({ signal }) =>
      api.get(`warehouse/artworks/${artworkId}/place`, { searchParams: { at }, schema: placeAt, signal }),
    staleTime: 30_000,
  })

export function createRoom(input: RoomCreate) {
  return api.post('warehouse/rooms', { json: input, schema: roomSummary })
}
export function editRoom(id: string, input: RoomEdit) {
  return api.put(`warehouse/rooms/${id}`, { json: input, schema: roomSummary })
}
export function setRoomEnabled(id: string, enabled: boolean) {
  return api.post(`warehouse/rooms/${id}/${enabled ? 'enable' : 'disable'}`, { schema: roomSummary })
}
