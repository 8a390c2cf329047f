// /authManage/home: the same screen as /authManage/index (docs/architecture.md § Screens and routes: `home` and `index` are one screen):
// the staff accounts, with the keyword and page in the URL (anything invalid is dropped, not refused).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { usersQuery } from '../../../api/queries/admin'
import { UsersScreen } from '../../../areas/admin/UsersScreen'
import { validateUserSearch } from '../../../areas/admin/user-search'

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
