// The collection at a glance (artSummary): how many artworks and the total of their latest valuations by
// creation medium, period, invest market, room, status and insurance — always per currency, summed in SQL
// as numeric and sent as decimal strings, never adding one currency to another. One statement with
// grouping sets, so the whole summary costs one pass over the (filtered) artworks.
import { sql } from 'drizzle-orm'
import {
  ARTWORK_STATUS_LABELS,
  type ArtworkFilters,
  type ArtworkSummary,
  INSURANCE_STATUS_LABELS,
  NOT_SET_LABEL,
  SUMMARY_GROUPS,
} from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { artworks } from '../../db/schema'
import type { ArtworkScope } from '../auth/scope'
import { rowsOf } from '../messages/send'
import { filterWhere } from './list-query'
import { loadReferences } from './reference-lookup'

type Group = (typeof SUMMARY_GROUPS)[number]

const KEY_COLUMNS: Record<Group, ReturnType<typeof sql>> = {
  medium: sql`${artworks.mediumTagId}`,
  period: sql`${artworks.periodTagId}`,
  market: sql`${artworks.investMarketTagId}`,
  room: sql`${artworks.roomId}`,
  status: sql`${artworks.status}`,
  insurance: sql`${artworks.insuranceStatus}`,
}

interface SummaryRow {
  [key: string]: unknown
  cur: string | null
  n: number | string
  nv: number | string
  total: string
}

export async function artworkSummary(
  db: DbOrTx,
  filters: ArtworkFilters,
  lang: Lang,
  scope?: ArtworkScope | null,
): Promise<ArtworkSummary> {
  const where = filterWhere(filters, scope)
  const keys = SUMMARY_GROUPS.map((g) => sql`${KEY_COLUMNS[g]}::text as ${sql.identifier(`k_${g}`)}`)
  const flags = SUMMARY_GROUPS.map((g) => sql`grouping(${KEY_COLUMNS[g]}) as ${sql.identifier(`g_${g}`)}`)
  const sets = SUMMARY_GROUPS.map((g) => sql`(${KEY_COLUMNS[g]}, ${artworks.latestValuationCurrency})`)
  const query = sql`select ${sql.join(keys, sql`, `)}, ${sql.join(flags, sql`, `)},
      ${artworks.latestValuationCurrency} as cur,
      count(*) as n,
      count(${artworks.latestValuation}) as nv,
      coalesce(sum(${artworks.latestValuation}), 0)::numeric(20, 2)::text as total
    from ${artworks}
    ${where ? sql`where ${where}` : sql``}
    group by grouping sets (${sql.join(sets, sql`, `)}, (${artworks.latestValuationCurrency}))`
  const rows = rowsOf<SummaryRow>(await db.execute(query))

  const refs = await loadReferences(db)
  const words = (zh: string, en: string) => ({ label: lang === 'en' ? en : zh, labelZh: zh, labelEn: en })
  const labelOf = (group: Group, key: string | null) => {
    if (key === null) return words(NOT_SET_LABEL['zh-CN'], NOT_SET_LABEL.en)
    if (group === 'status') {
      const w = ARTWORK_STATUS_LABELS[key as keyof typeof ARTWORK_STATUS_LABELS]
      return words(w['zh-CN'], w.en)
    }
    if (group === 'insurance') {
      const w = INSURANCE_STATUS_LABELS[key as keyof typeof INSURANCE_STATUS_LABELS]
      return words(w['zh-CN'], w.en)
    }
    if (group === 'room') {
      const r = refs.rooms.get(key)
      return words(r?.nameZh ?? key, r?.nameEn ?? key)
    }
    const t = refs.tags.get(Number(key))
    return words(t?.nameZh ?? key, t?.nameEn ?? key)
  }

  const out: ArtworkSummary = {
    count: 0,
    valuations: [],
    groups: { insurance: [], market: [], medium: [], period: [], room: [], status: [] },
  }
  const items = new Map<string, ArtworkSummary['groups'][Group][number]>()
  for (const r of rows) {
    const n = Number(r.n)
    const valued = Number(r.nv)
    const group = SUMMARY_GROUPS.find((g) => Number(r[`g_${g}`]) === 0)
    if (!group) {
      out.count += n
      if (r.cur && valued > 0) out.valuations.push({ currency: r.cur, count: valued, total: r.total })
      continue
    }
    const key = (r[`k_${group}`] as string | null) ?? null
    const id = `${group}:${key}`
    let item = items.get(id)
    if (!item) {
      item = { key, ...labelOf(group, key), count: 0, valuations: [] }
      items.set(id, item)
      out.groups[group].push(item)
    }
    item.count += n
    if (r.cur && valued > 0) item.valuations.push({ currency: r.cur, count: valued, total: r.total })
  }
  for (const g of SUMMARY_GROUPS) out.groups[g].sort((a, b) => b.count - a.count)
  out.valuations.sort((a, b) => a.currency.localeCompare(b.currency))
  return out
}
