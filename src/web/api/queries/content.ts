// The dynamic-content API (/api/content) as query options with their keys: the reader's feed (the home page
// and the content index), one item, the staff list, the roles an audience may name, and the writes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  audienceRole,
  type ContentInput,
  type ContentKind,
  type ContentStatus,
  contentView,
  publishResult,
} from '../../../shared/contracts/content'
import { api } from '../http'
import { pageOf } from '../page'

export interface ContentFeedFilters {
  kind?: ContentKind
  page?: number
  pageSize?: number
}
export interface ContentManageFilters {
  kind?: ContentKind
  status?: ContentStatus
  q?: string
  page?: number
  pageSize?: number
}

export const contentKeys = {
  all: ['content'] as const,
  feed: (f: ContentFeedFilters) => [...contentKeys.all, 'feed', f] as const,
  manage: (f: ContentManageFilters) => [...contentKeys.all, 'manage', f] as const,
  item: (id: string) => [...contentKeys.all, 'item', id] as const,
  roles: () => [...contentKeys.all, 'roles'] as const,
}

export const contentFeedQuery = (f: ContentFeedFilters) =>
  queryOptions({
    queryKey: contentKeys.feed(f),
    queryFn: ({ signal }) =>
      api.get('content', { searchParams: { ...f }, schema: pageOf(contentView), signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { localized: true },
  })

export const contentManageQuery = (f: ContentManageFilters) =>
  queryOptions({
    queryKey: contentKeys.manage(f),
    queryFn: ({ signal }) =>
      api.get('content/manage', { searchParams: { ...f }, schema: pageOf(contentView), signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    meta: { localized: true },
  })

export const contentItemQuery = (id: string) =>
  queryOptions({
    queryKey: contentKeys.item(id),
    queryFn: ({ signal }) => api.get(`content/${id}`, { schema: contentView, signal }),
    staleTime: 10_000,
    meta: { localized: true },
  })

export const audienceRolesQuery = () =>
  queryOptions({
    queryKey: contentKeys.roles(),
    queryFn: ({ signal }) => api.get('content/roles', { schema: z.array(audienceRole), signal }),
    staleTime: 60_000,
    meta: { localized: true },
  })

export const createContent = (input: ContentInput) =>
  api.post('content', { json: input, schema: contentView })
export const updateContent = (id: string, input: ContentInput) =>
  api.put(`content/${id}`, { json: input, schema: contentView })
export const publishContent = (id: string) => api.post(`content/${id}/publish`, { schema: publishResult })
export const withdrawContent = (id: string) => api.post(`content/${id}/withdraw`, { schema: contentView })
