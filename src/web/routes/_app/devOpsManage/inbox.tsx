// /devOpsManage/inbox: the signed-in user's tasks, filters and page in the URL; `?process=<id>`
// opens a task's process, `&onBehalfOf=<user>` as the delegator sees it when the task is held by delegation.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { InboxScreen } from '../../../areas/inbox/InboxScreen'
import { validateInboxSearch } from '../../../areas/inbox/inbox-search'

export const Route = createFileRoute('/_app/devOpsManage/inbox')({
  staticData: { title: msg`My tasks`, privilege: 'devOpsManage:view' },
  validateSearch: validateInboxSearch,
  component: function InboxRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <InboxScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace })}
      />
    )
  },
})
