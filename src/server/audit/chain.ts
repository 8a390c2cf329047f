// Writing into the hash chains (docs/audit.md): a chained row is written unlinked — no position yet, and as its
// hash the digest of its own canonical text (canonical.ts) — and the chain's one linker (linker.ts) links it
// shortly after its transaction commits, so that no writer waits on the chain's head. The database function
// `audit_chain_link` (migration 0028) gives rows their positions and `sha256(previous hash ‖ canonical row)`
// under the head row's lock; only the linker calls it. The process event's own statement
// (process_apply_event, migration 0032) stores the digest of the canonical text it is given.
import { createHash, randomUUID } from 'node:crypto'
import { getTableColumns, is, SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { CHAINED_TABLES, type ChainName, canonicalRow } from './canonical'
import { noteWritten } from './notify'

/** The hash before a chain's first row. */
export const GENESIS_HASH = '0'.repeat(64)

export interface Link {
  chainNo: number
  hash: string
}

/** The digest an unlinked row carries until it is linked: sha256 of its canonical text alone, in hexadecimal. */
export function pendingDigest(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex')
}

/** Link rows (their canonical texts, in order) onto a chain; the caller holds the chain's head row. */
export async function linkRows(q: DbOrTx, chain: ChainName, canonicals: readonly string[]): Promise<Link[]> {
  if (canonicals.length === 0) return []
  const result = await q.execute(sql`
    select o_no, o_hash from audit_chain_link(${chain}::text,
      (select coalesce(array_agg(t.value order by t.ord), '{}') from
         json_array_elements_text(${JSON.stringify(canonicals)}::json) with ordinality as t(value, ord)))`)
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    o_no: number | string
    o_hash: string
  }[]
  return rows.map((r) => ({
    chainNo: Number(r.o_no),
    hash: r.o_hash,
  }))
}

/**
 * The values the database would fill by default for the columns a row leaves out (a time now, a random id, a
 * literal default), filled here so that the canonical text the hash covers is exactly what is stored.
 */
function defaultsFor(chain: ChainName, row: object): Record<string, unknown> {
  const given = new Map(Object.entries(row))
  const filled: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(CHAINED_TABLES[chain]))) {
    if (given.get(key) !== undefined || !column.hasDefault || key === 'chainNo' || key === 'hash') continue
    if (column.defaultFn) filled[key] = column.defaultFn()
    else if (!is(column.default, SQL)) filled[key] = column.default
    else if (column.getSQLType().startsWith('timestamp')) filled[key] = new Date()
    else if (column.getSQLType() === 'uuid') filled[key] = randomUUID()
    else throw new Error(`${chain}.${key}: a database default the chain cannot know; give the value`)
  }
  return filled
}

/**
 * Rows about to be inserted, completed and marked for their chain's linker: each carries the digest of its
 * canonical text as its hash and no position. The linker is told; it links them once they are committed.
 */
export function chained<T extends object>(
  chain: ChainName,
  rows: readonly T[],
): (T & { chainNo: null; hash: string })[] {
  const full = rows.map((row) => ({ ...row, ...defaultsFor(chain, row) }))
  noteWritten(chain)
  return full.map((row) => ({ ...row, chainNo: null, hash: pendingDigest(canonicalRow(chain, row)) }))
}
