// The task settings and delegations screens' data: every type's task timings and approval rules,
// a rule's versions, the roles and people to choose from, the delegations; and the writes. Keys are shared by
// the routes' loaders and the screens.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { roleView } from '../../../shared/contracts/admin'
import {
  type ApprovalRuleInput,
  approvalRuleRow,
  type DelegationInput,
  delegationView,
  personOption,
  type TaskSettingInput,
  taskSettingRow,
  taskSettingsOfType,
} from '../../../shared/contracts/tasks'
import { api } from '../http'
import { pageOf } from '../page'

export const tasksAdminKeys = {
  all: ['tasksAdmin'] as const,
  settings: () => [...tasksAdminKeys.all, 'settings'] as const,
  versions: (type: string, step: string) => [...tasksAdminKeys.all, 'versions', type, step] as const,
  roles: () => [...tasksAdminKeys.all, 'roles'] as const,
  people: () => [...tasksAdminKeys.all, 'people'] as const,
  delegations: (scope: 'mine' | 'all') => [...tasksAdminKeys.all, 'delegations', scope] as const,
}

export const taskSettingsQuery = () =>
  queryOptions({
    queryKey: tasksAdminKeys.settings(),
    queryFn: ({ signal }) => api.get('tasks/settings', { schema: z.array(taskSettingsOfType), signal }),
    meta: { localized: true },
  })

export const approvalRuleVersionsQuery = (type: string, step: string) =>
  queryOptions({
    queryKey: tasksAdminKeys.versions(type, step),
    queryFn: ({ signal }) =>
      api.get(`tasks/approval-rules/${type}/${step}/versions`, { schema: z.array(approvalRuleRow), signal }),
    meta: { localized: true },
  })

/** Every role (the settings name a manager role, a candidate role, a band's role). */
export const rolesQuery = () =>
  queryOptions({
    queryKey: tasksAdminKeys.roles(),
    queryFn: ({ signal }) =>
      api.get('auth/roles', { searchParams: { page: 1, pageSize: 100 }, schema: pageOf(roleView), signal }),
    meta: { localized: true },
  })

/** The enabled users, by name. */
export const peopleQuery = () =>
  queryOptions({
    queryKey: tasksAdminKeys.people(),
    queryFn: ({ signal }) => api.get('tasks/delegations/people', { schema: z.array(personOption), signal }),
  })

export const DELEGATIONS_PAGE_SIZE = 100

export const delegationsQuery = (scope: 'mine' | 'all') =>
  queryOptions({
    queryKey: tasksAdminKeys.delegations(scope),
    queryFn: ({ signal }) =>
      api.get('tasks/delegations', {
        searchParams: { scope, page: 1, pageSize: DELEGATIONS_PAGE_SIZE },
        schema: pageOf(delegationView),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export function saveTaskSetting(type: string, step: string, kind: string, body: TaskSettingInput) {
  return api.put(`tasks/settings/${type}/${step}/${kind}`, { json: body, schema: taskSettingRow })
}

export function resetTaskSetting(type: string, step: string, kind: string) {
  return api.delete(`tasks/settings/${type}/${step}/${kind}`, { schema: taskSettingRow })
}

export function saveApprovalRule(type: string, step: string, body: ApprovalRuleInput) {
  return api.put(`tasks/approval-rules/${type}/${step}`, { json: body, schema: approvalRuleRow })
}

export function createDelegation(body: DelegationInput) {
  return api.post('tasks/delegations', { json: body, schema: delegationView })
}

export function cancelDelegation(id: string) {
  return api.post(`tasks/delegations/${id}/cancel`, { schema: delegationView })
}
