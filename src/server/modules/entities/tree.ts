// The legal entities as a tree: reading it whole, the ids under an entity (itself included), and the rules
// of a write — a parent that exists and is not the entity itself nor one under it (no cycle), a
// jurisdiction among the ISO 3166 countries of the reference data.
import { eq, sql } from 'drizzle-orm'
import type {
  EntityInput,
  EntityNode,
  EntityView,
  LegalEntityKind,
} from '../../../shared/contracts/ownership'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { countries, legalEntities } from '../../db/schema'
import { AppError } from '../../http/app-error'
import { rowsOf } from '../process/process-store'

type Row = typeof legalEntities.$inferSelect

export function entityViewOf(r: Row): EntityView {
  return {
    id: r.id,
    nameZh: r.nameZh,
    nameEn: r.nameEn,
    kind: r.kind as LegalEntityKind,
    jurisdiction: r.jurisdiction,
    parentId: r.parentId,
  }
}

/**
 * Every entity as a forest: roots and children ordered by name in the request's language. With `only` (the
 * entities a user limited to legal entities sees: theirs and those under them) just those, the highest of
 * them as roots: the names of the entities above theirs are not theirs to read.
 */
export async function entityTree(
  db: DbOrTx,
  lang: Lang,
  only: Set<string> | null = null,
): Promise<EntityNode[]> {
  const rows = (await db.select().from(legalEntities)).filter((r) => !only || only.has(r.id))
  const nodes = new Map<string, EntityNode>()
  for (const r of rows)
    nodes.set(r.id, {
      ...entityViewOf(r),
      name: lang === 'en' ? r.nameEn || r.nameZh : r.nameZh || r.nameEn,
      children: [],
    })
  const roots: EntityNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(only ? { ...node, parentId: null } : node)
  }
  const sort = (list: EntityNode[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name, lang))
    for (const n of list) sort(n.children)
  }
  sort(roots)
  return roots
}

/** The entity and every entity under it (ids); empty when it does not exist. */
export async function subtreeIds(db: DbOrTx, id: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`with recursive sub(id) as (
        select id from legal_entities where id = ${id}
        union
        select e.id from legal_entities e join sub on e.parent_id = sub.id)
      select id::text as id from sub`),
  )
  return rows.map((r) => r.id)
}

export async function loadEntity(db: DbOrTx, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(legalEntities).where(eq(legalEntities.id, id))
  return row
}

const fieldError = (field: string, key: 'entityNotFound' | 'entityCycle' | 'unknownJurisdiction') =>
  new AppError(400, key, undefined, { fieldErrors: { [field]: key } })

/** The rules of a create (`id` absent) or an update: jurisdiction known, parent known and not under the entity. */
export async function checkEntityInput(db: DbOrTx, input: EntityInput, id?: string): Promise<void> {
  const [country] = await db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, input.jurisdiction))
  if (!country) throw fieldError('jurisdiction', 'unknownJurisdiction')
  if (!input.parentId) return
  if (!(await loadEntity(db, input.parentId))) throw fieldError('parentId', 'entityNotFound')
  if (id && (await subtreeIds(db, id)).includes(input.parentId)) throw fieldError('parentId', 'entityCycle')
}
