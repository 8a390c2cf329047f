// Idempotency keys bound to their request (docs/architecture.md § Workflow runtime): a key is stored with a SHA-256
// hash of the request it came with; a repeat of the same request gets the first result, another request
// under the same key is refused with 409 idempotencyKeyMismatch. The key is claimed inside the request's
// transaction before anything is written, so a concurrent repeat waits on the claim and then answers with
// the stored result (runtime.ts re-reads it when its own attempt finds the key taken).
import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { ProcessEventInput, ProcessView } from '../../../shared/contracts/process'
import type { DbOrTx, Tx } from '../../db/client'
import { processIdempotencyKeys } from '../../db/schema'
import { AppError } from '../../http/app-error'
import { serialisedAs } from '../../http/envelope'

export interface KeyClaim {
  userId: string
  key: string
  /** SHA-256 (hex) of the request the key came with. */
  hash: string
}

/** JSON with every object's keys sorted, so that the same value always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

const sha256 = (parts: unknown[]) => createHash('sha256').update(canonicalJson(parts)).digest('hex')

/** The claim of an event request: user, process, event type, expected version, payload, comment. */
export function eventClaim(
  userId: string,
  processId: string,
  request: ProcessEventInput,
): KeyClaim | undefined {
  if (!request.idempotencyKey) return undefined
  const { type, expectedVersion, payload, comment } = request
  return {
    userId,
    key: request.idempotencyKey,
    hash: sha256(['event', userId, processId, type, expectedVersion, payload ?? null, comment?.trim() ?? '']),
  }
}

/** The claim of a start request (POST /api/process): user, type, input, and the first step's draft. */
export function startClaim(
  userId: string,
  type: string,
  input: unknown,
  key?: string,
  draft?: unknown,
): KeyClaim | undefined {
  if (!key) return undefined
  // A start without a draft hashes as it always did (keys stored before drafts keep their meaning).
  const parts = ['start', userId, type, input ?? null, ...(draft === undefined ? [] : [draft])]
  return { userId, key, hash: sha256(parts) }
}

export const keyMismatch = () =>
  new AppError(409, 'idempotencyKeyMismatch', undefined, { field: 'idempotencyKey' })

/**
 * The first result stored under this claim's key, or undefined when the key is unused; 409
 * idempotencyKeyMismatch when the key came with another request.
 */
export async function firstResult(db: DbOrTx, claim: KeyClaim): Promise<ProcessView | undefined> {
  const [stored] = await db
    .select({ hash: processIdempotencyKeys.requestHash, response: processIdempotencyKeys.response })
    .from(processIdempotencyKeys)
    .where(and(eq(processIdempotencyKeys.userId, claim.userId), eq(processIdempotencyKeys.key, claim.key)))
  if (!stored) return undefined
  if (stored.hash !== claim.hash) throw keyMismatch()
  return (stored.response ?? undefined) as ProcessView | undefined
}

/**
 * Claim the key in the caller's transaction (an event's claim is made by its statement instead, see
 * process-store.ts). False when it is taken: a concurrent claim of the same key waits for its transaction.
 */
export async function claimKey(tx: Tx, claim: KeyClaim, eventType: string): Promise<boolean> {
  const rows = await tx
    .insert(processIdempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, requestHash: claim.hash, eventType })
    .onConflictDoNothing()
    .returning({ key: processIdempotencyKeys.key })
  return rows.length === 1
}

/** Store the result under the claimed key, in the same transaction as the writes it reports. */
export async function storeResult(
  tx: Tx,
  claim: KeyClaim,
  processId: string,
  view: ProcessView,
): Promise<void> {
  // Serialised once: the same text is stored and, through ok(), sent as the response.
  const json = JSON.stringify(view)
  serialisedAs(view, json)
  await tx
    .update(processIdempotencyKeys)
    .set({ response: sql`${json}::jsonb`, processId })
    .where(and(eq(processIdempotencyKeys.userId, claim.userId), eq(processIdempotencyKeys.key, claim.key)))
}

/**
 * Run `attempt`; when it fails and the request carries a key, a concurrent repeat may have won the
 * claim (or moved the row on): its stored result is the answer. A mismatch is refused as such.
 */
export async function orFirstResult(
  db: DbOrTx,
  claim: KeyClaim | undefined,
  attempt: () => Promise<ProcessView>,
): Promise<ProcessView> {
  try {
    return await attempt()
  } catch (error) {
    if (claim) {
      const first = await firstResult(db, claim)
      if (first) return first
    }
    throw error
  }
}
