// The artwork record: identity, whereabouts and the statuses processes change (core), and the archive's
// full record — dimensions, signature, tags, provenance lists, media links, every change kept with a
// snapshot, the edit lock, Excel import jobs.

import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ArtworkSnapshot, Dimensions, MediaRights } from '../../../shared/artwork-rules'
import { MOVEMENT_KINDS } from '../../../shared/constants'
import { ARTWORK_STATUSES } from '../../../shared/contracts/artworks'
import { files } from './files'
import { tags } from './reference'
import { users } from './users'

/** A full-text document: lexemes made by the archive's tokenizer (CJK bigrams, words), never parsed again. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
})

/** Where the artwork stands in the collection's life. */
export const artworkStatus = pgEnum('artwork_status', ARTWORK_STATUSES)
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
    // ---- the archive's full record ----
    /** As written: "1985", "1985–1987", "约1920年". */
    creationTime: text().notNull().default(''),
    materialsZh: text().notNull().default(''),
    materialsEn: text().notNull().default(''),
    /** Core, picture, frame and other sizes: 1–3 decimal strings and a unit each. */
    dimensions: jsonb().$type<Dimensions>().notNull().default({}),
    /** Built from the dimensions (the picture size first): "60 × 80 cm". */
    sizeText: text().notNull().default(''),
    /** Null until someone records whether it is signed. */
    signed: boolean(),
    signaturePosition: text().notNull().default(''),
    signatureContent: text().notNull().default(''),
    /** Tags (reference data): creation medium, period, invest market, income stage. Labels: artwork_labels. */
    mediumTagId: integer().references(() => tags.id),
    periodTagId: integer().references(() => tags.id),
    investMarketTagId: integer().references(() => tags.id),
    incomeStageTagId: integer().references(() => tags.id),
    sourceZh: text().notNull().default(''),
    sourceEn: text().notNull().default(''),
    /** PACKAGING_TYPE dictionary value. */
    packagingType: text(),
    /** Kilograms. */
    volumeWeight: numeric({ precision: 12, scale: 2 }),
    actualWeight: numeric({ precision: 12, scale: 2 }),
    remarkZh: text().notNull().default(''),
    remarkEn: text().notNull().default(''),
    /**
     * Emergency planning: the order in which the work is saved when its room must be cleared, 1 (first) to 5;
     * null until someone decides it. How to lift, carry and protect it, in each language.
     */
    salvagePriority: integer(),
    handlingNotesZh: text().notNull().default(''),
    handlingNotesEn: text().notNull().default(''),
    /** The preview image (also in artwork_media), kept here so a list page needs no join. */
    previewFileId: uuid().references(() => files.id),
    /** Titles, artist names and inventory number as lexemes, for the archive search. */
    searchVector: tsvector(),
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
    index('artworks_updated_idx').on(t.updatedAt, t.id),
    index('artworks_medium_idx').on(t.mediumTagId),
    index('artworks_period_idx').on(t.periodTagId),
    index('artworks_market_idx').on(t.investMarketTagId),
    index('artworks_income_stage_idx').on(t.incomeStageTagId),
    index('artworks_packaging_idx').on(t.packagingType),
    index('artworks_in_warehouse_idx').on(t.inWarehouse),
    index('artworks_transport_idx').on(t.transportStatus),
    index('artworks_valuation_idx').on(t.latestValuationCurrency, t.latestValuation),
    index('artworks_valuation_date_idx').on(t.valuationDate),
    index('artworks_title_zh_idx').on(t.titleZh),
    index('artworks_title_en_idx').on(t.titleEn),
    index('artworks_search_idx').using('gin', t.searchVector),
    index('artworks_room_salvage_idx').on(t.roomId, t.salvagePriority),
    check('artworks_salvage_priority_ck', sql`${t.salvagePriority} between 1 and 5`),
  ],
)

/** Every kind of movement row, listed once in src/shared/constants.ts (`transport_aborted`: a process terminated
 * after its artworks left the warehouse, recorded where its TERMINATE said they are now). */
export const movementKind = pgEnum('movement_kind', MOVEMENT_KINDS)

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
    /**
     * The artwork's status once this movement was made (every change of status is written with a movement
     * row), so its status is known at any date. Filled from the artwork row when a writer leaves it out
     * (trigger of migration 0025).
     */
    status: artworkStatus(),
    /**
     * When the artwork next moved ('infinity' while this is its latest movement): [at, until) is the period
     * this row says where it was. Kept by the database (trigger of migration 0017), never written by code.
     */
    until: timestamp({ withTimezone: true }).notNull().default(sql`'infinity'`),
  },
  (t) => [
    index('artwork_movements_artwork_at_idx').on(t.artworkId, t.at),
    /** What a room held at a date: rows into it whose period contains the date. */
    index('artwork_movements_room_period_idx').on(t.toRoomId, t.until, t.at, t.artworkId),
    /** A room's movements in and out, newest first; the warehouse summary's months. */
    index('artwork_movements_to_room_at_idx').on(t.toRoomId, t.at),
    index('artwork_movements_from_room_at_idx').on(t.fromRoomId, t.at),
    index('artwork_movements_at_idx').on(t.at),
    /** The whole collection at a date: every row whose period holds it, read from the index alone. */
    index('artwork_movements_period_status_idx').on(t.until, t.at, t.artworkId, t.status, t.toRoomId),
    index('artwork_movements_process_idx').on(t.processId),
  ],
)

/** Artwork labels (tags under ARTWORK_LABEL): many per artwork. */
export const artworkLabels = pgTable(
  'artwork_labels',
  {
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id),
  },
  (t) => [primaryKey({ columns: [t.artworkId, t.tagId] }), index('artwork_labels_tag_idx').on(t.tagId)],
)

export const artworkRecordKind = pgEnum('artwork_record_kind', [
  'exhibition',
  'auction',
  'private_collection',
  'literature',
])

/** The dated lists of the record: exhibitions, auctions, private collections (provenance), literature. */
export const artworkRecords = pgTable(
  'artwork_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    kind: artworkRecordKind().notNull(),
    /** Order within the list, as the form gave it. */
    seq: integer().notNull(),
    /** yyyy, yyyy-MM or yyyy-MM-dd. */
    date: text().notNull(),
    /** Exhibition title, sale title, collector, or publication title. */
    titleZh: text().notNull().default(''),
    titleEn: text().notNull().default(''),
    /** Venue, auction house, place, or publisher. */
    placeZh: text().notNull().default(''),
    placeEn: text().notNull().default(''),
    lot: text().notNull().default(''),
    price: numeric({ precision: 18, scale: 2 }),
    currency: text().notNull().default(''),
    /** LITERATU_RECORD_TYPERE value (literature only). */
    literatureType: text().notNull().default(''),
    note: text().notNull().default(''),
  },
  (t) => [index('artwork_records_artwork_idx').on(t.artworkId, t.kind, t.seq)],
)

export const artworkMediaKind = pgEnum('artwork_media_kind', ['image', 'video', 'zip', 'other'])

/** Files linked to an artwork: images (ART_PIC_TYPE, one preview), videos, the zip of sources, others. */
export const artworkMedia = pgTable(
  'artwork_media',
  {
    id: uuid().primaryKey().defaultRandom(),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    kind: artworkMediaKind().notNull(),
    seq: integer().notNull(),
    picType: text().notNull().default(''),
    isPreview: boolean().notNull().default(false),
    caption: text().notNull().default(''),
    /** Who holds the rights in the file, under which licence, the credit line and what may not be done with it. */
    rights: jsonb()
      .$type<MediaRights>()
      .notNull()
      .default({ holder: '', licence: '', credit: '', restrictions: '' }),
  },
  (t) => [
    index('artwork_media_artwork_idx').on(t.artworkId, t.seq),
    index('artwork_media_file_idx').on(t.fileId),
  ],
)

export const artworkChangeAction = pgEnum('artwork_change_action', [
  'create',
  'update',
  'restore',
  'import',
  'valuation',
])

/**
 * Every change to an artwork's record: who, when, which fields with old and new values, and the whole
 * record after it (so any version can be shown and restored). `version` is the artwork's row version
 * after the change. Append-only.
 */
export const artworkHistory = pgTable(
  'artwork_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    action: artworkChangeAction().notNull(),
    byUserId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** [{ field, old, new }] */
    changes: jsonb().$type<{ field: string; old: unknown; new: unknown }[]>().notNull(),
    snapshot: jsonb().$type<ArtworkSnapshot>().notNull(),
    /** For a restore: the version brought back. */
    restoredFrom: integer(),
    /** Its position in the record history's hash chain, and its hash (schema/audit.ts). */
    chainNo: bigint({ mode: 'number' }),
    hash: text(),
  },
  (t) => [
    uniqueIndex('artwork_history_version_uq').on(t.artworkId, t.version),
    uniqueIndex('artwork_history_chain_uq').on(t.chainNo),
    index('artwork_history_by_at_idx').on(t.byUserId, t.at),
  ],
)

/** Who is editing an artwork, until when (docs/architecture.md § Errors and behaviours: others are told the record is locked). */
export const artworkEditLocks = pgTable('artwork_edit_locks', {
  artworkId: uuid()
    .primaryKey()
    .references(() => artworks.id, { onDelete: 'cascade' }),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  acquiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
})

export const artworkImportStatus = pgEnum('artwork_import_status', [
  'checking',
  'checked',
  'importing',
  'done',
  'failed',
])

/** An Excel import: checked first (every bad row listed), then imported in one transaction. */
export const artworkImportJobs = pgTable(
  'artwork_import_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    fileId: uuid().references(() => files.id),
    fileName: text().notNull().default(''),
    status: artworkImportStatus().notNull().default('checking'),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    validRows: integer().notNull().default(0),
    /** [{ sheet, row, column, reason }], reasons as message keys with parameters. */
    errors: jsonb().$type<unknown[]>().notNull().default([]),
    /** The checked rows waiting for the import; emptied once imported. */
    plan: jsonb().$type<unknown>(),
    toCreate: integer().notNull().default(0),
    toUpdate: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    /** Why the job failed (a message key). */
    failure: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('artwork_import_jobs_by_idx').on(t.createdBy, t.createdAt)],
)
