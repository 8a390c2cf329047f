// Seeds the reference data on first start (one SEED_STEPS line) and exports what other modules' tests
// can rely on: known values and codes, and lookups from a code to the id a fresh database gave it.
//
// Dictionaries, tags, countries and departments are seeded on every install. The family's companies,
// the vendors (with bank details) and the rooms are invented, so they are demo data: seeded only with
// VITRINE_DEMO=1, never into a production database where someone could pay an invented account.
import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { countries, dictItems, enterprises, organizations, rooms, tags, vendors } from '../../db/schema'
import type { SeedStep } from '../steps'
import { COUNTRIES } from './countries'
import { FLAT_DICTIONARIES, TREE_DICTIONARIES, type TreeEntry } from './dictionaries'
import { ENTERPRISES } from './enterprises'
import { ORGANIZATIONS } from './organizations'
import { ROOMS } from './rooms'
import { TAG_TREE } from './tags'
import { VENDORS } from './vendors'

export { KNOWN_REFERENCE } from './known'

async function insertTree(db: DbOrTx, dictCode: keyof typeof TREE_DICTIONARIES, entries: TreeEntry[]) {
  let level: { entry: TreeEntry; parentId: number | null; sort: number }[] = entries.map((entry, i) => ({
    entry,
    parentId: null,
    sort: (i + 1) * 10,
  }))
  while (level.length > 0) {
    const inserted = await db
      .insert(dictItems)
      .values(
        level.map(({ entry, parentId, sort }) => ({
          dictCode,
          value: entry.value,
          labelZh: entry.zh,
          labelEn: entry.en,
          sort,
          parentId,
        })),
      )
      .returning({ id: dictItems.id, value: dictItems.value })
    const idOf = new Map(inserted.map((r) => [r.value, r.id]))
    level = level.flatMap(({ entry }) =>
      (entry.children ?? []).map((child, i) => ({
        entry: child,
        parentId: idOf.get(entry.value)!,
        sort: (i + 1) * 10,
      })),
    )
  }
}

export async function seedReferenceData(db: DbOrTx, options: { demo: boolean }): Promise<void> {
  await db
    .insert(countries)
    .values(COUNTRIES.map(([code, nameZh, nameEn], i) => ({ code, nameZh, nameEn, sort: (i + 1) * 10 })))
  await db.insert(dictItems).values(
    Object.entries(FLAT_DICTIONARIES).flatMap(([dictCode, entries]) =>
      entries.map(([value, labelZh, labelEn], i) => ({
        dictCode: dictCode as keyof typeof FLAT_DICTIONARIES,
        value,
        labelZh,
        labelEn,
        sort: (i + 1) * 10,
      })),
    ),
  )
  for (const [code, entries] of Object.entries(TREE_DICTIONARIES)) {
    await insertTree(db, code as keyof typeof TREE_DICTIONARIES, entries)
  }
  const parents = await db
    .insert(tags)
    .values(
      Object.entries(TAG_TREE).map(([code, p], i) => ({
        code,
        nameZh: p.zh,
        nameEn: p.en,
        sort: (i + 1) * 10,
      })),
    )
    .returning({ id: tags.id, code: tags.code })
  await db.insert(tags).values(
    parents.flatMap((parent) =>
      TAG_TREE[parent.code as keyof typeof TAG_TREE].children.map(([code, nameZh, nameEn], i) => ({
        code,
        parentId: parent.id,
        nameZh,
        nameEn,
        sort: (i + 1) * 10,
      })),
    ),
  )
  await db.insert(organizations).values(ORGANIZATIONS)
  if (!options.demo) return
  await db.insert(enterprises).values(ENTERPRISES)
  await db.insert(vendors).values(VENDORS)
  await db.insert(rooms).values(ROOMS)
}

export const referenceDataSeedStep: SeedStep = { name: 'reference data', run: seedReferenceData }

// ---------------------------------------------------------------------------------------------------
// Lookups for tests and demo seeds of other modules: a code to the id this database gave it.

async function must<T>(what: string, rows: Promise<{ id: T }[]>): Promise<T> {
  const [row] = await rows
  if (!row) throw new Error(`reference data: no ${what} (was the database seeded with VITRINE_DEMO=1?)`)
  return row.id
}

export const roomIdByCode = (db: DbOrTx, code: string) =>
  must(`room ${code}`, db.select({ id: rooms.id }).from(rooms).where(eq(rooms.code, code)))
/** The first room in display order (the Shanghai Free-Trade Zone vault on a demo install). */
export const firstRoomId = (db: DbOrTx) =>
  must('room', db.select({ id: rooms.id }).from(rooms).orderBy(asc(rooms.sort), asc(rooms.code)).limit(1))
export const enterpriseIdByCode = (db: DbOrTx, code: string) =>
  must(
    `enterprise ${code}`,
    db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.code, code)),
  )
export const vendorIdByNumber = (db: DbOrTx, number: string) =>
  must(`vendor ${number}`, db.select({ id: vendors.id }).from(vendors).where(eq(vendors.number, number)))
export const tagIdByCode = (db: DbOrTx, code: string) =>
  must(`tag ${code}`, db.select({ id: tags.id }).from(tags).where(eq(tags.code, code)))
export const organizationIdByCode = (db: DbOrTx, code: string) =>
  must(
    `organisation ${code}`,
    db.select({ id: organizations.id }).from(organizations).where(eq(organizations.code, code)),
  )
