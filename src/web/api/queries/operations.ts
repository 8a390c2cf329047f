// The operations API (/api/operations) as query options with their keys, shared by the operations screens'
// route loaders and components: counts per type and status, the movement ledger, one batch, a process's
// artworks, the artworks in an operation, exhibition loans and sold works awaiting delivery.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  batchView,
  type InOperationQuery,
  inOperationItem,
  type LoanListQuery,
  loanPage,
  type MovementListQuery,
  movementView,
  operationCounts,
  processArtworkItem,
  type SaleDeliveryQuery,
  saleDeliveryPage,
} from '../../../shared/contracts/operations'
import { api } from '../http'
import { pageOf } from '../page'

/** A list's query as the URL keeps it (every filter optional; page from 1). */
type Paged<T> = Omit<T, 'page' | 'pageSize'> & { page?: number; pageSize?: number }
export type MovementFilters = Paged<MovementListQuery>
export type InOperationFilters = Paged<InOperationQuery>
export type LoanFilters = Paged<LoanListQuery>
export type SaleDeliveryFilters = Paged<SaleDeliveryQuery>

export const operationKeys = {
  all: ['operations'] as const,
  counts: () => [...operationKeys.all, 'counts'] as const,
  movements: (q: MovementFilters) => [...operationKeys.all, 'movements', q] as const,
  batch: (processId: string, seq: number) => [...operationKeys.all, 'batch', processId, seq] as const,
  processArtworks: (id: string) => [...operationKeys.all, 'process-artworks', id] as const,
  inOperation: (q: InOperationFilters) => [...operationKeys.all, 'in-operation', q] as const,
  loans: (q: LoanFilters) => [...operationKeys.all, 'loans', q] as const,
  saleDeliveries: (q: SaleDeliveryFilters) => [...operationKeys.all, 'sale-deliveries', q] as const,
}

/** Lists move as processes do: kept a few seconds, the previous page shown while the next loads. */
const LIST = { staleTime: 5_000, placeholderData: keepPreviousData } as const

export const operationCountsQuery = () =>
  queryOptions({
    queryKey: operationKeys.counts(),
    queryFn: ({ signal }) => api.get('operations/counts', { schema: operationCounts, signal }),
    staleTime: 5_000,
  })

export const movementsQuery = (q: MovementFilters) =>
  queryOptions({
    queryKey: operationKeys.movements(q),
    queryFn: ({ signal }) =>
      api.get('operations/movements', { searchParams: { ...q }, schema: pageOf(movementView), signal }),
    ...LIST,
  })

export const batchQuery = (processId: string, seq: number) =>
  queryOptions({
    queryKey: operationKeys.batch(processId, seq),
    queryFn: ({ signal }) => api.get(`operations/batches/${processId}/${seq}`, { schema: batchView, signal }),
    staleTime: 60_000,
  })

export const processArtworksQuery = (id: string) =>
  queryOptions({
    queryKey: operationKeys.processArtworks(id),
    queryFn: ({ signal }) =>
      api.get(`operations/processes/${id}/artworks`, { schema: z.array(processArtworkItem), signal }),
    staleTime: 5_000,
  })

export const inOperationQuery = (q: InOperationFilters) =>
  queryOptions({
    queryKey: operationKeys.inOperation(q),
    queryFn: ({ signal }) =>
      api.get('operations/in-operation', { searchParams: { ...q }, schema: pageOf(inOperationItem), signal }),
    ...LIST,
  })

export const loansQuery = (q: LoanFilters) =>
  queryOptions({
    queryKey: operationKeys.loans(q),
    queryFn: ({ signal }) =>
      api.get('operations/loans', { searchParams: { ...q }, schema: loanPage, signal }),
    ...LIST,
  })

export const saleDeliveriesQuery = (q: SaleDeliveryFilters) =>
  queryOptions({
    queryKey: operationKeys.saleDeliveries(q),
    queryFn: ({ signal }) =>
      api.get('operations/sale-deliveries', { searchParams: { ...q }, schema: saleDeliveryPage, signal }),
    ...LIST,
  })
