// The process view (src/shared/contracts/process.ts), built for one user: the row's state and status, the machine's own
// description of its steps, the events this user may send now, the history with names, and the subject
// artworks with their titles. Views of a page are built with one query per table, not one per process;
// the event path (runtime.ts) reads its parts in the event's own statement and assembles with viewOf. A view
// carries the latest HISTORY_IN_VIEW history rows; historyPage pages through all of them.
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type {
  Actor,
  ProcessContext,
  ProcessDefinition,
  ProcessSnapshot,
  StepRecord,
} from '../../../../machines/types'
import { describe, nextEvents } from '../../../../machines/view'
import {
  HISTORY_IN_VIEW,
  type ProcessHistoryItem,
  type ProcessView,
  STEP_ENTRIES_IN_VIEW,
} from '../../../shared/contracts/process'
import { payloadFiles } from '../../../shared/process-steps/files'
import type { DbOrTx } from '../../db/client'
import { artworks, processArtworks, processes, processHistory, users } from '../../db/schema'
import type { ProcessCatalog } from './catalog'
import { type PersistedSnapshot, rehydrate } from './snapshot'

export type ProcessRow = typeof processes.$inferSelect

/** What a view holds beside the process row: read from the history, artwork and user tables. */
export interface ViewParts {
  /** The latest history rows (at least the last HISTORY_IN_VIEW), in seq order. */
  history: ProcessHistoryItem[]
  artworks: ProcessView['artworks']
  createdByName: string
  /** Names of everyone the whole history names, and of the creator. */
  people: Record<string, string>
}

/**
 * One view from a row, the snapshot it holds (already rebuilt, or just computed by a transition) and its
 * parts. `steps` may be passed when the caller has already described the snapshot.
 */
export function viewOf(
  definition: ProcessDefinition,
  row: ProcessRow,
  snapshot: ProcessSnapshot,
  actor: Actor | null,
  parts: ViewParts,
  steps: ProcessView['steps'] = describe(definition, snapshot).steps,
): ProcessView {
  return {
    id: row.id,
    type: row.type,
    definitionVersion: row.definitionVersion,
    machineId: row.machineId,
    version: row.version,
    state: row.state,
    stateValue: row.stateValue,
    status: row.status,
    done: row.done,
    currentStep: row.currentStep,
    steps,
    nextEvents: actor && !row.done ? nextEvents(definition, snapshot, actor) : [],
    ...boundedContext(row.snapshot.context),
    history: parts.history.slice(-HISTORY_IN_VIEW),
    historyTotal: row.version,
    people: parts.people,
    artworks: parts.artworks,
    createdBy: row.createdBy,
    createdByName: parts.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

const stepsOf = (context: ProcessContext) => context.steps ?? {}

const latest = <T>(list: T[] | undefined): T[] | undefined => list?.slice(-STEP_ENTRIES_IN_VIEW)

/**
 * The context a view carries: each step's own lists (events, payment failures, approvals) cut to their latest
 * STEP_ENTRIES_IN_VIEW entries, with the totals of the steps that were cut. Everything else in a context is
 * bounded by the schemas (start input, step data and drafts), so a view's step data is bounded whatever
 * happened to the process (a payment retried a hundred times).
 */
export function boundedContext(
  context: PersistedSnapshot['context'],
): Pick<ProcessView, 'context' | 'stepTotals'> {
  const stepTotals: ProcessView['stepTotals'] = {}
  const steps: Record<string, StepRecord> = {}
  for (const [key, record] of Object.entries(stepsOf(context))) {
    const totals = {
      events: record.events?.length ?? 0,
      paymentFailures: record.paymentFailures?.length ?? 0,
      approvals: record.approvals?.length ?? 0,
    }
    if (Math.max(totals.events, totals.paymentFailures, totals.approvals) <= STEP_ENTRIES_IN_VIEW) {
      steps[key] = record
      continue
    }
    stepTotals[key] = totals
    steps[key] = {
      ...record,
      approvals: latest(record.approvals) ?? [],
      ...(record.events ? { events: latest(record.events) } : {}),
      ...(record.paymentFailures ? { paymentFailures: latest(record.paymentFailures) } : {}),
    }
  }
  return { context: { ...context, steps }, stepTotals }
}

/**
 * One step's whole record, from the process row's snapshot: undefined for an unknown process, null for a step
 * its definition does not have; a step not reached yet has an empty record.
 */
export async function stepRecord(db: DbOrTx, catalog: ProcessCatalog, id: string, step: string) {
  const [row] = await db
    .select({ type: processes.type, version: processes.definitionVersion, snapshot: processes.snapshot })
    .from(processes)
    .where(eq(processes.id, id))
  if (!row) return undefined
  const definition = catalog.definitionOf(row.type, row.version)
  if (!definition?.steps.some((s) => s.key === step)) return null
  const steps = stepsOf(row.snapshot.context)
  return { step, approvals: [], ...(Object.hasOwn(steps, step) ? steps[step] : {}) }
}

/** A history row as views and pages show it (joined with its author in `users`). */
export const historyColumns = {
  seq: processHistory.seq,
  type: processHistory.eventType,
  fromState: processHistory.fromState,
  toState: processHistory.toState,
  by: processHistory.byUserId,
  byName: users.displayName,
  at: processHistory.at,
  comment: processHistory.comment,
  payload: processHistory.payload,
  definitionVersion: processHistory.definitionVersion,
  allowedBy: processHistory.allowedBy,
  onBehalfOf: processHistory.onBehalfOf,
}

/** A history row for the views: the scheduler's own rows (a task escalated) have no author (`by` ''). */
export function historyItem({
  at,
  payload,
  by,
  byName,
  ...h
}: { at: Date; payload: unknown; by: string | null; byName: string | null } & Omit<
  ProcessHistoryItem,
  'at' | 'files' | 'by' | 'byName'
>): ProcessHistoryItem {
  return { ...h, by: by ?? '', byName: byName ?? '', at: at.toISOString(), files: payloadFiles(payload) }
}

export async function buildViews(
  db: DbOrTx,
  catalog: ProcessCatalog,
  rows: ProcessRow[],
  actor: Actor | null,
): Promise<ProcessView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [history, subjects] = await Promise.all([
    db
      .select({ processId: processHistory.processId, ...historyColumns })
      .from(processHistory)
      .leftJoin(users, eq(users.id, processHistory.byUserId))
      .innerJoin(processes, eq(processes.id, processHistory.processId))
      .where(
        and(
          inArray(processHistory.processId, ids),
          gt(processHistory.seq, sql`${processes.version} - ${HISTORY_IN_VIEW}`),
        ),
      )
      .orderBy(asc(processHistory.processId), asc(processHistory.seq)),
    db
      .select({
        processId: processArtworks.processId,
        id: artworks.id,
        inventoryNo: artworks.inventoryNo,
        titleZh: artworks.titleZh,
        titleEn: artworks.titleEn,
      })
      .from(processArtworks)
      .innerJoin(artworks, eq(artworks.id, processArtworks.artworkId))
      .where(inArray(processArtworks.processId, ids))
      .orderBy(asc(artworks.inventoryNo)),
  ])
  // Everyone each process's whole history names, and its creator.
  const [authors, creators] = await Promise.all([
    db
      .selectDistinct({ processId: processHistory.processId, id: users.id, name: users.displayName })
      .from(processHistory)
      .innerJoin(users, or(eq(users.id, processHistory.byUserId), eq(users.id, processHistory.onBehalfOf)))
      .where(inArray(processHistory.processId, ids)),
    db
      .select({ processId: processes.id, id: users.id, name: users.displayName })
      .from(processes)
      .innerJoin(users, eq(users.id, processes.createdBy))
      .where(inArray(processes.id, ids)),
  ])
  const people = new Map<string, Record<string, string>>()
  for (const p of [...creators, ...authors]) {
    const names = people.get(p.processId) ?? {}
    names[p.id] = p.name
    people.set(p.processId, names)
  }

  return rows.map((row) => {
    const definition = catalog.definitionOf(row.type, row.definitionVersion)
    if (!definition) throw new Error(`no definition ${row.type} v${row.definitionVersion} in the registry`)
    const snapshot = rehydrate(definition.machine, row.snapshot)
    return viewOf(definition, row, snapshot, actor, {
      history: history.filter((h) => h.processId === row.id).map(({ processId: _p, ...h }) => historyItem(h)),
      artworks: subjects.filter((a) => a.processId === row.id).map(({ processId: _p, ...a }) => a),
      createdByName: people.get(row.id)?.[row.createdBy] ?? '',
      people: people.get(row.id) ?? {},
    })
  })
}

/** GET /api/process/:id/history: every history row, newest first, a page at a time. */
export async function historyPage(db: DbOrTx, id: string, page: number, pageSize: number) {
  const [process] = await db
    .select({ version: processes.version })
    .from(processes)
    .where(eq(processes.id, id))
  if (!process) return undefined
  const rows = await db
    .select(historyColumns)
    .from(processHistory)
    .leftJoin(users, eq(users.id, processHistory.byUserId))
    .where(eq(processHistory.processId, id))
    .orderBy(desc(processHistory.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return { list: rows.map(historyItem), total: process.version, page, pageSize }
}
