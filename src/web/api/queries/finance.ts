// The finance API (/api/finance) as query options with their keys, shared by the finance screens' route
// loaders and components: exchange rates and the reporting currency, the payment history and its summary,
// the contracts register, the collection's value; and the writes (rates, import, setting).
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type ContractListQuery,
  collectionValue,
  contractRow,
  financeSettings,
  type PaymentListQuery,
  type PaymentSummaryQuery,
  paymentRow,
  paymentSummary,
  type RateInput,
  type RateListQuery,
  rateImportResult,
  rateView,
} from '../../../shared/contracts/finance'
import { api } from '../http'
import { pageOf } from '../page'

type Paged<T> = Omit<T, 'page' | 'pageSize'> & { page?: number; pageSize?: number }
export type PaymentFilters = Paged<PaymentListQuery>
export type ContractFilters = Paged<ContractListQuery>
export type RateFilters = Paged<RateListQuery>
export type SummaryFilters = Partial<PaymentSummaryQuery>

export const financeKeys = {
  all: ['finance'] as const,
  rates: (q: RateFilters) => [...financeKeys.all, 'rates', q] as const,
  settings: () => [...financeKeys.all, 'settings'] as const,
  payments: (q: PaymentFilters) => [...financeKeys.all, 'payments', q] as const,
  summary: (q: SummaryFilters) => [...financeKeys.all, 'summary', q] as const,
  contracts: (q: ContractFilters) => [...financeKeys.all, 'contracts', q] as const,
  value: (at: string | undefined) => [...financeKeys.all, 'value', at ?? ''] as const,
}

const LIST = { staleTime: 5_000, placeholderData: keepPreviousData } as const
/** Only the filters that are set travel in the query string. */
export const params = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >

export const ratesQuery = (q: RateFilters) =>
  queryOptions({
    queryKey: financeKeys.rates(q),
    queryFn: ({ signal }) =>
      api.get('finance/rates', { searchParams: params(q), schema: pageOf(rateView), signal }),
    ...LIST,
  })

export const financeSettingsQuery = () =>
  queryOptions({
    queryKey: financeKeys.settings(),
    queryFn: ({ signal }) => api.get('finance/settings', { schema: financeSettings, signal }),
    staleTime: 30_000,
  })

export const paymentsQuery = (q: PaymentFilters) =>
  queryOptions({
    queryKey: financeKeys.payments(q),
    queryFn: ({ signal }) =>
      api.get('finance/payments', { searchParams: params(q), schema: pageOf(paymentRow), signal }),
    ...LIST,
    meta: { localized: true },
  })

export const paymentSummaryQuery = (q: SummaryFilters) =>
  queryOptions({
    queryKey: financeKeys.summary(q),
    queryFn: ({ signal }) =>
      api.get('finance/payments/summary', { searchParams: params(q), schema: paymentSummary, signal }),
    ...LIST,
    meta: { localized: true },
  })

export const contractsQuery = (q: ContractFilters) =>
  queryOptions({
    queryKey: financeKeys.contracts(q),
    queryFn: ({ signal }) =>
      api.get('finance/contracts', { searchParams: params(q), schema: pageOf(contractRow), signal }),
    ...LIST,
    meta: { localized: true },
  })

export const collectionValueQuery = (at?: string) =>
  queryOptions({
    queryKey: financeKeys.value(at),
    queryFn: ({ signal }) =>
      api.get('finance/collection-value', { searchParams: params({ at }), schema: collectionValue, signal }),
    staleTime: 30_000,
  })

export function createRate(input: RateInput) {
  return api.post('finance/rates', { json: input, schema: rateView })
}
export function updateRate(id: string, input: RateInput) {
  return api.put(`finance/rates/${id}`, { json: input, schema: rateView })
}
export function deleteRate(id: string) {
  return api.delete(`finance/rates/${id}`, { schema: z.object({ deleted: z.boolean() }) })
}
export function importRates(body: { fileId?: string; csv?: string }) {
  return api.post('finance/rates/import', { json: body, schema: rateImportResult })
}
export function saveReportingCurrency(reportingCurrency: string) {
  return api.put('finance/settings', { json: { reportingCurrency }, schema: financeSettings })
}
