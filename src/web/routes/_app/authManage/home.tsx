// /authManage/home: the same screen as /authManage/index (DESIGN.md § Web: `home` and `index` are one screen):
// the staff accounts, with the keyword and page in the URL (anything invalid is dropped, not refused).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { type UserListSearch, usersQuery } from '../../../api/queries/admin'
import { UsersScreen } from '../../../areas/admin/UsersScreen'

function validateUserSearch(search: Record<string, unknown>): UserListSearch {
  const keyword = typeof search.keyword === 'string' ? search.keyword.trim().slice(0, 64) : ''
  const page = Number(search.page)
  return {
    ...(keyword ? { keyword } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  }
}

export const Route = createFileRoute('/_app/authManage/home')({
  staticData: { title: msg`Users`, privilege: 'authManage:view' },
  validateSearch: validateUserSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(usersQuery(deps)),
  component: function Users() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <UsersScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace })}
      />
    )
  },
})
