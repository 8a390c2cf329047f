// Tamper evidence: the head of each hash chain (the process history, the artwork record history, the system
// log). Each chained row stores its position in its chain (`chain_no`) and `hash = sha256(previous hash ‖
// canonical JSON of the row)` (docs/audit.md); this row holds the last position and hash written, the point
// up to which the oldest rows were purged (the system log's retention), and the last verification's outcome.
import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const auditChains = pgTable('audit_chains', {
  /** process_history | artwork_history | system_logs: the chained table. */
  name: text().primaryKey(),
  /** The position of the last row written (0: none yet). */
  lastNo: bigint({ mode: 'number' }).notNull().default(0),
  /** The hash of the last row written (64 zeros before the first). */
  head: text().notNull(),
  /** The position of the last row purged by the app (0: none), and its hash: where verification starts. */
  prunedNo: bigint({ mode: 'number' }).notNull().default(0),
  prunedHead: text().notNull(),
  verifiedAt: timestamp({ withTimezone: true }),
  verifiedOk: boolean(),
})
