// The process view of DESIGN.md, built for one user: the row's state and status, the machine's own
// description of its steps, the events this user may send now, the history with names, and the subject
// artworks with their titles. Views of a page are built with one query per table, not one per process;
// the event path (runtime.ts) reads its parts in the event's own statement and assembles with viewOf.
import { asc, eq, inArray } from 'drizzle-orm'
import type { AnyMachineSnapshot } from 'xstate'
import type { Actor, ProcessDefinition } from '../../../../machines/types'
import { describe, nextEvents } from '../../../../machines/view'
import type { ProcessHistoryItem, ProcessView } from '../../../shared/contracts/process'
import type { DbOrTx } from '../../db/client'
import { artworks, processArtworks, type processes, processHistory, users } from '../../db/schema'
import type { ProcessCatalog } from './catalog'
import { type PersistedSnapshot, rehydrate } from './snapshot'

export type ProcessRow = typeof processes.$inferSelect

/** What a view holds beside the process row: read from the history, artwork and user tables. */
export interface ViewParts {
  history: ProcessHistoryItem[]
  artworks: ProcessView['artworks']
  createdByName: string
}

/**
 * One view from a row, the snapshot it holds (already rebuilt, or just computed by a transition) and its
 * parts. `steps` may be passed when the caller has already described the snapshot.
 */
export function viewOf(
  definition: ProcessDefinition,
  row: ProcessRow,
  snapshot: AnyMachineSnapshot,
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
    context: (row.snapshot as PersistedSnapshot).context,
    history: parts.history,
    artworks: parts.artworks,
    createdBy: row.createdBy,
    createdByName: parts.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
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
      .select({
        processId: processHistory.processId,
        seq: processHistory.seq,
        type: processHistory.eventType,
        fromState: processHistory.fromState,
        toState: processHistory.toState,
        by: processHistory.byUserId,
        byName: users.displayName,
        at: processHistory.at,
        comment: processHistory.comment,
        payload: processHistory.payload,
      })
      .from(processHistory)
      .innerJoin(users, eq(users.id, processHistory.byUserId))
      .where(inArray(processHistory.processId, ids))
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
  const creatorIds = [...new Set(rows.map((r) => r.createdBy))]
  const creators = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(inArray(users.id, creatorIds))
  const creatorName = new Map(creators.map((c) => [c.id, c.name]))

  return rows.map((row) => {
    const definition = catalog.definitionOf(row.type, row.definitionVersion)
    if (!definition) throw new Error(`no definition ${row.type} v${row.definitionVersion} in the registry`)
    const snapshot = rehydrate(definition.machine, row.snapshot as PersistedSnapshot)
    return viewOf(definition, row, snapshot, actor, {
      history: history
        .filter((h) => h.processId === row.id)
        .map((h) => ({
          seq: h.seq,
          type: h.type,
          fromState: h.fromState,
          toState: h.toState,
          by: h.by,
          byName: h.byName,
          at: h.at.toISOString(),
          comment: h.comment,
          payload: h.payload ?? undefined,
        })),
      artworks: subjects.filter((a) => a.processId === row.id).map(({ processId: _p, ...a }) => a),
      createdByName: creatorName.get(row.createdBy) ?? '',
    })
  })
}
