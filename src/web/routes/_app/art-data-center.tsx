// /art-data-center: the analysts' view of the process machines — each type's diagram with live counts per
// state and its table of states and transitions; `?flow=<TYPE>` names the type shown.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import { FlowsScreen } from '../../areas/flows/FlowsScreen'

export const Route = createFileRoute('/_app/art-data-center')({
  staticData: { title: msg`Art data centre`, privilege: 'art-data-center:view' },
  validateSearch: (search: Record<string, unknown>): { flow?: ProcessType } =>
    PROCESS_TYPES.includes(search.flow as ProcessType) ? { flow: search.flow as ProcessType } : {},
  component: function ArtDataCentre() {
    const { flow } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <FlowsScreen flow={flow} onFlow={(type) => void navigate({ search: { flow: type }, replace: true })} />
    )
  },
})
