// What the admin API needs to know about each kind of reference record: its table, identity, inputs,
// list filters, how a row becomes a view, and the checks that reach beyond one field (the parent is in
// the same dictionary, the country exists, ...). admin-routes.ts turns each into the same set of routes.
import { z } from '@hono/zod-openapi'
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import {
  countryCreate,
  countryEdit,
  countryView,
  DICTIONARIES,
  type DictItemView,
  dictItemCreate,
  dictItemEdit,
  dictItemView,
  enterpriseCreate,
  enterpriseEdit,
  enterpriseView,
  ITEM_DICT_CODES,
  type ItemDictCode,
  optionalParam,
  organizationCreate,
  organizationEdit,
  organizationView,
  ROOM_ICONS,
  roomCreate,
  roomEdit,
  roomView,
  tagCreate,
  tagEdit,
  tagView,
  VENDOR_KIND_LABELS,
  VENDOR_KINDS,
  vendorCreate,
  vendorEdit,
  vendorView,
} from '../../../shared/contracts/reference'
import type { Lang, MessageKey } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import {
  artworks,
  countries,
  dictItems,
  enterprises,
  organizations,
  rooms,
  tags,
  vendors,
} from '../../db/schema'
import { AppError } from '../../http/app-error'
import { pick } from './queries'
import type { ReferenceEntityName } from './usage'

type DictItemRow = typeof dictItems.$inferSelect
type TagRow = typeof tags.$inferSelect
export type RoomRow = typeof rooms.$inferSelect
export type FieldProblems = Record<string, MessageKey>

/** A column of the table `T`: naming one it does not have fails to compile. */
export type ColumnOf<T extends PgTable> = T['_']['columns'][keyof T['_']['columns']]
/** A row of `T` as stored. */
export type RowOf<T extends PgTable> = T['$inferSelect']
/** The columns of a new row of `T`. */
export type InsertOf<T extends PgTable> = T['$inferInsert']

/**
 * One kind of reference record, typed by its table `T`, its edit input `Edit`, its create input `Create`
 * (the edit's fields and the identity) and its list filters `S`: an input field, an identity or a filter
 * that is not a column of the table, or a callback that reads a column the row does not have, fails to
 * compile.
 */
export interface ReferenceEntity<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
> {
  name: ReferenceEntityName
  /** URL segment under /api/reference. */
  segment: string
  noun: string
  table: T
  idColumn: ColumnOf<T>
  /** The path parameter `id` (an integer, a uuid, or a country code). */
  idSchema: z.ZodType<Id, unknown>
  /** The field that identifies a record besides its id (code, number, value); set at creation only. */
  identity: {
    field: NoInfer<keyof Create & keyof InsertOf<T> & string>
    column: ColumnOf<T>
    scope?(input: NoInfer<Create>): SQL
  }
  create: z.ZodType<Create>
  edit: z.ZodType<Edit>
  view: z.ZodType
  /** Extra list filters (query parameters; empty ones count as absent). */
  filters: z.ZodObject<S>
  where(q: NoInfer<z.output<z.ZodObject<S>>>): (SQL | undefined)[]
  keyword: ColumnOf<T>[]
  order: (ColumnOf<T> | SQL)[]
  /** The columns of a new row, from the validated input. */
  insertRow(input: NoInfer<Create>): InsertOf<T>
  /** The columns an edit sets, from the validated input. */
  updateRow(input: NoInfer<Edit>): Partial<InsertOf<T>>
  /** Cross-record checks; `current` is the stored row when editing. May throw its own refusal (with params). */
  check?(db: DbOrTx, input: NoInfer<Edit & Partial<Create>>, current?: RowOf<T>): Promise<FieldProblems>
  /** Refuses disabling a record that must stay in use (a room that still holds artworks). */
  beforeDisable?(db: DbOrTx, current: RowOf<T>): Promise<void>
  /** The refusal when the identity is taken (default: `codeTaken` at the identity's field). */
  identityTaken?(value: string): AppError
  /** Rows to views, in the order of `rows`. */
  toViews(db: DbOrTx, rows: RowOf<T>[], lang: Lang): Promise<object[]>
  /** A self-reference: children block a delete. */
  parentColumn?: ColumnOf<T>
  /** The key other records use (id, code, or for dictionary items the value within its dictionary). */
  usageKey(row: RowOf<T>): { key: string | number; dictCode?: ItemDictCode }
}

/**
 * An entity, checked against its table: the inputs' fields must be the table's columns (so an input that
 * names a column the table lacks fails to compile here).
 */
export function referenceEntity<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(
  entity: ReferenceEntity<T, Id, Edit, Create, S> &
    ColumnsOnly<Create, InsertOf<T>> &
    ColumnsOnly<Edit, InsertOf<T>>,
): ReferenceEntity<T, Id, Edit, Create, S> {
  return entity
}

/** `never` (so a literal is refused) when the input has a field that is not a column. */
type ColumnsOnly<I, Row> = [Exclude<keyof I, keyof Row>] extends [never]
  ? unknown
  : { notColumns: Exclude<keyof I, keyof Row> }

const intId = z.coerce.number({ message: 'invalidValue' }).int().positive().max(2_147_483_647)
const uuidId = z.uuid({ message: 'invalidValue' })
const parentFilter = optionalParam(z.string().regex(/^(none|\d{1,9})$/, { message: 'invalidValue' }))
const countryFilter = optionalParam(z.string().regex(/^[A-Z]{2}$/, { message: 'invalidValue' }))

const iso = (d: Date) => d.toISOString()
const stamps = (r: { enabled: boolean; createdAt: Date; updatedAt: Date }) => ({
  enabled: r.enabled,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
})
const named = (lang: Lang, r: { nameZh: string; nameEn: string; sort: number }) => ({
  name: pick(lang, r.nameZh, r.nameEn),
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  sort: r.sort,
})

function parentWhere(column: PgColumn, value: string | undefined): SQL | undefined {
  if (value === undefined) return undefined
  return value === 'none' ? isNull(column) : eq(column, Number(value))
}

async function countryNames(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return new Map<string, { nameZh: string; nameEn: string }>()
  const rows = await db
    .select({ code: countries.code, nameZh: countries.nameZh, nameEn: countries.nameEn })
    .from(countries)
    .where(inArray(countries.code, [...new Set(codes)]))
  return new Map(rows.map((r) => [r.code, r]))
}

async function withCountryName(db: DbOrTx, rows: { countryCode: string }[], lang: Lang) {
  const names = await countryNames(
    db,
    rows.map((r) => r.countryCode),
  )
  return (r: { countryCode: string }) => {
    const c = names.get(r.countryCode)
    return c ? pick(lang, c.nameZh, c.nameEn) : r.countryCode
  }
}

async function countryExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code))
  return Boolean(row)
}

/** Whether making `parentId` the parent of `selfId` keeps the hierarchy a tree. */
function keepsTree(links: Map<number, number | null>, selfId: number | undefined, parentId: number): boolean {
  const seen = new Set<number>()
  for (let at: number | null | undefined = parentId; at != null; at = links.get(at)) {
    if (at === selfId || seen.has(at)) return false
    seen.add(at)
  }
  return true
}

// ---------------------------------------------------------------------------------------------------

/** Dictionary items as the API shows them, each with its level in its tree. */
export async function dictItemViews(
  db: DbOrTx,
  rows: (typeof dictItems.$inferSelect)[],
  lang: Lang,
): Promise<DictItemView[]> {
  const codes = [...new Set(rows.map((r) => r.dictCode))]
  const links = new Map<number, number | null>()
  if (codes.length) {
    const all = await db
      .select({ id: dictItems.id, parentId: dictItems.parentId })
      .from(dictItems)
      .where(inArray(dictItems.dictCode, codes))
    for (const r of all) links.set(r.id, r.parentId)
  }
  const levelOf = (id: number) => {
    let level = 1
    for (let at = links.get(id); at != null && level < 100; at = links.get(at)) level++
    return level
  }
  return rows.map((r) => ({
    id: r.id,
    dictCode: r.dictCode,
    value: r.value,
    label: pick(lang, r.labelZh, r.labelEn),
    labelZh: r.labelZh,
    labelEn: r.labelEn,
    sort: r.sort,
    parentId: r.parentId,
    level: levelOf(r.id),
    ...stamps(r),
  }))
}

const dictItemEntity = referenceEntity({
  name: 'dictItems',
  segment: 'dictionary-items',
  noun: 'dictionary item',
  table: dictItems,
  idColumn: dictItems.id,
  idSchema: intId,
  identity: {
    field: 'value',
    column: dictItems.value,
    scope: (input) => eq(dictItems.dictCode, input.dictCode),
  },
  create: dictItemCreate,
  edit: dictItemEdit,
  view: dictItemView,
  insertRow: (input) => input,
  updateRow: (input) => input,
  filters: z.object({
    dictCode: optionalParam(z.enum(ITEM_DICT_CODES, { message: 'unknownDictCode' })),
    parentId: parentFilter,
  }),
  where: (q: { dictCode?: ItemDictCode; parentId?: string }) => [
    q.dictCode ? eq(dictItems.dictCode, q.dictCode) : undefined,
    parentWhere(dictItems.parentId, q.parentId),
  ],
  keyword: [dictItems.value, dictItems.labelZh, dictItems.labelEn],
  order: [asc(dictItems.dictCode), asc(dictItems.sort), asc(dictItems.id)],
  parentColumn: dictItems.parentId,
  usageKey: (r: DictItemRow) => ({ key: r.value, dictCode: r.dictCode }),
  async check(
    db: DbOrTx,
    input: z.output<typeof dictItemEdit> & Partial<z.output<typeof dictItemCreate>>,
    current?: DictItemRow,
  ): Promise<FieldProblems> {
    const dictCode = current?.dictCode ?? input.dictCode
    if (input.parentId === null || dictCode === undefined) return {}
    if (!DICTIONARIES[dictCode].tree) return { parentId: 'invalidParent' }
    const links = new Map(
      (
        await db
          .select({ id: dictItems.id, parentId: dictItems.parentId })
          .from(dictItems)
          .where(eq(dictItems.dictCode, dictCode))
      ).map((r) => [r.id, r.parentId]),
    )
    if (!links.has(input.parentId) || !keepsTree(links, current?.id, input.parentId)) {
      return { parentId: 'invalidParent' }
    }
    return {}
  },
  toViews: dictItemViews,
})

const tagEntity = referenceEntity({
  name: 'tags',
  segment: 'tags',
  noun: 'tag',
  table: tags,
  idColumn: tags.id,
  idSchema: intId,
  identity: { field: 'code', column: tags.code },
  create: tagCreate,
  edit: tagEdit,
  view: tagView,
  filters: z.object({ parentId: parentFilter }),
  where: (q: { parentId?: string }) => [parentWhere(tags.parentId, q.parentId)],
  keyword: [tags.code, tags.nameZh, tags.nameEn],
  order: [sql`${tags.parentId} nulls first`, asc(tags.sort), asc(tags.id)],
  insertRow: (input) => ({ ...input, code: input.code || null }),
  updateRow: (input) => input,
  parentColumn: tags.parentId,
  usageKey: (r: TagRow) => ({ key: r.id }),
  async check(
    db: DbOrTx,
    input: z.output<typeof tagEdit> & Partial<z.output<typeof tagCreate>>,
    current?: TagRow,
  ): Promise<FieldProblems> {
    if (input.parentId === null) return {}
    const links = new Map(
      (await db.select({ id: tags.id, parentId: tags.parentId }).from(tags)).map((r) => [r.id, r.parentId]),
    )
    if (!links.has(input.parentId) || !keepsTree(links, current?.id, input.parentId)) {
      return { parentId: 'invalidParent' }
    }
    return {}
  },
  toViews: async (_db: DbOrTx, rows: TagRow[], lang: Lang) =>
    rows.map((r) => ({ id: r.id, code: r.code, parentId: r.parentId, ...named(lang, r), ...stamps(r) })),
})

const countryEntity = referenceEntity({
  name: 'countries',
  segment: 'countries',
  noun: 'country',
  table: countries,
  idColumn: countries.code,
  idSchema: z.string().regex(/^[A-Z]{2}$/, { message: 'invalidValue' }),
  identity: { field: 'code', column: countries.code },
  create: countryCreate,
  edit: countryEdit,
  view: countryView,
  insertRow: (input) => input,
  updateRow: (input) => input,
  filters: z.object({}),
  where: () => [],
  keyword: [countries.code, countries.nameZh, countries.nameEn],
  order: [asc(countries.sort), asc(countries.code)],
  usageKey: (r: typeof countries.$inferSelect) => ({ key: r.code }),
  toViews: async (_db: DbOrTx, rows: (typeof countries.$inferSelect)[], lang: Lang) =>
    rows.map((r) => ({ code: r.code, ...named(lang, r), ...stamps(r) })),
})

const organizationEntity = referenceEntity({
  name: 'organizations',
  segment: 'organizations',
  noun: 'department',
  table: organizations,
  idColumn: organizations.id,
  idSchema: intId,
  identity: { field: 'code', column: organizations.code },
  create: organizationCreate,
  edit: organizationEdit,
  view: organizationView,
  insertRow: (input) => input,
  updateRow: (input) => input,
  filters: z.object({}),
  where: () => [],
  keyword: [organizations.code, organizations.nameZh, organizations.nameEn],
  order: [asc(organizations.sort), asc(organizations.code)],
  usageKey: (r: typeof organizations.$inferSelect) => ({ key: r.id }),
  toViews: async (_db: DbOrTx, rows: (typeof organizations.$inferSelect)[], lang: Lang) =>
    rows.map((r) => ({ id: r.id, code: r.code, ...named(lang, r), ...stamps(r) })),
})

const enterpriseEntity = referenceEntity({
  name: 'enterprises',
  segment: 'enterprises',
  noun: 'paying company',
  table: enterprises,
  idColumn: enterprises.id,
  idSchema: uuidId,
  identity: { field: 'code', column: enterprises.code },
  create: enterpriseCreate,
  edit: enterpriseEdit,
  view: enterpriseView,
  insertRow: (input) => input,
  updateRow: (input) => input,
  filters: z.object({
    countryCode: countryFilter,
    currency: optionalParam(z.string().regex(/^[A-Z]{3}$/, { message: 'invalidValue' })),
  }),
  where: (q: { countryCode?: string; currency?: string }) => [
    q.countryCode ? eq(enterprises.countryCode, q.countryCode) : undefined,
    q.currency ? eq(enterprises.currency, q.currency) : undefined,
  ],
  keyword: [enterprises.code, enterprises.nameZh, enterprises.nameEn, enterprises.registrationNo],
  order: [asc(enterprises.sort), asc(enterprises.code)],
  usageKey: (r: typeof enterprises.$inferSelect) => ({ key: r.id }),
  async check(
    db: DbOrTx,
    input: z.output<typeof enterpriseEdit> & Partial<z.output<typeof enterpriseCreate>>,
  ): Promise<FieldProblems> {
    const problems: FieldProblems = {}
    if (!(await countryExists(db, input.countryCode))) problems.countryCode = 'invalidValue'
    const [currency] = await db
      .select({ id: dictItems.id })
      .from(dictItems)
      .where(and(eq(dictItems.dictCode, 'CURRENCY'), eq(dictItems.value, input.currency)))
    if (!currency) problems.currency = 'invalidValue'
    return problems
  },
  async toViews(db: DbOrTx, rows: (typeof enterprises.$inferSelect)[], lang: Lang) {
    const countryName = await withCountryName(db, rows, lang)
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      ...named(lang, r),
      countryCode: r.countryCode,
      countryName: countryName(r),
      currency: r.currency,
      registrationNo: r.registrationNo,
      ...stamps(r),
    }))
  },
})

const vendorEntity = referenceEntity({
  name: 'vendors',
  segment: 'vendors',
  noun: 'vendor',
  table: vendors,
  idColumn: vendors.id,
  idSchema: uuidId,
  identity: { field: 'number', column: vendors.number },
  create: vendorCreate,
  edit: vendorEdit,
  view: vendorView,
  insertRow: (input) => input,
  updateRow: (input) => input,
  filters: z.object({
    kind: optionalParam(z.enum(VENDOR_KINDS, { message: 'invalidValue' })),
    countryCode: countryFilter,
  }),
  where: (q: { kind?: (typeof VENDOR_KINDS)[number]; countryCode?: string }) => [
    q.kind ? eq(vendors.kind, q.kind) : undefined,
    q.countryCode ? eq(vendors.countryCode, q.countryCode) : undefined,
  ],
  keyword: [vendors.number, vendors.nameZh, vendors.nameEn, vendors.legalName, vendors.region],
  order: [asc(vendors.sort), asc(vendors.number)],
  usageKey: (r: typeof vendors.$inferSelect) => ({ key: r.id }),
  async check(
    db: DbOrTx,
    input: z.output<typeof vendorEdit> & Partial<z.output<typeof vendorCreate>>,
  ): Promise<FieldProblems> {
    return (await countryExists(db, input.countryCode)) ? {} : { countryCode: 'invalidValue' }
  },
  async toViews(db: DbOrTx, rows: (typeof vendors.$inferSelect)[], lang: Lang) {
    const countryName = await withCountryName(db, rows, lang)
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      ...named(lang, r),
      kind: r.kind,
      kindLabel: VENDOR_KIND_LABELS[r.kind][lang],
      countryCode: r.countryCode,
      countryName: countryName(r),
      region: r.region,
      legalName: r.legalName,
      contactName: r.contactName,
      contactEmail: r.contactEmail,
      contactPhone: r.contactPhone,
      bankName: r.bankName,
      bankAccountName: r.bankAccountName,
      bankAccountNo: r.bankAccountNo,
      bankSwift: r.bankSwift,
      bankAddress: r.bankAddress,
      bankLocalCode: r.bankLocalCode,
      ...stamps(r),
    }))
  },
})

/** The climate limits as the numeric columns take them (decimal text). */
function climateAsText<I extends z.output<typeof roomEdit>>(input: I) {
  const text = (v: number | null) => (v === null ? null : String(v))
  return {
    ...input,
    temperatureMin: text(input.temperatureMin),
    temperatureMax: text(input.temperatureMax),
    humidityMin: text(input.humidityMin),
    humidityMax: text(input.humidityMax),
  }
}

/** How many artworks stand in a room now (artworks.room_id, kept by the processes with the ledger). */
export async function artworksInRoom(db: DbOrTx, roomId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(artworks).where(eq(artworks.roomId, roomId))
  return Number(row?.n ?? 0)
}

const roomNotEmpty = (count: number) =>
  new AppError(400, 'roomNotEmpty', { count }, { fieldErrors: { enabled: 'roomNotEmpty' } })

/** Rooms as the API shows them (the climate limits as numbers). */
export async function roomViews(db: DbOrTx, rows: RoomRow[], lang: Lang) {
  const countryName = await withCountryName(db, rows, lang)
  const num = (v: string | null) => (v === null ? null : Number(v))
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    ...named(lang, r),
    liaison: r.liaison,
    email: r.email,
    countryCode: r.countryCode,
    countryName: countryName(r),
    icon: r.icon,
    location: r.location,
    capacity: r.capacity,
    temperatureMin: num(r.temperatureMin),
    temperatureMax: num(r.temperatureMax),
    humidityMin: num(r.humidityMin),
    humidityMax: num(r.humidityMax),
    ...stamps(r),
  }))
}

export const roomEntity = referenceEntity({
  name: 'rooms',
  segment: 'rooms',
  noun: 'room',
  table: rooms,
  idColumn: rooms.id,
  idSchema: uuidId,
  identity: { field: 'code', column: rooms.code },
  create: roomCreate,
  edit: roomEdit,
  view: roomView,
  filters: z.object({
    countryCode: countryFilter,
    icon: optionalParam(z.enum(ROOM_ICONS, { message: 'invalidValue' })),
  }),
  where: (q: { countryCode?: string; icon?: (typeof ROOM_ICONS)[number] }) => [
    q.countryCode ? eq(rooms.countryCode, q.countryCode) : undefined,
    q.icon ? eq(rooms.icon, q.icon) : undefined,
  ],
  keyword: [rooms.code, rooms.nameZh, rooms.nameEn, rooms.liaison, rooms.location],
  order: [asc(rooms.sort), asc(rooms.code)],
  usageKey: (r: RoomRow) => ({ key: r.id }),
  insertRow: climateAsText,
  updateRow: climateAsText,
  identityTaken: (code) =>
    new AppError(400, 'roomCodeTaken', { code }, { fieldErrors: { code: 'roomCodeTaken' } }),
  async check(
    db: DbOrTx,
    input: z.output<typeof roomEdit> & Partial<z.output<typeof roomCreate>>,
    current?: RoomRow,
  ): Promise<FieldProblems> {
    const problems: FieldProblems = (await countryExists(db, input.countryCode))
      ? {}
      : { countryCode: 'invalidValue' }
    if (current) {
      const held = await artworksInRoom(db, current.id)
      if (input.capacity !== null && input.capacity < held)
        throw new AppError(
          400,
          'capacityBelowContents',
          { count: held },
          { fieldErrors: { ...problems, capacity: 'capacityBelowContents' } },
        )
      if (input.enabled === false && current.enabled && held > 0) throw roomNotEmpty(held)
    }
    return problems
  },
  async beforeDisable(db: DbOrTx, current: RoomRow) {
    const held = await artworksInRoom(db, current.id)
    if (held > 0) throw roomNotEmpty(held)
  },
  toViews: roomViews,
})

export { countryEntity, dictItemEntity, enterpriseEntity, organizationEntity, tagEntity, vendorEntity }

/** A keyword filter over the entity's searchable columns. */
export function keywordWhere(columns: PgColumn[], keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined
  const pattern = `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  return or(...columns.map((column) => ilike(column, pattern)))
}
