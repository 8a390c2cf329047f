// Writing a reference record: create, edit, enable, disable. The admin API (admin-routes.ts) and the warehouse
// screens (modules/warehouse, rooms) both write through these, so a record's rules (entities.ts: identity,
// cross-record checks, what refuses a disable) hold whichever path a change comes by. Each is typed by its
// entity: the input is the entity's own, the row its table's.
import type { z } from '@hono/zod-openapi'
import { and, eq, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { invalid, notFound } from '../../http/app-error'
import type { ReferenceEntity, RowOf } from './entities'
import { isUniqueViolation } from './usage'

/**
 * Rows of the entity's own table in its order, typed as that table's rows: the one place the generic
 * table's rows get their type (the query reads that table only).
 */
export async function selectRows<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(
  db: DbOrTx,
  entity: ReferenceEntity<T, Id, Edit, Create, S>,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<RowOf<T>[]> {
  const table: PgTable = entity.table
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(...entity.order)
    .limit(page.limit)
    .offset(page.offset)
  return rows as RowOf<T>[]
}

export async function loadRow<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(db: DbOrTx, entity: ReferenceEntity<T, Id, Edit, Create, S>, id: Id): Promise<RowOf<T>> {
  const [row] = await selectRows(db, entity, eq(entity.idColumn, id), { limit: 1, offset: 0 })
  if (!row) throw notFound()
  return row
}

export async function viewOf<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(db: DbOrTx, entity: ReferenceEntity<T, Id, Edit, Create, S>, id: Id, lang: Lang) {
  const [view] = await entity.toViews(db, [await loadRow(db, entity, id)], lang)
  return view
}

function identityTaken<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(entity: ReferenceEntity<T, Id, Edit, Create, S>, value: unknown) {
  return entity.identityTaken
    ? entity.identityTaken(String(value))
    : invalid({ [entity.identity.field]: 'codeTaken' })
}

async function assertIdentityFree<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(db: DbOrTx, entity: ReferenceEntity<T, Id, Edit, Create, S>, input: Create) {
  const value = input[entity.identity.field]
  if (value === undefined || value === '' || value === null) return
  const scope = entity.identity.scope?.(input)
  const table: PgTable = entity.table
  const [taken] = await db
    .select({ id: entity.idColumn })
    .from(table)
    .where(and(eq(entity.identity.column, value), scope))
    .limit(1)
  if (taken) throw identityTaken(entity, value)
}

async function assertChecks<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(
  db: DbOrTx,
  entity: ReferenceEntity<T, Id, Edit, Create, S>,
  input: Edit & Partial<Create>,
  current?: RowOf<T>,
) {
  const problems = (await entity.check?.(db, input, current)) ?? {}
  if (Object.keys(problems).length > 0) throw invalid(problems)
}

/** Insert a validated input after its checks; the new record's id. */
export async function createRecord<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(db: DbOrTx, entity: ReferenceEntity<T, Id, Edit, Create, S>, input: Create): Promise<Id> {
  await assertIdentityFree(db, entity, input)
  await assertChecks(db, entity, input)
  const table: PgTable = entity.table
  try {
    const [row] = await db.insert(table).values(entity.insertRow(input)).returning({ id: entity.idColumn })
    return entity.idSchema.parse(row.id)
  } catch (error) {
    if (isUniqueViolation(error)) throw identityTaken(entity, input[entity.identity.field])
    throw error
  }
}

export async function editRecord<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(db: DbOrTx, entity: ReferenceEntity<T, Id, Edit, Create, S>, id: Id, input: Edit) {
  const current = await loadRow(db, entity, id)
  await assertChecks(db, entity, input, current)
  const table: PgTable = entity.table
  await db
    .update(table)
    .set({ ...entity.updateRow(input), updatedAt: new Date() })
    .where(eq(entity.idColumn, id))
}

export async function setEnabled<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(db: DbOrTx, entity: ReferenceEntity<T, Id, Edit, Create, S>, id: Id, enabled: boolean) {
  if (!enabled && entity.beforeDisable) await entity.beforeDisable(db, await loadRow(db, entity, id))
  const table: PgTable = entity.table
  const [row] = await db
    .update(table)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(entity.idColumn, id))
    .returning({ id: entity.idColumn })
  if (!row) throw notFound()
}
