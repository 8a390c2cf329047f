// /devOpsManage/index: every process with its filters in the URL; `?process=<id>` opens the process view.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProcessListScreen } from '../../../areas/process/ProcessListScreen'
import { validateProcessListSearch } from '../../../areas/process/process-search'

export const Route = createFileRoute('/_app/devOpsManage/index')({
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
