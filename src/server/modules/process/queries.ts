// Reading processes: the filtered, paged list (every filter of the process list screen has an index),
// the per-state counts analysts see on the diagrams (and the counts per machine version), and the approver's
// inbox (waiting for my decision, or my submission came back rejected), decided by the machines' own
// nextEvents.
import { and, count, desc, eq, gte, inArray, lt, ne, or, type SQL } from 'drizzle-orm'
import type { Actor } from '../../../../machines/types'
import type { ProcessListQuery, ProcessStatsView } from '../../../shared/contracts/process'
import type { ProcessType } from '../../../shared/process-types'
import type { Db } from '../../db/client'
import { processArtworks, processes } from '../../db/schema'
import { officeDayEnd, officeDayStart } from '../../office-day'
import type { ArtworkScope } from '../auth/scope'
import type { ProcessCatalog } from './catalog'
import { buildViews } from './views'

type ListFilters = Omit<ProcessListQuery, 'page' | 'pageSize'> & { page: number; pageSize: number }

/** The list's filters as one condition (also the bulk actions' "all matching the filter", bulk.ts). */
export function processFilter(
  db: Db,
  q: Omit<ListFilters, 'page' | 'pageSize'>,
  scope?: ArtworkScope | null,
): SQL | undefined {
  const where: SQL[] = []
  if (scope) where.push(scope.processVisible(processes.id))
  if (q.type) where.push(eq(processes.type, q.type))
  if (q.status) where.push(eq(processes.status, q.status))
  if (q.step) where.push(eq(processes.currentStep, q.step))
  if (q.state) where.push(eq(processes.state, q.state))
  if (q.createdBy) where.push(eq(processes.createdBy, q.createdBy))
  if (q.from) where.push(gte(processes.createdAt, officeDayStart(q.from)))
  if (q.to) where.push(lt(processes.createdAt, officeDayEnd(q.to)))
  if (q.live === '1') where.push(eq(processes.done, false))
  if (q.live === '0') where.push(eq(processes.done, true))
  if (q.phase === 'active') where.push(eq(processes.done, false), ne(processes.status, 'terminated'))
  if (q.phase === 'ended') where.push(or(eq(processes.done, true), eq(processes.status, 'terminated')) as SQL)
  if (q.artworkId) {
    where.push(
      inArray(
        processes.id,
        db
          .select({ id: processArtworks.processId })
          .from(processArtworks)
          .where(eq(processArtworks.artworkId, q.artworkId)),
      ),
    )
  }
  return where.length > 0 ? and(...where) : undefined
}

export async function listProcesses(
  db: Db,
  catalog: ProcessCatalog,
  q: ListFilters,
  actor: Actor,
  scope?: ArtworkScope | null,
) {
  const filter = processFilter(db, q, scope)
  const [{ n }] = await db.select({ n: count() }).from(processes).where(filter)
  const rows = await db
    .select()
    .from(processes)
    .where(filter)
    .orderBy(desc(processes.updatedAt), desc(processes.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
  return {
    list: await buildViews(db, catalog, rows, actor),
    total: Number(n),
    page: q.page,
    pageSize: q.pageSize,
  }
}

/** Live and all processes per version: every registered version (zero included), then any other in use. */
function countsByVersion(
  registered: number[],
  rows: { definitionVersion: number; done: boolean; n: number | string }[],
): ProcessStatsView['byVersion'] {
  const out = new Map(registered.map((v) => [v, { definitionVersion: v, live: 0, total: 0 }]))
  for (const r of rows) {
    const entry = out.get(r.definitionVersion) ?? {
      definitionVersion: r.definitionVersion,
      live: 0,
      total: 0,
    }
    entry.total += Number(r.n)
    if (!r.done) entry.live += Number(r.n)
    out.set(r.definitionVersion, entry)
  }
  return [...out.values()].sort((a, b) => a.definitionVersion - b.definitionVersion)
}

type StatsRows = {
  states: { state: string; definitionVersion: number; n: number | string }[]
  statuses: { status: ProcessStatsView['statuses'][number]['status']; n: number | string }[]
  versions: { definitionVersion: number; done: boolean; n: number | string }[]
}

/** Live: neither finished nor terminated (a terminated process is not done: it may be restarted). */
const live = and(eq(processes.done, false), ne(processes.status, 'terminated'))

/** The counts of one type from its grouped rows. */
function statsOf(catalog: ProcessCatalog, type: ProcessType, rows: StatsRows): ProcessStatsView {
  const states = rows.states.map((s) => ({
    state: s.state,
    definitionVersion: s.definitionVersion,
    count: Number(s.n),
  }))
  return {
    type,
    version: catalog.latest(type).version,
    total: states.reduce((sum, s) => sum + s.count, 0),
    states,
    statuses: rows.statuses.map((s) => ({ status: s.status, count: Number(s.n) })),
    byVersion: countsByVersion(catalog.versionsOf(type), rows.versions),
  }
}

/** Three grouped reads over the processes of one type, or of every type (`type` undefined). */
async function statsRows(db: Db, type: ProcessType | undefined) {
  const ofType = type ? eq(processes.type, type) : undefined
  return Promise.all([
    db
      .select({
        type: processes.type,
        state: processes.state,
        definitionVersion: processes.definitionVersion,
        n: count(),
      })
      .from(processes)
      .where(and(ofType, live))
      .groupBy(processes.type, processes.state, processes.definitionVersion)
      .orderBy(processes.state),
    db
      .select({ type: processes.type, status: processes.status, n: count() })
      .from(processes)
      .where(ofType)
      .groupBy(processes.type, processes.status)
      .orderBy(processes.status),
    db
      .select({
        type: processes.type,
        definitionVersion: processes.definitionVersion,
        done: processes.done,
        n: count(),
      })
      .from(processes)
      .where(ofType)
      .groupBy(processes.type, processes.definitionVersion, processes.done),
  ])
}

export async function processStats(
  db: Db,
  catalog: ProcessCatalog,
  type: ProcessType,
): Promise<ProcessStatsView> {
  const [states, statuses, versions] = await statsRows(db, type)
  return statsOf(catalog, type, { states, statuses, versions })
}

/**
 * The counts of every type in one answer (the data centre lists every type with its live count): three
 * reads in all instead of three per type, each type's request queued behind the others on one connection.
 */
export async function allProcessStats(db: Db, catalog: ProcessCatalog): Promise<ProcessStatsView[]> {
  const [states, statuses, versions] = await statsRows(db, undefined)
  return catalog.types().map((type) =>
    statsOf(catalog, type, {
      states: states.filter((r) => r.type === type),
      statuses: statuses.filter((r) => r.type === type),
      versions: versions.filter((r) => r.type === type),
    }),
  )
}
