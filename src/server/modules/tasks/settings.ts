// What the task engine reads of the administrators' settings: the timing and candidates of each
// step's task (the machine's defaults where none is set), the approval rules of each money step (latest
// version; the configured limits as version 0 until an administrator sets one) and the delegations in
// force. The routes that edit them are in settings-routes.ts and delegation-routes.ts.
import { and, desc, eq, gte, isNull, lte, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { allDefinitions } from '../../../../machines/registry'
import { defaultDue, type TaskKind, taskCatalog } from '../../../../machines/tasks'
import type { ApprovalRule, ProcessDefinition } from '../../../../machines/types'
import { bandsFromLimits } from '../../../shared/approval-bands'
import type { ApprovalBand } from '../../../shared/contracts/tasks'
import type { ProcessType } from '../../../shared/process-types'
import type { Config } from '../../config'
import type { DbOrTx } from '../../db/client'
import { approvalRules, delegations, taskSettings, users } from '../../db/schema'

export interface TaskTiming {
  dueDays: number
  remindBeforeHours: number
  escalateAfterDays: number
  managerRoleId: string | null
  candidateRoleId: string | null
  candidateUserIds: string[] | null
  /** False: the machine's defaults. */
  custom: boolean
}

export const timingKey = (step: string, kind: TaskKind) => `${step}:${kind}`

/**
 * Timings read in the last few seconds, per definition: every event that opens a task needs them, and they
 * change only when an administrator saves (this server forgets at once; another within TIMINGS_TTL_MS).
 */
const TIMINGS_TTL_MS = 5_000
const heldTimings = new WeakMap<ProcessDefinition, { until: number; timings: Map<string, TaskTiming> }>()

/** Forget the held timings (an administrator changed a setting). */
export function forgetTaskTimings() {
  for (const d of allDefinitions()) heldTimings.delete(d)
}

/** The timing of every task a definition can wait for, by `timingKey` (held a few seconds). */
export async function taskTimingsOf(
  db: DbOrTx,
  definition: ProcessDefinition,
): Promise<Map<string, TaskTiming>> {
  const held = heldTimings.get(definition)
  if (held && held.until > Date.now()) return held.timings
  const timings = await readTaskTimings(db, definition)
  heldTimings.set(definition, { until: Date.now() + TIMINGS_TTL_MS, timings })
  return timings
}

async function readTaskTimings(db: DbOrTx, definition: ProcessDefinition): Promise<Map<string, TaskTiming>> {
  const rows = await db.select().from(taskSettings).where(eq(taskSettings.type, definition.type))
  const set = new Map(rows.map((r) => [timingKey(r.step, r.kind), r]))
  const out = new Map<string, TaskTiming>()
  for (const { step, kind } of taskCatalog(definition)) {
    const row = set.get(timingKey(step, kind))
    const defaults = defaultDue(
      definition.steps.find((s) => s.key === step),
      kind,
    )
    out.set(
      timingKey(step, kind),
      row
        ? {
            dueDays: row.dueDays,
            remindBeforeHours: row.remindBeforeHours,
            escalateAfterDays: row.escalateAfterDays,
            managerRoleId: row.managerRoleId,
            candidateRoleId: row.candidateRoleId,
            candidateUserIds: row.candidateUserIds,
            custom: true,
          }
        : {
            ...defaults,
            managerRoleId: null,
            candidateRoleId: null,
            candidateUserIds: null,
            custom: false,
          },
    )
  }
  return out
}

/** The money steps of a definition (those an approval rule applies to). */
export function moneySteps(definition: ProcessDefinition): string[] {
  return definition.steps.filter((s) => s.money).map((s) => s.key)
}

/**
 * The rule in force for each money step of a type: the latest version an administrator saved, else version
 * 0, the configured limits per currency (up to the limit one approver, above it two).
 */
export async function approvalRulesOf(
  db: DbOrTx,
  config: Pick<Config, 'secondApprovalAbove'>,
  definition: ProcessDefinition,
): Promise<Record<string, ApprovalRule>> {
  const steps = moneySteps(definition)
  if (steps.length === 0) return {}
  const rows = await db
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.type, definition.type))
    .orderBy(desc(approvalRules.version))
  const out: Record<string, ApprovalRule> = {}
  for (const step of steps) {
    const latest = rows.find((r) => r.step === step)
    out[step] = latest
      ? { version: latest.version, bands: latest.bands as ApprovalBand[] }
      : { version: 0, bands: bandsFromLimits(config.secondApprovalAbove) }
  }
  return out
}

const delegator = alias(users, 'delegator')
const delegate = alias(users, 'delegate')

/**
 * Delegations to `userId` in force on `day` (yyyy-MM-dd in the office's zone), for a type or for all. A
 * delegation holds only while both its people are enabled: a disabled delegator's is void (their tasks
 * leave the delegate's inbox, and nothing may be done on their behalf), as is a disabled delegate's.
 */
export async function delegationsTo(db: DbOrTx, userId: string, day: string, type?: ProcessType) {
  return db
    .select({ fromUserId: delegations.fromUserId, processType: delegations.processType })
    .from(delegations)
    .innerJoin(delegator, and(eq(delegator.id, delegations.fromUserId), eq(delegator.enabled, true)))
    .innerJoin(delegate, and(eq(delegate.id, delegations.toUserId), eq(delegate.enabled, true)))
    .where(
      and(
        eq(delegations.toUserId, userId),
        isNull(delegations.cancelledAt),
        lte(delegations.startsOn, day),
        gte(delegations.endsOn, day),
        type ? or(isNull(delegations.processType), eq(delegations.processType, type)) : undefined,
      ),
    )
}

/** Whether `fromUserId` has handed tasks of `type` to `toUserId` on `day` (both of them enabled). */
export async function delegationCovers(
  db: DbOrTx,
  fromUserId: string,
  toUserId: string,
  type: ProcessType,
  day: string,
): Promise<boolean> {
  const rows = await delegationsTo(db, toUserId, day, type)
  return rows.some((r) => r.fromUserId === fromUserId)
}

/**
 * The name of `fromUserId` when a delegation from them to `toUserId` covers `type` on `day` but is void
 * because their account is disabled (so the refusal can say why); undefined otherwise.
 */
export async function disabledDelegator(
  db: DbOrTx,
  fromUserId: string,
  toUserId: string,
  type: ProcessType,
  day: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: delegator.displayName })
    .from(delegations)
    .innerJoin(delegator, and(eq(delegator.id, delegations.fromUserId), eq(delegator.enabled, false)))
    .where(
      and(
        eq(delegations.fromUserId, fromUserId),
        eq(delegations.toUserId, toUserId),
        isNull(delegations.cancelledAt),
        lte(delegations.startsOn, day),
        gte(delegations.endsOn, day),
        or(isNull(delegations.processType), eq(delegations.processType, type)),
      ),
    )
    .limit(1)
  return row?.name
}
