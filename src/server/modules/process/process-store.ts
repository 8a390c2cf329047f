// The SQL of the workflow runtime: loading a process row, writing an event (one call of the SQL function
// `process_apply_event`, migrations 0001, 0005 and 0028, which links the history row into its hash chain) and decoding what that call read beside, the subject
// artworks, and the rows a start inserts. runtime.ts decides; this module only reads and writes.
import { eq, inArray, sql } from 'drizzle-orm'
import type { ProcessView } from '../../../shared/contracts/process'
import { payloadFiles } from '../../../shared/process-steps/files'
import { canonicalRow, rowKeyOf } from '../../audit/canonical'
import { chained } from '../../audit/chain'
import { noteWritten } from '../../audit/notify'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { artworks, processArtworks, processes, processHistory } from '../../db/schema'
import { notFound } from '../../http/app-error'
import type { KeyClaim } from './idempotency'
import type { HistoryRow } from './process-cache'
import { type PersistedSnapshot, persistedJson } from './snapshot'
import type { ProcessRow } from './views'

function prepareLoad(db: Db) {
  return db
    .select()
    .from(processes)
    .where(eq(processes.id, sql.placeholder('id')))
    .prepare('process_runtime_load')
}

/** The load of every event, built once per database (and prepared by the server on PostgreSQL). */
const loadStatements = new WeakMap<Db, ReturnType<typeof prepareLoad>>()

export async function loadProcess(db: Db | Tx, id: string): Promise<ProcessRow> {
  let rows: ProcessRow[]
  if ('rollback' in db) rows = await db.select().from(processes).where(eq(processes.id, id))
  else {
    let load = loadStatements.get(db)
    if (!load) {
      load = prepareLoad(db)
      loadStatements.set(db, load)
    }
    rows = await load.execute({ id })
  }
  if (!rows[0]) throw notFound()
  return rows[0]
}

/** Everything one event writes: the process row's new columns and its history row. */
export interface EventWrite {
  id: string
  expectedVersion: number
  persisted: PersistedSnapshot
  described: { state: string; status: ProcessRow['status']; currentStep: string | null; done: boolean }
  at: Date
  eventType: string
  fromState: string
  byUserId: string
  comment: string
  payloadJson: string | null
  /** The files the payload names (the history lists them). */
  files: string[]
  createdBy: string
  /** The machine version the event is applied on, and what allowed it (history columns). */
  definitionVersion: number
  allowedBy: string
  /** The user a delegate acts for (history `on_behalf_of`). */
  onBehalfOf: string | null
}

export interface WriteArgs {
  event: EventWrite
  /** The latest history rows already held for this process, and everyone its history names up to them. */
  cached: { rows: readonly HistoryRow[]; authors: ReadonlySet<string> }
  /** Read the artworks in the same statement (not when effects run after it and may change them). */
  withArtworks: boolean
  /** The request's idempotency key, claimed by the same statement before it writes. */
  claim?: KeyClaim
}

/** What the event's statement read beside writing: enough, with the cached history, for the view. */
export interface Written {
  /** The process's latest history rows up to and including the new row (names not yet attached). */
  history: HistoryRow[]
  /** Everyone the whole history names, up to and including the new row. */
  authors: Set<string>
  /** Display names of every author in the history, the actor and the creator. */
  names: Record<string, string>
  artworks: ProcessView['artworks']
}

/** Nothing written: the row's version moved on ('stale'), or the idempotency key is already claimed. */
export type NotWritten = 'stale' | 'keyTaken'

export { rowsOf }

/** An array literal for a `::uuid[]` parameter (ids come from the database or the session: only hex). */
export function uuidArray(ids: Iterable<string>): string {
  return `{${[...ids].join(',')}}`
}

/** The subject artworks as the view lists them, one JSON array per artwork. */
function artworksSql(processId: string) {
  return sql`(select json_agg(json_build_array(a.id, a.inventory_no, a.title_zh, a.title_en) order by a.inventory_no)
      from process_artworks pa join artworks a on a.id = pa.artwork_id where pa.process_id = ${processId}::uuid)`
}

function artworksOf(json: unknown): ProcessView['artworks'] {
  return ((json ?? []) as [string, string, string, string][]).map(([id, inventoryNo, titleZh, titleEn]) => ({
    id,
    inventoryNo,
    titleZh,
    titleEn,
  }))
}

/** The history row an event's statement inserts, in the chain's canonical form (the statement stores its digest). */
export function historyCanonical(w: WriteArgs): string {
  const e = w.event
  return canonicalRow('process_history', {
    processId: e.id,
    seq: e.expectedVersion + 1,
    eventType: e.eventType,
    fromState: e.fromState,
    toState: e.described.state,
    byUserId: e.byUserId,
    onBehalfOf: e.onBehalfOf,
    at: e.at,
    comment: e.comment,
    payload: e.payloadJson === null ? null : JSON.parse(e.payloadJson),
    definitionVersion: e.definitionVersion,
    allowedBy: e.allowedBy,
  })
}

/**
 * The statement of one event, with its arguments in the function's order (the benchmark's floor runs it too).
 * The history row goes in unlinked; the chain's linker links it after the statement commits.
 */
export function applyEventSql(w: WriteArgs, canonical = historyCanonical(w)) {
  const e = w.event
  const d = e.described
  const known = w.cached.rows.length > 0 ? w.cached.rows[w.cached.rows.length - 1].seq : 0
  const people = new Set(w.cached.authors)
  people.add(e.byUserId)
  people.add(e.createdBy)
  if (e.onBehalfOf) people.add(e.onBehalfOf)
  return sql`
    select o_updated as updated, o_newer as newer, o_names as names, o_artworks as artworks
      from process_apply_event(${e.id}::uuid, ${e.expectedVersion}::int,
        ${JSON.stringify(e.persisted.value)}::jsonb, ${d.state}::text, ${persistedJson(e.persisted)}::jsonb,
        ${d.status}::process_status, ${d.currentStep}::text, ${d.done}::boolean, ${e.at.toISOString()}::timestamptz,
        ${e.eventType}::text, ${e.fromState}::text, ${e.byUserId}::uuid, ${e.comment}::text, ${e.payloadJson}::jsonb,
        ${known}::int, ${uuidArray(people)}::uuid[], ${w.withArtworks}::boolean,
        ${e.definitionVersion}::int, ${e.allowedBy}::text, ${w.claim?.key ?? null}::text, ${w.claim?.hash ?? null}::text,
        ${e.onBehalfOf}::uuid, ${canonical}::text)`
}

type HistoryTuple = [
  number,
  string,
  string | null,
  string,
  string | null,
  string,
  string,
  unknown,
  number,
  string,
  string | null,
]

/**
 * Apply an event's writes in one statement: claim the idempotency key (when there is one), update the
 * row only if its version still matches, and append the history row with seq = the new version. The same
 * statement reads what the view needs: the history rows after those already cached, the authors' names
 * and the artworks. One statement sees one snapshot: the history it reads stops before the new row, which
 * is added here.
 */
export async function writeEvent(q: DbOrTx, w: WriteArgs): Promise<Written | NotWritten> {
  const e = w.event
  const canonical = historyCanonical(w)
  const result = await q.execute(applyEventSql(w, canonical))
  const [row] = rowsOf<{ updated: number; newer: unknown; names: unknown; artworks: unknown }>(result)
  if (row && Number(row.updated) === -1) return 'keyTaken'
  if (!row || Number(row.updated) !== 1) return 'stale'
  noteWritten('process_history', [
    { key: rowKeyOf('process_history', { processId: e.id, seq: e.expectedVersion + 1 }), canonical },
  ])
  const newer = ((row.newer ?? []) as HistoryTuple[]).map(
    ([
      seq,
      type,
      fromState,
      toState,
      by,
      rowAt,
      comment,
      payload,
      definitionVersion,
      allowedBy,
      onBehalfOf,
    ]): HistoryRow => ({
      seq,
      type,
      fromState,
      toState,
      by: by ?? '',
      at: new Date(rowAt).toISOString(),
      comment,
      files: payloadFiles(payload),
      definitionVersion,
      allowedBy,
      onBehalfOf: onBehalfOf ?? null,
    }),
  )
  const history = [...w.cached.rows, ...newer]
  const authors = new Set(w.cached.authors)
  for (const h of newer) {
    if (h.by) authors.add(h.by)
    if (h.onBehalfOf) authors.add(h.onBehalfOf)
  }
  authors.add(e.byUserId)
  if (e.onBehalfOf) authors.add(e.onBehalfOf)
  history.push({
    seq: e.expectedVersion + 1,
    type: e.eventType,
    fromState: e.fromState,
    toState: e.described.state,
    by: e.byUserId,
    at: e.at.toISOString(),
    comment: e.comment,
    files: e.files,
    definitionVersion: e.definitionVersion,
    allowedBy: e.allowedBy,
    onBehalfOf: e.onBehalfOf,
  })
  return {
    history,
    authors,
    names: (row.names ?? {}) as Record<string, string>,
    artworks: artworksOf(row.artworks),
  }
}

/** The subject artworks as they stand now (after effects, inside the event's transaction). */
export async function readArtworks(q: DbOrTx, processId: string): Promise<ProcessView['artworks']> {
  const [row] = rowsOf<{ artworks: unknown }>(
    await q.execute(sql`select ${artworksSql(processId)} as artworks`),
  )
  return artworksOf(row?.artworks)
}

/** A new process: its row, its subject links and history seq 1, in the caller's transaction. */
export async function insertProcess(
  tx: Tx,
  values: typeof processes.$inferInsert,
  artworkIds: string[],
  first: Omit<typeof processHistory.$inferInsert, 'processId' | 'seq'>,
): Promise<string> {
  const [row] = await tx.insert(processes).values(values).returning({ id: processes.id })
  if (artworkIds.length > 0) {
    await tx.insert(processArtworks).values(artworkIds.map((artworkId) => ({ processId: row.id, artworkId })))
  }
  await tx
    .insert(processHistory)
    .values(chained('process_history', [{ ...first, processId: row.id, seq: 1 }]))
  return row.id
}

/** Link more artworks to a process (an effect's `linkArtworks`). */
export async function linkArtworks(tx: Tx, processId: string, artworkIds: string[]): Promise<void> {
  if (artworkIds.length === 0) return
  await tx
    .insert(processArtworks)
    .values(artworkIds.map((artworkId) => ({ processId, artworkId })))
    .onConflictDoNothing()
}

export async function linkedArtworks(tx: DbOrTx, processId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: processArtworks.artworkId })
    .from(processArtworks)
    .where(eq(processArtworks.processId, processId))
  return rows.map((r) => r.id)
}

/** How many of these (distinct) artwork ids exist. */
export async function countArtworks(db: DbOrTx, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(artworks)
    .where(inArray(artworks.id, ids))
  return Number(n)
}
