// The payment history and its summary over `payments`, which the processes' effects write (one row
// per attempt: paid, or failed with its reason; a retry is a new row). A payment's day is the UTC date of
// its `at` (CONFIRM_PAYMENT's paidOn is stored as that day's midnight UTC), so from/to bound `at` by index.
// The summary adds amounts only within one currency; totals in the reporting currency go through
// convert.ts, per group, currency and day, naming every rate they used and leaving apart what had none.
import { type SQL, sql } from 'drizzle-orm'
import { allDefinitions } from '../../../../machines/registry'
import type {
  PaymentListQuery,
  PaymentRow,
  PaymentSummary,
  ReportingRow,
  SummaryGroup,
  SummaryRow,
} from '../../../shared/contracts/finance'
import type { Lang } from '../../../shared/errors'
import { addMoney } from '../../../shared/validation'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../process/process-store'
import { convertedSql, distinctRates } from './convert'

/** A step's name by process type and step key, in both languages. */
const STEP_LABELS = (() => {
  const map = new Map<string, { zh: string; en: string }>()
  for (const d of allDefinitions())
    for (const s of d.steps) map.set(`${d.type}/${s.key}`, { zh: s.labelZh, en: s.labelEn })
  return map
})()
export function stepLabel(type: string | null, step: string, lang: Lang): string {
  const words = type ? STEP_LABELS.get(`${type}/${step}`) : undefined
  return words ? (lang === 'en' ? words.en : words.zh) : ''
}

const dayStart = (d: string) => `${d}T00:00:00Z`
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString()
const nextDay = (d: string) => dayAfter(d).slice(0, 10)

/** The WHERE of the history's filters (every one indexed: process, status/direction/currency with at). */
export function paymentWhere(q: Omit<PaymentListQuery, 'page' | 'pageSize'>): SQL {
  const parts: SQL[] = [sql`true`]
  if (q.processId)
    parts.push(sql`(p.process_id = ${q.processId}::uuid or p.for_process_id = ${q.processId}::uuid)`)
  if (q.direction) parts.push(sql`p.direction = ${q.direction}`)
  if (q.status) parts.push(sql`p.status = ${q.status}`)
  if (q.currency) parts.push(sql`p.currency = ${q.currency}`)
  if (q.from) parts.push(sql`p.at >= ${dayStart(q.from)}::timestamptz`)
  if (q.to) parts.push(sql`p.at < ${dayAfter(q.to)}::timestamptz`)
  return sql.join(parts, sql` and `)
}

interface PaymentDbRow {
  id: string
  process_id: string | null
  process_type: string | null
  step_key: string
  direction: 'outgoing' | 'incoming'
  status: 'paid' | 'failed'
  attempt: number
  amount: string
  currency: string
  payer_company: string
  payer_zh: string | null
  payer_en: string | null
  payee_account_name: string
  method: PaymentRow['method']
  paid_on: string
  cost_attribution: string
  cost_zh: string | null
  cost_en: string | null
  related_event: string
  event_zh: string | null
  event_en: string | null
  failure_reason: string
  contract_no: string | null
  contract_superseded: boolean
  for_process_id: string | null
  for_process_type: string | null
}

/** The page's rows, read in full by id (the page itself is chosen on `payments` alone, newest first). */
export function paymentPageSql(where: SQL, limit: number, offset: number): SQL {
  return sql`with pg as (
      select p.id, p.at from payments p where ${where}
      order by p.at desc, p.id desc limit ${limit} offset ${offset})
    select p.id, p.process_id, pr.type as process_type, p.step_key, p.direction, p.status, p.attempt,
      p.amount::text as amount, p.currency, p.payer_company, p.payee_account_name, p.method,
      to_char(p.at at time zone 'UTC', 'YYYY-MM-DD') as paid_on, p.cost_attribution,
      d.label_zh as cost_zh, d.label_en as cost_en, p.related_event, e.label_zh as event_zh,
      e.label_en as event_en, p.failure_reason, c.number as contract_no,
      coalesce(c.superseded_at is not null, false) as contract_superseded, p.for_process_id,
      fp.type as for_process_type, payer.name_zh as payer_zh, payer.name_en as payer_en
    from pg join payments p on p.id = pg.id
    left join lateral (${companyNamesOf(sql`p.payer_company`)}) payer on true
    left join processes pr on pr.id = p.process_id
    left join processes fp on fp.id = p.for_process_id
    left join contracts c on c.id = p.contract_id
    left join dict_items d on d.dict_code = 'FIN_FEE_ATTRIBUTION' and d.value = p.cost_attribution
    left join dict_items e on e.dict_code = 'EVENT_TYPE' and e.value = p.related_event
    order by pg.at desc, pg.id desc`
}

/**
 * The registered names of the company or vendor a stored name is (a payment keeps the name as written, the
 * family's companies in Chinese): both languages, so the reader sees it in theirs. No row for a name typed
 * freely (a buyer).
 */
export function companyNamesOf(name: SQL): SQL {
  return sql`select n.name_zh, n.name_en from (
      select e.name_zh, e.name_en, 0 as rank from enterprises e where ${name} in (e.name_zh, e.name_en)
      union all
      select v.name_zh, v.name_en, 1 from vendors v where ${name} in (v.name_zh, v.name_en)) n
    order by n.rank limit 1`
}

/** A dictionary item's label in the reader's language (the other when that one is empty; '' when none). */
const labelIn = (lang: Lang, zh: string | null, en: string | null) =>
  (lang === 'en' ? en || zh : zh || en) ?? ''

export function toPaymentRow(r: PaymentDbRow, lang: Lang): PaymentRow {
  return {
    id: r.id,
    processId: r.process_id,
    processType: r.process_type,
    step: r.step_key,
    stepLabel: stepLabel(r.process_type, r.step_key, lang),
    direction: r.direction,
    status: r.status,
    attempt: Number(r.attempt),
    amount: r.amount,
    currency: r.currency,
    payerCompany: r.payer_zh !== null ? labelIn(lang, r.payer_zh, r.payer_en) : r.payer_company,
    payeeAccountName: r.payee_account_name,
    method: r.method,
    paidOn: r.paid_on,
    costAttribution: r.cost_attribution,
    costAttributionLabel: labelIn(lang, r.cost_zh, r.cost_en),
    relatedEvent: r.related_event,
    relatedEventLabel: labelIn(lang, r.event_zh, r.event_en),
    failureReason: r.failure_reason,
    contractNo: r.contract_no,
    contractSuperseded: r.contract_superseded === true,
    forProcessId: r.for_process_id,
    forProcessType: r.for_process_type,
  }
}

export async function listPayments(
  db: DbOrTx,
  q: PaymentListQuery & { page: number; pageSize: number },
  lang: Lang,
) {
  const where = paymentWhere(q)
  const rows = rowsOf<PaymentDbRow>(
    await db.execute(paymentPageSql(where, q.pageSize, (q.page - 1) * q.pageSize)),
  )
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from payments p where ${where}`),
  )
  return {
    list: rows.map((r) => toPaymentRow(r, lang)),
    total: Number(total),
    page: q.page,
    pageSize: q.pageSize,
  }
}

/** Every row of the history's filters, a page at a time (the Excel export). */
export async function* allPayments(
  db: DbOrTx,
  q: Omit<PaymentListQuery, 'page' | 'pageSize'>,
  lang: Lang,
  pageSize = 1000,
) {
  const where = paymentWhere(q)
  for (let offset = 0; ; offset += pageSize) {
    const rows = rowsOf<PaymentDbRow>(await db.execute(paymentPageSql(where, pageSize, offset)))
    for (const r of rows) yield toPaymentRow(r, lang)
    if (rows.length < pageSize) return
  }
}

// ---- Summary ------------------------------------------------------------------------------------------------

/** The group key of a row of `payments p` (left-joined to its details `pd` when grouping by paying company). */
function keyOf(groupBy: SummaryGroup): SQL {
  switch (groupBy) {
    case 'month':
      return sql`to_char(p.at at time zone 'UTC', 'YYYY-MM')`
    case 'payerCompany':
      return sql`coalesce(pd.paying_company, p.payer_company)`
    case 'costAttribution':
      return sql`p.cost_attribution`
    case 'currency':
      return sql`p.currency`
  }
}
/**
 * The payments a summary reads: by paying company, a payment split between companies (its payment details)
 * counts each company's part; otherwise the payment's payer.
 */
function summaryFrom(groupBy: SummaryGroup): SQL {
  return groupBy === 'payerCompany'
    ? sql`payments p left join payment_details pd on pd.payment_id = p.id`
    : sql`payments p`
}
const amountOf = (groupBy: SummaryGroup) =>
  groupBy === 'payerCompany' ? sql`coalesce(pd.amount, p.amount)` : sql`p.amount`

/** A day's month: its first day, and the first day of the next. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`
function monthAfter(day: string): string {
  const d = new Date(`${monthOf(day)}T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + 1)
  return d.toISOString().slice(0, 10)
}

/**
 * Which part of a summary's range the month totals answer and which days `payments` must: the whole months
 * inside from–to come from `payment_month_totals` (kept by the database as payments are written), the days
 * before the first whole month and after the last from the payments themselves (by the `at` index).
 */
export function summaryRanges(from?: string, to?: string) {
  const end = to ? nextDay(to) : undefined
  const firstWhole = from && from !== monthOf(from) ? monthAfter(from) : from
  const afterWhole = end ? monthOf(end) : undefined
  if (firstWhole && afterWhole && firstWhole >= afterWhole)
    return { months: null, days: [{ from: from ?? null, before: end ?? null }] }
  const days: { from: string | null; before: string | null }[] = []
  if (from && firstWhole && from !== firstWhole) days.push({ from, before: firstWhole })
  if (end && afterWhole && afterWhole !== end) days.push({ from: afterWhole, before: end })
  return { months: { from: firstWhole ?? null, before: afterWhole ?? null }, days }
}

/** The group key of a month-totals row `t` (its grouping chosen by `groupingOf`). */
function totalsKeyOf(groupBy: SummaryGroup): SQL {
  switch (groupBy) {
    case 'month':
      return sql`to_char(t.month, 'YYYY-MM')`
    case 'currency':
      return sql`t.currency`
    default:
      return sql`t.key`
  }
}
const groupingOf = (groupBy: SummaryGroup) => (groupBy === 'payerCompany' ? 'payer' : 'attribution')

export function summarySql(groupBy: SummaryGroup, from?: string, to?: string): SQL {
  const { months, days } = summaryRanges(from, to)
  const parts: SQL[] = []
  if (months) {
    const where = [sql`t.grouping = ${groupingOf(groupBy)}`]
    if (months.from) where.push(sql`t.month >= ${months.from}::date`)
    if (months.before) where.push(sql`t.month < ${months.before}::date`)
    parts.push(sql`select ${totalsKeyOf(groupBy)} as key, t.currency, t.direction, t.status, t.amount, t.payments
      from payment_month_totals t where ${sql.join(where, sql` and `)}`)
  }
  for (const range of days) {
    const where = [sql`true`]
    if (range.from) where.push(sql`p.at >= ${dayStart(range.from)}::timestamptz`)
    if (range.before) where.push(sql`p.at < ${dayStart(range.before)}::timestamptz`)
    // A payment split between companies is one payment (its details are rows of the join).
    const count = groupBy === 'payerCompany' ? sql`count(distinct p.id)` : sql`count(*)`
    parts.push(sql`select ${keyOf(groupBy)} as key, p.currency, p.direction, p.status, sum(${amountOf(groupBy)}),
        ${count}::int from ${summaryFrom(groupBy)} where ${sql.join(where, sql` and `)} group by 1, 2, 3, 4`)
  }
  return sql`select key, currency,
      coalesce(sum(amount) filter (where status = 'paid' and direction = 'outgoing'), 0)::numeric(18, 2)::text as outgoing,
      coalesce(sum(amount) filter (where status = 'paid' and direction = 'incoming'), 0)::numeric(18, 2)::text as incoming,
      coalesce(sum(payments) filter (where status = 'paid'), 0)::int as paid_count,
      coalesce(sum(payments) filter (where status = 'failed'), 0)::int as failed_count
    from (${sql.join(parts, sql` union all `)}) as s (key, currency, direction, status, amount, payments)
    group by 1, 2 having sum(payments) > 0 order by 1, 2`
}

async function labelsOf(db: DbOrTx, groupBy: SummaryGroup, lang: Lang) {
  const labels = new Map<string, string>()
  if (groupBy === 'costAttribution' || groupBy === 'currency') {
    const dict = groupBy === 'currency' ? 'CURRENCY' : 'FIN_FEE_ATTRIBUTION'
    const rows = rowsOf<{ value: string; label_zh: string; label_en: string }>(
      await db.execute(sql`select value, label_zh, label_en from dict_items where dict_code = ${dict}`),
    )
    for (const r of rows)
      labels.set(r.value, lang === 'en' ? r.label_en || r.label_zh : r.label_zh || r.label_en)
  }
  if (groupBy === 'payerCompany') {
    // A company or vendor by either of its names, in the reader's language (the family's companies win).
    const rows = rowsOf<{ name_zh: string; name_en: string }>(
      await db.execute(
        sql`select name_zh, name_en from vendors union all select name_zh, name_en from enterprises`,
      ),
    )
    for (const r of rows) {
      const label = lang === 'en' ? r.name_en || r.name_zh : r.name_zh || r.name_en
      labels.set(r.name_zh, label)
      if (r.name_en) labels.set(r.name_en, label)
    }
  }
  return (k: string) => (groupBy === 'currency' ? k : (labels.get(k) ?? k))
}

/**
 * The summary's rows read the month totals (a few rows a month, whatever the number of payments). Its
 * reporting-currency totals still read every payment of the range by day (each day's rate), so each server keeps
 * those answers per database and query with the version they were computed at: how many payments and payment
 * details exist (they are only ever inserted — a retry is a new row, and a process with history is never
 * deleted) and a digest of the exchange rates (edited in place). A request reads the version first: a new
 * payment or a changed rate means a new computation, never a stale answer.
 */
const SUMMARY_CACHE = new WeakMap<object, Map<string, { version: string; value: unknown }>>()
const CACHE_MAX = 64

async function historyVersion(db: DbOrTx): Promise<string> {
  const [r] = rowsOf<{ v: string }>(
    await db.execute(sql`select concat_ws('/', (select count(*) from payments),
        (select count(*) from payment_details),
        (select md5(coalesce(string_agg(concat_ws(',', base, quote, "on", rate), ';'
          order by base, quote, "on"), '')) from exchange_rates)) as v`),
  )
  return r.v
}

async function cached<T>(db: DbOrTx, key: string, compute: () => Promise<T>): Promise<T> {
  const version = await historyVersion(db)
  let entries = SUMMARY_CACHE.get(db)
  if (!entries) {
    entries = new Map()
    SUMMARY_CACHE.set(db, entries)
  }
  const hit = entries.get(key)
  if (hit && hit.version === version) return hit.value as T
  const value = await compute()
  entries.delete(key)
  entries.set(key, { version, value })
  if (entries.size > CACHE_MAX) entries.delete(entries.keys().next().value as string)
  return value
}

export async function paymentSummary(
  db: DbOrTx,
  q: { groupBy: SummaryGroup; from?: string; to?: string; reportingCurrency?: string },
  reportingCurrency: string,
  lang: Lang,
): Promise<PaymentSummary> {
  const rows = rowsOf<{
    key: string
    currency: string
    outgoing: string
    incoming: string
    paid_count: number
    failed_count: number
  }>(await db.execute(summarySql(q.groupBy, q.from, q.to)))
  const label = await labelsOf(db, q.groupBy, lang)
  const summaryRows: SummaryRow[] = rows.map((r) => ({
    key: r.key,
    label: label(r.key),
    currency: r.currency,
    outgoing: r.outgoing,
    incoming: r.incoming,
    paidCount: Number(r.paid_count),
    failedCount: Number(r.failed_count),
  }))
  const totals = new Map<string, Omit<SummaryRow, 'key' | 'label'>>()
  for (const r of summaryRows) {
    const t = totals.get(r.currency)
    if (!t)
      totals.set(r.currency, {
        currency: r.currency,
        outgoing: r.outgoing,
        incoming: r.incoming,
        paidCount: r.paidCount,
        failedCount: r.failedCount,
      })
    else {
      t.outgoing = addMoney(t.outgoing ?? '0', r.outgoing ?? '0')
      t.incoming = addMoney(t.incoming ?? '0', r.incoming ?? '0')
      t.paidCount += r.paidCount
      t.failedCount += r.failedCount
    }
  }
  return {
    groupBy: q.groupBy,
    from: q.from ?? null,
    to: q.to ?? null,
    rows: summaryRows,
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    reporting: q.reportingCurrency === '1' ? await reportingTotals(db, q, reportingCurrency, label) : null,
  }
}

/** Paid amounts per group, currency, day and direction, converted at each day's rate. */
export function reportingSql(groupBy: SummaryGroup, target: string, from?: string, to?: string): SQL {
  const where = paymentWhere({ from, to })
  const source = sql`select ${keyOf(groupBy)} as k, p.currency, (p.at at time zone 'UTC')::date as "on",
      p.direction::text as direction, sum(${amountOf(groupBy)}) as amount,
      ${groupBy === 'payerCompany' ? sql`count(distinct p.id)` : sql`count(*)`}::int as n
    from ${summaryFrom(groupBy)} where ${where} and p.status = 'paid'
    group by 1, 2, 3, 4`
  return convertedSql(source, target)
}

interface GroupedRow {
  k: string
  currency: string
  direction: 'outgoing' | 'incoming'
  missing: boolean
  amount: string
  n: number
  first_on: string
  last_on: string
}
interface RateRow {
  currency: string
  r_base: string
  r_quote: string
  r_on: string
  r_rate: string
  r_inverse: boolean
}

async function reportingTotals(
  db: DbOrTx,
  q: { groupBy: SummaryGroup; from?: string; to?: string },
  target: string,
  label: (k: string) => string,
): Promise<NonNullable<PaymentSummary['reporting']>> {
  const converted = reportingSql(q.groupBy, target, q.from, q.to)
  // One statement: the conversion once, read grouped by key, currency, direction and whether a rate existed,
  // and for the distinct rates it used (numbers as text inside the JSON: exact).
  const key = `reporting|${q.groupBy}|${q.from ?? ''}|${q.to ?? ''}|${target}`
  const [row] = await cached(db, key, async () =>
    rowsOf<{ grouped: GroupedRow[] | string; rates: RateRow[] | string }>(
      await db.execute(sql`with x as materialized (select * from (${converted}) y)
      select
        (select coalesce(json_agg(g order by g.k, g.currency), '[]') from (
          select k, currency, direction, converted is null as missing,
            coalesce(sum(converted), sum(amount))::numeric(18, 2)::text as amount, sum(n)::int as n,
            min("on")::text as first_on, max("on")::text as last_on
          from x group by 1, 2, 3, 4) g) as grouped,
        (select coalesce(json_agg(r), '[]') from (
          select distinct currency, r_base, r_quote, r_on::text as r_on, r_rate::text as r_rate, r_inverse
          from x where r_base is not null) r) as rates`),
    ),
  )
  const json = <T>(v: T[] | string): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : v)
  const grouped = json(row.grouped)
  const rates = json(row.rates)
  const byKey = new Map<string, ReportingRow>()
  const apart = new Map<string, NonNullable<PaymentSummary['reporting']>['unconverted'][number]>()
  let outgoing = '0.00'
  let incoming = '0.00'
  for (const g of grouped) {
    let row = byKey.get(g.k)
    if (!row) {
      row = { key: g.k, label: label(g.k), outgoing: '0.00', incoming: '0.00', unconverted: [] }
      byKey.set(g.k, row)
    }
    if (!g.missing) {
      row[g.direction] = addMoney(row[g.direction], g.amount)
      if (g.direction === 'outgoing') outgoing = addMoney(outgoing, g.amount)
      else incoming = addMoney(incoming, g.amount)
      continue
    }
    let u = row.unconverted.find((x) => x.currency === g.currency)
    if (!u) {
      u = { currency: g.currency, outgoing: '0.00', incoming: '0.00', count: 0 }
      row.unconverted.push(u)
    }
    u[g.direction] = addMoney(u[g.direction], g.amount)
    u.count += Number(g.n)
    let all = apart.get(g.currency)
    if (!all) {
      all = {
        currency: g.currency,
        outgoing: '0.00',
        incoming: '0.00',
        count: 0,
        firstOn: g.first_on,
        lastOn: g.last_on,
      }
      apart.set(g.currency, all)
    }
    all[g.direction] = addMoney(all[g.direction], g.amount)
    all.count += Number(g.n)
    if (g.first_on < all.firstOn) all.firstOn = g.first_on
    if (g.last_on > all.lastOn) all.lastOn = g.last_on
  }
  return {
    currency: target,
    rows: [...byKey.values()],
    outgoing,
    incoming,
    unconverted: [...apart.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    ratesUsed: distinctRates(rates),
  }
}
