// /devOpsManage/dueDiligence: purchases at the due-diligence step; `?process=<id>` opens one (its report form).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { validateProcessOpenSearch } from '../../../areas/process/process-search'
import { DueDiligenceScreen } from '../../../areas/purchase/DueDiligenceScreen'

export const Route = createFileRoute('/_app/devOpsManage/dueDiligence')({
  staticData: { title: msg`Due diligence`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>) => {
    const page = Number(search.page)
    return { ...validateProcessOpenSearch(search), ...(Number.isInteger(page) && page > 1 ? { page } : {}) }
  },
  component: function DueDiligence() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return <DueDiligenceScreen search={search} onSearch={(next) => void navigate({ search: next })} />
  },
})
