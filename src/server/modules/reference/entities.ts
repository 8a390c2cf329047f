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

/**
 * A stored row, a validated input or a list query of one of the reference tables, by column name, as the
 * routes shared by every entity pass it. Each entity's callbacks name their own table's row and their own
 * contract's input: they are methods below, whose parameters may be narrower than this.
 */
export type Row = Record<string, unknown>
/** An entity's validated input: the edit's fields, and the create's (its identity) when creating. */
type InputOf<C extends z.ZodType, E extends z.ZodType> = z.output<E> & Partial<z.output<C>>
type DictItemRow = typeof dictItems.$inferSelect
type TagRow = typeof tags.$inferSelect
export type RoomRow = typeof rooms.$inferSelect
export type FieldProblems = Record<string, MessageKey>

export interface ReferenceEntity {
  name: ReferenceEntityName
  /** URL segment under /api/reference. */
  segment: string
  noun: string
  table: PgTable
  idColumn: PgColumn
  /** The path parameter `id` (an integer, a uuid, or a country code). */
  idSchema: z.ZodType
  /** The field that identifies a record besides its id (code, number, value); set at creation only. */
  identity: { field: string; column: PgColumn; scope?(input: Row): SQL }
  create: z.ZodType<Row>
  edit: z.ZodType<Row>
  view: z.ZodType
  /** Extra list filters (query parameters; empty ones count as absent). */
  filters: z.ZodRawShape
  where(q: Row): (SQL | undefined)[]
  keyword: PgColumn[]
  order: (PgColumn | SQL)[]
  /** Columns of a new or edited row from the validated input. */
  toRow?(input: Row): Row
  /** Cross-record checks; `current` is the stored row when editing. May throw its own refusal (with params). */
  check?(db: DbOrTx, input: Row, current?: Row): Promise<FieldProblems>
  /** Refuses disabling a record that must stay in use (a room that still holds artworks). */
  beforeDisable?(db: DbOrTx, current: Row): Promise<void>
  /** The refusal when the identity is taken (default: `codeTaken` at the identity's field). */
  identityTaken?(value: string): AppError
  /** Rows to views, in the order of `rows`. */
  toViews(db: DbOrTx, rows: Row[], lang: Lang): Promise<Row[]>
  /** A self-reference: children block a delete. */
  parentColumn?: PgColumn
  /** The key other records use (id, code, or for dictionary items the value within its dictionary). */
  usageKey(row: Row): { key: string | number; dictCode?: ItemDictCode }
}

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

const dictItemEntity: ReferenceEntity = {
  name: 'dictItems',
  segment: 'dictionary-items',
  noun: 'dictionary item',
  table: dictItems,
  idColumn: dictItems.id,
  idSchema: intId,
  identity: {
    field: 'value',
    column: dictItems.value,
    scope: (input: { dictCode: ItemDictCode }) => eq(dictItems.dictCode, input.dictCode),
  },
  create: dictItemCreate,
  edit: dictItemEdit,
  view: dictItemView,
  filters: {
    dictCode: optionalParam(z.enum(ITEM_DICT_CODES, { message: 'unknownDictCode' })),
    parentId: parentFilter,
  },
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
    input: InputOf<typeof dictItemCreate, typeof dictItemEdit>,
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
}

const tagEntity: ReferenceEntity = {
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
  filters: { parentId: parentFilter },
  where: (q: { parentId?: string }) => [parentWhere(tags.parentId, q.parentId)],
  keyword: [tags.code, tags.nameZh, tags.nameEn],
  order: [sql`${tags.parentId} nulls first`, asc(tags.sort), asc(tags.id)],
  toRow: (input: InputOf<typeof tagCreate, typeof tagEdit>) =>
    'code' in input ? { ...input, code: input.code || null } : input,
  parentColumn: tags.parentId,
  usageKey: (r: TagRow) => ({ key: r.id }),
  async check(
    db: DbOrTx,
    input: InputOf<typeof tagCreate, typeof tagEdit>,
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
}

const countryEntity: ReferenceEntity = {
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
  filters: {},
  where: () => [],
  keyword: [countries.code, countries.nameZh, countries.nameEn],
  order: [asc(countries.sort), asc(countries.code)],
  usageKey: (r: typeof countries.$inferSelect) => ({ key: r.code }),
  toViews: async (_db: DbOrTx, rows: (typeof countries.$inferSelect)[], lang: Lang) =>
    rows.map((r) => ({ code: r.code, ...named(lang, r), ...stamps(r) })),
}

const organizationEntity: ReferenceEntity = {
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
  filters: {},
  where: () => [],
  keyword: [organizations.code, organizations.nameZh, organizations.nameEn],
  order: [asc(organizations.sort), asc(organizations.code)],
  usageKey: (r: typeof organizations.$inferSelect) => ({ key: r.id }),
  toViews: async (_db: DbOrTx, rows: (typeof organizations.$inferSelect)[], lang: Lang) =>
    rows.map((r) => ({ id: r.id, code: r.code, ...named(lang, r), ...stamps(r) })),
}

const enterpriseEntity: ReferenceEntity = {
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
  filters: {
    countryCode: countryFilter,
    currency: optionalParam(z.string().regex(/^[A-Z]{3}$/, { message: 'invalidValue' })),
  },
  where: (q: { countryCode?: string; currency?: string }) => [
    q.countryCode ? eq(enterprises.countryCode, q.countryCode) : undefined,
    q.currency ? eq(enterprises.currency, q.currency) : undefined,
  ],
  keyword: [enterprises.code, enterprises.nameZh, enterprises.nameEn, enterprises.registrationNo],
  order: [asc(enterprises.sort), asc(enterprises.code)],
  usageKey: (r: typeof enterprises.$inferSelect) => ({ key: r.id }),
  async check(
    db: DbOrTx,
    input: InputOf<typeof enterpriseCreate, typeof enterpriseEdit>,
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
}

const vendorEntity: ReferenceEntity = {
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
  filters: {
    kind: optionalParam(z.enum(VENDOR_KINDS, { message: 'invalidValue' })),
    countryCode: countryFilter,
  },
  where: (q: { kind?: (typeof VENDOR_KINDS)[number]; countryCode?: string }) => [
    q.kind ? eq(vendors.kind, q.kind) : undefined,
    q.countryCode ? eq(vendors.countryCode, q.countryCode) : undefined,
  ],
  keyword: [vendors.number, vendors.nameZh, vendors.nameEn, vendors.legalName, vendors.region],
  order: [asc(vendors.sort), asc(vendors.number)],
  usageKey: (r: typeof vendors.$inferSelect) => ({ key: r.id }),
  async check(db: DbOrTx, input: InputOf<typeof vendorCreate, typeof vendorEdit>): Promise<FieldProblems> {
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
}

const CLIMATE = ['temperatureMin', 'temperatureMax', 'humidityMin', 'humidityMax'] as const

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

export const roomEntity: ReferenceEntity = {
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
  filters: {
    countryCode: countryFilter,
    icon: optionalParam(z.enum(ROOM_ICONS, { message: 'invalidValue' })),
  },
  where: (q: { countryCode?: string; icon?: (typeof ROOM_ICONS)[number] }) => [
    q.countryCode ? eq(rooms.countryCode, q.countryCode) : undefined,
    q.icon ? eq(rooms.icon, q.icon) : undefined,
  ],
  keyword: [rooms.code, rooms.nameZh, rooms.nameEn, rooms.liaison, rooms.location],
  order: [asc(rooms.sort), asc(rooms.code)],
  usageKey: (r: RoomRow) => ({ key: r.id }),
  toRow: (input: InputOf<typeof roomCreate, typeof roomEdit>) => ({
    ...input,
    ...Object.fromEntries(
      CLIMATE.filter((k) => k in input).map((k) => [k, input[k] === null ? null : String(input[k])]),
    ),
  }),
  identityTaken: (code) =>
    new AppError(400, 'roomCodeTaken', { code }, { fieldErrors: { code: 'roomCodeTaken' } }),
  async check(
    db: DbOrTx,
    input: InputOf<typeof roomCreate, typeof roomEdit>,
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
}

export const REFERENCE_ENTITIES: ReferenceEntity[] = [
  dictItemEntity,
  tagEntity,
  countryEntity,
  organizationEntity,
  enterpriseEntity,
  vendorEntity,
  roomEntity,
]

/** A keyword filter over the entity's searchable columns. */
export function keywordWhere(entity: ReferenceEntity, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined
  const pattern = `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  return or(...entity.keyword.map((column) => ilike(column, pattern)))
}
