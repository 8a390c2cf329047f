// What the condition check rules make due. For each artwork a rule covers (the artwork, or every artwork of
// its category that is in hand or on loan): the check already running for it, if any (a CONDITION_CHECK not
// done, planned for its `plannedOn` or the day it started); else the next one — the earlier of the last
// closed check's "next due" and its day plus the rule's months; with no closed check yet, the day the rule was
// made — and every other running check (started by hand, after an incident or a transport) with the day it is
// planned for. `startDueChecks` (the daily job) starts one check for each artwork due today or earlier.
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { INSURABLE } from '../../../../machines/insurance-cover'
import { latest } from '../../../../machines/registry'
import { mayStartType } from '../../../shared/access'
import type { ConditionDueRow } from '../../../shared/contracts/condition-checks'
import type { Lang } from '../../../shared/errors'
import { addMonths } from '../../../shared/office-time'
import type { DbOrTx } from '../../db/client'
import { artworks, conditionCheckRules, processArtworks, processes, users } from '../../db/schema'
import { officeDayOf, officeToday } from '../../office-day'
import { privilegesOf } from '../auth/sessions'
import { createInTx, type EffectsEnv } from '../process/run-effects'
import { startAllowedBy } from '../process/start-access'

type Rule = typeof conditionCheckRules.$inferSelect
type ArtworkStatus = (typeof artworks.$inferSelect)['status']
const CHECKABLE = INSURABLE as readonly ArtworkStatus[]

interface Covered {
  id: string
  inventoryNo: string
  titleZh: string
  titleEn: string
  mediumTagId: number | null
}

/** The artworks each rule covers now (in hand or on loan). */
async function coveredBy(db: DbOrTx, rules: Rule[]): Promise<Map<string, Covered[]>> {
  const ids = rules.flatMap((r) => (r.artworkId ? [r.artworkId] : []))
  const tagIds = rules.flatMap((r) => (r.mediumTagId !== null ? [r.mediumTagId] : []))
  if (ids.length === 0 && tagIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: artworks.id,
      inventoryNo: artworks.inventoryNo,
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
      mediumTagId: artworks.mediumTagId,
    })
    .from(artworks)
    .where(
      and(
        inArray(artworks.status, [...CHECKABLE]),
        or(
          ids.length ? inArray(artworks.id, ids) : sql`false`,
          tagIds.length ? inArray(artworks.mediumTagId, tagIds) : sql`false`,
        ),
      ),
    )
    .orderBy(artworks.inventoryNo)
  return new Map(
    rules.map((r) => [
      r.id,
      rows.filter((a) => (r.artworkId ? a.id === r.artworkId : a.mediumTagId === r.mediumTagId)),
    ]),
  )
}

interface CheckOf {
  /** The latest closed check: its day and the day it said the next is due. */
  last: { checkedOn: string; nextDueOn: string } | null
}

const FINDINGS = sql`${processes.snapshot}->'context'->'steps'->'findings'->'data'`

/** Each artwork's running condition check and latest closed one. */
async function checksOf(db: DbOrTx, artworkIds: string[]): Promise<Map<string, CheckOf>> {
  const out = new Map<string, CheckOf>(artworkIds.map((id) => [id, { running: null, last: null }]))
  if (artworkIds.length === 0) return out
  const rows = await db
    .select({
      artworkId: processArtworks.artworkId,
      processId: processes.id,
      status: processes.status,
      checkedOn: sql<string | null>`${FINDINGS}->>'checkedOn'`,
      nextDueOn: sql<string | null>`${FINDINGS}->>'nextDueOn'`,
    })
    .from(processArtworks)
    .innerJoin(processes, eq(processes.id, processArtworks.processId))
    .where(
      and(
        eq(processes.type, 'CONDITION_CHECK'),
        eq(processes.status, 'completed'),
        inArray(processArtworks.artworkId, artworkIds),
      ),
    )
  for (const r of rows) {
    const own = out.get(r.artworkId)
    if (!own || !r.checkedOn || !r.nextDueOn) continue
    if (!own.last || r.checkedOn > own.last.checkedOn)
      own.last = { checkedOn: r.checkedOn, nextDueOn: r.nextDueOn }
  }
  return out
}

interface Running {
  processId: string
  plannedOn: string
  artwork: Covered
}

/** Every running condition check, per artwork the earliest planned (planned for `plannedOn`, else the day it started). */
async function runningChecks(db: DbOrTx): Promise<Map<string, Running>> {
  const rows = await db
    .select({
      processId: processes.id,
      createdAt: processes.createdAt,
      plannedOn: sql<string | null>`${processes.snapshot}->'context'->'subject'->>'plannedOn'`,
      id: artworks.id,
      inventoryNo: artworks.inventoryNo,
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
      mediumTagId: artworks.mediumTagId,
    })
    .from(processes)
    .innerJoin(processArtworks, eq(processArtworks.processId, processes.id))
    .innerJoin(artworks, eq(artworks.id, processArtworks.artworkId))
    .where(and(eq(processes.type, 'CONDITION_CHECK'), eq(processes.done, false)))
  const out = new Map<string, Running>()
  for (const { processId, createdAt, plannedOn, ...artwork } of rows) {
    const day = plannedOn ?? officeDayOf(createdAt)
    const prior = out.get(artwork.id)
    if (!prior || day < prior.plannedOn) out.set(artwork.id, { processId, plannedOn: day, artwork })
  }
  return out
}

/** The day a rule makes an artwork's next check due, given its latest closed check. */
function dueBy(rule: Rule, last: CheckOf['last']): string {
  if (!last) return officeDayOf(rule.createdAt)
  const byRule = addMonths(last.checkedOn, rule.intervalMonths)
  // yyyy-MM-dd sorts as text: the earlier of the two.
  return [last.nextDueOn, byRule].sort()[0]
}

export interface Scheduled extends ConditionDueRow {
  rule: Rule | null
}

/**
 * Every artwork's next check under the enabled rules (one row per artwork: its running check, else the
 * earliest day a rule makes it due), soonest first. `ruleIds` narrows to those rules.
 */
export async function schedule(
  db: DbOrTx,
  lang: Lang,
  today = officeToday(),
  ruleIds?: string[],
): Promise<{ rows: Scheduled[]; covered: Map<string, Covered[]>; rules: Rule[] }> {
  const rules = await db
    .select()
    .from(conditionCheckRules)
    .where(
      and(
        eq(conditionCheckRules.enabled, true),
        ruleIds ? inArray(conditionCheckRules.id, ruleIds) : undefined,
      ),
    )
  const covered = await coveredBy(db, rules)
  const artworkOf = new Map([...covered.values()].flat().map((a) => [a.id, a]))
  const [checks, running] = await Promise.all([checksOf(db, [...artworkOf.keys()]), runningChecks(db)])
  const row = (a: Covered, rule: Rule | null, dueOn: string, processId: string | null): Scheduled => ({
    artworkId: a.id,
    inventoryNo: a.inventoryNo,
    title: lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn,
    ruleId: rule?.id ?? null,
    rule,
    dueOn,
    overdue: dueOn < today,
    processId,
  })
  const best = new Map<string, Scheduled>()
  for (const rule of rules) {
    for (const a of covered.get(rule.id) ?? []) {
      const run = running.get(a.id)
      const dueOn = run ? run.plannedOn : dueBy(rule, checks.get(a.id)?.last ?? null)
      const prior = best.get(a.id)
      if (prior && prior.dueOn <= dueOn) continue
      best.set(a.id, row(a, rule, dueOn, run?.processId ?? null))
    }
  }
  // Checks running outside the rules (by hand, after an incident or a transport), unless narrowed to rules.
  if (!ruleIds)
    for (const run of running.values())
      if (!best.has(run.artwork.id))
        best.set(run.artwork.id, row(run.artwork, null, run.plannedOn, run.processId))
  const rows = [...best.values()].sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || a.inventoryNo.localeCompare(b.inventoryNo),
  )
  return { rows, covered, rules }
}

/** The maker of a rule as the actor of the checks it starts, when they still may start one (else none). */
async function starterOf(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.enabled, true)))
  if (!user) return null
  const held = await privilegesOf(db, userId)
  const actor = {
    id: userId,
    privileges: [...held.privileges].sort(),
    allPrivileges: held.allPrivileges,
    ...(held.roles.length ? { roles: held.roles } : {}),
  }
  return mayStartType(actor, 'CONDITION_CHECK') ? actor : null
}

/**
 * Start a CONDITION_CHECK for every artwork due today or earlier with none running, planned for the day it
 * fell due, in the name of the rule's maker (a maker who may no longer start one starts nothing). One
 * transaction per check. Run once across servers by the scheduler; a repeat finds the checks running.
 */
export async function startDueChecks(db: DbOrTx, env: EffectsEnv, at: Date): Promise<string[]> {
  const today = officeDayOf(at)
  const { rows } = await schedule(db, 'zh-CN', today)
  const definition = latest('CONDITION_CHECK')
  const started: string[] = []
  const starters = new Map<string, Awaited<ReturnType<typeof starterOf>>>()
  for (const row of rows) {
    if (row.processId || row.dueOn > today || !row.rule) continue
    const maker = row.rule.createdBy
    if (!starters.has(maker)) starters.set(maker, await starterOf(db, maker))
    const actor = starters.get(maker)
    if (!actor) continue
    const subject = { artworkIds: [row.artworkId], ruleId: row.rule.id, plannedOn: row.dueOn }
    try {
      const id = await db.transaction((tx) =>
        createInTx(tx, env, definition, subject, actor, maker, at, 'zh-CN', {
          allowedBy: startAllowedBy(actor, 'CONDITION_CHECK'),
        }),
      )
      started.push(id)
    } catch (error) {
      // One artwork refused (its status changed meanwhile): the others still start; tomorrow tries again.
      console.error(`condition check of ${row.inventoryNo} not started`, (error as Error).message)
    }
  }
  return started
}
