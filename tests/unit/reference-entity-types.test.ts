// A reference entity is typed by its table: an input field, an identity, a filter column or a row field that
// the table does not have fails to compile (tsc runs over the tests; each `@ts-expect-error` below must find
// its error, or tsc fails). At run time the checked entity is the entity itself.
import { z } from '@hono/zod-openapi'
import { asc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { organizations, tags } from '../../src/server/db/schema'
import { referenceEntity } from '../../src/server/modules/reference/entities'
import { organizationCreate, organizationEdit, organizationView } from '../../src/shared/contracts/reference'

const organizationSpec = {
  name: 'organizations' as const,
  segment: 'organizations',
  noun: 'department',
  table: organizations,
  idColumn: organizations.id,
  idSchema: z.coerce.number().int().positive(),
  identity: { field: 'code' as const, column: organizations.code },
  create: organizationCreate,
  edit: organizationEdit,
  view: organizationView,
  filters: z.object({}),
  where: () => [],
  keyword: [organizations.code, organizations.nameZh],
  order: [asc(organizations.sort)],
  insertRow: (input: z.output<typeof organizationCreate>) => input,
  updateRow: (input: z.output<typeof organizationEdit>) => input,
  usageKey: (r: typeof organizations.$inferSelect) => ({ key: r.id }),
  toViews: async (_db: unknown, rows: (typeof organizations.$inferSelect)[]) =>
    rows.map((r) => ({ id: r.id, code: r.code })),
}

describe('a reference entity checked against its table', () => {
  it('is the entity itself when every name is one of its table', () => {
    expect(referenceEntity(organizationSpec)).toBe(organizationSpec)
  })

  it('refuses names its table does not have (at compile time)', () => {
    const refused = [
      // @ts-expect-error: an input field that is not a column of organizations
      referenceEntity({ ...organizationSpec, edit: organizationEdit.extend({ colour: z.string() }) }),
      // @ts-expect-error: the identity must be a field of the create input and a column
      referenceEntity({ ...organizationSpec, identity: { field: 'kode', column: organizations.code } }),
      // @ts-expect-error: a column of another table
      referenceEntity({ ...organizationSpec, keyword: [tags.code] }),
      referenceEntity({
        ...organizationSpec,
        // @ts-expect-error: a row of organizations has no `title`
        usageKey: (r: typeof organizations.$inferSelect) => ({ key: r.title }),
      }),
      referenceEntity({
        ...organizationSpec,
        // @ts-expect-error: a column given a value of another type
        insertRow: (input: z.output<typeof organizationCreate>) => ({ ...input, sort: String(input.sort) }),
      }),
    ]
    expect(refused).toHaveLength(5)
  })
})
