// Reading valuations: the valuations themselves (of one artwork or all, newest first, with the artwork's
// inventory number and titles), the artworks with their latest valuation and how it was made (method and
// valuer of the newest row), those not valued in N years, and the N-years setting (app_settings).
import { eq, type SQL, sql } from 'drizzle-orm'
import {
  type ArtworkValuationRow,
  DEFAULT_STALE_YEARS,
  STALE_YEARS_KEY,
  staleYears as staleYearsSchema,
  type ValuationMethod,
  type ValuationView,
} from '../../../shared/contracts/valuations'
import type { Page } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { appSettings } from '../../db/schema'
import { rowsOf } from '../process/process-store'

interface PageQuery {
  page: number
  pageSize: number
}

const where = (parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined)
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``
}

interface ValuationRow {
  id: string
  artwork_id: string
  inventory_no: string
  title_zh: string
  title_en: string
  amount: string
  currency: string
  valued_on: string
  method: ValuationMethod
  valuer: string
  note: string
  report_file_ids: string[]
  process_id: string | null
  created_by_name: string | null
  created_at: Date | string
}

const toView = (r: ValuationRow): ValuationView => ({
  id: r.id,
  artworkId: r.artwork_id,
  inventoryNo: r.inventory_no,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  amount: r.amount,
  currency: r.currency,
  valuedOn: r.valued_on,
  method: r.method,
  valuer: r.valuer,
  note: r.note,
  reportFileIds: r.report_file_ids ?? [],
  processId: r.process_id,
  createdByName: r.created_by_name,
  createdAt: new Date(r.created_at).toISOString(),
})

const valuationSelect = sql`select v.id, v.artwork_id, a.inventory_no, a.title_zh, a.title_en, v.amount::text as amount,
    v.currency, v.valued_on::text as valued_on, v.method, v.valuer, v.note, v.report_file_ids, v.process_id,
    u.display_name as created_by_name, v.created_at
  from valuations v join artworks a on a.id = v.artwork_id left join users u on u.id = v.created_by`

export async function listValuations(
  db: DbOrTx,
  q: PageQuery & { artworkId?: string; currency?: string; method?: ValuationMethod },
): Promise<Page<ValuationView>> {
  const filter = where([
    q.artworkId ? sql`v.artwork_id = ${q.artworkId}` : undefined,
    q.currency ? sql`v.currency = ${q.currency}` : undefined,
    q.method ? sql`v.method = ${q.method}` : undefined,
  ])
  const [rows, total] = await Promise.all([
    db.execute(
      sql`${valuationSelect} ${filter} order by v.valued_on desc, v.created_at desc, v.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
    db.execute(sql`select count(*)::int as n from valuations v ${filter}`),
  ])
  return {
    list: rowsOf<ValuationRow>(rows).map(toView),
    total: rowsOf<{ n: number }>(total)[0].n,
    page: q.page,
    pageSize: q.pageSize,
  }
}

export async function valuationsByIds(db: DbOrTx, ids: string[]): Promise<ValuationView[]> {
  if (ids.length === 0) return []
  const rows = rowsOf<ValuationRow>(
    await db.execute(
      sql`${valuationSelect} where v.id = any(${`{${ids.join(',')}}`}::uuid[]) order by a.inventory_no, v.valued_on desc`,
    ),
  )
  return rows.map(toView)
}

export interface ArtworkValuationFilters extends PageQuery {
  q?: string
  currency?: string
  method?: ValuationMethod
  scope?: 'all' | 'inOperation'
  staleYears?: number
}

/** The day `years` years before `today` (yyyy-MM-dd; 29 February falls back to the 28th). */
export function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number)
  const date = new Date(Date.UTC(y - years, m - 1, d))
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0)
  return date.toISOString().slice(0, 10)
}

/** Artworks with their latest valuation; with `staleYears`, only those not valued since that many years. */
export async function listArtworkValuations(
  db: DbOrTx,
  q: ArtworkValuationFilters,
  today: string,
): Promise<Page<ArtworkValuationRow>> {
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const since = q.staleYears ? yearsBefore(today, q.staleYears) : null
  const filter = where([
    like
      ? sql`(a.inventory_no ilike ${like} or a.title_zh ilike ${like} or a.title_en ilike ${like}
          or exists (select 1 from artists ar where ar.id = a.artist_id and (ar.name_zh ilike ${like} or ar.name_en ilike ${like})))`
      : undefined,
    q.currency ? sql`a.latest_valuation_currency = ${q.currency}` : undefined,
    q.method ? sql`lv.method = ${q.method}` : undefined,
    q.scope === 'inOperation' ? sql`a.active_process_id is not null` : undefined,
    since
      ? // Due for revaluation: works still owned (not sold; never those held without being owned).
        sql`a.status not in ('sold', 'in_care', 'borrowed', 'returned')
          and (a.valuation_date is null or a.valuation_date < ${since}::date)`
      : undefined,
  ])
  const from = sql`from artworks a left join lateral (
      select v.method, v.valuer from valuations v where v.artwork_id = a.id
      order by v.valued_on desc, v.created_at desc, v.id desc limit 1) lv on true`
  const order = since
    ? sql`order by a.valuation_date asc nulls first, a.inventory_no`
    : sql`order by a.valuation_date desc nulls last, a.inventory_no`
  const [rows, total] = await Promise.all([
    db.execute(sql`select a.id as artwork_id, a.inventory_no, a.title_zh, a.title_en, a.preview_file_id,
        a.status, a.active_process_id, a.latest_valuation::text as latest_valuation, a.latest_valuation_currency,
        a.valuation_date::text as valuation_date, lv.method, lv.valuer,
        (select count(*)::int from valuations c where c.artwork_id = a.id) as valuation_count
      ${from} ${filter} ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    // The newest row of each artwork is only looked up for the count when the method filter needs it.
    db.execute(sql`select count(*)::int as n ${q.method ? from : sql`from artworks a`} ${filter}`),
  ])
  return {
    list: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      artworkId: r.artwork_id as string,
      inventoryNo: r.inventory_no as string,
      titleZh: r.title_zh as string,
      titleEn: r.title_en as string,
      previewFileId: (r.preview_file_id as string | null) ?? null,
      status: r.status as string,
      activeProcessId: (r.active_process_id as string | null) ?? null,
      latestValuation: (r.latest_valuation as string | null) ?? null,
      latestValuationCurrency: (r.latest_valuation_currency as string | null) ?? null,
      valuationDate: (r.valuation_date as string | null) ?? null,
      method: (r.method as ValuationMethod | null) ?? null,
      valuer: (r.valuer as string | null) ?? null,
      valuationCount: Number(r.valuation_count ?? 0),
    })),
    total: rowsOf<{ n: number }>(total)[0].n,
    page: q.page,
    pageSize: q.pageSize,
  }
}

/** The N of "not valued in N years": the stored setting, or 3. */
export async function staleYearsSetting(db: DbOrTx): Promise<{ staleYears: number; isDefault: boolean }> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, STALE_YEARS_KEY))
  const parsed = staleYearsSchema.safeParse(row?.value)
  return parsed.success && row
    ? { staleYears: parsed.data, isDefault: false }
    : { staleYears: DEFAULT_STALE_YEARS, isDefault: true }
}

export async function saveStaleYears(db: DbOrTx, years: number, userId: string): Promise<void> {
  const values = { value: years, updatedAt: new Date(), updatedBy: userId }
  await db
    .insert(appSettings)
    .values({ key: STALE_YEARS_KEY, ...values })
    .onConflictDoUpdate({ target: appSettings.key, set: values })
}
