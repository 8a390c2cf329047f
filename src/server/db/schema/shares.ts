// Share links: a chosen set of artworks shown to someone without an account (a broker, an insurer, an
// heir) until an expiry, through a random token kept here only as its SHA-256 hash; every opening is a
// view row.
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { artworks } from './artworks'
import { users } from './users'

export const shares = pgTable(
  'shares',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the token handed out once; the token itself is never stored. */
    tokenHash: text().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    recipient: text().notNull(),
    note: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    showValues: boolean().notNull().default(false),
    /** scrypt, as user passwords; null when the link has no password. */
    passwordHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: uuid().references(() => users.id),
  },
  (t) => [
    uniqueIndex('shares_token_hash_uq').on(t.tokenHash),
    index('shares_created_idx').on(t.createdAt.desc()),
  ],
)

export const shareArtworks = pgTable(
  'share_artworks',
  {
    shareId: uuid()
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    /** The order the sharer chose. */
    seq: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.artworkId] })],
)

export const shareViews = pgTable(
  'share_views',
  {
    id: uuid().primaryKey().defaultRandom(),
    shareId: uuid()
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    clientIp: text(),
    userAgent: text(),
    /** Whether the opening showed the works (false: a wrong or missing password). */
    granted: boolean().notNull(),
  },
  (t) => [index('share_views_share_idx').on(t.shareId, t.at.desc())],
)
