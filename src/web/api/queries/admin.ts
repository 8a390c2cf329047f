// The authManage screens' data: users (filters in the URL) with their roles, sign-in locks and sessions;
// roles with their privileges and the preview of a change; the privilege catalogue. Keys are shared by the
// routes' loaders and the screens; every write invalidates `adminKeys.all`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  passwordResetView,
  privilegeView,
  type RoleInput,
  type RolePreview,
  type RoleView,
  rolePreviewView,
  roleView,
  scopeChoiceView,
  sessionView,
  type UserView,
  type userCreateInput,
  type userUpdateInput,
  userView,
} from '../../../shared/contracts/admin'
import { api } from '../http'
import { pageOf } from '../page'

export interface UserListSearch {
  keyword?: string
  roleId?: string
  /** `true`: enabled users only; `false`: disabled only. */
  enabled?: 'true' | 'false'
  /** `true`: users whose sign-in is locked now. */
  locked?: 'true'
  page?: number
}

export const USERS_PAGE_SIZE = 20

export const adminKeys = {
  all: ['admin'] as const,
  users: (search: UserListSearch) => [...adminKeys.all, 'users', search] as const,
  sessions: (userId: string) => [...adminKeys.all, 'sessions', userId] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  privileges: () => [...adminKeys.all, 'privileges'] as const,
  scopeChoices: () => [...adminKeys.all, 'scope-choices'] as const,
}

export const usersQuery = (search: UserListSearch) =>
  queryOptions({
    queryKey: adminKeys.users(search),
    queryFn: ({ signal }) =>
      api.get('auth/users', {
        searchParams: {
          page: search.page ?? 1,
          pageSize: USERS_PAGE_SIZE,
          ...(search.keyword ? { keyword: search.keyword } : {}),
          ...(search.roleId ? { roleId: search.roleId } : {}),
          ...(search.enabled ? { enabled: search.enabled } : {}),
          ...(search.locked ? { locked: search.locked } : {}),
        },
        schema: pageOf(userView),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/** Every role (an office has a handful), for the roles screen and the users screen's choices. */
export const rolesQuery = () =>
  queryOptions({
    queryKey: adminKeys.roles(),
    queryFn: ({ signal }) =>
      api.get('auth/roles', { searchParams: { pageSize: 200 }, schema: pageOf(roleView), signal }),
    select: (page) => page.list,
  })

export const privilegesQuery = () =>
  queryOptions({
    queryKey: adminKeys.privileges(),
    queryFn: ({ signal }) => api.get('auth/privileges', { schema: z.array(privilegeView), signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const userSessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.sessions(userId),
    queryFn: ({ signal }) =>
      api.get(`auth/users/${userId}/sessions`, { schema: z.array(sessionView), signal }),
  })

/** POST /api/auth/users/:id/unlock: the user may sign in again from every address. */
export function unlockUser(id: string): Promise<UserView> {
  return api.post(`auth/users/${id}/unlock`, { schema: userView })
}

export const createUser = (body: z.output<typeof userCreateInput>) =>
  api.post('auth/users', { json: body, schema: userView })
export const updateUser = (id: string, body: z.output<typeof userUpdateInput>) =>
  api.put(`auth/users/${id}`, { json: body, schema: userView })
export const setUserEnabled = (id: string, enabled: boolean) =>
  api.post(`auth/users/${id}/${enabled ? 'enable' : 'disable'}`, { schema: userView })
/** The legal entities the signed-in manager may put in a user's scope, as a flat tree with depths. */
export const scopeChoicesQuery = () =>
  queryOptions({
    queryKey: adminKeys.scopeChoices(),
    queryFn: ({ signal }) =>
      api.get('auth/users/scope-choices', { schema: z.array(scopeChoiceView), signal }),
  })
/** Set a user's scope (empty: the whole collection). */
export const setUserScope = (id: string, entityIds: string[]) =>
  api.put(`auth/users/${id}/entities`, { json: { entityIds }, schema: userView })
export const resetPassword = (id: string) =>
  api.post(`auth/users/${id}/reset-password`, { schema: passwordResetView })
export const endSession = (userId: string, sessionId: string) =>
  api.delete(`auth/users/${userId}/sessions/${sessionId}`)

export const createRole = (body: RoleInput): Promise<RoleView> =>
  api.post('auth/roles', { json: body, schema: roleView })
export const updateRole = (id: string, body: RoleInput): Promise<RoleView> =>
  api.put(`auth/roles/${id}`, { json: body, schema: roleView })
export const setRoleEnabled = (id: string, enabled: boolean): Promise<RoleView> =>
  api.post(`auth/roles/${id}/${enabled ? 'enable' : 'disable'}`, { schema: roleView })
export const previewRole = (id: string, body: RoleInput): Promise<RolePreview> =>
  api.post(`auth/roles/${id}/preview`, { json: body, schema: rolePreviewView })
