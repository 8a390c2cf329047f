// Writing into the hash chains (docs/audit.md): a chained row is written unlinked — no position yet, and as its
// hash the digest of its own canonical text (canonical.ts) — and the chain's one linker (linker.ts) links it
// shortly after its transaction commits, so that no writer waits on the chain's head: position and
// `sha256(previous hash ‖ canonical row)`, the link verification checks (verify.ts). The process event's own
// statement (process_apply_event, migration 0033) stores the digest of the canonical text it is given, taken
// by PostgreSQL's sha256: the linker's check of it also proves that the two hashings agree.
import { createHash, randomUUID } from 'node:crypto'
import { eq, getTableColumns, is, SQL } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { auditChains } from '../db/schema'
import { CHAINED_TABLES, type ChainName, canonicalRow, rowKeyOf } from './canonical'
import { noteWritten } from './notify'

/** The hash before a chain's first row. */
export const GENESIS_HASH = '0'.repeat(64)

/** The digest an unlinked row carries until it is linked: sha256 of its canonical text alone, in hexadecimal. */
export function pendingDigest(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex')
}

/** One link: sha256 of the previous hash (64 hex digits) followed by the row's canonical text, UTF-8. */
export function linkHash(previous: string, canonical: string): string {
  return createHash('sha256').update(previous).update(canonical).digest('hex')
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
  const canonicals = full.map((row) => canonicalRow(chain, row))
  noteWritten(
    chain,
    full.map((row, i) => ({ key: rowKeyOf(chain, row), canonical: canonicals[i] })),
  )
  return full.map((row, i) => ({ ...row, chainNo: null, hash: pendingDigest(canonicals[i]) }))
}

/**
 * Rows about to be inserted, completed and linked at once, in the caller's transaction: the chain's head row
 * is taken FOR UPDATE until that transaction ends. For a writer that already writes in batches (the system
 * log: one transaction per batch and server, about twice a second), whose rows would otherwise be written
 * twice; the linker waits for the head like any other writer.
 */
export async function chainedNow<T extends object>(
  tx: Tx,
  chain: ChainName,
  rows: readonly T[],
): Promise<(T & { chainNo: number; hash: string })[]> {
  const full = rows.map((row) => ({ ...row, ...defaultsFor(chain, row) }))
  const [state] = await tx
    .select({ lastNo: auditChains.lastNo, head: auditChains.head })
    .from(auditChains)
    .where(eq(auditChains.name, chain))
    .for('update')
  let { lastNo, head } = state
  const linked = full.map((row) => {
    lastNo += 1
    head = linkHash(head, canonicalRow(chain, row))
    return { ...row, chainNo: lastNo, hash: head }
  })
  await tx.update(auditChains).set({ lastNo, head }).where(eq(auditChains.name, chain))
  return linked
}
