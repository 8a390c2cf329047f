// Verifying the hash chains (docs/audit.md): each chain read in order of position, in batches (never a whole
// table in memory), every row's canonical text hashed onto the previous row's stored hash and compared with
// its own; a gap in the positions is a removed row, a chain that stops before its recorded last position
// lost rows at its end, a row with neither position nor digest was written around the app. Rows the app wrote
// that wait for the linker (linker.ts) are counted apart as pending; one that has waited longer than
// PENDING_LIMIT_MS is a break (changed while waiting, or no linker running). The first break of each chain is
// named: its position, and why in the reader's language.
import { eq, sql } from 'drizzle-orm'
import { CHAIN_NAMES } from '../../shared/audit'
import type { AuditVerification, ChainReport } from '../../shared/contracts/audit'
import { formatMessage, type Lang } from '../../shared/errors'
import type { DbOrTx } from '../db/client'
import { auditChains } from '../db/schema'
import { rowsOf } from '../modules/process/process-store'
import { CHAIN_COLUMNS, CHAIN_ORDER, type ChainName, canonicalRow } from './canonical'
import { linkHash } from './chain'
import { PENDING_LIMIT_MS } from './linker'

/** Rows read per statement. */
export const VERIFY_BATCH = 2_000

export { linkHash }

/** The verifier's read: the chain's rows after a position, timestamps already in their canonical text. */
function batchSql(chain: ChainName, after: number) {
  const columns = CHAIN_COLUMNS[chain]
    .map((c) =>
      c.kind === 'time'
        ? `to_char("${c.name}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "${c.name}"`
        : `"${c.name}"`,
    )
    .join(', ')
  return sql`${sql.raw(`select chain_no, hash, ${columns} from ${chain} where chain_no > `)}${after}${sql.raw(
    ` order by chain_no limit ${VERIFY_BATCH}`,
  )}`
}

type Broken = NonNullable<ChainReport['firstBroken']>

/** A chain's first break before it is worded: which position, and why as a code with its numbers. */
export interface Break {
  code: Broken['code']
  row: number
  params: Record<string, number>
}

/** A chain as walked: its rows, its recorded head and its first break (unworded). */
export interface ChainWalk {
  name: ChainName
  rows: number
  head: string
  broken: Break | null
  pending: ChainReport['pending']
}

const REASONS = {
  changed: 'auditRowChanged',
  missing: 'auditRowMissing',
  removedAtEnd: 'auditRowsRemovedAtEnd',
  unchained: 'auditRowsUnchained',
  unlinked: 'auditRowsUnlinked',
} as const

/** Why a chain broke, in one language. */
export function reasonOf(b: Break, lang: Lang): string {
  return formatMessage(REASONS[b.code], lang, { row: b.row, ...b.params })
}

export function reportOf(walk: ChainWalk, lang: Lang): ChainReport {
  const { broken, ...rest } = walk
  return {
    ...rest,
    firstBroken: broken && { row: broken.row, code: broken.code, reason: reasonOf(broken, lang) },
  }
}

/** Walk one chain from where the purge left it; its row count, recorded head and first break. */
export async function walkChain(db: DbOrTx, chain: ChainName, at = new Date()): Promise<ChainWalk> {
  const [state] = await db.select().from(auditChains).where(eq(auditChains.name, chain))
  let previous = state.prunedHead
  let expected = state.prunedNo + 1
  let rows = 0
  let broken: Break | null = null
  const read = (after: number) =>
    db.execute(batchSql(chain, after)).then((r) => rowsOf<Record<string, unknown>>(r))
  // The next batch is asked for as soon as a full one arrives (its last position is known then), so that
  // the database reads it while this one is hashed.
  for (let pending: Promise<Record<string, unknown>[]> | null = read(state.prunedNo); pending; ) {
    const batch: Record<string, unknown>[] = await pending
    pending = batch.length === VERIFY_BATCH ? read(Number(batch[batch.length - 1].chain_no)) : null
    for (const row of batch) {
      const no = Number(row.chain_no)
      const hash = String(row.hash)
      rows++
      if (!broken) {
        if (no !== expected) broken = { code: 'missing', row: expected, params: {} }
        else if (linkHash(previous, canonicalRow(chain, row, 'name')) !== hash)
          broken = { code: 'changed', row: no, params: {} }
      }
      previous = hash
      expected = no + 1
    }
  }
  if (!broken && expected - 1 < state.lastNo)
    broken = { code: 'removedAtEnd', row: expected, params: { last: state.lastNo } }
  const waiting = await unlinkedRows(db, chain, at)
  if (!broken && waiting.outside > 0)
    broken = { code: 'unchained', row: state.lastNo + 1, params: { count: waiting.outside } }
  if (!broken && waiting.stale > 0)
    broken = {
      code: 'unlinked',
      row: state.lastNo + 1,
      params: { count: waiting.stale, seconds: PENDING_LIMIT_MS / 1000 },
    }
  return { name: chain, rows, head: state.head, broken, pending: waiting.pending }
}

/**
 * The rows without a position: those with no digest (written around the app), and those the app wrote that
 * wait for the linker — how many, how long the oldest has waited, and how many have waited too long.
 */
async function unlinkedRows(db: DbOrTx, chain: ChainName, at: Date) {
  const time = CHAIN_ORDER[chain].time
  const limit = new Date(at.getTime() - PENDING_LIMIT_MS).toISOString()
  const [row] = rowsOf<{ outside: number; waiting: number; oldest: string | Date | null; stale: number }>(
    await db.execute(
      sql`${sql.raw(`select count(*) filter (where hash is null)::int as outside,
        count(*) filter (where hash is not null)::int as waiting,
        min("${time}") filter (where hash is not null) as oldest,
        count(*) filter (where hash is not null and "${time}" < `)}${limit}${sql.raw(`::timestamptz)::int as stale
      from ${chain} where chain_no is null`)}`,
    ),
  )
  const oldest = row.oldest === null ? null : new Date(row.oldest)
  return {
    outside: Number(row.outside),
    stale: Number(row.stale),
    pending: {
      rows: Number(row.waiting),
      oldestSeconds: oldest && Math.max(0, Math.floor((at.getTime() - oldest.getTime()) / 1000)),
    },
  }
}

/** Every chain walked, and the outcome recorded beside each chain's head (the system-log screen shows it). */
export async function walkChains(db: DbOrTx, at = new Date()): Promise<ChainWalk[]> {
  const walks: ChainWalk[] = []
  for (const chain of CHAIN_NAMES) {
    const walk = await walkChain(db, chain, at)
    walks.push(walk)
    await db
      .update(auditChains)
      .set({ verifiedAt: at, verifiedOk: walk.broken === null })
      .where(eq(auditChains.name, chain))
  }
  return walks
}

/** Every chain verified, worded in one language (GET /api/audit/verify). */
export async function verifyChains(db: DbOrTx, lang: Lang, at = new Date()): Promise<AuditVerification> {
  const chains = (await walkChains(db, at)).map((w) => reportOf(w, lang))
  return { ok: chains.every((c) => c.firstBroken === null), chains }
}
