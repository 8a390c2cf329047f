// A process as it was after one event of its history (GET /api/process/:id/at/:seq): the runtime keeps
// no snapshot per event, so the snapshot of that moment is rebuilt from the history rows — the start input
// of seq 1 (CREATE) and, one by one, each later event with its payload, comment, author and time, through
// the same pure transition the runtime ran, on the machine version each row records. A MIGRATE row moves
// the state as the migration did (context kept); an ESCALATE row (the scheduler's) changes no state. What
// the start took from the server's settings (second-approval limits, approval rules) is kept in the
// process's context from its start and read from there. The past view is the process view of that
// snapshot, read-only (no events offered), with the history up to that event.

import { and, asc, eq, lte } from 'drizzle-orm'
import { initialTransition } from 'xstate'
import type { Actor, ProcessDefinition, ProcessInput, ProcessSnapshot } from '../../../../machines/types'
import { describe } from '../../../../machines/view'
import { HISTORY_IN_VIEW, type ProcessReplay, type ProcessView } from '../../../shared/contracts/process'
import { processHistory, users } from '../../db/schema'
import { invalid } from '../../http/app-error'
import { ESCALATE_EVENT } from '../tasks/timers'
import type { ProcessCatalog } from './catalog'
import { loadProcess } from './process-store'
import { pureTransition } from './pure-transition'
import type { RuntimeEnv } from './run-effects'
import { persist } from './snapshot'
import { MIGRATE_EVENT, valueOfPath } from './versions'
import { historyColumns, historyItem, type ProcessRow, viewOf } from './views'

interface HistoryRow {
  seq: number
  type: string
  toState: string
  by: string | null
  onBehalfOf: string | null
  at: Date
  comment: string
  payload: unknown
  definitionVersion: number
}

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined

/**
 * Who sent an event, as far as the history tells: the author (and whom a delegate acted for), with the role
 * keys their approvals recorded. The privileges that let them act then are not recorded and need not be:
 * the event was accepted, so it is replayed as allowed.
 */
function actorOf(h: HistoryRow, rolesOf: Map<string, string[]>): Actor {
  const id = h.by ?? ''
  return {
    id,
    privileges: [],
    allPrivileges: true,
    roles: rolesOf.get(id) ?? [],
    ...(h.onBehalfOf ? { onBehalfOf: h.onBehalfOf } : {}),
  }
}

/** The role keys each approver's approvals recorded in the process's context. */
function approverRoles(row: ProcessRow): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const record of Object.values(row.snapshot.context.steps ?? {}))
    for (const a of record.approvals ?? []) if (a.roles?.length) out.set(a.by, a.roles)
  return out
}

/** The snapshot after the last of `rows` (seq 1 first), and the definition it stands on. Pure. */
export function replaySnapshot(
  catalog: ProcessCatalog,
  row: ProcessRow,
  rows: HistoryRow[],
): { definition: ProcessDefinition; snapshot: ProcessSnapshot } {
  const definitionAt = (version: number) => {
    const d = catalog.definitionOf(row.type, version)
    if (!d) throw new Error(`no definition ${row.type} v${version} in the registry`)
    return d
  }
  const context = row.snapshot.context
  let definition = definitionAt(rows[0].definitionVersion)
  const input: ProcessInput = {
    subject: (asRecord(rows[0].payload) ?? {}) as ProcessInput['subject'],
    secondApprovalAbove: context.secondApprovalAbove,
    ...(context.approvalRules ? { approvalRules: context.approvalRules } : {}),
    startedBy: context.startedBy ?? row.createdBy,
  }
  let [snapshot] = initialTransition(definition.machine, input)
  const roles = approverRoles(row)
  for (const h of rows.slice(1)) {
    if (h.type === ESCALATE_EVENT) continue
    if (h.type === MIGRATE_EVENT) {
      definition = definitionAt(h.definitionVersion)
      snapshot = definition.machine.resolveState({ value: valueOfPath(h.toState), context: snapshot.context })
      continue
    }
    if (h.definitionVersion !== definition.version) definition = definitionAt(h.definitionVersion)
    const payload = asRecord(h.payload)
    ;[snapshot] = pureTransition(definition.machine, snapshot, {
      type: h.type,
      actor: actorOf(h, roles),
      at: h.at.toISOString(),
      ...(payload ? { payload } : {}),
      ...(h.comment ? { comment: h.comment } : {}),
    })
  }
  return { definition, snapshot }
}

/**
 * The process as it was after event `seq`, for a user who may view it now (`current`: their view of it,
 * which made every check of the process view). A seq outside the history is a 400 at `seq`.
 */
export async function replayProcess(
  env: RuntimeEnv,
  current: ProcessView,
  seq: number,
): Promise<ProcessReplay> {
  if (seq > current.historyTotal) throw invalid({ seq: 'historySeqBeyond' })
  const row = await loadProcess(env.db, current.id)
  const rows = (await env.db
    .select({ ...historyColumns })
    .from(processHistory)
    .leftJoin(users, eq(users.id, processHistory.byUserId))
    .where(and(eq(processHistory.processId, current.id), lte(processHistory.seq, seq)))
    .orderBy(asc(processHistory.seq))) as (HistoryRow & {
    byName: string | null
    allowedBy: string
    fromState: string | null
  })[]
  const { definition, snapshot } = replaySnapshot(env.catalog, row, rows)
  const last = rows[rows.length - 1]
  const d = describe(definition, snapshot)
  const persisted = persist(definition.machine, snapshot)
  const past: ProcessRow = {
    ...row,
    definitionVersion: definition.version,
    machineId: definition.machine.id,
    stateValue: persisted.value,
    state: d.state,
    snapshot: persisted,
    status: d.status,
    currentStep: d.currentStep,
    done: d.done,
    version: seq,
    updatedAt: last.at,
    finishedAt: d.done ? last.at : null,
  }
  const view = viewOf(
    definition,
    past,
    snapshot,
    null,
    {
      history: rows.slice(-HISTORY_IN_VIEW).map((h) => historyItem(h)),
      artworks: current.artworks,
      createdByName: current.createdByName,
      people: current.people,
    },
    d.steps,
  )
  return {
    ...view,
    replay: {
      seq,
      latestSeq: current.historyTotal,
      at: last.at.toISOString(),
      event: last.type,
      recordedState: last.toState,
    },
  }
}
