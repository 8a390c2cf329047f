// The in-app inbox behind the message bell: one row per recipient, worded in both languages when it is
// written (processes notify approvers, submitters and creators; reminders arrive here when due).
import { sql } from 'drizzle-orm'
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { MESSAGE_KINDS } from '../../../shared/contracts/process'
import { contents } from './content'
import { processes } from './processes'
import { users } from './users'

export const messageKind = pgEnum('message_kind', MESSAGE_KINDS)

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: messageKind().notNull(),
    processId: uuid().references(() => processes.id, { onDelete: 'set null' }),
    /** A published item's message (kind `content`): the item; its withdrawal deletes the message. */
    contentId: uuid().references(() => contents.id, { onDelete: 'cascade' }),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    bodyZh: text().notNull().default(''),
    bodyEn: text().notNull().default(''),
    /** Who caused the message (the user who sent the event); null for system reminders. */
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_recipient_created_idx').on(t.recipientId, t.createdAt),
    index('messages_recipient_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
    index('messages_process_idx').on(t.processId),
    index('messages_recipient_kind_created_idx').on(t.recipientId, t.kind, t.createdAt),
    index('messages_content_idx').on(t.contentId),
  ],
)
