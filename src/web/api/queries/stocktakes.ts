// The stocktakes API (/api/stocktakes) as query options with their keys, shared by the route loaders and the
// screens: the stocktake list by outcome, one stocktake's result per artwork, the warehouse summary and the
// batches awaiting warehousing.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  inboundPage,
  type StocktakeListQuery,
  stocktakeDetail,
  stocktakePage,
  warehouseSummary,
} from '../../../shared/contracts/stocktakes'
import { api } from '../http'

export type StocktakeFilters = Omit<StocktakeListQuery, 'page' | 'pageSize'> & {
  page?: number
  pageSize?: number
}

export const stocktakeKeys = {
  all: ['stocktakes'] as const,
  list: (q: StocktakeFilters) => [...stocktakeKeys.all, 'list', q] as const,
  detail: (id: string) => [...stocktakeKeys.all, 'detail', id] as const,
  summary: () => [...stocktakeKeys.all, 'summary'] as const,
  inbound: (page: number) => [...stocktakeKeys.all, 'inbound', page] as const,
}

const LIST = { staleTime: 5_000, placeholderData: keepPreviousData } as const

export const stocktakeListQuery = (q: StocktakeFilters) =>
  queryOptions({
    queryKey: stocktakeKeys.list(q),
    queryFn: ({ signal }) => api.get('stocktakes', { searchParams: { ...q }, schema: stocktakePage, signal }),
    ...LIST,
  })

export const stocktakeDetailQuery = (id: string) =>
  queryOptions({
    queryKey: stocktakeKeys.detail(id),
    queryFn: ({ signal }) => api.get(`stocktakes/${id}`, { schema: stocktakeDetail, signal }),
    staleTime: 5_000,
  })

export const warehouseSummaryQuery = () =>
  queryOptions({
    queryKey: stocktakeKeys.summary(),
    queryFn: ({ signal }) => api.get('stocktakes/summary', { schema: warehouseSummary, signal }),
    staleTime: 30_000,
  })

export const inboundQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: stocktakeKeys.inbound(page),
    queryFn: ({ signal }) =>
      api.get('stocktakes/inbound', { searchParams: { page, pageSize }, schema: inboundPage, signal }),
    ...LIST,
  })
