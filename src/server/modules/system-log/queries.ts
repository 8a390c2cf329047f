// Reading the system log: one WHERE for the list, the export and the bench, and a count that stops early.
// Each filter has an index with the access time behind it (0000, 0019), so the newest page of any one filter
// is an index walk, and the count stops at COUNT_CAP rows instead of counting millions.

import { and, desc, eq, getTableColumns, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { LogFilters } from '../../../shared/contracts/system-log'
import {
  LOG_RETENTION_DEFAULT,
  LOG_RETENTION_KEY,
  LOG_RETENTION_MAX,
  LOG_RETENTION_MIN,
} from '../../../shared/system-log'
import { linkPending } from '../../audit/linker'
import type { DbOrTx } from '../../db/client'
import { appSettings, auditChains, systemLogs, users } from '../../db/schema'
import { rowsOf } from '../process/process-store'

/** The list counts at most this many rows; past it the answer says there are more. */
export const COUNT_CAP = 10_000

export function logWhere(q: LogFilters): SQL | undefined {
  const conditions: SQL[] = []
  if (q.userId) conditions.push(eq(systemLogs.createByUserId, q.userId))
  // A sign-in name is the user's id (rows carry both; the id has the index): one lookup, then that index.
  if (q.createBy)
    conditions.push(
      eq(
        systemLogs.createByUserId,
        sql`(select ${users.id} from ${users} where lower(${users.username}) = lower(${q.createBy}))`,
      ),
    )
  if (q.moduleName) conditions.push(eq(systemLogs.moduleName, q.moduleName))
  if (q.operationType) conditions.push(eq(systemLogs.operationType, q.operationType))
  if (q.httpMethod) conditions.push(eq(systemLogs.httpMethod, q.httpMethod))
  if (q.success) conditions.push(eq(systemLogs.success, q.success === 'true'))
  if (q.responseCode !== undefined) conditions.push(eq(systemLogs.responseCode, q.responseCode))
  if (q.clientIpAddr) conditions.push(eq(systemLogs.clientIpAddr, q.clientIpAddr))
  if (q.from) conditions.push(gte(systemLogs.accessTime, new Date(q.from)))
  if (q.to) conditions.push(lte(systemLogs.accessTime, new Date(q.to)))
  return conditions.length ? and(...conditions) : undefined
}

/** The count of rows matching `where`, stopping at `cap` + 1 (the bench reads its SQL too). */
export function cappedCountQuery(db: DbOrTx, where: SQL | undefined, cap = COUNT_CAP) {
  const inner = db
    .select({ one: sql`1` })
    .from(systemLogs)
    .where(where)
    .limit(cap + 1)
    .as('matching')
  return db.select({ n: sql<number>`count(*)::int` }).from(inner)
}

/** Rows matching `where`, counted up to `cap` (+1 to know there are more). */
export async function cappedCount(db: DbOrTx, where: SQL | undefined, cap = COUNT_CAP) {
  const [{ n }] = await cappedCountQuery(db, where, cap)
  return { total: Math.min(Number(n), cap), more: Number(n) > cap }
}

/** A log row as it is listed and exported: every column but its place in the hash chain. */
const { chainNo: _chainNo, hash: _hash, ...LOG_VIEW_COLUMNS } = getTableColumns(systemLogs)

/** One page, newest first. */
export function logPageRows(db: DbOrTx, where: SQL | undefined, page: number, pageSize: number) {
  return db
    .select(LOG_VIEW_COLUMNS)
    .from(systemLogs)
    .where(where)
    .orderBy(desc(systemLogs.accessTime))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
}

/** The next batch after (time, id) going back in time: the export reads the log this way, never by offset. */
export function logBatchAfter(
  db: DbOrTx,
  where: SQL | undefined,
  after: { at: Date; id: string } | null,
  size: number,
) {
  const before = after
    ? or(
        lt(systemLogs.accessTime, after.at),
        and(eq(systemLogs.accessTime, after.at), lt(systemLogs.logId, after.id)),
      )
    : undefined
  return db
    .select(LOG_VIEW_COLUMNS)
    .from(systemLogs)
    .where(and(where, before))
    .orderBy(desc(systemLogs.accessTime), desc(systemLogs.logId))
    .limit(size)
}

const retentionSchema = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= LOG_RETENTION_MIN && v <= LOG_RETENTION_MAX ? v : null

/** The retention in force (the default when unset or unusable), who set it and when. */
export async function logSettings(db: DbOrTx) {
  const [row] = await db
    .select({ value: appSettings.value, updatedAt: appSettings.updatedAt, by: users.displayName })
    .from(appSettings)
    .leftJoin(users, eq(users.id, appSettings.updatedBy))
    .where(eq(appSettings.key, LOG_RETENTION_KEY))
  const days = retentionSchema(row?.value)
  if (!row || days === null) return { retentionDays: LOG_RETENTION_DEFAULT, updatedAt: null, updatedBy: null }
  return { retentionDays: days, updatedAt: row.updatedAt.toISOString(), updatedBy: row.by ?? null }
}

export async function saveLogSettings(db: DbOrTx, retentionDays: number, userId: string) {
  const values = { value: retentionDays, updatedAt: new Date(), updatedBy: userId }
  await db
    .insert(appSettings)
    .values({ key: LOG_RETENTION_KEY, ...values })
    .onConflictDoUpdate({ target: appSettings.key, set: values })
}

/** Rows deleted per statement: a purge never holds one long transaction over millions of rows. */
const PURGE_BATCH = 10_000

/**
 * Delete the rows older than the retention before `now`, in batches; how many were deleted. The log is a
 * hash chain (src/server/audit/): what goes is always its beginning, in chain order — every row before the
 * first of the kept rows (the oldest by time, and any written just before them on another server) — and
 * the chain's row records the last position gone and its hash, in the same transaction, so that
 * verification starts there and a row removed any other way is still found.
 */
export async function purgeSystemLogs(db: DbOrTx, now = new Date()): Promise<number> {
  const { retentionDays } = await logSettings(db)
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000)
  // Rows waiting for the linker are linked first, so that the oldest rows kept have their positions.
  await linkPending(db, 'system_logs', { wait: true })
  const bound = await purgeBound(db, cutoff)
  let purged = 0
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      const batch = tx
        .select({ id: systemLogs.logId })
        .from(systemLogs)
        .where(lte(systemLogs.chainNo, bound))
        .orderBy(systemLogs.chainNo)
        .limit(PURGE_BATCH)
      const rows = await tx
        .delete(systemLogs)
        .where(sql`${systemLogs.logId} in (${batch})`)
        .returning({ no: systemLogs.chainNo, hash: systemLogs.hash })
      const last = rows.reduce<(typeof rows)[number] | null>(
        (top, r) => (r.no !== null && (top?.no ?? 0) < r.no ? r : top),
        null,
      )
      if (last?.no && last.hash)
        await tx
          .update(auditChains)
          .set({ prunedNo: last.no, prunedHead: last.hash })
          .where(and(eq(auditChains.name, 'system_logs'), lt(auditChains.prunedNo, last.no)))
      return rows.length
    })
    purged += gone
    if (gone < PURGE_BATCH) break
  }
  // Rows written outside the chain (none by the app) go by their time alone.
  for (;;) {
    const batch = db
      .select({ id: systemLogs.logId })
      .from(systemLogs)
      .where(and(isNull(systemLogs.chainNo), lt(systemLogs.accessTime, cutoff)))
      .limit(PURGE_BATCH)
    const gone = await db
      .delete(systemLogs)
      .where(sql`${systemLogs.logId} in (${batch})`)
      .returning({ id: systemLogs.logId })
    purged += gone.length
    if (gone.length < PURGE_BATCH) return purged
  }
}

/**
 * The last chain position the purge may remove: just before the lowest position among the oldest rows kept
 * (rows reach the chain in batches, so positions and times may differ in order by a batch); every position
 * when no row is kept.
 */
async function purgeBound(db: DbOrTx, cutoff: Date): Promise<number> {
  const result = await db.execute(sql`
    select min(k.chain_no) as no from (
      select ${systemLogs.chainNo} as chain_no from ${systemLogs}
       where ${systemLogs.accessTime} >= ${cutoff} and ${systemLogs.chainNo} is not null order by ${systemLogs.accessTime} limit 1000) k`)
  const [kept] = rowsOf<{ no: string | number | null }>(result)
  if (kept?.no !== null && kept?.no !== undefined) return Number(kept.no) - 1
  const [chain] = await db
    .select({ no: auditChains.lastNo })
    .from(auditChains)
    .where(eq(auditChains.name, 'system_logs'))
  return chain?.no ?? 0
}
