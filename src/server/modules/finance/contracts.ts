// The contracts register: every contract the processes recorded (purchase, sale, service), with what has
// been paid (or collected) under it — its paid payments in the contract's own currency, never another —
// and what is outstanding; "expiring soon" when its end date falls within EXPIRING_SOON_DAYS. A contract a
// restarted process replaced stays listed, superseded: nothing is outstanding under it and it is neither
// "outstanding" nor "expiring" (only live contracts are).
import { type SQL, sql } from 'drizzle-orm'
import {
  type ContractListQuery,
  type ContractRow,
  EXPIRING_SOON_DAYS,
} from '../../../shared/contracts/finance'
import type { Lang } from '../../../shared/errors'
import { addDays } from '../../../shared/office-time'
import type { DbOrTx } from '../../db/client'
import { officeToday } from '../../office-day'
import { rowsOf } from '../process/process-store'
import { companyNamesOf } from './payments'

const today = () => officeToday()
const inDays = (n: number) => addDays(officeToday(), n)

function contractWhere(q: ContractListQuery): SQL {
  const parts: SQL[] = [sql`true`]
  if (q.direction) parts.push(sql`c.direction = ${q.direction}`)
  if (q.currency) parts.push(sql`c.currency = ${q.currency}`)
  if (q.q) {
    const like = `%${q.q.replaceAll(/[\\%_]/g, (m) => `\\${m}`)}%`
    parts.push(sql`(c.number ilike ${like} or c.subject ilike ${like} or c.counterparty ilike ${like})`)
  }
  if (q.expiring === '1')
    parts.push(
      sql`c.superseded_at is null and c.end_date >= ${today()}::date and c.end_date <= ${inDays(EXPIRING_SOON_DAYS)}::date`,
    )
  if (q.outstanding === '1') parts.push(sql`c.superseded_at is null and c.amount > coalesce(paid.total, 0)`)
  return sql.join(parts, sql` and `)
}

const FROM = sql`contracts c
  left join lateral (
    select sum(p.amount) as total from payments p
     where p.contract_id = c.id and p.status = 'paid' and p.currency = c.currency) paid on true`

interface ContractDbRow {
  id: string
  process_id: string | null
  process_type: string | null
  direction: ContractRow['direction']
  contract_type: string
  type_zh: string | null
  type_en: string | null
  number: string
  subject: string
  counterparty: string
  party_zh: string | null
  party_en: string | null
  effective_date: string
  end_date: string | null
  amount: string
  currency: string
  paid: string
  outstanding: string
  superseded_at: string | null
}

function pageSql(where: SQL, limit: number, offset: number): SQL {
  return sql`select c.id, c.process_id, pr.type as process_type, c.direction, c.contract_type,
      coalesce(a.label_zh, t.label_zh) as type_zh, coalesce(a.label_en, t.label_en) as type_en, c.number, c.subject,
      c.counterparty, c.effective_date::text as effective_date, c.end_date::text as end_date,
      c.amount::text as amount, c.currency, coalesce(paid.total, 0)::numeric(18, 2)::text as paid,
      case when c.superseded_at is null then greatest(c.amount - coalesce(paid.total, 0), 0) else 0 end
        ::numeric(18, 2)::text as outstanding,
      to_char(c.superseded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as superseded_at,
      party.name_zh as party_zh, party.name_en as party_en
    from ${FROM}
    left join lateral (${companyNamesOf(sql`c.counterparty`)}) party on true
    left join processes pr on pr.id = c.process_id
    left join dict_items a on a.dict_code = 'AGREEMENT_CONTRACT_TYPE' and a.value = c.contract_type
    left join dict_items t on t.dict_code = 'ART_CONTRACT_TYPE' and t.value = c.contract_type
    where ${where}
    order by c.effective_date desc, c.created_at desc, c.id limit ${limit} offset ${offset}`
}

function toRow(r: ContractDbRow, lang: Lang): ContractRow {
  const now = today()
  return {
    id: r.id,
    processId: r.process_id,
    processType: r.process_type,
    direction: r.direction,
    contractType: r.contract_type,
    contractTypeLabel: (lang === 'en' ? r.type_en || r.type_zh : r.type_zh || r.type_en) ?? '',
    number: r.number,
    subject: r.subject,
    // A registered vendor or company in the reader's language; a name typed freely as written.
    counterparty:
      r.party_zh === null
        ? r.counterparty
        : (lang === 'en' ? r.party_en || r.party_zh : r.party_zh || r.party_en) || r.counterparty,
    effectiveDate: r.effective_date,
    endDate: r.end_date,
    amount: r.amount,
    currency: r.currency,
    paid: r.paid,
    outstanding: r.outstanding,
    expiringSoon:
      r.superseded_at === null &&
      r.end_date !== null &&
      r.end_date >= now &&
      r.end_date <= inDays(EXPIRING_SOON_DAYS),
    ended: r.end_date !== null && r.end_date < now,
    supersededAt: r.superseded_at,
  }
}

export async function listContracts(
  db: DbOrTx,
  q: ContractListQuery & { page: number; pageSize: number },
  lang: Lang,
) {
  const where = contractWhere(q)
  const rows = rowsOf<ContractDbRow>(await db.execute(pageSql(where, q.pageSize, (q.page - 1) * q.pageSize)))
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from ${FROM} where ${where}`),
  )
  return { list: rows.map((r) => toRow(r, lang)), total: Number(total), page: q.page, pageSize: q.pageSize }
}

export async function* allContracts(db: DbOrTx, q: ContractListQuery, lang: Lang, pageSize = 1000) {
  const where = contractWhere(q)
  for (let offset = 0; ; offset += pageSize) {
    const rows = rowsOf<ContractDbRow>(await db.execute(pageSql(where, pageSize, offset)))
    for (const r of rows) yield toRow(r, lang)
    if (rows.length < pageSize) return
  }
}
