// /devOpsManage/conditionCheckSchedule: the schedule of condition checks — its rules and every covered
// artwork's next check (areas/condition/ScheduleScreen.tsx); a running check opens in place (`?process=<id>`),
// a start opens the drawer (`?check=<artwork id>`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { conditionDueQuery, conditionRulesQuery } from '../../../api/queries/condition-checks'
import { ConditionScheduleScreen, type ScheduleSearch } from '../../../areas/condition/ScheduleScreen'
import { validateProcessOpenSearch } from '../../../areas/process/process-search'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const Route = createFileRoute('/_app/devOpsManage/conditionCheckSchedule')({
  staticData: { title: msg`Condition check schedule`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): ScheduleSearch => ({
    ...validateProcessOpenSearch(search),
    ...(typeof search.check === 'string' && UUID.test(search.check) ? { check: search.check } : {}),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.process) return
    void context.queryClient.prefetchQuery(conditionRulesQuery())
    void context.queryClient.prefetchQuery(conditionDueQuery())
  },
  component: function ConditionCheckScheduleRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ConditionScheduleScreen
        search={search}
        onSearch={(next) => void navigate({ search: next, resetScroll: false })}
      />
    )
  },
})
