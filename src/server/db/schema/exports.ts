// Full exports made from the web: one row per job, with its progress and, when done, the archive's place in
// the storage (downloaded through a signed link). These rows do not travel in an export themselves.
import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

export const exportStatus = pgEnum('export_status', ['running', 'done', 'failed'])

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    status: exportStatus().notNull().default('running'),
    /** Rows and files written so far, of `total` (known once the snapshot is taken). */
    done: bigint({ mode: 'number' }).notNull().default(0),
    total: bigint({ mode: 'number' }).notNull().default(0),
    /** The archive in the storage (set when done). */
    storageKey: text(),
    bytes: bigint({ mode: 'number' }),
    /** Why it failed (a message key). */
    failure: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('export_jobs_created_idx').on(t.createdAt)],
)
