// The administration of the task settings (authManage): the timing and candidates of each step's
// task per type (absent: the machine's defaults; DELETE returns to them) and the approval rules of the money
// steps (N of M by amount bands per currency), each save a new version holding the whole band set. Reading
// needs authManage:view, writing authManage:edit; every refusal stores nothing.
import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { TASK_KIND_LABELS } from '../../../../machines/labels'
import { latest, registeredTypes } from '../../../../machines/registry'
import { defaultDue, TASK_KINDS, taskCatalog } from '../../../../machines/tasks'
import type { ProcessDefinition } from '../../../../machines/types'
import {
  type ApprovalBand,
  approvalRuleInput,
  approvalRuleRow,
  taskSettingInput,
  taskSettingRow,
  taskSettingsOfType,
} from '../../../shared/contracts/tasks'
import { formatMessage, type Lang } from '../../../shared/errors'
import { approvePrivilege } from '../../../shared/privileges'
import { PROCESS_TYPE_LABELS, PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { approvalRules, roles, taskSettings, userRoles, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { holdersOf } from '../messages/send'
import { approvalRulesOf, forgetTaskTimings, moneySteps, taskTimingsOf, timingKey } from './settings'

const pathParam = (name: string) => ({ param: { in: 'path' as const, name, required: true } })
// Schemas of their own (not the shared ones): `.openapi()` exists only on schemas built after
// @hono/zod-openapi is loaded.
const typeParam = z.object({
  type: z.enum(PROCESS_TYPES, { message: 'invalidValue' }).openapi(pathParam('type')),
  step: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, { message: 'invalidValue' })
    .openapi(pathParam('step')),
})
const taskParam = typeParam.extend({
  kind: z.enum(TASK_KINDS, { message: 'invalidValue' }).openapi(pathParam('kind')),
})
const json = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
})

const stepLabel = (definition: ProcessDefinition, step: string, lang: Lang) => {
  const def = definition.steps.find((s) => s.key === step)
  return def ? (lang === 'en' ? def.labelEn : def.labelZh) : step
}

/** The definition a path names, refusing a step (or step and kind) the type does not have (400 naming it). */
function taskOf(type: ProcessType, step: string, kind?: string): ProcessDefinition {
  const definition = latest(type)
  if (!definition.steps.some((s) => s.key === step)) throw invalid({ step: 'invalidValue' })
  if (kind !== undefined && !taskCatalog(definition).some((t) => t.step === step && t.kind === kind))
    throw invalid({ kind: 'invalidValue' })
  return definition
}

async function namesOf(db: DbOrTx, lang: Lang, roleIds: string[], userIds: string[]) {
  const roleRows = roleIds.length
    ? await db
        .select()
        .from(roles)
        .where(inArray(roles.id, [...new Set(roleIds)]))
    : []
  const userRows = userIds.length
    ? await db
        .select({ id: users.id, displayName: users.displayName })
        .from(users)
        .where(inArray(users.id, [...new Set(userIds)]))
    : []
  const roleName = new Map(roleRows.map((r) => [r.id, lang === 'en' ? r.nameEn : r.nameZh]))
  const userName = new Map(userRows.map((u) => [u.id, u.displayName]))
  return { roleName, userName }
}

async function roleNamesByKey(db: DbOrTx, lang: Lang, keys: string[]) {
  if (keys.length === 0) return new Map<string, string>()
  const rows = await db
    .select()
    .from(roles)
    .where(inArray(roles.key, [...new Set(keys)]))
  return new Map(rows.map((r) => [r.key, lang === 'en' ? r.nameEn : r.nameZh]))
}

async function settingsOfType(db: DbOrTx, config: Deps['config'], type: ProcessType, lang: Lang) {
  const definition = latest(type)
  const timings = await taskTimingsOf(db, definition)
  const rows = await db.select().from(taskSettings).where(eq(taskSettings.type, type))
  const rowOf = new Map(rows.map((r) => [timingKey(r.step, r.kind), r]))
  const rules = await approvalRulesOf(db, config, definition)
  const ruleRows = await db
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.type, type))
    .orderBy(desc(approvalRules.version))
  const all = [...timings.values()]
  const { roleName, userName } = await namesOf(
    db,
    lang,
    all.flatMap((t) => [t.managerRoleId, t.candidateRoleId].filter((id): id is string => id !== null)),
    [
      ...all.flatMap((t) => t.candidateUserIds ?? []),
      ...rows.map((r) => r.updatedBy).filter((id): id is string => id !== null),
      ...ruleRows.map((r) => r.createdBy).filter((id): id is string => id !== null),
    ],
  )
  const keys = Object.values(rules).flatMap((r) => r.bands.map((b) => b.roleKey ?? '').filter(Boolean))
  const roleByKey = await roleNamesByKey(db, lang, keys)
  const tasks = taskCatalog(definition).map(({ step, kind }) => {
    const timing = timings.get(timingKey(step, kind))
    if (!timing) throw new Error(`no timing for ${type} ${step} ${kind}`)
    const row = rowOf.get(timingKey(step, kind))
    const defaults = defaultDue(
      definition.steps.find((s) => s.key === step),
      kind,
    )
    return {
      type,
      step,
      kind,
      ...timing,
      stepLabel: stepLabel(definition, step, lang),
      kindLabel: lang === 'en' ? TASK_KIND_LABELS[kind].labelEn : TASK_KIND_LABELS[kind].labelZh,
      defaults,
      managerRoleName: timing.managerRoleId ? (roleName.get(timing.managerRoleId) ?? null) : null,
      candidateRoleName: timing.candidateRoleId ? (roleName.get(timing.candidateRoleId) ?? null) : null,
      candidateUserNames: (timing.candidateUserIds ?? []).map((id) => userName.get(id) ?? ''),
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedByName: row?.updatedBy ? (userName.get(row.updatedBy) ?? null) : null,
    }
  })
  const approvalRuleRows = moneySteps(definition).map((step) => {
    const rule = rules[step]
    const row = ruleRows.find((r) => r.step === step && r.version === rule.version)
    return {
      type,
      step,
      version: rule.version,
      bands: rule.bands,
      createdAt: row?.createdAt.toISOString() ?? null,
      createdByName: row?.createdBy ? (userName.get(row.createdBy) ?? null) : null,
      stepLabel: stepLabel(definition, step, lang),
      roleNames: rule.bands.map((b) => (b.roleKey ? (roleByKey.get(b.roleKey) ?? null) : null)),
    }
  })
  return {
    type,
    typeLabel: PROCESS_TYPE_LABELS[type][lang],
    definitionVersion: definition.version,
    tasks,
    approvalRules: approvalRuleRows,
  }
}

/** Refuse a manager or candidate role or a candidate user that does not exist (users: nor is enabled). */
async function checkPeople(
  db: DbOrTx,
  input: { managerRoleId: string | null; candidateRoleId: string | null; candidateUserIds: string[] | null },
) {
  const errors: Record<string, string> = {}
  for (const field of ['managerRoleId', 'candidateRoleId'] as const) {
    const id = input[field]
    if (id === null) continue
    const [found] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id))
    if (!found) errors[field] = 'invalidValue'
  }
  const ids = [...new Set(input.candidateUserIds ?? [])]
  if (ids.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.enabled, true)))
    if (found.length !== ids.length) errors.candidateUserIds = 'invalidValue'
  }
  if (Object.keys(errors).length) throw invalid(errors)
}

/**
 * Refuse bands that ask more of the approvers than there are: a band's `approvals` above the number of
 * enabled users holding the type's approve privilege (`bands.<i>.approvals`); a `roleKey` no role has, or
 * one no such approver holds (`bands.<i>.roleKey`).
 */
async function checkCandidates(db: DbOrTx, type: ProcessType, bands: ApprovalBand[], lang: Lang) {
  const holders = await holdersOf(db, approvePrivilege(type))
  const errors: Record<string, string> = {}
  const keys = [...new Set(bands.map((b) => b.roleKey).filter((k): k is string => k !== null))]
  const roleRows = keys.length
    ? await db.select({ id: roles.id, key: roles.key }).from(roles).where(inArray(roles.key, keys))
    : []
  const holdersOfRole = new Map<string, number>()
  for (const role of roleRows) {
    const members = holders.length
      ? await db
          .select({ userId: userRoles.userId })
          .from(userRoles)
          .where(and(eq(userRoles.roleId, role.id), inArray(userRoles.userId, holders)))
      : []
    holdersOfRole.set(role.key, members.length)
  }
  bands.forEach((band, i) => {
    if (band.approvals > holders.length)
      errors[`bands.${i}.approvals`] = formatMessage('tooFewCandidates', lang, { count: holders.length })
    if (band.roleKey !== null) {
      const n = holdersOfRole.get(band.roleKey)
      if (n === undefined) errors[`bands.${i}.roleKey`] = formatMessage('invalidValue', lang)
      else if (n === 0) errors[`bands.${i}.roleKey`] = formatMessage('tooFewCandidates', lang, { count: 0 })
    }
  })
  if (Object.keys(errors).length) throw invalid(errors)
}

async function versionsOfRule(db: DbOrTx, type: ProcessType, step: string, lang: Lang) {
  const rows = await db
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.type, type), eq(approvalRules.step, step)))
    .orderBy(desc(approvalRules.version))
  const definition = latest(type)
  const { userName } = await namesOf(
    db,
    lang,
    [],
    rows.map((r) => r.createdBy).filter((id): id is string => id !== null),
  )
  const roleByKey = await roleNamesByKey(
    db,
    lang,
    rows.flatMap((r) => (r.bands as ApprovalBand[]).map((b) => b.roleKey ?? '').filter(Boolean)),
  )
  return rows.map((r) => {
    const bands = r.bands as ApprovalBand[]
    return {
      type,
      step,
      version: r.version,
      bands,
      createdAt: r.createdAt.toISOString(),
      createdByName: r.createdBy ? (userName.get(r.createdBy) ?? null) : null,
      stepLabel: stepLabel(definition, step, lang),
      roleNames: bands.map((b) => (b.roleKey ? (roleByKey.get(b.roleKey) ?? null) : null)),
    }
  })
}

export function taskSettingsRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['authManage: task settings']
  const oneTask = async (type: ProcessType, step: string, kind: string, lang: Lang) => {
    const view = await settingsOfType(db, deps.config, type, lang)
    const found = view.tasks.find((t) => t.step === step && t.kind === kind)
    if (!found) throw notFound()
    return found
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings',
      tags,
      summary:
        "Every type's tasks (step × kind) with their timing, custom or default, and its money steps' approval rules",
      ...access(deps, 'authManage:view'),
      responses: okResponse(z.array(taskSettingsOfType)),
    }),
    async (c) => {
      const lang = c.get('lang')
      const out = []
      for (const type of registeredTypes()) out.push(await settingsOfType(db, deps.config, type, lang))
      return ok(c, out)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings/{type}/{step}/{kind}',
      tags,
      summary: "Set the timing and candidates of one step's task of one type",
      ...access(deps, 'authManage:edit'),
      request: { params: taskParam, body: json(taskSettingInput) },
      responses: okResponse(taskSettingRow),
    }),
    async (c) => {
      const { type, step, kind } = c.req.valid('param')
      taskOf(type, step, kind)
      const input = c.req.valid('json')
      await checkPeople(db, input)
      const values = {
        dueDays: input.dueDays,
        remindBeforeHours: input.remindBeforeHours,
        escalateAfterDays: input.escalateAfterDays,
        managerRoleId: input.managerRoleId,
        candidateRoleId: input.candidateRoleId,
        candidateUserIds: input.candidateUserIds?.length ? [...new Set(input.candidateUserIds)] : null,
        updatedBy: currentUser(c).id,
        updatedAt: new Date(),
      }
      await db
        .insert(taskSettings)
        .values({ type, step, kind, ...values })
        .onConflictDoUpdate({
          target: [taskSettings.type, taskSettings.step, taskSettings.kind],
          set: values,
        })
      forgetTaskTimings()
      c.set('operationType', `TASK_SETTING ${type} ${step} ${kind}`)
      return ok(c, await oneTask(type, step, kind, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/settings/{type}/{step}/{kind}',
      tags,
      summary: "Return one step's task of one type to the machine's defaults",
      ...access(deps, 'authManage:edit'),
      request: { params: taskParam },
      responses: okResponse(taskSettingRow),
    }),
    async (c) => {
      const { type, step, kind } = c.req.valid('param')
      taskOf(type, step, kind)
      await db
        .delete(taskSettings)
        .where(and(eq(taskSettings.type, type), eq(taskSettings.step, step), eq(taskSettings.kind, kind)))
      forgetTaskTimings()
      c.set('operationType', `TASK_SETTING_RESET ${type} ${step} ${kind}`)
      return ok(c, await oneTask(type, step, kind, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/approval-rules/{type}/{step}',
      tags,
      summary: "Save a money step's approval rule: a new version with the whole set of bands",
      ...access(deps, 'authManage:edit'),
      request: { params: typeParam, body: json(approvalRuleInput) },
      responses: okResponse(approvalRuleRow),
    }),
    async (c) => {
      const { type, step } = c.req.valid('param')
      const definition = taskOf(type, step)
      if (!moneySteps(definition).includes(step)) throw invalid({ step: 'invalidValue' })
      const { bands } = c.req.valid('json')
      const lang = c.get('lang')
      const userId = currentUser(c).id
      const version = await db.transaction(async (tx) => {
        // One saver at a time per step: the next version number is read and written under the lock.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`vitrine:approval-rule:${type}:${step}`}))`,
        )
        await checkCandidates(tx, type, bands, lang)
        const [{ max }] = await tx
          .select({ max: sql<number | null>`max(${approvalRules.version})` })
          .from(approvalRules)
          .where(and(eq(approvalRules.type, type), eq(approvalRules.step, step)))
        const next = Number(max ?? 0) + 1
        await tx.insert(approvalRules).values({ type, step, version: next, bands, createdBy: userId })
        return next
      })
      c.set('operationType', `APPROVAL_RULE ${type} ${step} v${version}`)
      const [saved] = (await versionsOfRule(db, type, step, lang)).filter((r) => r.version === version)
      return ok(c, saved)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/approval-rules/{type}/{step}/versions',
      tags,
      summary: "Every saved version of a money step's approval rule, newest first",
      ...access(deps, 'authManage:view'),
      request: { params: typeParam },
      responses: okResponse(z.array(approvalRuleRow)),
    }),
    async (c) => {
      const { type, step } = c.req.valid('param')
      const definition = taskOf(type, step)
      if (!moneySteps(definition).includes(step)) throw invalid({ step: 'invalidValue' })
      return ok(c, await versionsOfRule(db, type, step, c.get('lang')))
    },
  )

  return app
}
