// The condition check schedule (/api/condition-checks): the rules and what they make due, as query options
// with their keys, and the writes. Named in the request's language (artworks, categories), so a language
// switch refetches them.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type ConditionRuleInput,
  type ConditionRuleUpdate,
  conditionDueList,
  conditionRuleList,
  conditionRuleRow,
} from '../../../shared/contracts/condition-checks'
import { api } from '../http'

export const conditionCheckKeys = {
  all: ['conditionChecks'] as const,
  rules: () => [...conditionCheckKeys.all, 'rules'] as const,
  due: () => [...conditionCheckKeys.all, 'due'] as const,
}

export const conditionRulesQuery = () =>
  queryOptions({
    queryKey: conditionCheckKeys.rules(),
    queryFn: ({ signal }) => api.get('condition-checks/rules', { schema: conditionRuleList, signal }),
    meta: { localized: true },
  })

export const conditionDueQuery = () =>
  queryOptions({
    queryKey: conditionCheckKeys.due(),
    queryFn: ({ signal }) => api.get('condition-checks/due', { schema: conditionDueList, signal }),
    meta: { localized: true },
  })

export const createConditionRule = (body: ConditionRuleInput) =>
  api.post('condition-checks/rules', { json: body, schema: conditionRuleRow })

export const updateConditionRule = (id: string, body: ConditionRuleUpdate) =>
  api.put(`condition-checks/rules/${id}`, { json: body, schema: conditionRuleRow })

export const deleteConditionRule = (id: string) =>
  api.delete(`condition-checks/rules/${id}`, { schema: z.object({ id: z.string() }) })
