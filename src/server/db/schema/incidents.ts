// Incidents: background work that failed (an email not delivered, a reminder not written, a task timer, a
// scheduled job). One open row per failing thing (`kind`, `subject`): a repeated failure counts an attempt on
// it; an administrator retries the work (success resolves it) or resolves it with a note
// (modules/incidents/).
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { artworks } from './artworks'
import { processes } from './processes'
import { users } from './users'

export const incidents = pgTable(
  'incidents',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What kind of work failed (INCIDENT_KINDS of contracts/incidents.ts). */
    kind: text().notNull(),
    /** Which one: the outbox row, the reminder, the task and its timer, the job's name. */
    subject: text().notNull(),
    /** What failed, in words, in both languages (the screen never shows `subject`). */
    summaryZh: text().notNull(),
    summaryEn: text().notNull(),
    errorMessage: text().notNull(),
    attempts: integer().notNull().default(1),
    firstFailedAt: timestamp({ withTimezone: true }).notNull(),
    lastFailedAt: timestamp({ withTimezone: true }).notNull(),
    processId: uuid().references(() => processes.id, { onDelete: 'set null' }),
    artworkId: uuid().references(() => artworks.id, { onDelete: 'set null' }),
    /** open | resolved */
    status: text().notNull().default('open'),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text(),
  },
  (t) => [
    uniqueIndex('incidents_open_subject_uq').on(t.kind, t.subject).where(sql`${t.status} = 'open'`),
    index('incidents_status_time_idx').on(t.status, t.lastFailedAt),
  ],
)
