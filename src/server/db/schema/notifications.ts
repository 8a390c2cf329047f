// Notifications by email: which kinds of message each user also wants by email, and the outbox
// the scheduler sends from (retried, never lost, never sent twice across servers).
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { messages } from './messages'
import { users } from './users'

/** One row per user and message kind they chose (absent: the kind's default, see contracts/notifications.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    email: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    messageId: uuid().references(() => messages.id, { onDelete: 'set null' }),
    recipientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    toAddress: text().notNull(),
    subject: text().notNull(),
    bodyText: text().notNull(),
    lang: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** Given up after too many attempts (kept for the administrators to see). */
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
)
