// The reference data the process forms choose from (spec §7 calls): dictionaries and trees, countries,
// rooms, the family's paying companies, vendors and users. Replies carry both languages, so they are
// cached long and picked by language in the browser.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  countryItem,
  type DictCode,
  dictionaryItem,
  enterpriseOption,
  roomOption,
  userOption,
  vendorOption,
} from '../../../shared/contracts/reference'
import { api } from '../../api/http'

const LONG = 10 * 60_000

export const referenceKeys = {
  all: ['reference'] as const,
  dictionary: (code: DictCode) => [...referenceKeys.all, 'dictionary', code] as const,
  tree: (code: DictCode) => [...referenceKeys.all, 'tree', code] as const,
  countries: () => [...referenceKeys.all, 'countries'] as const,
  rooms: () => [...referenceKeys.all, 'rooms'] as const,
  enterprises: () => [...referenceKeys.all, 'enterprises'] as const,
  vendors: () => [...referenceKeys.all, 'vendors'] as const,
  users: () => [...referenceKeys.all, 'users'] as const,
}

export const dictionaryQuery = (dictCode: DictCode) =>
  queryOptions({
    queryKey: referenceKeys.dictionary(dictCode),
    queryFn: ({ signal }) =>
      api.get('data_dictionary/get_data_dictionary', {
        searchParams: { dictCode },
        schema: z.array(dictionaryItem),
        signal,
      }),
    staleTime: LONG,
  })

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

export const countriesQuery = () =>
  queryOptions({
    queryKey: referenceKeys.countries(),
    queryFn: ({ signal }) => api.get('country/getCountryList', { schema: z.array(countryItem), signal }),
    staleTime: LONG,
  })

export const roomsQuery = () =>
  queryOptions({
    queryKey: referenceKeys.rooms(),
    queryFn: ({ signal }) => api.get('room/getRoomList', { schema: z.array(roomOption), signal }),
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
