// The chains' linker (docs/audit.md § How rows are written): rows are written unlinked — no position, and as
// their hash the digest of their own canonical text — and linked here, shortly after they commit, in batches,
// by one linker at a time across every server (the chain's head row, taken FOR UPDATE SKIP LOCKED: a server
// that finds it taken leaves the work to the one holding it). A writer therefore never waits on the head.
//
// The order of a chain is the order in which the linker finds rows committed: each pass takes the unlinked
// rows it can see (committed ones only), oldest first by the row's time, then its key, and gives them the
// next positions. A row whose transaction commits after a pass — even one with an earlier time — is linked
// by a later pass, after the rows already linked: positions never leave a gap and are never reordered, and
// no writer's order has to be guessed. The text linked is the writer's (notify.ts keeps it until then) when
// it gives the row's stored digest, else the row read back, linked only if it still gives its digest: a row
// changed while it waits is then either linked by its original text (verification finds it changed) or left
// unlinked (reported once it has waited longer than PENDING_LIMIT_MS). A row with no digest at all (inserted
// around the app) is never linked here. The link is computed here, by the rule verification checks
// (chain.ts `linkHash`), and the head moves in the same transaction as the rows' positions.
import { eq, sql } from 'drizzle-orm'
import { CHAIN_NAMES } from '../../shared/audit'
import type { Db, DbOrTx, Tx } from '../db/client'
import { auditChains } from '../db/schema'
import { rowsOf } from '../modules/process/process-store'
import { CHAIN_COLUMNS, CHAIN_ORDER, type ChainName, canonicalRow, rowKeyOf } from './canonical'
import { linkHash, pendingDigest } from './chain'
import { forgetOldTexts, listen, takeWritten } from './notify'

/** How long a written row may wait to be linked before verification reports it. */
export const PENDING_LIMIT_MS = 60_000

/** Rows linked per transaction. */
export const LINK_BATCH = 2_000

export { CHAIN_ORDER }

/**
 * Which unlinked rows a pass takes: those written by the app (with their digest), or — only for a chain
 * that has no row yet (backfill.ts) — also the rows older than the chains, which have none.
 */
export type LinkScope = 'written' | 'olderToo'

function readable(chain: ChainName) {
  return CHAIN_COLUMNS[chain]
    .map((c) =>
      c.kind === 'time'
        ? `to_char(t."${c.name}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "${c.name}"`
        : `t."${c.name}"`,
    )
    .join(', ')
}

/** The keys of one batch of waiting rows, in the order they are linked, with their digests. */
function waitingSql(chain: ChainName, scope: LinkScope) {
  const { time, key } = CHAIN_ORDER[chain]
  const which = scope === 'written' ? 'chain_no is null and hash is not null' : 'chain_no is null'
  const keys = key.map((k) => `"${k}"`).join(', ')
  return sql.raw(
    `select hash as pending_digest, ${keys} from ${chain} where ${which} order by "${time}", ${keys} limit ${LINK_BATCH}`,
  )
}

const keyTypes = (chain: ChainName) =>
  CHAIN_ORDER[chain].key.map((k) => `"${k}" ${k === 'seq' || k === 'version' ? 'int' : 'uuid'}`).join(', ')
const keyMatch = (chain: ChainName) => CHAIN_ORDER[chain].key.map((k) => `t."${k}" = v."${k}"`).join(' and ')
const keyValues = (chain: ChainName, row: Record<string, unknown>) =>
  Object.fromEntries(CHAIN_ORDER[chain].key.map((k) => [k, row[k]]))

/** Rows read back whole (their writer's text is not at hand), by their keys. */
async function readBack(tx: Tx, chain: ChainName, rows: Record<string, unknown>[]) {
  const read = rowsOf<Record<string, unknown>>(
    await tx.execute(
      sql`${sql.raw(`select ${readable(chain)} from ${chain} t join json_to_recordset(`)}${JSON.stringify(
        rows.map((row) => keyValues(chain, row)),
      )}${sql.raw(`::json) as v(${keyTypes(chain)}) on ${keyMatch(chain)}`)}`,
    ),
  )
  return new Map(read.map((row) => [rowKeyOf(chain, row, 'name'), canonicalRow(chain, row, 'name')]))
}

/**
 * Each waiting row's canonical text: its writer's, when this process wrote it and the text still gives the
 * row's digest; otherwise read back from the row, and kept only if it gives the digest (a row changed since
 * it was written stays out; verification names it). Rows older than the chains have no digest to check.
 */
async function textsOf(tx: Tx, chain: ChainName, found: Record<string, unknown>[]) {
  const texts = found.map((row) => {
    const text = takeWritten(chain, rowKeyOf(chain, row, 'name'))
    return text !== undefined && pendingDigest(text) === row.pending_digest ? text : undefined
  })
  const missing = found.filter((_, i) => texts[i] === undefined)
  const readTexts = missing.length > 0 ? await readBack(tx, chain, missing) : new Map<string, string>()
  return found.flatMap((row, i) => {
    const text = texts[i] ?? readTexts.get(rowKeyOf(chain, row, 'name'))
    if (text === undefined) return []
    if (texts[i] === undefined && row.pending_digest !== null && row.pending_digest !== pendingDigest(text))
      return []
    return [{ row, canonical: text }]
  })
}

/** Link one batch of a chain's unlinked rows (the caller holds the chain's head row): how many found, linked. */
export async function linkBatch(
  tx: Tx,
  chain: ChainName,
  scope: LinkScope,
): Promise<{ found: number; linked: number }> {
  const found = rowsOf<Record<string, unknown>>(await tx.execute(waitingSql(chain, scope)))
  if (found.length === 0) return { found: 0, linked: 0 }
  const rows = await textsOf(tx, chain, found)
  if (rows.length === 0) return { found: found.length, linked: 0 }
  const [state] = await tx
    .select({ lastNo: auditChains.lastNo, head: auditChains.head })
    .from(auditChains)
    .where(eq(auditChains.name, chain))
  let { lastNo, head } = state
  const values = rows.map(({ row, canonical }) => {
    lastNo += 1
    head = linkHash(head, canonical)
    return { ...keyValues(chain, row), chainNo: lastNo, hash: head }
  })
  await tx.execute(
    sql`${sql.raw(`update ${chain} t set chain_no = v."chainNo", hash = v.hash from json_to_recordset(`)}${JSON.stringify(
      values,
    )}${sql.raw(`::json) as v(${keyTypes(chain)}, "chainNo" bigint, hash text) where ${keyMatch(chain)} and t.chain_no is null`)}`,
  )
  await tx.update(auditChains).set({ lastNo, head }).where(eq(auditChains.name, chain))
  return { found: found.length, linked: rows.length }
}

async function anyPending(db: DbOrTx, chain: ChainName): Promise<boolean> {
  const result = await db.execute(
    sql.raw(`select 1 as one from ${chain} where chain_no is null and hash is not null limit 1`),
  )
  return rowsOf(result).length > 0
}

/**
 * Link what is waiting on one chain, batch after batch, each in its transaction; how many rows were linked.
 * `wait`: wait for the chain's head when another linker holds it (a verification, an export), instead of
 * leaving the work to that linker.
 */
export async function linkPending(
  db: DbOrTx,
  chain: ChainName,
  options: { wait?: boolean } = {},
): Promise<number> {
  let linked = 0
  while (await anyPending(db, chain)) {
    const pass = await db.transaction(async (tx) => {
      const head = tx.select({ name: auditChains.name }).from(auditChains).where(eq(auditChains.name, chain))
      const [held] = await (options.wait ? head.for('update') : head.for('update', { skipLocked: true }))
      return held ? linkBatch(tx, chain, 'written') : null
    })
    if (!pass) break
    linked += pass.linked
    if (pass.found < LINK_BATCH || pass.linked === 0) break
  }
  return linked
}

/** Every chain's waiting rows linked, waiting for any other linker (before a verification or an export). */
export async function linkAllPending(db: DbOrTx): Promise<void> {
  for (const chain of CHAIN_NAMES) await linkPending(db, chain, { wait: true })
}

/** Benchmarks only: linkers started in this process leave rows unlinked while paused. */
let paused = false
export function pauseLinking(value: boolean): void {
  paused = value
}

/**
 * A server's linker: a pass over a chain DELAY_MS after a row of it is written (rows written meanwhile join
 * the same pass), and over every chain each TICK_MS (rows committed after their pass, rows of another
 * server whose linker stopped). Passes run one after another; a failed pass is retried by the next.
 */
export class ChainLinker {
  static readonly DELAY_MS = 200
  static readonly TICK_MS = 5_000
  private readonly due = new Set<ChainName>()
  private debounce: NodeJS.Timeout | undefined
  private tick: NodeJS.Timeout | undefined
  private running: Promise<void> = Promise.resolve()
  private stopListening: (() => void) | undefined

  constructor(private readonly db: Db) {}

  start(): void {
    this.stopListening = listen({ note: (chain) => this.note(chain) })
    this.tick = setInterval(() => {
      for (const chain of CHAIN_NAMES) this.due.add(chain)
      this.runDue()
    }, ChainLinker.TICK_MS)
    this.tick.unref()
  }

  private note(chain: ChainName): void {
    this.due.add(chain)
    if (this.debounce) return
    this.debounce = setTimeout(() => {
      this.debounce = undefined
      this.runDue()
    }, ChainLinker.DELAY_MS)
    this.debounce.unref()
  }

  private runDue(): void {
    if (paused) return
    const chains = [...this.due]
    this.due.clear()
    forgetOldTexts()
    this.running = this.running.then(async () => {
      for (const chain of chains) {
        try {
          await linkPending(this.db, chain)
        } catch (error) {
          console.error(
            `hash chain ${chain}: linking failed, retried at the next tick`,
            (error as Error).message,
          )
        }
      }
    })
  }

  /** Stop, after the pass under way. */
  async close(): Promise<void> {
    this.stopListening?.()
    clearTimeout(this.debounce)
    clearInterval(this.tick)
    await this.running
  }
}
