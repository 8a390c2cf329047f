// Rows written before the hash chains existed, linked once at boot (before anything new is written): a chain
// that has no row yet takes every row of its table in the order they were written (time, then the row's
// key), in batches, each batch in one transaction. A chain that has begun takes nothing more this way: a
// row without a position found later was written around the app, and verification names it.
import { eq, sql } from 'drizzle-orm'
import { CHAIN_NAMES } from '../../shared/audit'
import type { Db, Tx } from '../db/client'
import { auditChains } from '../db/schema'
import { rowsOf } from '../modules/process/process-store'
import { CHAIN_COLUMNS, type ChainName, canonicalRow } from './canonical'
import { linkRows } from './chain'

const BACKFILL_BATCH = 2_000

/** Each chain's order of writing for rows that predate it, and the columns that name one row. */
const ORDER: Record<ChainName, { time: string; key: string[] }> = {
  process_history: { time: 'at', key: ['process_id', 'seq'] },
  artwork_history: { time: 'at', key: ['artwork_id', 'version'] },
  system_logs: { time: 'access_time', key: ['log_id'] },
}

function unchainedSql(chain: ChainName) {
  const { time, key } = ORDER[chain]
  const columns = CHAIN_COLUMNS[chain]
    .map((c) =>
      c.kind === 'time'
        ? `to_char("${c.name}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "${c.name}"`
        : `"${c.name}"`,
    )
    .join(', ')
  return sql.raw(
    `select ${columns} from ${chain} where chain_no is null order by "${time}", ${key.map((k) => `"${k}"`).join(', ')} limit ${BACKFILL_BATCH}`,
  )
}

/** Link one batch of a chain's unlinked rows (in the caller's transaction); how many. */
async function linkBatch(tx: Tx, chain: ChainName) {
  const rows = rowsOf<Record<string, unknown>>(await tx.execute(unchainedSql(chain)))
  if (rows.length === 0) return 0
  const links = await linkRows(
    tx,
    chain,
    rows.map((row) => canonicalRow(chain, row, 'name')),
  )
  const { key } = ORDER[chain]
  const values = rows.map((row, i) => ({ ...Object.fromEntries(key.map((k) => [k, row[k]])), ...links[i] }))
  const match = key.map((k) => `t."${k}" = v."${k}"`).join(' and ')
  const types = key.map((k) => `"${k}" ${k === 'seq' || k === 'version' ? 'int' : 'uuid'}`).join(', ')
  await tx.execute(
    sql`${sql.raw(`update ${chain} t set chain_no = v."chainNo", hash = v.hash from json_to_recordset(`)}${JSON.stringify(
      values,
    )}${sql.raw(`::json) as v(${types}, "chainNo" bigint, hash text) where ${match}`)}`,
  )
  return rows.length
}

/** Link the rows that predate each chain (none on a database that always had the chains). */
export async function backfillChains(db: Db): Promise<void> {
  for (const chain of CHAIN_NAMES) {
    const [state] = await db.select().from(auditChains).where(eq(auditChains.name, chain))
    if (!state || state.lastNo > 0) continue
    for (;;) {
      const linked = await db.transaction(async (tx) => {
        // Held until the batch commits: a second server booting at once waits, then finds fewer rows.
        await tx.select().from(auditChains).where(eq(auditChains.name, chain)).for('update')
        return linkBatch(tx, chain)
      })
      if (linked < BACKFILL_BATCH) break
    }
  }
}
