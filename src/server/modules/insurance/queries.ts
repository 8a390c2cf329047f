// Reads of the insurance screens: the policy register by segment (one page of policies, the segments'
// counts in one statement, the renewals under way for that page), one policy with its schedule, endorsements,
// claims and renewal chain, the covered and to-be-insured artworks, the renewals due and the claims. The
// processes' effects (process/effects/insurance.ts) write these records; nothing here writes.
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import { INSURABLE } from '../../../../machines/insurance-cover'
import { PROCESS_STATUSES } from '../../../shared/constants'
import type {
  ChainLink,
  ClaimItem,
  ClaimListQuery,
  ClaimPage,
  ClaimShow,
  ClaimStage,
  CoverItem,
  CoverListQuery,
  CoverPage,
  PolicyDetail,
  PolicyItem,
  PolicyListQuery,
  PolicyPage,
  PolicyShow,
  PolicyStanding,
  ProcessRef,
  RenewalsDueQuery,
} from '../../../shared/contracts/insurance'
import { addDays } from '../../../shared/office-time'
import type { DbOrTx } from '../../db/client'
import {
  artworks,
  insuranceClaims,
  insurancePolicies,
  insurancePolicyArtworks,
  processes,
} from '../../db/schema'
import { notFound } from '../../http/app-error'
import { officeToday } from '../../office-day'
import { searchQuery } from '../artworks/search-tokens'
import { artworkColumns, subjectsOf } from '../operations/queries'

type Paged<T> = Omit<T, 'page' | 'pageSize'> & { page: number; pageSize: number }
type Db = DbOrTx

const RENEWAL = 'INSURANCE_RENEWAL' as const
const PAYOUT = 'INSURANCE_PAYOUT' as const
/** Statuses of a process still under way. */
const LIVE = PROCESS_STATUSES.filter((s) => s !== 'completed' && s !== 'terminated')

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString()
const str = (v: unknown) => (typeof v === 'string' ? v : '')

const P = insurancePolicies
const refColumns = {
  id: processes.id,
  type: processes.type,
  status: processes.status,
  currentStep: processes.currentStep,
  done: processes.done,
  createdAt: processes.createdAt,
}
type RefRow = Omit<ProcessRef, 'createdAt'> & { createdAt: Date }
const refOf = (r: RefRow): ProcessRef => ({ ...r, createdAt: iso(r.createdAt) })

// ---------------------------------------------------------------------------------------------------
// The register

/** The condition of a segment (undefined: every policy). */
function showWhere(show: PolicyShow, today: string, until: string): SQL | undefined {
  switch (show) {
    case 'active':
      return and(eq(P.status, 'active'), gte(P.endDate, today))
    case 'expiring':
      return and(eq(P.status, 'active'), gte(P.endDate, today), lte(P.endDate, until))
    case 'expired':
      return and(eq(P.status, 'active'), lt(P.endDate, today))
    case 'lapsed':
      return eq(P.status, 'lapsed')
    case 'all':
      return undefined
  }
}

/** In force and expiring soonest first; ended ones latest first. */
function showOrder(show: PolicyShow) {
  return show === 'active' || show === 'expiring' ? [asc(P.endDate), asc(P.id)] : [desc(P.endDate), asc(P.id)]
}

function filterWhere(q: { q?: string; kind?: 'annual' | 'operation' }): SQL | undefined {
  const text = q.q?.trim()
  const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : ''
  return and(
    q.kind ? eq(P.kind, q.kind) : undefined,
    like ? or(sql`${P.policyNo} ilike ${like}`, sql`${P.insurer} ilike ${like}`) : undefined,
  )
}

export function standingOf(
  status: string,
  startDate: string,
  endDate: string,
  today: string,
): PolicyStanding {
  if (status === 'lapsed' || status === 'void') return status
  if (endDate < today) return 'expired'
  return startDate > today ? 'upcoming' : 'inForce'
}

const policyColumns = {
  id: P.id,
  policyNo: P.policyNo,
  insurer: P.insurer,
  kind: P.kind,
  status: P.status,
  startDate: sql<string>`${P.startDate}::text`,
  endDate: sql<string>`${P.endDate}::text`,
  premium: P.premium,
  insuredAmount: P.insuredAmount,
  currency: P.currency,
  processId: P.processId,
  artworkCount: sql<number>`(select count(*) from ${insurancePolicyArtworks}
    where ${insurancePolicyArtworks.policyId} = ${P.id} and ${insurancePolicyArtworks.removedOn} is null)::int`,
  /** Its process (left-joined: `.from(P).leftJoin(processes, ...)` with every read of these columns). */
  process: refColumns,
}
type PolicyRow = {
  id: string
  policyNo: string
  insurer: string
  kind: 'annual' | 'operation'
  status: 'active' | 'lapsed' | 'void'
  startDate: string
  endDate: string
  premium: string | null
  insuredAmount: string | null
  currency: string
  processId: string | null
  artworkCount: number
  process: { [K in keyof RefRow]: RefRow[K] | null } | null
}

/** The renewals under way of these policies (by the process they renew, else by policy number). */
async function liveRenewals(db: Db, rows: PolicyRow[]): Promise<Map<string, ProcessRef>> {
  const out = new Map<string, ProcessRef>()
  const processIds = rows.flatMap((r) => (r.processId ? [r.processId] : []))
  const policyNos = rows.flatMap((r) => (r.policyNo ? [r.policyNo] : []))
  if (processIds.length === 0 && policyNos.length === 0) return out
  const prev = sql<string | null>`${processes.snapshot} #>> '{context,subject,previousProcessId}'`
  const prevNo = sql<string | null>`${processes.snapshot} #>> '{context,subject,previousPolicyNo}'`
  const found = await db
    .select({ ...refColumns, prev, prevNo })
    .from(processes)
    .where(
      and(
        eq(processes.type, RENEWAL),
        inArray(processes.status, LIVE),
        or(
          processIds.length ? inArray(prev, processIds) : undefined,
          policyNos.length ? inArray(prevNo, policyNos) : undefined,
        ),
      ),
    )
    .orderBy(desc(processes.createdAt))
  for (const r of rows) {
    const hit = found.find((f) => (f.prev ? f.prev === r.processId : !!f.prevNo && f.prevNo === r.policyNo))
    if (hit) out.set(r.id, refOf(hit))
  }
  return out
}

async function refsOf(db: Db, ids: (string | null)[]): Promise<Map<string, ProcessRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (wanted.length === 0) return new Map()
  const rows = await db.select(refColumns).from(processes).where(inArray(processes.id, wanted))
  return new Map(rows.map((r) => [r.id, refOf(r)]))
}

async function itemsOf(db: Db, rows: PolicyRow[], today: string): Promise<PolicyItem[]> {
  const renewals = await liveRenewals(db, rows)
  return rows.map(({ processId, process, ...r }) => ({
    ...r,
    standing: standingOf(r.status, r.startDate, r.endDate, today),
    daysLeft: daysBetween(today, r.endDate),
    process: processId && process?.id ? refOf(process as RefRow) : null,
    renewal: renewals.get(r.id) ?? null,
  }))
}

export async function listPolicies(
  db: Db,
  q: Paged<Omit<PolicyListQuery, 'show' | 'within'>> & { show: PolicyShow; within: string },
  today = officeToday(),
): Promise<PolicyPage> {
  const until = addDays(today, Number(q.within))
  const filters = filterWhere(q)
  const where = and(filters, showWhere(q.show, today, until))
  const [[counts], rows] = await Promise.all([
    // Every segment's count in one pass over the (filtered) policies.
    db
      .select({
        active: sql<number>`count(*) filter (where ${showWhere('active', today, until)})::int`,
        expiring: sql<number>`count(*) filter (where ${showWhere('expiring', today, until)})::int`,
        expired: sql<number>`count(*) filter (where ${showWhere('expired', today, until)})::int`,
        lapsed: sql<number>`count(*) filter (where ${showWhere('lapsed', today, until)})::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(P)
      .where(filters),
    db
      .select(policyColumns)
      .from(P)
      .leftJoin(processes, eq(processes.id, P.processId))
      .where(where)
      .orderBy(...showOrder(q.show))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ])
  return {
    list: await itemsOf(db, rows as PolicyRow[], today),
    total: counts[q.show],
    page: q.page,
    pageSize: q.pageSize,
    counts,
  }
}

/** Active policies ending within the days asked with no renewal started (none under way or completed). */
export async function renewalsDue(
  db: Db,
  q: Paged<Omit<RenewalsDueQuery, 'within'>> & { within: string },
  today = officeToday(),
) {
  const until = addDays(today, Number(q.within))
  const prev = sql`${processes.snapshot} #>> '{context,subject,previousProcessId}'`
  const prevNo = sql`${processes.snapshot} #>> '{context,subject,previousPolicyNo}'`
  const where = and(
    showWhere('expiring', today, until),
    sql`not exists (select 1 from ${processes} where ${processes.type} = ${RENEWAL}
          and ${processes.status} <> 'terminated'
          and (${prev} = ${P.processId}::text
               or (${prev} is null and ${P.policyNo} <> '' and ${prevNo} = ${P.policyNo})))`,
  )
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(P).where(where),
    db
      .select(policyColumns)
      .from(P)
      .leftJoin(processes, eq(processes.id, P.processId))
      .where(where)
      .orderBy(asc(P.endDate), asc(P.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ])
  return {
    list: await itemsOf(db, rows as PolicyRow[], today),
    total: Number(n),
    page: q.page,
    pageSize: q.pageSize,
  }
}

// ---------------------------------------------------------------------------------------------------
// One policy

export async function policyDetail(
  db: Db,
  id: string,
  paging: { page: number; pageSize: number } = { page: 1, pageSize: 50 },
  today = officeToday(),
): Promise<PolicyDetail> {
  const [row] = await db
    .select({ ...policyColumns, policyFileId: P.policyFileId, details: P.details })
    .from(P)
    .leftJoin(processes, eq(processes.id, P.processId))
    .where(eq(P.id, id))
  if (!row) throw notFound()
  const { policyFileId, details, ...rest } = row
  const [[item], [{ n }], schedule, claims, chain] = await Promise.all([
    itemsOf(db, [rest as PolicyRow], today),
    db.select({ n: count() }).from(insurancePolicyArtworks).where(eq(insurancePolicyArtworks.policyId, id)),
    db
      .select({
        artwork: artworkColumns,
        insuredAmount: insurancePolicyArtworks.insuredAmount,
        removedOn: sql<string | null>`${insurancePolicyArtworks.removedOn}::text`,
        removedReason: insurancePolicyArtworks.removedReason,
        removedByProcessId: insurancePolicyArtworks.removedByProcessId,
      })
      .from(insurancePolicyArtworks)
      .innerJoin(artworks, eq(artworks.id, insurancePolicyArtworks.artworkId))
      .where(eq(insurancePolicyArtworks.policyId, id))
      .orderBy(sql`${insurancePolicyArtworks.removedOn} is not null`, asc(artworks.inventoryNo))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    claimsWhere(db, eq(insuranceClaims.policyId, id), 200, 0),
    renewalChain(db, rest as PolicyRow, today),
  ])
  const removers = await refsOf(
    db,
    schedule.map((s) => s.removedByProcessId),
  )
  return {
    ...item,
    policyFileId: policyFileId || null,
    remark: str(details?.remark),
    artworks: schedule.map(({ removedByProcessId, ...s }) => ({
      ...s,
      removedBy: removedByProcessId ? (removers.get(removedByProcessId) ?? null) : null,
    })),
    artworksTotal: Number(n),
    artworksPage: paging.page,
    artworksPageSize: paging.pageSize,
    claims: claims.list,
    chain,
  }
}

/**
 * The covers before this policy (a renewal's `previousProcessId`, back to the first cover) and its renewals
 * after it (the latest renewal not terminated that names each policy's process), oldest first.
 */
async function renewalChain(db: Db, policy: PolicyRow, today: string): Promise<ChainLink[]> {
  if (!policy.processId) return []
  const subject = (key: string) => sql<string | null>`${processes.snapshot} #>> ${`{context,subject,${key}}`}`
  const columns = {
    ...refColumns,
    prev: subject('previousProcessId'),
    decision: sql<string | null>`${processes.snapshot} #>> '{context,steps,renewal,data,decision}'`,
  }
  const linkOf = async (processId: string, current: boolean) => {
    const [p] = await db.select(columns).from(processes).where(eq(processes.id, processId))
    if (!p) return null
    const [pol] = await db
      .select({
        id: P.id,
        policyNo: P.policyNo,
        insurer: P.insurer,
        status: P.status,
        startDate: sql<string>`${P.startDate}::text`,
        endDate: sql<string>`${P.endDate}::text`,
      })
      .from(P)
      .where(eq(P.processId, processId))
    const { prev, decision, ...ref } = p
    const link: ChainLink = {
      process: refOf(ref),
      decision: decision === 'renew' || decision === 'lapse' ? decision : null,
      policy: pol
        ? {
            id: pol.id,
            policyNo: pol.policyNo,
            insurer: pol.insurer,
            startDate: pol.startDate,
            endDate: pol.endDate,
            standing: standingOf(pol.status, pol.startDate, pol.endDate, today),
          }
        : null,
      current,
    }
    return { link, prev }
  }
  const here = await linkOf(policy.processId, true)
  if (!here) return []
  const chain: ChainLink[] = [here.link]
  const seen = new Set([policy.processId])
  // Back: what each renewal renewed.
  let back = here.prev
  while (back && !seen.has(back) && chain.length < 50) {
    seen.add(back)
    const found = await linkOf(back, false)
    if (!found) break
    chain.unshift(found.link)
    back = found.prev
  }
  // Forward: the renewal of each link, while there is one.
  let at: string | null = policy.processId
  while (at && chain.length < 50) {
    const [next] = await db
      .select({ id: processes.id })
      .from(processes)
      .where(
        and(
          eq(processes.type, RENEWAL),
          sql`${processes.status} <> 'terminated'`,
          eq(subject('previousProcessId'), at),
        ),
      )
      .orderBy(desc(processes.createdAt))
      .limit(1)
    if (!next || seen.has(next.id)) break
    seen.add(next.id)
    const found = await linkOf(next.id, false)
    if (!found) break
    chain.push(found.link)
    at = next.id
  }
  return chain
}

// ---------------------------------------------------------------------------------------------------
// Covered and to-be-insured artworks

export async function listCover(
  db: Db,
  q: Paged<Omit<CoverListQuery, 'cover'>> & { cover: 'covered' | 'toBeInsured' },
  today = officeToday(),
): Promise<CoverPage> {
  const tsq = q.q ? searchQuery(q.q) : null
  const text = tsq ? sql`${artworks.searchVector} @@ ${tsq}::tsquery` : undefined
  const covered = eq(artworks.insuranceStatus, 'covered')
  // To be insured: not covered, and insurable (in the collection, on its way in, on loan).
  const toBeInsured = and(
    eq(artworks.insuranceStatus, 'to_be_insured'),
    inArray(artworks.status, [...INSURABLE]),
  )
  const [[counts], rows] = await Promise.all([
    db
      .select({
        covered: sql<number>`count(*) filter (where ${covered})::int`,
        toBeInsured: sql<number>`count(*) filter (where ${toBeInsured})::int`,
      })
      .from(artworks)
      .where(and(text, or(covered, toBeInsured))),
    db
      .select({
        artwork: artworkColumns,
        status: artworks.status,
        insuredUntil: sql<string | null>`${artworks.insuredUntil}::text`,
        latestValuation: artworks.latestValuation,
        latestValuationCurrency: artworks.latestValuationCurrency,
      })
      .from(artworks)
      .where(and(text, q.cover === 'covered' ? covered : toBeInsured))
      // By inventory number (its unique index gives the first page at once, at any size of collection).
      .orderBy(asc(artworks.inventoryNo))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ])
  // The policy that covers each (in force today, ending last), for the page's rows only.
  const ids = rows.map((r) => r.artwork.id)
  const policies = ids.length
    ? await db
        .selectDistinctOn([insurancePolicyArtworks.artworkId], {
          artworkId: insurancePolicyArtworks.artworkId,
          id: P.id,
          policyNo: P.policyNo,
          insurer: P.insurer,
          endDate: sql<string>`${P.endDate}::text`,
        })
        .from(insurancePolicyArtworks)
        .innerJoin(P, eq(P.id, insurancePolicyArtworks.policyId))
        .where(
          and(
            inArray(insurancePolicyArtworks.artworkId, ids),
            isNull(insurancePolicyArtworks.removedOn),
            eq(P.status, 'active'),
            lte(P.startDate, today),
            gte(P.endDate, today),
          ),
        )
        .orderBy(insurancePolicyArtworks.artworkId, desc(P.endDate))
    : []
  const byArtwork = new Map(policies.map(({ artworkId, ...p }) => [artworkId, p]))
  const list = rows.map(
    (r): CoverItem => ({
      ...r,
      policy: q.cover === 'covered' ? (byArtwork.get(r.artwork.id) ?? null) : null,
    }),
  )
  return { list, total: counts[q.cover], page: q.page, pageSize: q.pageSize, counts }
}

// ---------------------------------------------------------------------------------------------------
// Claims

const step = (key: string, field: string) =>
  sql<string | null>`${processes.snapshot} #>> ${`{context,steps,${key},data,${field}}`}`

function claimShowWhere(show: ClaimShow): SQL {
  if (show === 'open') return inArray(processes.status, LIVE)
  if (show === 'closed') return eq(processes.status, 'terminated')
  return eq(processes.status, 'completed')
}

function stageOf(status: string, currentStep: string | null): ClaimStage {
  if (status === 'completed') return 'paid'
  if (status === 'terminated') return 'closed'
  return currentStep === 'claim' || currentStep === 'payout' ? currentStep : 'incident'
}

async function claimsWhere(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      ...refColumns,
      incidentDate: step('incident', 'incidentDate'),
      estimatedLoss: step('incident', 'estimatedLoss'),
      incidentCurrency: step('incident', 'currency'),
      insurer: step('claim', 'insurer'),
      policyNo: step('claim', 'policyNo'),
      claimNo: step('claim', 'claimNo'),
      claimed: step('claim', 'claimedAmount'),
      claimCurrency: step('claim', 'currency'),
      inputPolicyNo: sql<string | null>`${processes.snapshot} #>> '{context,subject,policyNo}'`,
      policyId: insuranceClaims.policyId,
      claimIncident: sql<string | null>`${insuranceClaims.incidentDate}::text`,
      claimedAmount: insuranceClaims.claimedAmount,
      paidAmount: insuranceClaims.paidAmount,
      paidOn: sql<string | null>`${insuranceClaims.paidOn}::text`,
      currency: insuranceClaims.currency,
    })
    .from(processes)
    .leftJoin(insuranceClaims, eq(insuranceClaims.processId, processes.id))
    .where(and(eq(processes.type, PAYOUT), where))
    .orderBy(desc(processes.createdAt), asc(processes.id))
    .limit(limit)
    .offset(offset)
  const subjects = await subjectsOf(
    db,
    rows.map((r) => r.id),
  )
  const list = rows.map((r): ClaimItem => {
    return {
      process: refOf(r),
      stage: stageOf(r.status, r.currentStep),
      artworks: subjects.get(r.id) ?? [],
      incidentDate: r.claimIncident ?? r.incidentDate ?? null,
      insurer: r.insurer ?? '',
      policyNo: r.policyNo || r.inputPolicyNo || '',
      claimNo: r.claimNo ?? '',
      policyId: r.policyId ?? null,
      claimedAmount: r.claimedAmount ?? r.claimed ?? null,
      paidAmount: r.paidAmount ?? null,
      paidOn: r.paidOn ?? null,
      currency: r.currency ?? r.claimCurrency ?? r.incidentCurrency ?? 'CNY',
    }
  })
  return { list }
}

export async function listClaims(db: Db, q: Paged<ClaimListQuery>): Promise<ClaimPage> {
  const isPayout = eq(processes.type, PAYOUT)
  const [[counts], { list }] = await Promise.all([
    db
      .select({
        open: sql<number>`count(*) filter (where ${claimShowWhere('open')})::int`,
        paid: sql<number>`count(*) filter (where ${claimShowWhere('paid')})::int`,
        closed: sql<number>`count(*) filter (where ${claimShowWhere('closed')})::int`,
      })
      .from(processes)
      .where(isPayout),
    claimsWhere(db, q.status ? claimShowWhere(q.status) : undefined, q.pageSize, (q.page - 1) * q.pageSize),
  ])
  const total = q.status ? counts[q.status] : counts.open + counts.paid + counts.closed
  return { list, total, page: q.page, pageSize: q.pageSize, counts }
}
