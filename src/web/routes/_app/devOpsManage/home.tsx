// /devOpsManage/home: the same screen as /devOpsManage/index (docs/architecture.md § Screens and routes: `home` and `index` are one screen).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProcessListScreen } from '../../../areas/process/ProcessListScreen'
import { validateProcessListSearch } from '../../../areas/process/process-search'

export const Route = createFileRoute('/_app/devOpsManage/home')({
  staticData: { title: msg`All processes`, privilege: 'devOpsManage:view' },
  validateSearch: validateProcessListSearch,
  component: function AllProcesses() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ProcessListScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace })}
      />
    )
  },
})
