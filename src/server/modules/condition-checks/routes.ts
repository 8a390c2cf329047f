// The condition check schedule (/api/condition-checks): the rules (one artwork, or every artwork of a
// creation-medium category, every N months) and what they make due — each covered artwork's next check,
// overdue or not, with the check already running. Reading needs devOpsManage:view; making, changing and
// removing a rule devOpsManage:start (whoever may start the checks it starts). Every refusal stores nothing.
import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import {
  type ConditionRuleRow,
  conditionDueList,
  conditionRuleInput,
  conditionRuleList,
  conditionRuleRow,
  conditionRuleUpdate,
} from '../../../shared/contracts/condition-checks'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { artworks, conditionCheckRules, tags, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { officeToday } from '../../office-day'
import { schedule } from './schedule'

const tagsDoc = ['devOpsManage']
const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const json = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
})

type Rule = typeof conditionCheckRules.$inferSelect

/** The rules as rows: the target named, the maker, what each covers and makes due. */
async function rowsOf(db: DbOrTx, lang: Lang, rules: Rule[]): Promise<ConditionRuleRow[]> {
  if (rules.length === 0) return []
  const artworkIds = rules.flatMap((r) => (r.artworkId ? [r.artworkId] : []))
  const tagIds = rules.flatMap((r) => (r.mediumTagId !== null ? [r.mediumTagId] : []))
  const [artworkRows, tagRows, userRows, planned] = await Promise.all([
    artworkIds.length
      ? db
          .select({
            id: artworks.id,
            inventoryNo: artworks.inventoryNo,
            titleZh: artworks.titleZh,
            titleEn: artworks.titleEn,
          })
          .from(artworks)
          .where(inArray(artworks.id, artworkIds))
      : [],
    tagIds.length
      ? db
          .select({ id: tags.id, nameZh: tags.nameZh, nameEn: tags.nameEn })
          .from(tags)
          .where(inArray(tags.id, tagIds))
      : [],
    db
      .select({ id: users.id, name: users.displayName })
      .from(users)
      .where(inArray(users.id, [...new Set(rules.map((r) => r.createdBy))])),
    schedule(
      db,
      lang,
      officeToday(),
      rules.filter((r) => r.enabled).map((r) => r.id),
    ),
  ])
  const today = officeToday()
  const artworkName = new Map(
    artworkRows.map((a) => [
      a.id,
      `${a.inventoryNo} ${lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn}`.trim(),
    ]),
  )
  const tagName = new Map(
    tagRows.map((t) => [t.id, lang === 'en' ? t.nameEn || t.nameZh : t.nameZh || t.nameEn]),
  )
  const userName = new Map(userRows.map((u) => [u.id, u.name]))
  return rules.map((r) => {
    const covered = planned.covered.get(r.id) ?? []
    const ids = new Set(covered.map((a) => a.id))
    const mine = planned.rows.filter((row) => ids.has(row.artworkId))
    return {
      id: r.id,
      target: {
        kind: r.artworkId ? ('artwork' as const) : ('category' as const),
        artworkId: r.artworkId,
        mediumTagId: r.mediumTagId,
        name: r.artworkId ? (artworkName.get(r.artworkId) ?? '') : (tagName.get(r.mediumTagId ?? -1) ?? ''),
      },
      intervalMonths: r.intervalMonths,
      enabled: r.enabled,
      note: r.note,
      createdByName: userName.get(r.createdBy) ?? '',
      createdAt: r.createdAt.toISOString(),
      artworks: covered.length,
      due: mine.filter((row) => !row.processId && row.dueOn <= today).length,
      nextDueOn: mine[0]?.dueOn ?? null,
    }
  })
}

async function ruleOf(db: DbOrTx, id: string): Promise<Rule> {
  const [rule] = await db.select().from(conditionCheckRules).where(eq(conditionCheckRules.id, id))
  if (!rule) throw notFound()
  return rule
}

/** The target exists: the artwork, or a category (a child of the creation medium tags). */
async function checkTarget(db: DbOrTx, input: { artworkId?: string; mediumTagId?: number }) {
  if (input.artworkId) {
    const [a] = await db.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, input.artworkId))
    if (!a) throw invalid({ artworkId: 'invalidValue' })
  }
  if (input.mediumTagId !== undefined) {
    const [parent] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.code, 'CREATION_MEDIUM'), isNull(tags.parentId)))
    const [tag] = await db
      .select({ parentId: tags.parentId })
      .from(tags)
      .where(eq(tags.id, input.mediumTagId))
    if (!tag || !parent || tag.parentId !== parent.id) throw invalid({ mediumTagId: 'invalidValue' })
  }
}

export function conditionCheckRoutes(deps: Deps) {
  const app = moduleRouter()
  const db = deps.database.db

  app.openapi(
    createRoute({
      method: 'get',
      path: '/rules',
      tags: tagsDoc,
      summary:
        'The condition check rules, each with its target, interval, the artworks it covers and how many are due',
      ...access(deps, 'devOpsManage:view'),
      responses: okResponse(conditionRuleList),
    }),
    async (c) => {
      const rules = await db.select().from(conditionCheckRules).orderBy(conditionCheckRules.createdAt)
      return ok(c, { list: await rowsOf(db, c.get('lang'), rules) })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/rules',
      tags: tagsDoc,
      summary:
        'Make a rule: check one artwork, or every artwork of a creation-medium category, every N months',
      ...access(deps, 'devOpsManage:start'),
      request: { body: json(conditionRuleInput) },
      responses: okResponse(conditionRuleRow),
    }),
    async (c) => {
      const input = c.req.valid('json')
      await checkTarget(db, input)
      const [rule] = await db
        .insert(conditionCheckRules)
        .values({
          artworkId: input.artworkId ?? null,
          mediumTagId: input.mediumTagId ?? null,
          intervalMonths: input.intervalMonths,
          note: input.note ?? '',
          createdBy: currentUser(c).id,
        })
        .returning()
      const [row] = await rowsOf(db, c.get('lang'), [rule])
      return ok(c, row)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/rules/{id}',
      tags: tagsDoc,
      summary: "Change a rule's interval, note, or whether it is in use",
      ...access(deps, 'devOpsManage:start'),
      request: { params: idParam, body: json(conditionRuleUpdate) },
      responses: okResponse(conditionRuleRow),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await ruleOf(db, id)
      const input = c.req.valid('json')
      const [rule] = await db
        .update(conditionCheckRules)
        .set({
          intervalMonths: input.intervalMonths,
          enabled: input.enabled,
          note: input.note ?? '',
          updatedAt: new Date(),
        })
        .where(eq(conditionCheckRules.id, id))
        .returning()
      const [row] = await rowsOf(db, c.get('lang'), [rule])
      return ok(c, row)
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/rules/{id}',
      tags: tagsDoc,
      summary: 'Remove a rule (the checks it started run on)',
      ...access(deps, 'devOpsManage:start'),
      request: { params: idParam },
      responses: okResponse(z.object({ id: z.string() })),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await ruleOf(db, id)
      await db.delete(conditionCheckRules).where(eq(conditionCheckRules.id, id))
      return ok(c, { id })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/due',
      tags: tagsDoc,
      summary:
        "Each artwork's next condition check under the rules, soonest first: its day, overdue or not, and the check already running",
      ...access(deps, 'devOpsManage:view'),
      responses: okResponse(conditionDueList),
    }),
    async (c) => {
      const today = officeToday()
      const { rows } = await schedule(db, c.get('lang'), today)
      return ok(c, { today, list: rows.map(({ rule: _, ...row }) => row) })
    },
  )
  return app
}
