// The reference data the process forms choose from (docs/architecture.md § Reference-data calls). Dictionaries, rooms and countries come
// from the shared factories (api/queries/reference.ts); the tree dictionaries, the family's paying
// companies, vendors and users are added here. Replies carry both languages, so they are cached long and
// picked by language in the browser.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type DictCode,
  dictionaryItem,
  enterpriseOption,
  userOption,
  vendorOption,
} from '../../../shared/contracts/reference'
import { api } from '../../api/http'
import { referenceKeys as sharedKeys } from '../../api/queries/reference'

export { countriesQuery, dictionaryQuery, roomsQuery } from '../../api/queries/reference'

const LONG = 10 * 60_000

export const referenceKeys = {
  ...sharedKeys,
  tree: (code: DictCode) => [...sharedKeys.all, 'tree', code] as const,
  enterprises: () => [...sharedKeys.all, 'enterprises'] as const,
  vendors: () => [...sharedKeys.all, 'vendors'] as const,
  users: () => [...sharedKeys.all, 'users'] as const,
}

/** A tree dictionary with every level (AGREEMENT_CONTRACT_TYPE, INCOME_FUND_SUBJECT). */
export const treeQuery = (dictCode: DictCode) =>
  queryOptions({
    queryKey: referenceKeys.tree(dictCode),
    queryFn: ({ signal }) =>
      api.get('data_dictionary/get_dictionary_tree_by_code', {
        searchParams: { dictCode },
        schema: z.array(dictionaryItem),
        signal,
      }),
    staleTime: LONG,
  })

export const enterprisesQuery = () =>
  queryOptions({
    queryKey: referenceKeys.enterprises(),
    queryFn: ({ signal }) => api.post('art/getAllEnt', { schema: z.array(enterpriseOption), signal }),
    staleTime: LONG,
  })

export const vendorsQuery = () =>
  queryOptions({
    queryKey: referenceKeys.vendors(),
    queryFn: ({ signal }) => api.post('art/getAllVendors', { schema: z.array(vendorOption), signal }),
    staleTime: LONG,
  })

export const usersQuery = () =>
  queryOptions({
    queryKey: referenceKeys.users(),
    queryFn: ({ signal }) => api.post('art/getAllUser', { schema: z.array(userOption), signal }),
    staleTime: LONG,
  })
