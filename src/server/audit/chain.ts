// Writing into the hash chains (docs/audit.md): every chained row is linked in the transaction that inserts
// it. The app makes each row's canonical text (canonical.ts); the database function `audit_chain_link`
// (migration 0028) locks the chain's head row until the transaction ends — so writers on every server append
// one at a time — and gives each row its position and `sha256(previous hash ‖ canonical row)`. The process
// event's own statement (process_apply_event) calls that function itself with the canonical text it is given.
import { randomUUID } from 'node:crypto'
import { getTableColumns, is, SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { CHAINED_TABLES, type ChainName, canonicalRow } from './canonical'

/** The hash before a chain's first row. */
export const GENESIS_HASH = '0'.repeat(64)

export interface Link {
  chainNo: number
  hash: string
}

/** Link rows (their canonical texts, in order) onto a chain; call inside the transaction that inserts them. */
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

/** Rows about to be inserted, completed and linked onto their chain (in the caller's transaction). */
export async function chained<T extends object>(
  q: DbOrTx,
  chain: ChainName,
  rows: readonly T[],
): Promise<(T & Link)[]> {
  const full = rows.map((row) => ({ ...row, ...defaultsFor(chain, row) }))
  const links = await linkRows(
    q,
    chain,
    full.map((row) => canonicalRow(chain, row)),
  )
  return full.map((row, i) => ({ ...row, ...links[i] }))
}
