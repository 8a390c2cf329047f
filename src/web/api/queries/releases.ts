// The release-notes API (/api/releases) as query options with their keys: the published log, the managers'
// list (drafts too), the newest release this user has not been shown, and the writes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { type ReleaseInput, releaseView, unseenRelease } from '../../../shared/contracts/releases'
import { api } from '../http'
import { pageOf } from '../page'

export const RELEASES_PAGE_SIZE = 20

export const releaseKeys = {
  all: ['releases'] as const,
  log: (page: number) => [...releaseKeys.all, 'log', page] as const,
  manage: (page: number) => [...releaseKeys.all, 'manage', page] as const,
  unseen: () => [...releaseKeys.all, 'unseen'] as const,
}

export const releaseLogQuery = (page: number) =>
  queryOptions({
    queryKey: releaseKeys.log(page),
    queryFn: ({ signal }) =>
      api.get('releases', {
        searchParams: { page, pageSize: RELEASES_PAGE_SIZE },
        schema: pageOf(releaseView),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { localized: true },
  })

export const releaseManageQuery = (page: number) =>
  queryOptions({
    queryKey: releaseKeys.manage(page),
    queryFn: ({ signal }) =>
      api.get('releases/manage', {
        searchParams: { page, pageSize: RELEASES_PAGE_SIZE },
        schema: pageOf(releaseView),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    meta: { localized: true },
  })

export const unseenReleaseQuery = () =>
  queryOptions({
    queryKey: releaseKeys.unseen(),
    queryFn: ({ signal }) => api.get('releases/unseen', { schema: unseenRelease, signal, shell: true }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { localized: true, silent: true },
  })

export const createRelease = (input: ReleaseInput) =>
  api.post('releases', { json: input, schema: releaseView })
export const updateRelease = (id: string, input: ReleaseInput) =>
  api.put(`releases/${id}`, { json: input, schema: releaseView })
export const publishRelease = (id: string) => api.post(`releases/${id}/publish`, { schema: releaseView })
export const deleteRelease = (id: string) =>
  api.delete(`releases/${id}`, { schema: z.object({ id: z.string(), deleted: z.boolean() }) })
export const markReleaseSeen = (id: string) =>
  api.post(`releases/${id}/seen`, {
    schema: z.object({ id: z.string(), seen: z.boolean() }),
    shell: true,
  })
