// The artwork archive API (/api/artworks) as query options with their keys, and the calls that change an
// artwork (create, save, lock, restore, import). Also the read the archive screens need from another
// module: signed thumbnail links for many files at once.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ArtistInput, CreateArtworkInput, UpdateArtworkInput } from '../../../shared/artwork-rules'
import {
  type ArtworkFilters,
  type ArtworkListQuery,
  artistView,
  artworkDetail,
  artworkListItem,
  artworkSummary,
  historyEntry,
  historyVersion,
  importJobView,
  lockView,
} from '../../../shared/contracts/artworks'
import { linkResponse } from '../../../shared/contracts/files'
import type { QueryParams } from '../client'
import { api } from '../http'
import { pageOf } from '../page'
import { sendForm, type UploadProgress } from '../upload'

/** Filters as the API reads them in a query string (lists joined by commas). */
export type ArtworkQueryParams = Record<keyof ArtworkListQuery, string | number | undefined>

export const artworkKeys = {
  all: ['artworks'] as const,
  lists: () => [...artworkKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...artworkKeys.lists(), params] as const,
  summary: (params: QueryParams) => [...artworkKeys.all, 'summary', params] as const,
  details: () => [...artworkKeys.all, 'detail'] as const,
  detail: (id: string) => [...artworkKeys.details(), id] as const,
  history: (id: string, page: number, pageSize: number) =>
    [...artworkKeys.detail(id), 'history', page, pageSize] as const,
  version: (id: string, version: number) => [...artworkKeys.detail(id), 'version', version] as const,
  artists: (keyword: string) => [...artworkKeys.all, 'artists', keyword] as const,
  artist: (id: string) => [...artworkKeys.all, 'artist', id] as const,
  importJob: (jobId: string) => [...artworkKeys.all, 'import', jobId] as const,
  thumbnails: (fileIds: readonly string[]) =>
    [...artworkKeys.all, 'thumbnails', [...fileIds].sort()] as const,
}

export const artworkListQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: artworkKeys.list(params),
    queryFn: ({ signal }) =>
      api.get('artworks', { searchParams: params, schema: pageOf(artworkListItem), signal }),
    placeholderData: keepPreviousData,
    meta: { localized: true },
  })

export const artworkSummaryQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: artworkKeys.summary(params),
    queryFn: ({ signal }) =>
      api.get('artworks/summary', { searchParams: params, schema: artworkSummary, signal }),
    placeholderData: keepPreviousData,
    meta: { localized: true },
  })

export const artworkDetailQuery = (id: string) =>
  queryOptions({
    queryKey: artworkKeys.detail(id),
    queryFn: ({ signal }) => api.get(`artworks/${id}`, { schema: artworkDetail, signal }),
    meta: { localized: true },
  })

export const artworkHistoryQuery = (id: string, page = 1, pageSize = 20) =>
  queryOptions({
    queryKey: artworkKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get(`artworks/${id}/history`, {
        searchParams: { page, pageSize },
        schema: pageOf(historyEntry),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const artworkVersionQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: artworkKeys.version(id, version),
    queryFn: ({ signal }) => api.get(`artworks/${id}/history/${version}`, { schema: historyVersion, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const artistsQuery = (keyword: string) =>
  queryOptions({
    queryKey: artworkKeys.artists(keyword),
    queryFn: ({ signal }) =>
      api.get('artworks/artists', {
        searchParams: { keyword, pageSize: 30 },
        schema: pageOf(artistView),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { localized: true },
  })

export const artistQuery = (id: string) =>
  queryOptions({
    queryKey: artworkKeys.artist(id),
    queryFn: ({ signal }) => api.get(`artworks/artists/${id}`, { schema: artistView, signal }),
    meta: { localized: true },
  })

/** An import job, polled while the server checks or imports. */
export const importJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: artworkKeys.importJob(jobId),
    queryFn: ({ signal }) => api.get(`artworks/import/${jobId}`, { schema: importJobView, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'checking' || status === 'importing' ? 400 : false
    },
    staleTime: 0,
  })

/**
 * Signed thumbnail (and file) links for many files in one call. Links expire: the query is stale a minute
 * before they do, so a page left open asks for fresh ones.
 */
export const thumbnailLinksQuery = (fileIds: readonly string[]) =>
  queryOptions({
    queryKey: artworkKeys.thumbnails(fileIds),
    queryFn: async ({ signal }) => {
      const reply = await api.post('file/link', {
        json: { ids: [...new Set(fileIds)], disposition: 'inline' },
        schema: linkResponse,
        signal,
      })
      return { expiresAt: reply.expiresAt, byId: new Map(reply.links.map((l) => [l.id, l])) }
    },
    enabled: fileIds.length > 0,
    staleTime: 4 * 60_000,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  })

// ---- changes ----

export const createArtwork = (body: CreateArtworkInput) =>
  api.post('artworks', { json: body, schema: artworkDetail })
export const saveArtwork = (id: string, body: UpdateArtworkInput) =>
  api.put(`artworks/${id}`, { json: body, schema: artworkDetail })
export const takeEditLock = (id: string) => api.post(`artworks/${id}/lock`, { schema: lockView })
export const releaseEditLock = (id: string) => api.delete(`artworks/${id}/lock`)
export const restoreVersion = (id: string, version: number, expectedVersion: number) =>
  api.post(`artworks/${id}/restore`, { json: { version, expectedVersion }, schema: artworkDetail })
export const createArtist = (body: ArtistInput) =>
  api.post('artworks/artists', { json: body, schema: artistView })
export const startArtworkImport = (fileId: string) =>
  api.post('artworks/import', { json: { fileId }, schema: importJobView })
/** A CSV or LIDO file sent with the request (format chosen, or found from its content by the server). */
export const startArtworkFileImport = (
  file: File,
  format: 'csv' | 'lido',
  onProgress?: (p: UploadProgress) => void,
) => {
  const form = new FormData()
  form.append('format', format)
  form.append('file', file, file.name)
  return sendForm('/api/artworks/import/file', form, importJobView, { onProgress })
}
export const commitArtworkImport = (jobId: string, skipInvalid: boolean) =>
  api.post(`artworks/import/${jobId}/commit`, { json: { skipInvalid }, schema: importJobView })

export type { ArtworkFilters }
