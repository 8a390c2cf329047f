// Bulk actions on processes (POST /api/process/bulk): terminate, reassign the open task, migrate to another
// version. Each process goes through the same path as its single action — TERMINATE through applyEvent (the
// machine's guards decide who may), the migration through migrateProcess, the claim of a task as a
// take-over — each in its own transaction, so a run that fails half way leaves every process whole and
// reports what it did. The dry run decides the same way and writes nothing (an event is only decided; a
// migration or a reassignment runs in a transaction that is rolled back). A real run carries an idempotency
// key: a repeat returns the first run's answer.
import { createHash } from 'node:crypto'
import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import { MIGRATIONS, type Migration } from '../../../../machines/migrations'
import { holds } from '../../../shared/access'
import {
  BULK_LIMIT,
  type BulkFilter,
  type BulkItem,
  type ProcessBulkResult,
  type processBulkInput,
} from '../../../shared/contracts/process-bulk'
import { formatMessage, type Lang, MESSAGES, type MessageKey } from '../../../shared/errors'
import { approvePrivilege, MIGRATE_PRIVILEGE } from '../../../shared/privileges'
import type { ProcessType } from '../../../shared/process-types'
import type { Db, DbOrTx } from '../../db/client'
import { processes, processIdempotencyKeys, processTasks, users } from '../../db/schema'
import { AppError, forbidden, invalid } from '../../http/app-error'
import { nameIn } from '../auth/names'
import type { ArtworkScope } from '../auth/scope'
import { errorText } from '../incidents/incidents'
import { typeLabel } from '../messages/send'
import { noticeTasksChanged } from '../tasks/notice'
import { candidateUsers } from '../tasks/timers'
import type { User } from './actor'
import { canonicalJson, keyMismatch } from './idempotency'
import { processFilter } from './queries'
import { actorOf, applyEvent, previewEvent, type RuntimeEnv } from './runtime'
import { migrateProcess, stateExists } from './versions'

type Input = z.output<typeof processBulkInput>
type Row = typeof processes.$inferSelect

/** Thrown inside a dry run's transaction once its work is done: everything it wrote is rolled back. */
class DryRun extends Error {}

/** What one process's action needs beyond the row. */
interface Plan {
  env: RuntimeEnv
  user: User
  input: Input
  lang: Lang
  migrations: readonly Migration[]
  assignee?: { id: string; name: string }
}

/** The selected rows: the ids given (each visible to the user) or all matching the filter (at most BULK_LIMIT). */
async function selectRows(db: Db, input: Input, scope: ArtworkScope | null): Promise<Row[]> {
  if (input.ids) {
    const ids = [...new Set(input.ids)]
    const visible = scope ? scope.processVisible(processes.id) : undefined
    const rows = await db
      .select()
      .from(processes)
      .where(and(inArray(processes.id, ids), visible))
    if (rows.length !== ids.length) throw invalid({ ids: 'bulkNotVisible' })
    const order = new Map(ids.map((id, i) => [id, i]))
    return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  }
  const where = processFilter(db, input.filter as BulkFilter, scope)
  const [{ n }] = await db.select({ n: count() }).from(processes).where(where)
  if (Number(n) > BULK_LIMIT)
    throw new AppError(
      400,
      'bulkTooMany',
      { count: Number(n), max: BULK_LIMIT },
      { fieldErrors: { filter: 'bulkTooMany' } },
    )
  if (Number(n) === 0)
    throw new AppError(400, 'bulkNothingSelected', undefined, {
      fieldErrors: { filter: 'bulkNothingSelected' },
    })
  return db.select().from(processes).where(where).orderBy(processes.createdAt, processes.id)
}

/**
 * The migration along which each selected version moves to `toVersion`: the declared one, with the request's
 * state mapping laid over it. 400 for more than one type (naming them), a version the type lacks, or a
 * mapping to a state the new version does not have (at the mapping's field).
 */
function migrationsFor(env: RuntimeEnv, rows: Row[], input: Input, lang: Lang): Migration[] {
  const types = [...new Set(rows.map((r) => r.type as ProcessType))]
  if (types.length > 1)
    throw new AppError(
      400,
      'bulkMixedTypes',
      { types: types.map((t) => typeLabel(t, lang)).join(lang === 'en' ? ', ' : '、') },
      { fieldErrors: { action: 'bulkMixedTypes' } },
    )
  const [type] = types
  const toVersion = input.toVersion ?? 0
  const target = env.catalog.definitionOf(type, toVersion)
  if (!target) {
    const versions = env.catalog.versionsOf(type).join(', ')
    throw new AppError(400, 'invalidInput', { versions }, { fieldErrors: { toVersion: 'unknownVersion' } })
  }
  const states = input.states ?? {}
  for (const [from, to] of Object.entries(states)) {
    if (!stateExists(target, to)) {
      const params = { type: typeLabel(type, lang), version: toVersion, state: to }
      throw new AppError(400, 'bulkUnknownState', params, {
        fieldErrors: { [`states.${from}`]: 'bulkUnknownState' },
      })
    }
  }
  if (Object.keys(states).length === 0) return [...MIGRATIONS]
  const fromVersions = [...new Set(rows.map((r) => r.definitionVersion))]
  const laid = fromVersions.map((from) => {
    const declared = MIGRATIONS.find((m) => m.type === type && m.from === from && m.to === toVersion)
    return {
      type,
      from,
      to: toVersion,
      states: { ...declared?.states, ...states },
      note: declared?.note ?? 'bulk migration with the administrator’s state mapping',
    }
  })
  return [
    ...laid,
    ...MIGRATIONS.filter((m) => !laid.some((l) => l.type === m.type && l.from === m.from && l.to === m.to)),
  ]
}

/** The assignee of a reassignment: an enabled user (400 at the field otherwise), named in the request's language. */
async function assigneeOf(db: Db, id: string, lang: Lang) {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  if (!row?.enabled) throw invalid({ toUserId: 'invalidValue' })
  return { id: row.id, name: nameIn(row, lang) }
}

/** Give the process's open tasks the assignee may do to them (claimed for them), as a take-over of a claim. */
async function reassign(tx: DbOrTx, row: Row, plan: Plan): Promise<void> {
  const { user, assignee } = plan
  if (!assignee) return
  if (!holds(user, 'authManage:edit') && !holds(user, approvePrivilege(row.type as ProcessType)))
    throw new AppError(4031, 'bulkReassignRefused')
  const open = await tx
    .select()
    .from(processTasks)
    .where(and(eq(processTasks.processId, row.id), isNull(processTasks.closedAt)))
    .for('update')
  if (open.length === 0) throw new AppError(400, 'bulkNoOpenTask')
  const theirs: string[] = []
  for (const task of open)
    if ((await candidateUsers(tx, { ...task, claimedBy: null })).includes(assignee.id)) theirs.push(task.id)
  if (theirs.length === 0) throw new AppError(400, 'bulkNotCandidate', { user: assignee.name })
  await tx
    .update(processTasks)
    .set({ claimedBy: assignee.id, claimedAt: new Date() })
    .where(inArray(processTasks.id, theirs))
  await noticeTasksChanged(tx)
}

/** Run `work` in a transaction and roll it back (a dry run), rethrowing any refusal it met. */
async function rolledBack(db: Db, work: (tx: Db) => Promise<unknown>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await work(tx as unknown as Db)
      throw new DryRun()
    })
  } catch (error) {
    if (!(error instanceof DryRun)) throw error
  }
}

/** One process: the action decided (dry run) or done, in its own transaction. */
async function actOn(row: Row, plan: Plan, dryRun: boolean): Promise<void> {
  const { env, user, input, lang } = plan
  if (input.action === 'terminate') {
    const request = { type: 'TERMINATE', expectedVersion: row.version, comment: input.comment }
    if (dryRun) await previewEvent(env, user, row.id, request, lang)
    else await applyEvent(env, user, row.id, request, lang)
    return
  }
  if (input.action === 'migrate') {
    const migrate = (db: Db) =>
      migrateProcess(
        { ...env, db },
        actorOf(user),
        row.id,
        { toVersion: input.toVersion ?? 0, expectedVersion: row.version },
        plan.migrations,
      )
    if (dryRun) await rolledBack(env.db, migrate)
    else await migrate(env.db)
    return
  }
  if (dryRun) await rolledBack(env.db, (tx) => reassign(tx, row, plan))
  else await env.db.transaction((tx) => reassign(tx, row, plan))
}

/** A refusal in the request's language: the message, and the field's own words when it names one. */
export function reasonOf(error: unknown, lang: Lang): string {
  if (!(error instanceof AppError)) return errorText(error)
  const message = formatMessage(error.messageKey, lang, error.params)
  const fieldErrors = (error.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors
  const first = fieldErrors ? Object.values(fieldErrors)[0] : undefined
  if (!first || error.messageKey !== 'invalidInput') return message
  return first in MESSAGES ? formatMessage(first as MessageKey, lang, error.params) : first
}

/** The request as the key binds it (the key itself and the dry-run flag left out). */
function requestHash(userId: string, input: Input): string {
  const { idempotencyKey: _key, dryRun: _dry, ...rest } = input
  return createHash('sha256')
    .update(canonicalJson(['bulk', userId, rest]))
    .digest('hex')
}

async function storedResult(db: Db, userId: string, key: string, hash: string) {
  const [stored] = await db
    .select({ hash: processIdempotencyKeys.requestHash, response: processIdempotencyKeys.response })
    .from(processIdempotencyKeys)
    .where(and(eq(processIdempotencyKeys.userId, userId), eq(processIdempotencyKeys.key, key)))
  if (!stored) return undefined
  if (stored.hash !== hash) throw keyMismatch()
  return (stored.response ?? undefined) as ProcessBulkResult | undefined
}

/** POST /api/process/bulk */
export async function runBulk(
  env: RuntimeEnv,
  user: User,
  input: Input,
  lang: Lang,
  scope: ArtworkScope | null,
): Promise<ProcessBulkResult> {
  const db = env.db
  const hash = requestHash(user.id, input)
  if (!input.dryRun && input.idempotencyKey) {
    const first = await storedResult(db, user.id, input.idempotencyKey, hash)
    if (first) return first
  }
  if (input.action === 'migrate' && !holds(user, MIGRATE_PRIVILEGE)) throw forbidden()
  const rows = await selectRows(db, input, scope)
  const plan: Plan = {
    env,
    user,
    input,
    lang,
    migrations: input.action === 'migrate' ? migrationsFor(env, rows, input, lang) : MIGRATIONS,
    assignee:
      input.action === 'reassign' && input.toUserId ? await assigneeOf(db, input.toUserId, lang) : undefined,
  }
  if (!input.dryRun && input.idempotencyKey) {
    const claimed = await db
      .insert(processIdempotencyKeys)
      .values({ userId: user.id, key: input.idempotencyKey, requestHash: hash, eventType: 'BULK' })
      .onConflictDoNothing()
      .returning({ key: processIdempotencyKeys.key })
    if (claimed.length === 0) {
      const first = await storedResult(db, user.id, input.idempotencyKey, hash)
      if (first) return first
    }
  }
  const items: BulkItem[] = []
  for (const row of rows) {
    let reason: string | null = null
    try {
      await actOn(row, plan, input.dryRun)
    } catch (error) {
      reason = reasonOf(error, lang)
    }
    const outcome = input.dryRun ? (reason ? 'refused' : 'allowed') : reason ? 'failed' : 'done'
    items.push({
      id: row.id,
      type: row.type as ProcessType,
      definitionVersion: row.definitionVersion,
      state: row.state,
      outcome,
      reason,
    })
  }
  const succeeded = items.filter((i) => i.reason === null).length
  const result: ProcessBulkResult = {
    action: input.action,
    dryRun: input.dryRun,
    items,
    succeeded,
    refused: items.length - succeeded,
  }
  if (!input.dryRun && input.idempotencyKey)
    await db
      .update(processIdempotencyKeys)
      .set({ response: result })
      .where(
        and(eq(processIdempotencyKeys.userId, user.id), eq(processIdempotencyKeys.key, input.idempotencyKey)),
      )
  return result
}
