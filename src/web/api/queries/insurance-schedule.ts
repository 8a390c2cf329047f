// The under-insurance panel's and the schedule editor's data: the under-insured list (flagged,
// or not comparable), the ratio setting, one policy's schedule of cover; their writes and the Excel
// download's path. Keys shared by loaders and components; a write invalidates by key.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  type InsuranceSettingsInput,
  insuranceSettingsView,
  policySchedule,
  type ScheduleInput,
  type UnderInsuredList,
  underInsuredPage,
} from '../../../shared/contracts/insurance-schedule'
import { api } from '../http'

export interface UnderInsuredParams {
  list: UnderInsuredList
  page: number
  pageSize: number
  currency?: string
}

export const insuranceScheduleKeys = {
  all: ['insuranceSchedule'] as const,
  underInsured: (p: UnderInsuredParams) => [...insuranceScheduleKeys.all, 'underInsured', p] as const,
  underInsuredAll: () => [...insuranceScheduleKeys.all, 'underInsured'] as const,
  settings: () => [...insuranceScheduleKeys.all, 'settings'] as const,
  schedule: (policyId: string) => [...insuranceScheduleKeys.all, 'schedule', policyId] as const,
}

export const underInsuredQuery = (p: UnderInsuredParams) =>
  queryOptions({
    queryKey: insuranceScheduleKeys.underInsured(p),
    queryFn: ({ signal }) =>
      api.get('insurance/under-insured', {
        searchParams: { list: p.list, page: p.page, pageSize: p.pageSize, currency: p.currency },
        schema: underInsuredPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const insuranceSettingsQuery = () =>
  queryOptions({
    queryKey: insuranceScheduleKeys.settings(),
    queryFn: ({ signal }) => api.get('insurance/settings', { schema: insuranceSettingsView, signal }),
  })

/** One policy's schedule of cover; with `at` (yyyy-MM-dd) as it was on that day. */
export const policyScheduleQuery = (policyId: string, at = '') =>
  queryOptions({
    queryKey: [...insuranceScheduleKeys.schedule(policyId), at] as const,
    queryFn: ({ signal }) =>
      api.get(`insurance/policies/${policyId}/schedule`, {
        searchParams: at ? { at } : {},
        schema: policySchedule,
        signal,
      }),
    meta: { localized: true },
  })

export function saveInsuranceSettings(body: InsuranceSettingsInput) {
  return api.put('insurance/settings', { json: body, schema: insuranceSettingsView })
}

export function savePolicySchedule(policyId: string, body: ScheduleInput) {
  return api.put(`insurance/policies/${policyId}/schedule`, { json: body, schema: policySchedule })
}

/** The schedule of cover as Excel: its API path (bytes, not the envelope). */
export const policySchedulePath = (policyId: string) => `insurance/policies/${policyId}/schedule.xlsx`
