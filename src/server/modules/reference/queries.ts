// Reads behind the reference-data calls (docs/architecture.md § Reference-data calls): one indexed query per call, labels picked in the request's language,
// disabled records left out (a disabled tree item hides everything below it).
import { and, asc, eq, isNull } from 'drizzle-orm'
import type {
  CountryItem,
  DictCode,
  DictionaryItem,
  EnterpriseOption,
  OrganizationOption,
  ReferenceItem,
  RoomOption,
  TagItem,
  TreeItem,
  UserOption,
  VendorOption,
} from '../../../shared/contracts/reference'
import { DICTIONARIES, VENDOR_KIND_LABELS } from '../../../shared/contracts/reference'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import {
  countries,
  dictItems,
  enterprises,
  organizations,
  rooms,
  tags,
  users,
  vendors,
} from '../../db/schema'
import { AppError } from '../../http/app-error'

export const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh)

const item = (lang: Lang, value: string, labelZh: string, labelEn: string, sort: number): ReferenceItem => ({
  value,
  label: pick(lang, labelZh, labelEn),
  labelZh,
  labelEn,
  sort,
})

export interface TreeRow {
  id: number
  parentId: number | null
}

/**
 * Nest rows (already in display order) under their parents. A row whose parent is not among the rows
 * (disabled, or cut away) is left out together with everything below it.
 */
export function nest<R extends TreeRow, N>(rows: R[], make: (row: R) => N): (N & { children: N[] })[] {
  type Node = N & { children: Node[] }
  const byId = new Map<number, Node>()
  for (const row of rows) byId.set(row.id, { ...make(row), children: [] } as Node)
  const roots: Node[] = []
  for (const row of rows) {
    const node = byId.get(row.id)!
    if (row.parentId === null) roots.push(node)
    else byId.get(row.parentId)?.children.push(node)
  }
  return roots
}

/** Cut a tree below `level` (1 = the top items alone); the children of the last level are empty. */
export function cutTree(nodes: TreeItem[], level: number): TreeItem[] {
  return nodes.map((n) => ({ ...n, children: level <= 1 ? [] : cutTree(n.children, level - 1) }))
}

/** The statement behind a dictionary call (benchmarks compare against it). */
export function dictionaryRows(db: DbOrTx, code: Exclude<DictCode, 'COUNTRY'>) {
  return db
    .select({
      id: dictItems.id,
      parentId: dictItems.parentId,
      value: dictItems.value,
      labelZh: dictItems.labelZh,
      labelEn: dictItems.labelEn,
      sort: dictItems.sort,
    })
    .from(dictItems)
    .where(and(eq(dictItems.dictCode, code), eq(dictItems.enabled, true)))
    .orderBy(asc(dictItems.sort), asc(dictItems.id))
}

/**
 * A dictionary's enabled items. Trees (and any dictionary asked for `asTree`) come nested with
 * `children`; flat dictionaries asked for flat come without. `level` cuts a tree (1 = top items).
 */
export async function dictionaryItems(
  db: DbOrTx,
  code: DictCode,
  lang: Lang,
  options: { asTree?: boolean; level?: number } = {},
): Promise<DictionaryItem[]> {
  const nested = options.asTree || DICTIONARIES[code].tree
  if (code === 'COUNTRY') {
    const list: DictionaryItem[] = (await countryList(db, lang)).map(({ code: _code, ...rest }) => rest)
    return nested ? list.map((c) => ({ ...c, children: [] })) : list
  }
  const rows = await dictionaryRows(db, code)
  const make = (r: (typeof rows)[number]) => item(lang, r.value, r.labelZh, r.labelEn, r.sort)
  if (!nested) return rows.map(make)
  const tree = nest(rows, make) as TreeItem[]
  return options.level ? cutTree(tree, options.level) : tree
}

/** Enabled countries in display order. */
export async function countryList(db: DbOrTx, lang: Lang): Promise<CountryItem[]> {
  const rows = await db
    .select({
      code: countries.code,
      nameZh: countries.nameZh,
      nameEn: countries.nameEn,
      sort: countries.sort,
    })
    .from(countries)
    .where(eq(countries.enabled, true))
    .orderBy(asc(countries.sort), asc(countries.code))
  return rows.map((r) => ({ ...item(lang, r.code, r.nameZh, r.nameEn, r.sort), code: r.code }))
}

/**
 * Enabled children of a parent tag, named by id (digits) or code; without a parent, the parent tags.
 * An unknown parent is a 400; a disabled one has no children to offer.
 */
export async function tagsByParent(
  db: DbOrTx,
  parentTagId: string | undefined,
  lang: Lang,
): Promise<TagItem[]> {
  let where: ReturnType<typeof and>
  if (parentTagId === undefined) {
    where = and(isNull(tags.parentId), eq(tags.enabled, true))
  } else {
    const byId = /^\d{1,9}$/.test(parentTagId)
    const [parent] = await db
      .select({ id: tags.id, enabled: tags.enabled })
      .from(tags)
      .where(byId ? eq(tags.id, Number(parentTagId)) : eq(tags.code, parentTagId))
    if (!parent) {
      throw new AppError(400, 'unknownParentTag', undefined, {
        fieldErrors: { parentTagId: 'unknownParentTag' },
      })
    }
    if (!parent.enabled) return []
    where = and(eq(tags.parentId, parent.id), eq(tags.enabled, true))
  }
  const rows = await db
    .select({
      id: tags.id,
      code: tags.code,
      parentId: tags.parentId,
      nameZh: tags.nameZh,
      nameEn: tags.nameEn,
      sort: tags.sort,
    })
    .from(tags)
    .where(where)
    .orderBy(asc(tags.sort), asc(tags.id))
  return rows.map((r) => ({
    ...item(lang, String(r.id), r.nameZh, r.nameEn, r.sort),
    id: r.id,
    code: r.code,
    parentId: r.parentId,
  }))
}

/** Enabled users, by display name. Names are not translated: both labels carry the display name. */
export async function userOptions(db: DbOrTx, _lang?: Lang): Promise<UserOption[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(eq(users.enabled, true))
    .orderBy(asc(users.displayName), asc(users.username))
  return rows.map((u, i) => ({
    value: u.id,
    label: u.displayName,
    labelZh: u.displayName,
    labelEn: u.displayName,
    sort: i,
    ...u,
  }))
}

export async function organizationOptions(db: DbOrTx, lang: Lang): Promise<OrganizationOption[]> {
  const rows = await db
    .select()
    .from(organizations)
    .where(eq(organizations.enabled, true))
    .orderBy(asc(organizations.sort), asc(organizations.code))
  return rows.map((o) => ({
    ...item(lang, String(o.id), o.nameZh, o.nameEn, o.sort),
    id: o.id,
    code: o.code,
  }))
}

export async function enterpriseOptions(db: DbOrTx, lang: Lang): Promise<EnterpriseOption[]> {
  const rows = await db
    .select({ e: enterprises, countryZh: countries.nameZh, countryEn: countries.nameEn })
    .from(enterprises)
    .leftJoin(countries, eq(countries.code, enterprises.countryCode))
    .where(eq(enterprises.enabled, true))
    .orderBy(asc(enterprises.sort), asc(enterprises.code))
  return rows.map(({ e, countryZh, countryEn }) => ({
    ...item(lang, e.id, e.nameZh, e.nameEn, e.sort),
    id: e.id,
    code: e.code,
    countryCode: e.countryCode,
    countryName: pick(lang, countryZh ?? e.countryCode, countryEn ?? e.countryCode),
    currency: e.currency,
    registrationNo: e.registrationNo,
  }))
}

export async function vendorOptions(db: DbOrTx, lang: Lang): Promise<VendorOption[]> {
  const rows = await db
    .select({ v: vendors, countryZh: countries.nameZh, countryEn: countries.nameEn })
    .from(vendors)
    .leftJoin(countries, eq(countries.code, vendors.countryCode))
    .where(eq(vendors.enabled, true))
    .orderBy(asc(vendors.sort), asc(vendors.number))
  return rows.map(({ v, countryZh, countryEn }) => ({
    ...item(lang, v.id, v.nameZh, v.nameEn, v.sort),
    id: v.id,
    number: v.number,
    kind: v.kind,
    kindLabel: VENDOR_KIND_LABELS[v.kind][lang],
    countryCode: v.countryCode,
    countryName: pick(lang, countryZh ?? v.countryCode, countryEn ?? v.countryCode),
    region: v.region,
    legalName: v.legalName,
    contactName: v.contactName,
    contactEmail: v.contactEmail,
    contactPhone: v.contactPhone,
    bankName: v.bankName,
    bankAccountName: v.bankAccountName,
    bankAccountNo: v.bankAccountNo,
    bankSwift: v.bankSwift,
    bankAddress: v.bankAddress,
    bankLocalCode: v.bankLocalCode,
  }))
}

export async function roomOptions(db: DbOrTx, lang: Lang): Promise<RoomOption[]> {
  const rows = await db
    .select({ r: rooms, countryZh: countries.nameZh, countryEn: countries.nameEn })
    .from(rooms)
    .leftJoin(countries, eq(countries.code, rooms.countryCode))
    .where(eq(rooms.enabled, true))
    .orderBy(asc(rooms.sort), asc(rooms.code))
  return rows.map(({ r, countryZh, countryEn }) => ({
    ...item(lang, r.id, r.nameZh, r.nameEn, r.sort),
    id: r.id,
    code: r.code,
    liaison: r.liaison,
    email: r.email,
    countryCode: r.countryCode,
    countryName: pick(lang, countryZh ?? r.countryCode, countryEn ?? r.countryCode),
    icon: r.icon,
    location: r.location,
    capacity: r.capacity,
  }))
}
