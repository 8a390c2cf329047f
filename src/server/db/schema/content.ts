// Release notes and dynamic content: what administrators publish for the office to read.
import {
  boolean,
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { files } from './files'
import { users } from './users'

export const releaseStatus = pgEnum('release_status', ['draft', 'published'])

/** One release of the app: its number (never going backwards), date and notes in both languages. */
export const releases = pgTable(
  'releases',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull(),
    releasedOn: date().notNull(),
    notesZh: text().notNull().default(''),
    notesEn: text().notNull().default(''),
    status: releaseStatus().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('releases_number_uq').on(t.number),
    index('releases_published_idx').on(t.status, t.publishedAt),
  ],
)

/** Which published release a user has been shown (the "what's new" notice appears once per release). */
export const releaseViews = pgTable(
  'release_views',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releaseId: uuid()
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.releaseId] })],
)

export const contentKind = pgEnum('content_kind', ['exhibition', 'message'])
export const contentStatus = pgEnum('content_status', ['draft', 'published', 'withdrawn'])

/**
 * Exhibition news and office messages. Bodies are sanitised HTML from the rich-text editor (never raw user
 * HTML); `audienceRoleIds` empty means everyone.
 */
export const contents = pgTable(
  'contents',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: contentKind().notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    summaryZh: text().notNull().default(''),
    summaryEn: text().notNull().default(''),
    bodyZh: text().notNull().default(''),
    bodyEn: text().notNull().default(''),
    coverFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    /** Exhibition news: where and when (free text and dates). */
    venue: text().notNull().default(''),
    startsOn: date(),
    endsOn: date(),
    audienceRoleIds: jsonb().$type<string[]>().notNull().default([]),
    pinned: boolean().notNull().default(false),
    status: contentStatus().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contents_status_published_idx').on(t.status, t.publishedAt),
    index('contents_kind_idx').on(t.kind, t.updatedAt),
  ],
)
