// The family office's legal entities (a tree: a trust under a holding company), who owns each artwork in
// which share over which period, and the pledges of artworks to lenders. A period is [validFrom, validTo):
// validTo null while it runs; the shares of the periods running on a day add up to 100 (or none runs).
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { artworks } from './artworks'
import { countries } from './reference'
import { users } from './users'

export const legalEntities = pgTable(
  'legal_entities',
  {
    id: uuid().primaryKey().defaultRandom(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    /** person, company, trust, foundation, fund (LEGAL_ENTITY_KINDS). */
    kind: text().notNull(),
    /** ISO 3166-1 alpha-2. */
    jurisdiction: text()
      .notNull()
      .references(() => countries.code),
    parentId: uuid().references((): AnyPgColumn => legalEntities.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('legal_entities_parent_idx').on(t.parentId),
    check('legal_entities_not_own_parent_ck', sql`${t.parentId} is distinct from ${t.id}`),
  ],
)

export const artworkOwnerships = pgTable(
  'artwork_ownerships',
  {
    id: uuid().primaryKey().defaultRandom(),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    entityId: uuid()
      .notNull()
      .references(() => legalEntities.id),
    sharePercent: numeric({ precision: 5, scale: 2 }).notNull(),
    validFrom: date().notNull(),
    /** The first day it no longer holds (null: it still runs). */
    validTo: date(),
    note: text().notNull().default(''),
    /** The process that wrote it (a purchase, a sale's end), when one did. */
    processId: uuid(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('artwork_ownerships_artwork_idx').on(t.artworkId, t.validFrom),
    index('artwork_ownerships_entity_idx').on(t.entityId, t.validTo),
    check('artwork_ownerships_share_ck', sql`${t.sharePercent} > 0 and ${t.sharePercent} <= 100`),
    check('artwork_ownerships_period_ck', sql`${t.validTo} is null or ${t.validTo} > ${t.validFrom}`),
  ],
)

export const artworkPledges = pgTable(
  'artwork_pledges',
  {
    id: uuid().primaryKey().defaultRandom(),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    lender: text().notNull(),
    validFrom: date().notNull(),
    /** The last day of the pledge (null: until released). */
    validTo: date(),
    note: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('artwork_pledges_artwork_idx').on(t.artworkId, t.validFrom),
    check('artwork_pledges_period_ck', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
)

/**
 * The legal entities a user is limited to (their scope): such a user sees only the artworks owned on the
 * office's today, in any share, by one of these entities or one under it. No row: the whole collection.
 * An entity in someone's scope cannot be deleted (the reference restricts), so a scope never silently widens.
 */
export const userEntityScope = pgTable(
  'user_entity_scope',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityId: uuid()
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'restrict' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entityId] }),
    index('user_entity_scope_entity_idx').on(t.entityId),
  ],
)
