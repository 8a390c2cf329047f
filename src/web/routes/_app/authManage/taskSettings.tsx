// /authManage/taskSettings: due times, reminders, escalation and candidates of every task per process type,
// and the approval rules of the steps that move money (the type chosen is kept in the URL).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PROCESS_TYPES, type ProcessType } from '../../../../shared/process-types'
import { taskSettingsQuery } from '../../../api/queries/tasks-admin'
import { TaskSettingsScreen } from '../../../areas/task-settings/TaskSettingsScreen'

export const Route = createFileRoute('/_app/authManage/taskSettings')({
  staticData: { title: msg`Task settings`, privilege: 'authManage:view' },
  validateSearch: (search: Record<string, unknown>): { type?: ProcessType } =>
    (PROCESS_TYPES as readonly unknown[]).includes(search.type) ? { type: search.type as ProcessType } : {},
  loader: ({ context }) => void context.queryClient.prefetchQuery(taskSettingsQuery()),
  component: function TaskSettings() {
    const { type } = Route.useSearch()
    const navigate = Route.useNavigate()
    return <TaskSettingsScreen type={type} onType={(next) => void navigate({ search: { type: next } })} />
  },
})
