// Sign-in, sign-out and the signed-in user: query options and keys (STYLE.md: a factory per resource, the
// key exported for invalidation).
import { queryOptions } from '@tanstack/react-query'
import {
  type ChangePasswordRequest,
  changePasswordResponse,
  type LoginRequest,
  loginResponse,
  meResponse,
} from '../../../shared/contracts/auth'
import { api } from '../http'

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
}

export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => api.get('auth/me', { schema: meResponse, signal, shell: true }),
    staleTime: 5 * 60_000,
    meta: { localized: true },
  })

export const signIn = (body: LoginRequest) => api.post('auth/login', { json: body, schema: loginResponse })
export const signOut = () => api.post('auth/logout', { shell: true })
/** Change my own password; my other sessions end (sent as a shell call: it belongs to no system). */
export const changePassword = (body: ChangePasswordRequest) =>
  api.post('auth/password', { json: body, schema: changePasswordResponse, shell: true })
