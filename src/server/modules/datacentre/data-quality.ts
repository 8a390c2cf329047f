// The documentation backlog: what the records of the artworks the office holds (purchased, in the collection,
// on loan) still lack, one rule each —
//   noImage           no image among its media;
//   noValuation       no valuation dated within the last N years (the valuations table, or the artwork's own
//                     latest valuation date);
//   noDimensions      no dimension recorded;
//   noLocation        neither in a warehouse room nor a place written where it is;
//   noConditionCheck  no condition recorded within the last N months: a hand-over of one of its processes
//                     (DEPART, ARRIVE, RETURN) or the submitted report of a step whose form is a condition report
//                     (warehousing, delivery after mounting or repair, a condition check's findings — the same steps
//                     the condition reports read);
//   noProvenance      no provenance entry (its private collections) and no source written.
// Counted in one statement; the artworks behind a rule listed a page at a time; the counts of each office day
// kept by the daily job (`data-quality-snapshot`) as the trend.
import { desc, sql } from 'drizzle-orm'
import { allDefinitions } from '../../../../machines/registry'
import {
  DATA_QUALITY_RULES,
  type DataQualityArtworks,
  type DataQualityPoint,
  type DataQualityReport,
  type DataQualityRule,
  DEFAULT_CONDITION_MONTHS,
  DEFAULT_VALUATION_YEARS,
} from '../../../shared/contracts/data-quality'
import {
  conditionFindingsStep,
  warehousingBatchShape,
  warehousingStep,
  workDeliveryStep,
} from '../../../shared/process-steps'
import type { DbOrTx } from '../../db/client'
import { dataQualitySnapshots } from '../../db/schema'
import { officeDayOf, officeDayStart, officeToday } from '../../office-day'
import { rowsOf } from '../process/process-store'

/** How many kept days the trend shows. */
export const TREND_DAYS = 180

const pad = (n: number) => String(n).padStart(2, '0')
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

/** The calendar day `months` months before `day` (yyyy-MM-dd), the 31st falling back to the month's last day. */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number)
  const index = y * 12 + (m - 1) - months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return `${year}-${pad(month)}-${pad(Math.min(d, daysIn(year, month)))}`
}

export interface Thresholds {
  valuationYears: number
  conditionMonths: number
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  valuationYears: DEFAULT_VALUATION_YEARS,
  conditionMonths: DEFAULT_CONDITION_MONTHS,
}

/** The first day that still counts for each dated rule, on `today`: a valuation or a check on or after it is recent. */
export function cutoffs(today: string, t: Thresholds) {
  return {
    valuationFrom: monthsBefore(today, t.valuationYears * 12),
    conditionFrom: monthsBefore(today, t.conditionMonths),
  }
}

/**
 * The steps whose submitted form is a condition report, as `TYPE:step`, read from every registered machine
 * version (so a new type with such a step counts without an edit here).
 */
export function conditionCheckSteps(): string[] {
  const out = new Set<string>()
  for (const def of allDefinitions())
    for (const [step, schema] of Object.entries(def.payloads))
      if (
        schema === warehousingStep ||
        schema === warehousingBatchShape ||
        schema === workDeliveryStep ||
        schema === conditionFindingsStep
      )
        out.add(`${def.type}:${step}`)
  return [...out].sort()
}

/** The hand-over events that record the condition of the artworks handed over. */
export const HANDOVER_EVENTS = ['DEPART', 'ARRIVE', 'RETURN'] as const

const HELD = sql.raw(`a.status in ('purchased', 'in_collection', 'on_loan')`)

/** Each rule as a condition on the artwork `a`. */
export function ruleCondition(rule: DataQualityRule, today: string, t: Thresholds) {
  const { valuationFrom, conditionFrom } = cutoffs(today, t)
  switch (rule) {
    case 'noImage':
      return sql`not exists (select 1 from artwork_media m where m.artwork_id = a.id and m.kind = 'image')`
    case 'noValuation':
      return sql`(not coalesce(a.valuation_date >= ${valuationFrom}::date, false) and not exists (
        select 1 from valuations v where v.artwork_id = a.id and v.valued_on >= ${valuationFrom}::date))`
    case 'noDimensions':
      return sql`coalesce(a.dimensions, '{}'::jsonb) = '{}'::jsonb`
    case 'noLocation':
      return sql`(not (a.in_warehouse and a.room_id is not null) and btrim(a.location_text) = '')`
    case 'noConditionCheck': {
      const since = officeDayStart(conditionFrom).toISOString()
      const steps = conditionCheckSteps()
      const stepList = sql.join(
        steps.map((s) => sql`${s}`),
        sql`, `,
      )
      const handovers = sql.join(
        HANDOVER_EVENTS.map((e) => sql`${e}`),
        sql`, `,
      )
      return sql`not exists (
        select 1 from process_artworks pa
          join processes p on p.id = pa.process_id
          join process_history h on h.process_id = pa.process_id
        where pa.artwork_id = a.id and h.at >= ${since}::timestamptz
          and (h.event_type in (${handovers})
            ${steps.length ? sql`or (h.event_type = 'SUBMIT' and p.type || ':' || split_part(coalesce(h.from_state, ''), '.', 1) in (${stepList}))` : sql``}))`
    }
    case 'noProvenance':
      return sql`(not exists (select 1 from artwork_records r where r.artwork_id = a.id and r.kind = 'private_collection')
        and btrim(a.source_zh) = '' and btrim(a.source_en) = '')`
  }
}

/** How many held artworks each rule finds on `today`. */
export async function countRules(
  db: DbOrTx,
  today: string,
  t: Thresholds,
): Promise<{ held: number; counts: Record<DataQualityRule, number> }> {
  const columns = sql.join(
    DATA_QUALITY_RULES.map(
      (r) => sql`count(*) filter (where ${ruleCondition(r, today, t)})::int as ${sql.identifier(r)}`,
    ),
    sql`, `,
  )
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select count(*)::int as held, ${columns} from artworks a where ${HELD}`),
  )
  const counts = Object.fromEntries(DATA_QUALITY_RULES.map((r) => [r, Number(row?.[r] ?? 0)])) as Record<
    DataQualityRule,
    number
  >
  return { held: Number(row?.held ?? 0), counts }
}

/** The kept daily counts, oldest first. */
export async function trend(db: DbOrTx): Promise<DataQualityPoint[]> {
  const rows = await db
    .select()
    .from(dataQualitySnapshots)
    .orderBy(desc(dataQualitySnapshots.on))
    .limit(TREND_DAYS)
  return rows.reverse().map((r) => {
    const { held = 0, ...counts } = r.counts
    return { on: r.on, held, counts }
  })
}

export async function dataQualityReport(
  db: DbOrTx,
  t: Thresholds,
  now = new Date(),
): Promise<DataQualityReport> {
  const on = officeToday(now)
  const [{ held, counts }, kept] = await Promise.all([countRules(db, on, t), trend(db)])
  return {
    on,
    ...t,
    held,
    rules: DATA_QUALITY_RULES.map((key) => ({ key, count: counts[key] })),
    trend: kept,
  }
}

/** The held artworks a rule finds, by inventory number, a page at a time. */
export async function ruleArtworks(
  db: DbOrTx,
  rule: DataQualityRule,
  t: Thresholds,
  page: number,
  pageSize: number,
  now = new Date(),
): Promise<DataQualityArtworks> {
  const where = sql`${HELD} and ${ruleCondition(rule, officeToday(now), t)}`
  const [rows, totals] = await Promise.all([
    db.execute(sql`select a.id::text as id, a.inventory_no, a.title_zh, a.title_en,
        coalesce(ar.name_zh, '') as artist_zh, coalesce(ar.name_en, '') as artist_en,
        a.preview_file_id::text as preview
      from artworks a left join artists ar on ar.id = a.artist_id
      where ${where} order by a.inventory_no limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute(sql`select count(*)::int as n from artworks a where ${where}`),
  ])
  const items = rowsOf<{
    id: string
    inventory_no: string
    title_zh: string
    title_en: string
    artist_zh: string
    artist_en: string
    preview: string | null
  }>(rows).map((r) => ({
    id: r.id,
    inventoryNo: r.inventory_no,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    artistNameZh: r.artist_zh,
    artistNameEn: r.artist_en,
    previewFileId: r.preview,
  }))
  const total = Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0)
  return { rule, total, page, pageSize, items }
}

/** Keep the counts of the office day of `at` (the default thresholds); a second run that day replaces them. */
export async function keepDataQualityCounts(db: DbOrTx, at: Date): Promise<void> {
  const on = officeDayOf(at)
  const { held, counts } = await countRules(db, on, DEFAULT_THRESHOLDS)
  const value = { ...counts, held }
  await db
    .insert(dataQualitySnapshots)
    .values({ on, counts: value, takenAt: at })
    .onConflictDoUpdate({ target: dataQualitySnapshots.on, set: { counts: value, takenAt: at } })
}
