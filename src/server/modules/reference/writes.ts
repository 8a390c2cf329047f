// Writing a reference record: create, edit, enable, disable. The admin API (admin-routes.ts) and the warehouse
// screens (modules/warehouse, rooms) both write through these, so a record's rules (entities.ts: identity,
// cross-record checks, what refuses a disable) hold whichever path a change comes by.
import { and, eq } from 'drizzle-orm'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { invalid, notFound } from '../../http/app-error'
import type { ReferenceEntity, Row } from './entities'
import { isUniqueViolation } from './usage'

export async function loadRow(db: DbOrTx, entity: ReferenceEntity, id: unknown): Promise<Row> {
  const [row] = await db.select().from(entity.table).where(eq(entity.idColumn, id))
  if (!row) throw notFound()
  return row
}

export async function viewOf(db: DbOrTx, entity: ReferenceEntity, id: unknown, lang: Lang) {
  const [view] = await entity.toViews(db, [await loadRow(db, entity, id)], lang)
  return view
}

function identityTaken(entity: ReferenceEntity, value: unknown) {
  return entity.identityTaken
    ? entity.identityTaken(String(value))
    : invalid({ [entity.identity.field]: 'codeTaken' })
}

async function assertIdentityFree(db: DbOrTx, entity: ReferenceEntity, input: Row) {
  const value = input[entity.identity.field]
  if (value === undefined || value === '' || value === null) return
  const scope = entity.identity.scope?.(input)
  const [taken] = await db
    .select({ id: entity.idColumn })
    .from(entity.table)
    .where(and(eq(entity.identity.column, value), scope))
    .limit(1)
  if (taken) throw identityTaken(entity, value)
}

async function assertChecks(db: DbOrTx, entity: ReferenceEntity, input: Row, current?: Row) {
  const problems = (await entity.check?.(db, input, current)) ?? {}
  if (Object.keys(problems).length > 0) throw invalid(problems)
}

/** Insert a validated input after its checks; the new record's id. */
export async function createRecord(db: DbOrTx, entity: ReferenceEntity, input: Row): Promise<unknown> {
  await assertIdentityFree(db, entity, input)
  await assertChecks(db, entity, input)
  try {
    const [row] = await db
      .insert(entity.table)
      .values(entity.toRow ? entity.toRow(input) : input)
      .returning({ id: entity.idColumn })
    return row.id
  } catch (error) {
    if (isUniqueViolation(error)) throw identityTaken(entity, input[entity.identity.field])
    throw error
  }
}

export async function editRecord(db: DbOrTx, entity: ReferenceEntity, id: unknown, input: Row) {
  const current = await loadRow(db, entity, id)
  await assertChecks(db, entity, input, current)
  await db
    .update(entity.table)
    .set({ ...(entity.toRow ? entity.toRow(input) : input), updatedAt: new Date() })
    .where(eq(entity.idColumn, id))
}

export async function setEnabled(db: DbOrTx, entity: ReferenceEntity, id: unknown, enabled: boolean) {
  if (!enabled && entity.beforeDisable) await entity.beforeDisable(db, await loadRow(db, entity, id))
  const [row] = await db
    .update(entity.table)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(entity.idColumn, id))
    .returning({ id: entity.idColumn })
  if (!row) throw notFound()
}
