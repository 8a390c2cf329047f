// The data centre API as query options: the collection dashboard and the value over time under the
// dashboard's filters, and the process mining of one type.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  type DataQualityRule,
  dataQualityArtworks,
  dataQualityReport,
} from '../../../shared/contracts/data-quality'
import { collectionDashboard, processMining, valueHistory } from '../../../shared/contracts/datacentre'
import type { ProcessType } from '../../../shared/process-types'
import type { QueryParams } from '../client'
import { api } from '../http'

export const datacentreKeys = {
  all: ['datacentre'] as const,
  collection: (params: QueryParams) => [...datacentreKeys.all, 'collection', params] as const,
  valueHistory: (params: QueryParams) => [...datacentreKeys.all, 'value-history', params] as const,
  mining: (type: ProcessType) => [...datacentreKeys.all, 'mining', type] as const,
  dataQuality: () => [...datacentreKeys.all, 'data-quality'] as const,
  dataQualityArtworks: (rule: DataQualityRule, page: number) =>
    [...datacentreKeys.all, 'data-quality', rule, page] as const,
}

/** The documentation backlog: each rule's count now and the kept daily counts. */
export const dataQualityQuery = () =>
  queryOptions({
    queryKey: datacentreKeys.dataQuality(),
    queryFn: ({ signal }) => api.get('datacentre/data-quality', { schema: dataQualityReport, signal }),
    staleTime: 30_000,
  })

/** The works behind one rule, a page at a time. */
export const dataQualityArtworksQuery = (rule: DataQualityRule, page: number, pageSize = 20) =>
  queryOptions({
    queryKey: datacentreKeys.dataQualityArtworks(rule, page),
    queryFn: ({ signal }) =>
      api.get(`datacentre/data-quality/${rule}/artworks`, {
        searchParams: { page, pageSize },
        schema: dataQualityArtworks,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

export const collectionQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: datacentreKeys.collection(params),
    queryFn: ({ signal }) =>
      api.get('datacentre/collection', { searchParams: params, schema: collectionDashboard, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  })

export const valueHistoryQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: datacentreKeys.valueHistory(params),
    queryFn: ({ signal }) =>
      api.get('datacentre/value-history', { searchParams: params, schema: valueHistory, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  })

export const miningQuery = (type: ProcessType) =>
  queryOptions({
    queryKey: datacentreKeys.mining(type),
    queryFn: ({ signal }) => api.get(`datacentre/processes/${type}`, { schema: processMining, signal }),
    staleTime: 30_000,
  })
