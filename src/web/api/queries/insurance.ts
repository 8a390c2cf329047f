// The insurance API (/api/insurance) as query options with their keys, shared by the insurance screens'
// route loaders and components: the policy register, one policy, covered / to-be-insured artworks, the
// renewals due and the claims.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type ClaimListQuery,
  type CoverListQuery,
  claimPage,
  coverPage,
  type PolicyListQuery,
  policyDetail,
  policyItem,
  policyPage,
  type RenewalsDueQuery,
} from '../../../shared/contracts/insurance'
import { api } from '../http'

/** A list's query as the URL keeps it (every filter optional; page from 1). */
type Paged<T> = Omit<T, 'page' | 'pageSize'> & { page?: number; pageSize?: number }
export type PolicyFilters = Paged<PolicyListQuery>
export type CoverFilters = Paged<CoverListQuery>
export type RenewalsDueFilters = Paged<RenewalsDueQuery>
export type ClaimFilters = Paged<ClaimListQuery>

export const insuranceKeys = {
  all: ['insurance'] as const,
  policies: (q: PolicyFilters) => [...insuranceKeys.all, 'policies', q] as const,
  policy: (id: string, page = 1, pageSize = 50) =>
    [...insuranceKeys.all, 'policy', id, page, pageSize] as const,
  artworks: (q: CoverFilters) => [...insuranceKeys.all, 'artworks', q] as const,
  renewalsDue: (q: RenewalsDueFilters) => [...insuranceKeys.all, 'renewals-due', q] as const,
  claims: (q: ClaimFilters) => [...insuranceKeys.all, 'claims', q] as const,
}

/** Lists move as processes do: kept a few seconds, the previous page shown while the next loads. */
const LIST = { staleTime: 5_000, placeholderData: keepPreviousData } as const
const params = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >

export const policiesQuery = (q: PolicyFilters) =>
  queryOptions({
    queryKey: insuranceKeys.policies(q),
    queryFn: ({ signal }) =>
      api.get('insurance/policies', { searchParams: params(q), schema: policyPage, signal }),
    ...LIST,
  })

/** One policy with a page of its schedule (50 artworks a page unless asked). */
export const policyQuery = (id: string, page = 1, pageSize = 50) =>
  queryOptions({
    queryKey: insuranceKeys.policy(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get(`insurance/policies/${id}`, { searchParams: { page, pageSize }, schema: policyDetail, signal }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  })

export const coverQuery = (q: CoverFilters) =>
  queryOptions({
    queryKey: insuranceKeys.artworks(q),
    queryFn: ({ signal }) =>
      api.get('insurance/artworks', { searchParams: params(q), schema: coverPage, signal }),
    ...LIST,
  })

const renewalsDuePage = z.object({
  list: z.array(policyItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})

export const renewalsDueQuery = (q: RenewalsDueFilters) =>
  queryOptions({
    queryKey: insuranceKeys.renewalsDue(q),
    queryFn: ({ signal }) =>
      api.get('insurance/renewals-due', { searchParams: params(q), schema: renewalsDuePage, signal }),
    ...LIST,
  })

export const claimsQuery = (q: ClaimFilters) =>
  queryOptions({
    queryKey: insuranceKeys.claims(q),
    queryFn: ({ signal }) =>
      api.get('insurance/claims', { searchParams: params(q), schema: claimPage, signal }),
    ...LIST,
  })
