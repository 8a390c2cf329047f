// Under-insurance: every artwork on an active policy that has not ended (not taken off it), its
// schedule value against ratio × its latest valuation when both are in the policy's currency. Exact (SQL
// numeric, the ratio in thousandths); amounts in different currencies are never compared nor converted —
// those lines, and lines without a schedule value or a valuation, are listed as not comparable with the
// reason. The ratio is an app setting (app_settings 'insurance.underInsuranceRatio', 0.90 by default).
import { and, eq, type SQL, sql } from 'drizzle-orm'
import {
  DEFAULT_UNDER_INSURANCE_RATIO,
  type NotComparableReason,
  type PolicySchedule,
  perMille,
  ratioSchema,
  UNDER_INSURANCE_RATIO_KEY,
  type UnderInsuredList,
  type UnderInsuredPage,
  type UnderInsuredRow,
} from '../../../shared/contracts/insurance-schedule'
import type { Lang } from '../../../shared/errors'
import { addMoney } from '../../../shared/validation'
import type { DbOrTx } from '../../db/client'
import { appSettings, insurancePolicies, users } from '../../db/schema'
import { officeToday } from '../../office-day'
import { policyCoversOutsideSql, policyVisibleSql } from '../auth/scope'
import type { ArtworkScope } from '../auth/scope-types'
import { rowsOf } from '../process/process-store'

/** The ratio in force, who set it and when (the default when nobody has, or the stored value is unusable). */
export async function ratioSetting(db: DbOrTx) {
  const [row] = await db
    .select({
      value: appSettings.value,
      updatedAt: appSettings.updatedAt,
      updatedByName: users.displayName,
    })
    .from(appSettings)
    .leftJoin(users, eq(users.id, appSettings.updatedBy))
    .where(eq(appSettings.key, UNDER_INSURANCE_RATIO_KEY))
  const parsed = ratioSchema.safeParse(row?.value)
  if (!row || !parsed.success)
    return {
      underInsuranceRatio: DEFAULT_UNDER_INSURANCE_RATIO,
      isDefault: true,
      updatedAt: null,
      updatedByName: null,
    }
  return {
    underInsuranceRatio: parsed.data,
    isDefault: false,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName ?? null,
  }
}

export async function saveRatio(db: DbOrTx, ratio: number, userId: string): Promise<void> {
  const values = { value: ratio, updatedAt: new Date(), updatedBy: userId }
  await db
    .insert(appSettings)
    .values({ key: UNDER_INSURANCE_RATIO_KEY, ...values })
    .onConflictDoUpdate({ target: appSettings.key, set: values })
}

/** The day policies' dates are compared with: the office's today. */
export const today = officeToday

/**
 * The lines the check looks at, each with its reason for not being comparable (null: comparable), as a
 * SQL subquery: active policies whose end date has not passed, links not taken off. With `asOf` (a policy's
 * schedule as it was on a day): the links not yet taken off that day, each artwork's valuation dated on or
 * before it.
 */
export function linesSql(
  day: string,
  currency?: string,
  policyId?: string,
  asOf?: string,
  scope: ArtworkScope | null = null,
): SQL {
  const valuation = asOf
    ? sql`left join lateral (select amount, currency, valued_on from valuations
          where artwork_id = a.id and valued_on <= ${asOf}::date
          order by valued_on desc, created_at desc limit 1) v on true`
    : sql``
  const [amount, valCurrency, valuedOn] = asOf
    ? [sql.raw('v.amount'), sql.raw('v.currency'), sql.raw('v.valued_on')]
    : [sql.raw('a.latest_valuation'), sql.raw('a.latest_valuation_currency'), sql.raw('a.valuation_date')]
  return sql`select l.artwork_id, l.insured_amount, p.id as policy_id, p.policy_no, p.insurer, p.currency,
      p.start_date::text as start_date, p.end_date::text as end_date, p.insured_amount as policy_amount,
      a.inventory_no, a.title_zh, a.title_en, a.preview_file_id, ${amount} as latest_valuation,
      ${valCurrency} as latest_valuation_currency, ${valuedOn}::text as valuation_date, a.artist_id,
      a.medium_tag_id, a.size_text, a.materials_zh, a.materials_en,
      case when l.insured_amount is null then 'noScheduleValue'
           when ${amount} is null or ${amount} <= 0 then 'noValuation'
           when ${valCurrency} is distinct from p.currency then 'currency'
           else null end as reason
    from insurance_policy_artworks l
    join insurance_policies p on p.id = l.policy_id
    join artworks a on a.id = l.artwork_id
    ${valuation}
    where ${asOf ? sql`(l.removed_on is null or l.removed_on > ${asOf}::date)` : sql`l.removed_on is null`}
      ${scope ? sql`and ${scope.artworkVisible(sql`l.artwork_id`)}` : sql``} and ${
        policyId
          ? sql`p.id = ${policyId}::uuid`
          : sql`p.status = 'active' and p.end_date >= ${day}::date${currency ? sql` and p.currency = ${currency}` : sql``}`
      }`
}

/** SQL of a line's percentage (insured ÷ valuation, one decimal), flag and shortfall at `mille` thousandths. */
export function measures(mille: number) {
  return {
    percent: sql`case when reason is null then round(insured_amount * 100 / latest_valuation, 1)::text end`,
    flagged: sql`(reason is null and insured_amount * 1000 < latest_valuation * ${mille}::int)`,
    // The cover missing to reach the ratio: ratio × valuation rounded up to the cent, less the insured amount.
    shortfall: sql`case when reason is null then
        (ceil(latest_valuation * ${mille}::int / 10.0) / 100)::numeric(18, 2) - insured_amount end`,
  }
}

interface LineRow {
  artwork_id: string
  insured_amount: string | null
  policy_id: string
  policy_no: string
  insurer: string
  currency: string
  start_date: string
  end_date: string
  inventory_no: string
  title_zh: string
  title_en: string
  preview_file_id: string | null
  latest_valuation: string | null
  latest_valuation_currency: string | null
  valuation_date: string | null
  reason: NotComparableReason | null
  percent: string | null
  shortfall: string | null
}

/** The columns of a line as the rows carry them (numbers as text: exact, whatever the driver). */
export const LINE_COLUMNS = sql.raw(`artwork_id, insured_amount::text as insured_amount, policy_id, policy_no,
  insurer, currency, start_date, end_date, inventory_no, title_zh, title_en, preview_file_id,
  latest_valuation::text as latest_valuation, latest_valuation_currency, valuation_date, reason`)

const money = (v: string | null | undefined) => (v === null || v === undefined ? null : fixed(v))
/** numeric text as two decimals (PostgreSQL gives "1200.00"; be sure of it). */
function fixed(v: string): string {
  const [int, frac = ''] = v.split('.')
  return `${int}.${frac.padEnd(2, '0').slice(0, 2)}`
}

function toRow(r: LineRow): UnderInsuredRow {
  return {
    artwork: {
      id: r.artwork_id,
      inventoryNo: r.inventory_no,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      previewFileId: r.preview_file_id,
    },
    policy: {
      id: r.policy_id,
      policyNo: r.policy_no,
      insurer: r.insurer,
      currency: r.currency,
      startDate: r.start_date,
      endDate: r.end_date,
    },
    insuredAmount: money(r.insured_amount),
    valuation:
      r.latest_valuation === null
        ? null
        : {
            amount: fixed(r.latest_valuation),
            currency: r.latest_valuation_currency,
            valuedOn: r.valuation_date,
          },
    percent: r.percent,
    shortfall: money(r.shortfall),
    reason: r.reason,
  }
}

interface PolicyRow {
  policy_id: string
  policy_no: string
  insurer: string
  currency: string
  start_date: string
  end_date: string
  policy_amount: string | null
  artwork_count: number
  schedule_total: string | null
  flagged: number
}

export async function underInsured(
  db: DbOrTx,
  q: { ratio?: number; currency?: string; list: UnderInsuredList; page: number; pageSize: number },
  scope: ArtworkScope | null = null,
): Promise<UnderInsuredPage> {
  const setting = await ratioSetting(db)
  const ratio = q.ratio ?? setting.underInsuranceRatio
  const m = measures(perMille(ratio))
  const lines = linesSql(today(), q.currency, undefined, undefined, scope)
  // A policy's own sum insured, to a user limited to legal entities, only when it covers nothing outside.
  const policyAmount = scope
    ? sql`case when ${policyCoversOutsideSql(scope, sql.raw('p.id'))} then null else p.insured_amount::text end`
    : sql.raw('p.insured_amount::text')
  const where = q.list === 'flagged' ? sql`flagged` : sql`reason is not null`
  // Flagged: the largest shortfall first; not comparable: by reason, policy, inventory number.
  const order =
    q.list === 'flagged'
      ? sql`x.shortfall desc, inventory_no, policy_no`
      : sql`reason, policy_no, inventory_no`
  // One statement: the lines joined and measured once, kept narrow (ids, reason, flag, shortfall, the sort
  // keys); the counts and the policies' totals read from them, the page's rows then read in full by key.
  const [c] = rowsOf<{
    flagged: number
    not_comparable: number
    page: LineRow[] | string
    policies: PolicyRow[] | string
  }>(
    await db.execute(sql`with x as materialized (
        select artwork_id, policy_id, reason, insured_amount, inventory_no, policy_no,
          ${m.flagged} as flagged, ${m.shortfall} as shortfall
        from (${lines}) y),
      pg as (
        select artwork_id as page_artwork, policy_id as page_policy, row_number() over (order by ${order}) as ord
        from x where ${where}
        order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
      select (select count(*) filter (where flagged) from x)::int as flagged,
        (select count(*) filter (where reason is not null) from x)::int as not_comparable,
        (select coalesce(json_agg(r order by r.ord), '[]') from (
          select ${LINE_COLUMNS}, ${m.percent} as percent, ${m.shortfall}::text as shortfall, pg.ord
          from (${lines}) z join pg on pg.page_artwork = z.artwork_id and pg.page_policy = z.policy_id) r) as page,
        (select coalesce(json_agg(r order by r.end_date, r.policy_no), '[]') from (
          select t.policy_id, p.policy_no, p.insurer, p.currency, p.start_date::text as start_date,
            p.end_date::text as end_date, ${policyAmount} as policy_amount, t.artwork_count,
            t.schedule_total, t.flagged
          from (select policy_id, count(*)::int as artwork_count,
                  case when count(insured_amount) = 0 then null
                       else sum(insured_amount)::numeric(18, 2)::text end as schedule_total,
                  count(*) filter (where flagged)::int as flagged
                from x group by policy_id) t
          join insurance_policies p on p.id = t.policy_id
          order by p.end_date, p.policy_no limit 200) r) as policies`),
  )
  const json = <T>(v: T[] | string): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : v)
  const list = json(c.page).map(toRow)
  const policies = json(c.policies)
  return {
    list,
    total: q.list === 'flagged' ? c.flagged : c.not_comparable,
    page: q.page,
    pageSize: q.pageSize,
    ratio,
    settingRatio: setting.underInsuranceRatio,
    counts: { flagged: c.flagged, notComparable: c.not_comparable },
    policies: policies.map((p) => ({
      id: p.policy_id,
      policyNo: p.policy_no,
      insurer: p.insurer,
      currency: p.currency,
      startDate: p.start_date,
      endDate: p.end_date,
      insuredAmount: money(p.policy_amount),
      scheduleTotal: money(p.schedule_total),
      artworkCount: p.artwork_count,
      flagged: p.flagged,
    })),
  }
}

/** One policy's schedule of cover: its lines (artworks not taken off it) with their check at the ratio in force. */
/**
 * A policy's schedule of cover; with `asOf` (yyyy-MM-dd, not after today) as it was on that day: the artworks
 * the policy covered then, against their valuations of the day, not editable.
 */
export async function policySchedule(
  db: DbOrTx,
  policyId: string,
  lang: Lang,
  asOf?: string,
  scope: ArtworkScope | null = null,
): Promise<PolicySchedule | null> {
  const [policy] = await db
    .select({
      id: insurancePolicies.id,
      policyNo: insurancePolicies.policyNo,
      insurer: insurancePolicies.insurer,
      kind: insurancePolicies.kind,
      status: insurancePolicies.status,
      currency: insurancePolicies.currency,
      startDate: sql<string>`${insurancePolicies.startDate}::text`,
      endDate: sql<string>`${insurancePolicies.endDate}::text`,
      insuredAmount: scope
        ? sql<string | null>`case when ${policyCoversOutsideSql(scope, insurancePolicies.id)} then null
            else ${insurancePolicies.insuredAmount}::text end`
        : sql<string | null>`${insurancePolicies.insuredAmount}::text`,
    })
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.id, policyId),
        scope ? policyVisibleSql(scope, insurancePolicies.id) : undefined,
      ),
    )
  if (!policy) return null
  const { underInsuranceRatio: ratio } = await ratioSetting(db)
  const m = measures(perMille(ratio))
  const rows = rowsOf<
    LineRow & {
      flagged: boolean
      artist_zh: string | null
      artist_en: string | null
      medium_zh: string | null
      medium_en: string | null
      size_text: string
      materials_zh: string
      materials_en: string
    }
  >(
    await db.execute(sql`select ${LINE_COLUMNS}, ${m.percent} as percent, ${m.flagged} as flagged,
        x.size_text, x.materials_zh, x.materials_en, ar.name_zh as artist_zh, ar.name_en as artist_en,
        t.name_zh as medium_zh, t.name_en as medium_en
      from (${linesSql(today(), undefined, policyId, asOf, scope)}) x
      left join artists ar on ar.id = x.artist_id
      left join tags t on t.id = x.medium_tag_id
      order by x.inventory_no`),
  )
  const pick = (zh: string | null, en: string | null) => (lang === 'en' ? en || zh : zh || en) ?? ''
  const values = rows.map((r) => r.insured_amount).filter((v): v is string => v !== null)
  return {
    policy: { ...policy, insuredAmount: money(policy.insuredAmount) },
    scheduleTotal: values.length === 0 ? null : addMoney('0', ...values),
    ratio,
    editable: policy.status === 'active' && asOf === undefined,
    asOf: asOf ?? null,
    lines: rows.map((r) => {
      const line = toRow(r)
      return {
        artwork: {
          ...line.artwork,
          artistName: pick(r.artist_zh, r.artist_en),
          medium: pick(r.medium_zh, r.medium_en) || pick(r.materials_zh, r.materials_en),
          sizeText: r.size_text,
        },
        insuredAmount: line.insuredAmount,
        valuation: line.valuation,
        percent: line.percent,
        flagged: r.flagged === true,
        reason: line.reason,
      }
    }),
  }
}
