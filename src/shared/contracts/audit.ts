// Shapes of the tamper-evidence API (/api/audit): each hash chain's verification (its rows, its head, the
// first row found broken and why) and the heads as last recorded, for the system-log screen.
import { z } from 'zod'
import { CHAIN_NAMES } from '../audit'

export const chainName = z.enum(CHAIN_NAMES)

export const brokenRow = z.object({
  /** The chain position of the first row found broken. */
  row: z.number(),
  /** Why, in the request's language. */
  reason: z.string(),
  /**
   * Why, as a code: a changed row, a missing row, rows missing at the end, rows outside the chain, rows
   * written by the app that have waited too long to be linked (changed while waiting, or no linker running).
   */
  code: z.enum(['changed', 'missing', 'removedAtEnd', 'unchained', 'unlinked']),
})

export const chainReport = z.object({
  name: chainName,
  /** Rows in the chain now (after those the retention purged). */
  rows: z.number(),
  /** The hash of the chain's last row, as recorded when it was written (64 hexadecimal digits). */
  head: z.string(),
  firstBroken: brokenRow.nullable(),
  /**
   * Rows written but not linked yet (the chain's linker links them shortly after they commit), and how long
   * the oldest has waited, in whole seconds (null when none waits).
   */
  pending: z.object({ rows: z.number(), oldestSeconds: z.number().nullable() }),
})
export type ChainReport = z.infer<typeof chainReport>

export const auditVerification = z.object({
  ok: z.boolean(),
  chains: z.array(chainReport),
})
export type AuditVerification = z.infer<typeof auditVerification>

/** A chain's head as last recorded, and its last verification (none yet: nulls). */
export const chainHead = z.object({
  name: chainName,
  /** The position of the last row written. */
  rows: z.number(),
  head: z.string(),
  verifiedAt: z.string().nullable(),
  verifiedOk: z.boolean().nullable(),
})
export type ChainHead = z.infer<typeof chainHead>
export const chainHeads = z.object({ chains: z.array(chainHead) })
