// Reference data of docs/architecture.md § Reference-data calls (dictionaries, tags by parent code, rooms, countries) as query options with
// their keys. Forms and lists label ids and codes from these; the replies carry both languages, and the
// `label` field follows the request's language, so a language switch refetches them.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  countryItem,
  type DictCode,
  dictionaryItem,
  roomOption,
  type TagParentCode,
  tagItem,
} from '../../../shared/contracts/reference'
import { api } from '../http'

/** Reference data changes rarely (an administrator's edit): kept for ten minutes. */
const REFERENCE_STALE_MS = 10 * 60_000

export const referenceKeys = {
  all: ['reference'] as const,
  dictionary: (code: DictCode) => [...referenceKeys.all, 'dictionary', code] as const,
  tags: (parent: TagParentCode) => [...referenceKeys.all, 'tags', parent] as const,
  rooms: () => [...referenceKeys.all, 'rooms'] as const,
  countries: () => [...referenceKeys.all, 'countries'] as const,
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
    staleTime: REFERENCE_STALE_MS,
    meta: { localized: true },
  })

/** The children of a parent tag, by the parent's stable code (CREATION_MEDIUM, PERIOD, ...). */
export const tagsQuery = (parentTagId: TagParentCode) =>
  queryOptions({
    queryKey: referenceKeys.tags(parentTagId),
    queryFn: ({ signal }) =>
      api.get('mdm_tag/get_mdm_tag_by_parent_tag', {
        searchParams: { parentTagId },
        schema: z.array(tagItem),
        signal,
      }),
    staleTime: REFERENCE_STALE_MS,
    meta: { localized: true },
  })

export const roomsQuery = () =>
  queryOptions({
    queryKey: referenceKeys.rooms(),
    queryFn: ({ signal }) => api.get('room/getRoomList', { schema: z.array(roomOption), signal }),
    staleTime: REFERENCE_STALE_MS,
    meta: { localized: true },
  })

export const countriesQuery = () =>
  queryOptions({
    queryKey: referenceKeys.countries(),
    queryFn: ({ signal }) => api.get('country/getCountryList', { schema: z.array(countryItem), signal }),
    staleTime: REFERENCE_STALE_MS,
    meta: { localized: true },
  })
