// Share links' data: one's links and a link's openings (keys shared by the screens and their loaders), the
// writes, and the recipient's page, read through a client of its own that sends no office session and
// turns the link's refusals (gone, password) into answers the page shows instead of errors the app handles.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  type PublicShare,
  publicShare,
  SHARE_PASSWORD_HEADER,
  SHARE_PASSWORD_RE,
  type ShareCreate,
  shareCreated,
  shareView,
  shareViewRow,
} from '../../../shared/contracts/shares'
import { currentLanguage } from '../../i18n/i18n'
import { isApiError } from '../api-error'
import { createApiClient, SHELL_SYSTEM_NAME } from '../client'
import { api } from '../http'
import { pageOf } from '../page'

export const sharesKeys = {
  all: ['shares'] as const,
  list: (page: number) => [...sharesKeys.all, 'list', page] as const,
  views: (id: string) => [...sharesKeys.all, 'views', id] as const,
  public: (token: string, password: string) => ['public-share', token, password] as const,
}

export const SHARES_PAGE_SIZE = 50

export const sharesQuery = (page: number) =>
  queryOptions({
    queryKey: sharesKeys.list(page),
    queryFn: ({ signal }) =>
      api.get('shares', {
        searchParams: { page, pageSize: SHARES_PAGE_SIZE },
        schema: pageOf(shareView),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const shareViewsQuery = (id: string) =>
  queryOptions({
    queryKey: sharesKeys.views(id),
    queryFn: ({ signal }) =>
      api.get(`shares/${id}/views`, {
        searchParams: { page: 1, pageSize: 200 },
        schema: pageOf(shareViewRow),
        signal,
      }),
  })

export function createShare(body: ShareCreate) {
  return api.post('shares', { json: body, schema: shareCreated })
}

export function revokeShare(id: string) {
  return api.delete(`shares/${id}`)
}

/** The recipient's calls: no token, no system, the language shown. */
const publicApi = createApiClient({
  getToken: () => null,
  getLanguage: () => currentLanguage(),
  getSystemName: () => SHELL_SYSTEM_NAME,
})

/** What the recipient's page shows: the works, a password to ask for (again, when one was wrong), or nothing. */
export type PublicShareAnswer =
  | { kind: 'shown'; share: PublicShare }
  | { kind: 'password'; wrong: boolean }
  | { kind: 'locked'; message: string }
  | { kind: 'gone' }

export const publicShareQuery = (token: string, password: string) =>
  queryOptions({
    queryKey: sharesKeys.public(token, password),
    queryFn: async ({ signal }): Promise<PublicShareAnswer> => {
      // No link's password holds other characters (and a header could not carry them).
      if (!SHARE_PASSWORD_RE.test(password)) return { kind: 'password', wrong: true }
      try {
        const share = await publicApi.get(`public/shares/${encodeURIComponent(token)}`, {
          schema: publicShare,
          signal,
          ...(password ? { headers: { [SHARE_PASSWORD_HEADER]: password } } : {}),
        })
        return { kind: 'shown', share }
      } catch (error) {
        if (!isApiError(error) || error.kind !== 'api') throw error
        if (error.code === 403) return { kind: 'password', wrong: password !== '' }
        if (error.code === 429) return { kind: 'locked', message: error.message }
        if (error.code === 404) return { kind: 'gone' }
        throw error
      }
    },
    // Every opening is a view the sharer sees: asked once, never again behind the recipient's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  })
