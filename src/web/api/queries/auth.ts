// Sign-in, sign-out and the signed-in user: query options and keys (docs/architecture.md § Conventions: a factory per resource, the
// key exported for invalidation).
import { queryOptions } from '@tanstack/react-query'
import type { ChangePasswordRequest, LoginRequest } from '../../../shared/contracts/auth'
import { setOfficeZone } from '../../i18n/office-zone'
import { api } from '../http'

// The reply contracts (and zod with them) load with the first call that reads one, not with the sign-in
// page: it is the whole first download (docs/decisions.md, "Start and first download").
const contracts = () => import('../../../shared/contracts/auth')

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
}

export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }) => {
      const me = await api.get('auth/me', { schema: (await contracts()).meResponse, signal, shell: true })
      setOfficeZone(me.timeZone)
      return me
    },
    staleTime: 5 * 60_000,
    meta: { localized: true },
  })

export const signIn = async (body: LoginRequest) =>
  api.post('auth/login', { json: body, schema: (await contracts()).loginResponse })
export const signOut = () => api.post('auth/logout', { shell: true })
/** Change my own password; my other sessions end (sent as a shell call: it belongs to no system). */
export const changePassword = async (body: ChangePasswordRequest) =>
  api.post('auth/password', { json: body, schema: (await contracts()).changePasswordResponse, shell: true })
