// Reference data that forms pick from (docs/architecture.md § Records, § Reference-data calls): dictionary items (flat lists and trees), the tag
// hierarchy, countries, the office's departments, the family's paying companies, vendors and rooms.
// Dictionaries, tags and departments use integer ids (users.organization_id and
// artists.artist_stage_tag_id already point at them); countries are keyed by their ISO code; the
// business parties and rooms use uuids like the records that reference them.
import {
  type AnyPgColumn,
  boolean,
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
import { ITEM_DICT_CODES, ROOM_ICONS, VENDOR_KINDS } from '../../../shared/contracts/reference'

const stamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** The dictionaries kept as items; COUNTRY is served from `countries`. */
export const dictCode = pgEnum('dict_code', ITEM_DICT_CODES)

export const dictItems = pgTable(
  'dict_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    dictCode: dictCode().notNull(),
    /** What records store (e.g. CURRENCY 'CNY'); unique within its dictionary, never edited. */
    value: text().notNull(),
    labelZh: text().notNull(),
    labelEn: text().notNull(),
    sort: integer().notNull().default(0),
    /** Trees only: the item above, in the same dictionary. */
    parentId: integer().references((): AnyPgColumn => dictItems.id, { onDelete: 'restrict' }),
    enabled: boolean().notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('dict_items_code_value_uq').on(t.dictCode, t.value),
    index('dict_items_code_sort_idx').on(t.dictCode, t.sort),
    index('dict_items_parent_idx').on(t.parentId),
  ],
)

/** The tag hierarchy: parent tags (creation medium, period, ...) and their children. */
export const tags = pgTable(
  'tags',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stable key, required for parent tags (clients may name a parent by it). */
    code: text(),
    parentId: integer().references((): AnyPgColumn => tags.id, { onDelete: 'restrict' }),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('tags_code_uq').on(t.code),
    index('tags_parent_sort_idx').on(t.parentId, t.sort),
    index('tags_enabled_idx').on(t.enabled),
  ],
)

/** ISO 3166-1 countries, keyed by alpha-2 code. */
export const countries = pgTable(
  'countries',
  {
    code: text().primaryKey(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    ...stamps(),
  },
  (t) => [index('countries_enabled_sort_idx').on(t.enabled, t.sort)],
)

/** The office's departments. */
export const organizations = pgTable(
  'organizations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('organizations_code_uq').on(t.code),
    index('organizations_enabled_sort_idx').on(t.enabled, t.sort),
  ],
)

/** The family's companies that pay (payer company of a payment). */
export const enterprises = pgTable(
  'enterprises',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    countryCode: text()
      .notNull()
      .references(() => countries.code),
    /** ISO 4217 code, a CURRENCY dictionary value: the currency its accounts are kept in. */
    currency: text().notNull(),
    registrationNo: text().notNull().default(''),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('enterprises_code_uq').on(t.code),
    index('enterprises_country_idx').on(t.countryCode),
    index('enterprises_currency_idx').on(t.currency),
    index('enterprises_enabled_sort_idx').on(t.enabled, t.sort),
  ],
)

export const vendorKind = pgEnum('vendor_kind', VENDOR_KINDS)

/** Shippers, insurers, framers, conservators, photographers and auction houses, with bank details. */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    kind: vendorKind().notNull(),
    countryCode: text()
      .notNull()
      .references(() => countries.code),
    /** City or area within the country, as written locally. */
    region: text().notNull().default(''),
    legalName: text().notNull(),
    contactName: text().notNull().default(''),
    contactEmail: text().notNull().default(''),
    contactPhone: text().notNull().default(''),
    bankName: text().notNull().default(''),
    bankAccountName: text().notNull().default(''),
    bankAccountNo: text().notNull().default(''),
    bankSwift: text().notNull().default(''),
    bankAddress: text().notNull().default(''),
    /** Domestic clearing code: ABA routing, UK sort code, CNAPS, HK bank code. */
    bankLocalCode: text().notNull().default(''),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('vendors_number_uq').on(t.number),
    index('vendors_kind_idx').on(t.kind, t.number),
    index('vendors_country_idx').on(t.countryCode),
    index('vendors_enabled_sort_idx').on(t.enabled, t.sort),
  ],
)

export const roomIcon = pgEnum('room_icon', ROOM_ICONS)

/** Warehouses and rooms where artworks are kept. */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    liaison: text().notNull(),
    email: text().notNull(),
    countryCode: text()
      .notNull()
      .references(() => countries.code),
    icon: roomIcon().notNull(),
    /** Address or description of where the room is. */
    location: text().notNull(),
    /** How many artworks it holds; null when not set. */
    capacity: integer(),
    /** Climate targets (°C and % relative humidity); null when not set. */
    temperatureMin: numeric({ precision: 4, scale: 1 }),
    temperatureMax: numeric({ precision: 4, scale: 1 }),
    humidityMin: numeric({ precision: 4, scale: 1 }),
    humidityMax: numeric({ precision: 4, scale: 1 }),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('rooms_code_uq').on(t.code),
    index('rooms_country_idx').on(t.countryCode),
    index('rooms_enabled_sort_idx').on(t.enabled, t.sort),
  ],
)
