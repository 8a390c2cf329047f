// The artwork record's core: identity, whereabouts and the statuses processes change. The archive issue
// extends it with the full record (dimensions, signature, provenance lists, media, history).
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** Where the artwork stands in the collection's life. */
export const artworkStatus = pgEnum('artwork_status', ['purchased', 'in_collection', 'on_loan', 'sold'])
export const transportStatus = pgEnum('transport_status', ['none', 'to_be_transported', 'transporting'])
export const insuranceStatus = pgEnum('insurance_status', ['to_be_insured', 'covered'])

export const artists = pgTable(
  'artists',
  {
    id: uuid().primaryKey().defaultRandom(),
    nameZh: text().notNull(),
    nameEn: text().notNull().default(''),
    nationality: text(),
    birthYear: integer(),
    deathYear: integer(),
    artistStageTagId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('artists_name_zh_idx').on(t.nameZh), index('artists_name_en_idx').on(t.nameEn)],
)

export const artworks = pgTable(
  'artworks',
  {
    id: uuid().primaryKey().defaultRandom(),
    inventoryNo: text().notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull().default(''),
    artistId: uuid().references(() => artists.id),
    status: artworkStatus().notNull().default('in_collection'),
    inWarehouse: boolean().notNull().default(false),
    /** The room it is in when in the warehouse (rooms are reference data). */
    roomId: uuid(),
    /** Where it is when not in a room: a seller, a shipper, a museum, a studio. */
    locationText: text().notNull().default(''),
    transportStatus: transportStatus().notNull().default('none'),
    insuranceStatus: insuranceStatus().notNull().default('to_be_insured'),
    insuredUntil: date(),
    /** The live process that holds the artwork (a transport, a loan, a repair...), if any. */
    activeProcessId: uuid(),
    latestValuation: numeric({ precision: 18, scale: 2 }),
    latestValuationCurrency: text(),
    valuationDate: date(),
    buyYear: integer(),
    /** Optimistic lock for edits. */
    rowVersion: integer().notNull().default(1),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('artworks_inventory_no_uq').on(t.inventoryNo),
    index('artworks_artist_idx').on(t.artistId),
    index('artworks_status_idx').on(t.status),
    index('artworks_room_idx').on(t.roomId),
    index('artworks_insurance_idx').on(t.insuranceStatus),
    index('artworks_buy_year_idx').on(t.buyYear),
    index('artworks_created_idx').on(t.createdAt),
  ],
)

export const movementKind = pgEnum('movement_kind', [
  'created',
  'warehousing',
  'transport_start',
  'transport_arrive',
  'loan_out',
  'loan_return',
  'sold',
  'stocktake_found',
  'stocktake_missing',
  'manual',
])

/** Every change of an artwork's whereabouts, so its location is known at any date. */
export const artworkMovements = pgTable(
  'artwork_movements',
  {
    id: uuid().primaryKey().defaultRandom(),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    kind: movementKind().notNull(),
    fromRoomId: uuid(),
    toRoomId: uuid(),
    fromLocation: text().notNull().default(''),
    toLocation: text().notNull().default(''),
    processId: uuid(),
    byUserId: uuid(),
    note: text().notNull().default(''),
  },
  (t) => [
    index('artwork_movements_artwork_at_idx').on(t.artworkId, t.at),
    index('artwork_movements_process_idx').on(t.processId),
  ],
)
