// The users screen's data (authManage): a page of users with their roles and sign-in locks, and lifting a
// lock. Keys are shared by the route's loader and the screen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type UserView, userView } from '../../../shared/contracts/admin'
import { api } from '../http'
import { pageOf } from '../page'

export interface UserListSearch {
  keyword?: string
  page?: number
}

export const USERS_PAGE_SIZE = 20

export const adminKeys = {
  all: ['admin'] as const,
  users: (search: UserListSearch) => [...adminKeys.all, 'users', search] as const,
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
        },
        schema: pageOf(userView),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/** POST /api/auth/users/:id/unlock: the user may sign in again from every address. */
export function unlockUser(id: string): Promise<UserView> {
  return api.post(`auth/users/${id}/unlock`, { schema: userView })
}
