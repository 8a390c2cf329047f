// The collection summary: the artworks the office holds (purchased, in the collection, on loan — as the
// finance module counts the collection's value) by location (warehouse room, or not in a room) and by medium,
// and every artwork by status; each row's count and its latest valuations summed per currency (never added
// across currencies), then the total per currency and, in the reporting currency, the sum converted at the
// latest dated rates with the rates named (finance/value.ts); a currency without a rate stays apart.
import { sql } from 'drizzle-orm'
import {
  ARTWORK_STATUS_LABELS,
  ARTWORK_STATUSES,
  type ArtworkStatus,
} from '../../../shared/contracts/artworks'
import type { CollectionValue } from '../../../shared/contracts/finance'
import { moneyText } from '../../../shared/money-text'
import { todayIn } from '../../../shared/office-time'
import { addMoney } from '../../../shared/validation'
import type { DbOrTx } from '../../db/client'
import { dateText, numberText } from '../../pdf/format'
import { facts, line, type Report, section, table, titleBlock } from '../../pdf/report'
import type { ArtworkScope } from '../auth/scope'
import { collectionValue, reportingCurrency } from '../finance/value'
import { rowsOf } from '../process/process-store'
import { pick, WORDS } from './words'

const HELD = sql`a.status in ('purchased', 'in_collection', 'on_loan')`

interface GroupRow {
  k: string | null
  currency: string | null
  n: number
  amount: string | null
}

export interface SummaryGroup {
  key: string | null
  count: number
  /** Per currency, by currency code. */
  values: { currency: string; amount: string; artworks: number }[]
}

export interface CollectionSummary {
  at: string
  held: SummaryGroup
  byLocation: (SummaryGroup & { nameZh: string; nameEn: string; code: string })[]
  byMedium: (SummaryGroup & { nameZh: string; nameEn: string })[]
  byStatus: (SummaryGroup & { status: ArtworkStatus })[]
  reporting: CollectionValue
}

function grouped(rows: GroupRow[]): Map<string | null, SummaryGroup> {
  const groups = new Map<string | null, SummaryGroup>()
  for (const r of rows) {
    let g = groups.get(r.k)
    if (!g) {
      g = { key: r.k, count: 0, values: [] }
      groups.set(r.k, g)
    }
    g.count += Number(r.n)
    if (r.currency && r.amount !== null)
      g.values.push({ currency: r.currency, amount: r.amount, artworks: Number(r.n) })
  }
  for (const g of groups.values()) g.values.sort((a, b) => a.currency.localeCompare(b.currency))
  return groups
}

const groupSql = (key: ReturnType<typeof sql>, where: ReturnType<typeof sql>) =>
  sql`select ${key} as k, a.latest_valuation_currency as currency, count(*)::int as n,
      sum(a.latest_valuation)::numeric(18, 2)::text as amount
    from artworks a where ${where} group by 1, 2`

export async function readCollectionSummary(
  db: DbOrTx,
  timeZone: string,
  scope: ArtworkScope | null = null,
): Promise<CollectionSummary> {
  const at = todayIn(timeZone)
  // A user limited to legal entities (auth/scope.ts) sums only the works in their scope.
  const inScope = scope ? scope.artworkVisible(sql`a.id`) : sql`true`
  const [locationRows, mediumRows, statusRows, roomRows, tagRows, target] = await Promise.all([
    db.execute(groupSql(sql`a.room_id::text`, sql`${HELD} and ${inScope}`)),
    db.execute(groupSql(sql`a.medium_tag_id::text`, sql`${HELD} and ${inScope}`)),
    db.execute(groupSql(sql`a.status::text`, inScope)),
    db.execute(sql`select id::text as id, code, name_zh, name_en from rooms`),
    db.execute(sql`select t.id::text as id, t.name_zh, t.name_en from tags t
      where t.id in (select distinct medium_tag_id from artworks where medium_tag_id is not null)`),
    reportingCurrency(db),
  ])
  const rooms = new Map(
    rowsOf<{ id: string; code: string; name_zh: string; name_en: string }>(roomRows).map((r) => [r.id, r]),
  )
  const tags = new Map(
    rowsOf<{ id: string; name_zh: string; name_en: string }>(tagRows).map((t) => [t.id, t]),
  )
  const byLocationMap = grouped(rowsOf<GroupRow>(locationRows))
  const held: SummaryGroup = { key: null, count: 0, values: [] }
  const totals = new Map<string, { amount: string; artworks: number }>()
  for (const g of byLocationMap.values()) {
    held.count += g.count
    for (const v of g.values) {
      const t = totals.get(v.currency)
      totals.set(
        v.currency,
        t ? { amount: addMoney(t.amount, v.amount), artworks: t.artworks + v.artworks } : { ...v },
      )
    }
  }
  held.values = [...totals.entries()]
    .map(([currency, t]) => ({ currency, ...t }))
    .sort((a, b) => a.currency.localeCompare(b.currency))
  const byValue = (a: SummaryGroup, b: SummaryGroup) => b.count - a.count
  const byLocation = [...byLocationMap.values()]
    .map((g) => {
      const room = g.key ? rooms.get(g.key) : undefined
      return { ...g, code: room?.code ?? '', nameZh: room?.name_zh ?? '', nameEn: room?.name_en ?? '' }
    })
    // Rooms first (most artworks first), "not in a room" last.
    .sort((a, b) => Number(a.key === null) - Number(b.key === null) || byValue(a, b))
  const byMedium = [...grouped(rowsOf<GroupRow>(mediumRows)).values()]
    .map((g) => {
      const tag = g.key ? tags.get(g.key) : undefined
      return { ...g, nameZh: tag?.name_zh ?? '', nameEn: tag?.name_en ?? '' }
    })
    .sort((a, b) => Number(a.key === null) - Number(b.key === null) || byValue(a, b))
  const statusMap = grouped(rowsOf<GroupRow>(statusRows))
  const byStatus = ARTWORK_STATUSES.map((status) => ({
    ...(statusMap.get(status) ?? { key: status, count: 0, values: [] }),
    status,
  }))
  return { at, held, byLocation, byMedium, byStatus, reporting: await collectionValue(db, at, target, at) }
}

const valuesText = (values: SummaryGroup['values']) =>
  values.map((v) => moneyText(v.amount, v.currency)).join('\n') || '—'

export async function drawCollectionSummary(r: Report, s: CollectionSummary) {
  const { lang } = r
  const w = WORDS[lang].summary
  titleBlock(r, w.title, `${dateText(s.at, lang)} · ${w.subtitle}`)
  const valued = s.held.values.reduce((n, v) => n + v.artworks, 0)
  facts(
    r,
    [
      [w.artworks, numberText(s.held.count, lang)],
      [w.valued, numberText(valued, lang)],
      [w.unvalued, numberText(s.held.count - valued, lang)],
    ],
    { columns: 3 },
  )

  section(r, w.perCurrency)
  if (s.held.values.length === 0) line(r, w.none, { muted: true })
  else
    await table(
      r,
      [
        { header: w.perCurrency, weight: 3 },
        { header: w.artworks, weight: 1, align: 'right' },
      ],
      s.held.values.map((v) => [moneyText(v.amount, v.currency), numberText(v.artworks, lang)]),
      { size: 9.5 },
    )

  const rep = s.reporting
  section(r, w.reporting(rep.currency))
  facts(r, [[w.reportingTotal, moneyText(rep.total, rep.currency)]], { columns: 1 })
  if (rep.ratesUsed.length > 0)
    line(
      r,
      w.rates(
        rep.ratesUsed.map((x) => w.rate(x.base, x.quote, x.rate, dateText(x.on, lang))).join(w.rateSeparator),
      ),
      { size: 9 },
    )
  const apart = rep.subtotals.filter((t) => t.converted === null)
  if (apart.length > 0)
    line(r, w.withoutRate(apart.map((t) => moneyText(t.amount, t.currency)).join(', ')), { muted: true })

  const groupTable = async (heading: string, column: string, rows: (SummaryGroup & { label: string })[]) => {
    section(r, heading)
    if (rows.length === 0) {
      line(r, w.none, { muted: true })
      return
    }
    const [group, artworks, value] = w.columns(column)
    await table(
      r,
      [
        { header: group, weight: 4 },
        { header: artworks, weight: 1, align: 'right' },
        { header: value, weight: 3, align: 'right' },
      ],
      rows.map((g) => [g.label, numberText(g.count, lang), valuesText(g.values)]),
    )
  }
  await groupTable(
    w.byLocation,
    w.location,
    s.byLocation.map((g) => ({
      ...g,
      label: g.key === null ? w.notInRoom : pick(lang, g.nameZh, g.nameEn) || g.code,
    })),
  )
  await groupTable(
    w.byMedium,
    w.medium,
    s.byMedium.map((g) => ({ ...g, label: g.key === null ? w.noMedium : pick(lang, g.nameZh, g.nameEn) })),
  )
  await groupTable(
    w.byStatus,
    w.status,
    s.byStatus.map((g) => ({ ...g, label: ARTWORK_STATUS_LABELS[g.status][lang] })),
  )
}
