// Insurance flows on the records. A policy (annual, or for one operation) covers its artworks from its
// start date to its end date: an approved policy covers them at once only when it is already in force, and
// the daily job (applyCoverDates, run by the scheduler) turns cover on when a start date arrives and off
// when the insured-until date has passed, telling the operations staff. One renewal reminder per policy.
// A renewal's lapse ends the policy it renews; a policy approved but never paid is voided when its process
// is terminated; a sale takes the sold artworks off their policies (an endorsement on the link row); a paid
// claim is recorded against the active policy that covered the artwork.
import { and, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import { START_PRIVILEGE } from '../../../../shared/access'
import { ARTWORK_STATUS_LABELS } from '../../../../shared/contracts/artworks'
import type { Lang } from '../../../../shared/errors'
import { calendarDateText } from '../../../../shared/office-time'
import type { ProcessType } from '../../../../shared/process-types'
import { dateProblem, MONEY_RE, normaliseMoney } from '../../../../shared/validation'
import type { DbOrTx, Tx } from '../../../db/client'
import { artworks, insuranceClaims, insurancePolicies, insurancePolicyArtworks } from '../../../db/schema'
import { AppError, invalid } from '../../../http/app-error'
import { officeDayOf } from '../../../office-day'
import { recordSchedule } from '../../insurance/schedule'
import {
  bothLanguages,
  cancelReminders,
  holdersOf,
  scheduleReminder,
  sendMessages,
} from '../../messages/send'
import { type RefusedArtwork, refusedArtworks } from './custody'
import { changeArtworks } from './movements'
import { type EffectContext, field, stepData, targetArtworks, textField } from './types'

/** The office's day of an instant, as the dates of policies are written. */
export const dayOf = officeDayOf

function dateField(ctx: EffectContext, required: boolean, ...names: string[]): string | null {
  const v = field(ctx, ...names)
  const problem = typeof v === 'string' ? dateProblem(v) : 'invalidDate'
  if (problem === null) return v as string
  if (required) throw invalid({ [names[0]]: v === undefined ? 'required' : problem })
  return null
}

function moneyField(ctx: EffectContext, required: boolean, ...names: string[]): string | null {
  const v = field(ctx, ...names)
  if (v === undefined) {
    if (required) throw invalid({ [names[0]]: 'required' })
    return null
  }
  const text = String(v).replaceAll(',', '')
  if (!MONEY_RE.test(text)) throw invalid({ [names[0]]: 'invalidMoney' })
  return normaliseMoney(text)
}

/** Days before the end of a policy when its renewal reminder is delivered. */
export const RENEWAL_REMINDER_DAYS = 30

/** The links of active policies that cover (not taken off by an endorsement). */
const covering = and(eq(insurancePolicies.status, 'active'), isNull(insurancePolicyArtworks.removedOn))

/** Per artwork, the latest end date of the active policies in force on `day` that cover it. */
async function coverOn(tx: DbOrTx, ids: string[], day: string): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await tx
    .select({
      artworkId: insurancePolicyArtworks.artworkId,
      until: sql<string>`max(${insurancePolicies.endDate})::text`,
    })
    .from(insurancePolicyArtworks)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insurancePolicyArtworks.policyId))
    .where(
      and(
        covering,
        inArray(insurancePolicyArtworks.artworkId, ids),
        lte(insurancePolicies.startDate, day),
        sql`${insurancePolicies.endDate} >= ${day}`,
      ),
    )
    .groupBy(insurancePolicyArtworks.artworkId)
  return new Map(rows.map((r) => [r.artworkId, r.until]))
}

/**
 * Set the artworks' insurance status from the active policies in force on `day`: covered until the latest
 * end date among them, or to be insured when none covers them. Returns the artworks that were covered and
 * are not any more, with the insured-until date they had.
 */
export async function recomputeCover(
  tx: Tx,
  ids: string[],
  day: string,
): Promise<{ id: string; insuredUntil: string | null }[]> {
  const unique = [...new Set(ids)]
  const cover = await coverOn(tx, unique, day)
  const ended: { id: string; insuredUntil: string | null }[] = []
  await changeArtworks(tx, unique, (a) => {
    const until = cover.get(a.id)
    if (until) return { insuranceStatus: 'covered', insuredUntil: until }
    if (a.insuranceStatus === 'covered') ended.push({ id: a.id, insuredUntil: a.insuredUntil })
    return { insuranceStatus: 'to_be_insured', insuredUntil: null }
  })
  return ended
}

/**
 * Cover the artworks that an active policy in force on `day` covers (until the latest end date, or a later
 * insured-until they already had); the others are left as they are.
 */
async function extendCover(tx: Tx, ids: string[], day: string): Promise<number> {
  const cover = await coverOn(tx, [...new Set(ids)], day)
  await changeArtworks(tx, [...cover.keys()], (a) => {
    const until = cover.get(a.id)!
    const later = a.insuranceStatus === 'covered' && a.insuredUntil !== null && a.insuredUntil > until
    return { insuranceStatus: 'covered', insuredUntil: later ? a.insuredUntil : until }
  })
  return cover.size
}

/** The artworks a policy covers (not taken off it). */
async function policyArtworks(tx: DbOrTx, policyId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: insurancePolicyArtworks.artworkId })
    .from(insurancePolicyArtworks)
    .where(and(eq(insurancePolicyArtworks.policyId, policyId), isNull(insurancePolicyArtworks.removedOn)))
  return rows.map((r) => r.id)
}

/**
 * Binding cover (the policy step's SUBMIT, before anything is written; its approval, in the event's
 * transaction): every artwork must still be one the type may insure (its machine's `artworkStatuses`,
 * the rule of a start) — a work sold or counted missing since the process started is refused, 400 naming
 * each artwork and why.
 */
export async function assertInsurable(
  db: DbOrTx,
  process: { type: ProcessType; subject: Record<string, unknown> },
  ids: string[],
  allowed: readonly string[] | undefined,
  options: { lock: boolean },
): Promise<void> {
  const refused = await refusedArtworks(db, process, ids, allowed ?? [], options)
  if (refused.length === 0) return
  throw new AppError(
    400,
    'coverRefused',
    { artworks: { 'zh-CN': withReasons(refused, 'zh-CN'), en: withReasons(refused, 'en') } },
    { artworkIds: refused.map((a) => a.id), artworks: refused },
  )
}

/** Each artwork by inventory number with its status: `VT-1 (sold), VT-2 (missing)`, `VT-1（已售出）、…`. */
function withReasons(refused: RefusedArtwork[], lang: Lang): string {
  const why = (a: RefusedArtwork) => ARTWORK_STATUS_LABELS[a.status][lang]
  if (lang === 'en') return refused.map((a) => `${a.inventoryNo} (${why(a).toLowerCase()})`).join(', ')
  return refused.map((a) => `${a.inventoryNo}（${why(a)}）`).join('、')
}

export async function insuranceCovered(ctx: EffectContext): Promise<void> {
  // The world may have changed since the SUBMIT: a sale or a stocktake in between refuses the approval.
  const subject = { type: ctx.process.type, subject: ctx.context.subject }
  await assertInsurable(ctx.tx, subject, targetArtworks(ctx), ctx.definition.artworkStatuses, { lock: true })
  const startDate = dateField(ctx, true, 'startDate', 'periodStart', 'effectiveDate')!
  const endDate = dateField(ctx, true, 'endDate', 'periodEnd', 'insuredUntil')!
  if (endDate < startDate) throw invalid({ endDate: 'endBeforeStart' })
  const ids = targetArtworks(ctx)
  const values = {
    kind: ctx.process.type === 'INSURANCE_OPERATION' ? ('operation' as const) : ('annual' as const),
    status: 'active' as const,
    policyNo: textField(ctx, 'policyNo', 'policyNumber'),
    insurer: textField(ctx, 'insurer', 'insuranceCompany'),
    premium: moneyField(ctx, false, 'premium'),
    insuredAmount: moneyField(ctx, false, 'insuredAmount', 'sumInsured'),
    currency: textField(ctx, 'currency') || 'CNY',
    startDate,
    endDate,
    policyFileId: textField(ctx, 'policyFileId', 'policyFile') || null,
    details: stepData(ctx),
    updatedAt: ctx.at,
  }
  const [policy] = await ctx.tx
    .insert(insurancePolicies)
    .values({ ...values, processId: ctx.process.id, createdAt: ctx.at })
    .onConflictDoUpdate({ target: insurancePolicies.processId, set: values })
    .returning({ id: insurancePolicies.id })
  // The policy covers exactly the process's artworks (an endorsement taking one off stays recorded).
  const previous = await policyArtworks(ctx.tx, policy.id)
  const dropped = previous.filter((id) => !ids.includes(id))
  if (dropped.length > 0)
    await ctx.tx
      .delete(insurancePolicyArtworks)
      .where(
        and(
          eq(insurancePolicyArtworks.policyId, policy.id),
          inArray(insurancePolicyArtworks.artworkId, dropped),
        ),
      )
  if (ids.length > 0)
    await ctx.tx
      .insert(insurancePolicyArtworks)
      .values(ids.map((artworkId) => ({ policyId: policy.id, artworkId })))
      .onConflictDoNothing()
  // The schedule of cover: the insured amount shared out over the artworks; a renewal follows the schedule
  // of the policy it renews when that covered the same artworks (modules/insurance/schedule.ts).
  const renewed = ctx.process.type === 'INSURANCE_RENEWAL' ? await renewedPolicy(ctx) : undefined
  await recordSchedule(ctx.tx, policy.id, renewed?.id ?? null)
  // Covered from the start date to the end date: a policy not yet in force changes nothing today (the
  // daily job turns its cover on when it starts).
  await extendCover(ctx.tx, ids, dayOf(ctx.at))
  if (dropped.length > 0) await recomputeCover(ctx.tx, dropped, dayOf(ctx.at))
  const due = new Date(`${endDate}T00:00:00Z`)
  due.setUTCDate(due.getUTCDate() - RENEWAL_REMINDER_DAYS)
  await scheduleReminder(ctx.tx, {
    processId: ctx.process.id,
    processType: ctx.process.type,
    recipientId: ctx.process.createdBy,
    kind: 'insuranceExpiry',
    dueAt: due < ctx.at ? ctx.at : due,
    params: { date: endDate, policy: values.policyNo || values.insurer },
    // Re-issued after a restart, the policy was already reminded of (a reminder due at once re-armed at
    // every approval would repeat): one reminder per policy.
    once: true,
  })
  // A renewal's new policy is issued: the renewed policy needs no more reminding to renew.
  if (ctx.process.type === 'INSURANCE_RENEWAL') {
    if (renewed?.processId && renewed.processId !== ctx.process.id)
      await cancelReminders(ctx.tx, renewed.processId, ctx.at, ['insuranceExpiry'])
  }
}

/** What a renewal's start input names as the policy it renews: its process, else its number. */
function renewedNames(subject: Record<string, unknown>) {
  return {
    processId: typeof subject.previousProcessId === 'string' ? subject.previousProcessId : '',
    policyNo: typeof subject.previousPolicyNo === 'string' ? subject.previousPolicyNo.trim() : '',
  }
}

const RENEWAL_REFUSALS = { void: 'renewedPolicyVoid', lapsed: 'renewedPolicyLapsed' } as const

/**
 * At a renewal's start (machines: `renewsPolicy`), before anything is written: the policy it names must be
 * active — in force, or ended at its end date — never one that is void (its process terminated) or lapsed
 * (a renewal let it lapse); a process named must have issued a policy. A policy number no recorded policy
 * carries is taken as a policy issued outside Vitrine. 400 at the field naming the policy.
 */
export async function assertRenewable(db: DbOrTx, subject: Record<string, unknown>): Promise<void> {
  const named = renewedNames(subject)
  const field = named.processId ? 'input.previousProcessId' : 'input.previousPolicyNo'
  if (!named.processId && !named.policyNo) return
  const rows = await db
    .select({
      status: insurancePolicies.status,
      policyNo: insurancePolicies.policyNo,
      insurer: insurancePolicies.insurer,
    })
    .from(insurancePolicies)
    .where(
      named.processId
        ? eq(insurancePolicies.processId, named.processId)
        : eq(insurancePolicies.policyNo, named.policyNo),
    )
  if (named.processId && rows.length === 0)
    throw new AppError(400, 'renewedPolicyNone', undefined, { fieldErrors: { [field]: 'renewedPolicyNone' } })
  if (rows.length === 0 || rows.some((r) => r.status === 'active')) return
  const [refused] = rows
  const key = RENEWAL_REFUSALS[refused.status as keyof typeof RENEWAL_REFUSALS]
  const policy = refused.policyNo || refused.insurer
  throw new AppError(400, key, { policy }, { fieldErrors: { [field]: key } })
}

/**
 * The active policy a renewal renews: the policy of its `previousProcessId`, else the active policy with
 * its `previousPolicyNo` (the latest ending), else the latest-ending active policy covering its artworks.
 * A void or lapsed policy is never renewed (nor lapsed again).
 */
async function renewedPolicy(ctx: EffectContext) {
  const columns = { id: insurancePolicies.id, processId: insurancePolicies.processId }
  const { processId: previousProcessId, policyNo } = renewedNames(ctx.context.subject)
  if (previousProcessId) {
    const [p] = await ctx.tx
      .select(columns)
      .from(insurancePolicies)
      .where(and(eq(insurancePolicies.processId, previousProcessId), eq(insurancePolicies.status, 'active')))
      .for('update')
    return p
  }
  if (policyNo) {
    const [p] = await ctx.tx
      .select(columns)
      .from(insurancePolicies)
      .where(and(eq(insurancePolicies.policyNo, policyNo), eq(insurancePolicies.status, 'active')))
      .orderBy(desc(insurancePolicies.endDate))
      .limit(1)
      .for('update')
    return p
  }
  const ids = targetArtworks(ctx)
  if (ids.length === 0) return undefined
  const [p] = await ctx.tx
    .select(columns)
    .from(insurancePolicies)
    .innerJoin(insurancePolicyArtworks, eq(insurancePolicyArtworks.policyId, insurancePolicies.id))
    .where(and(covering, inArray(insurancePolicyArtworks.artworkId, ids)))
    .orderBy(desc(insurancePolicies.endDate))
    .limit(1)
    .for('update', { of: insurancePolicies })
  return p
}

/**
 * INSURANCE_RENEWAL decided to lapse: the renewed policy ends now (status lapsed), its pending reminders
 * are cancelled, and its artworks (and the renewal's) keep only the cover of their other active policies.
 */
export async function insuranceLapsed(ctx: EffectContext): Promise<void> {
  const policy = await renewedPolicy(ctx)
  const ids = [...targetArtworks(ctx)]
  if (policy) {
    ids.push(...(await policyArtworks(ctx.tx, policy.id)))
    await ctx.tx
      .update(insurancePolicies)
      .set({ status: 'lapsed', updatedAt: ctx.at })
      .where(and(eq(insurancePolicies.id, policy.id), eq(insurancePolicies.status, 'active')))
    if (policy.processId) await cancelReminders(ctx.tx, policy.processId, ctx.at)
  }
  await recomputeCover(ctx.tx, ids, dayOf(ctx.at))
}

/**
 * Compensation of a cover process terminated after its policy was approved but before its premium was
 * paid: the policy is void, its reminders are cancelled, and its artworks keep only the cover of their
 * other active policies.
 */
export async function policyVoided(ctx: EffectContext): Promise<void> {
  const [policy] = await ctx.tx
    .update(insurancePolicies)
    .set({ status: 'void', updatedAt: ctx.at })
    .where(and(eq(insurancePolicies.processId, ctx.process.id), eq(insurancePolicies.status, 'active')))
    .returning({ id: insurancePolicies.id })
  await cancelReminders(ctx.tx, ctx.process.id, ctx.at)
  const ids = policy ? await policyArtworks(ctx.tx, policy.id) : []
  await recomputeCover(ctx.tx, [...ids, ...targetArtworks(ctx)], dayOf(ctx.at))
}

/** Compensation: every pending reminder of the process is cancelled. */
export async function remindersCancelled(ctx: EffectContext): Promise<void> {
  await cancelReminders(ctx.tx, ctx.process.id, ctx.at)
}

/**
 * A sale ends cover (called by the `sold` effect): the sold artworks are taken off every active policy by
 * an endorsement on their link row (from the sale's day, reason `sold`, by the sale's process) and are no
 * longer insured.
 */
export async function endCoverOnSale(ctx: EffectContext): Promise<void> {
  const ids = targetArtworks(ctx)
  if (ids.length === 0) return
  const day = dayOf(ctx.at)
  const active = ctx.tx
    .select({ id: insurancePolicies.id })
    .from(insurancePolicies)
    .where(eq(insurancePolicies.status, 'active'))
  await ctx.tx
    .update(insurancePolicyArtworks)
    .set({ removedOn: day, removedReason: 'sold', removedByProcessId: ctx.process.id })
    .where(
      and(
        inArray(insurancePolicyArtworks.artworkId, ids),
        isNull(insurancePolicyArtworks.removedOn),
        inArray(insurancePolicyArtworks.policyId, active),
      ),
    )
  await changeArtworks(ctx.tx, ids, { insuranceStatus: 'to_be_insured', insuredUntil: null })
}

export async function claimPaid(ctx: EffectContext): Promise<void> {
  const ids = targetArtworks(ctx)
  const explicitPolicy = textField(ctx, 'policyId')
  let policyId: string | null = explicitPolicy || null
  const incidentDate = dateField(ctx, false, 'incidentDate')
  if (!policyId && ids.length > 0) {
    // Only an active policy that covered the artwork (on the incident date, when known): never a lapsed
    // or void one; the claim's policy number decides between several.
    const policyNo = textField(ctx, 'policyNo')
    const [found] = await ctx.tx
      .select({ id: insurancePolicies.id })
      .from(insurancePolicies)
      .innerJoin(insurancePolicyArtworks, eq(insurancePolicyArtworks.policyId, insurancePolicies.id))
      .where(
        and(
          covering,
          inArray(insurancePolicyArtworks.artworkId, ids),
          incidentDate ? lte(insurancePolicies.startDate, incidentDate) : undefined,
          incidentDate ? sql`${insurancePolicies.endDate} >= ${incidentDate}` : undefined,
        ),
      )
      .orderBy(sql`(${insurancePolicies.policyNo} = ${policyNo}) desc`, desc(insurancePolicies.endDate))
      .limit(1)
    policyId = found?.id ?? null
  }
  const values = {
    policyId,
    artworkIds: ids,
    incidentDate,
    claimedAmount: moneyField(ctx, false, 'claimedAmount', 'claimAmount'),
    paidAmount: moneyField(ctx, true, 'paidAmount', 'payoutAmount', 'amount')!,
    currency: textField(ctx, 'currency') || 'CNY',
    paidOn: dateField(ctx, false, 'paidOn', 'payoutDate', 'receivedDate') ?? ctx.event.at.slice(0, 10),
    details: { ...stepData(ctx), ...(ctx.event.payload ?? {}) },
  }
  await ctx.tx
    .insert(insuranceClaims)
    .values({ ...values, processId: ctx.process.id, createdAt: ctx.at })
    .onConflictDoUpdate({ target: insuranceClaims.processId, set: values })
}

/** The privilege of the operations staff, who are told when cover ends. */
export const OPERATIONS_PRIVILEGE = START_PRIVILEGE

/** At most this many inventory numbers are named in one cover-ended message. */
const NAMED_IN_MESSAGE = 20

/**
 * The daily job (modules/insurance/jobs.ts): on the day of `now`, artworks of active policies that are in force become
 * covered (until the latest end date), and artworks whose insured-until date has passed become to be
 * insured unless another policy in force covers them. The operations staff get one message per policy
 * that ended (linked to its process, naming its artworks; artworks whose cover no policy explains get one
 * message of their own). One transaction; rows another server is working on are skipped (it does them).
 * Returns how many artworks became covered and how many stopped being covered.
 */
export async function applyCoverDates(db: DbOrTx, now = new Date()) {
  const day = dayOf(now)
  return db.transaction(async (tx) => {
    // Cover that ended: insured until a day before today.
    const expired = await tx
      .select({ id: artworks.id })
      .from(artworks)
      .where(and(eq(artworks.insuranceStatus, 'covered'), lt(artworks.insuredUntil, day)))
      .for('update', { skipLocked: true })
    const expiredIds = expired.map((r) => r.id)
    const ended = await recomputeCover(tx, expiredIds, day)
    // Cover that starts: in-force policies whose artworks do not yet read covered until their end date.
    const starting = await tx
      .select({ id: insurancePolicyArtworks.artworkId })
      .from(insurancePolicyArtworks)
      .innerJoin(insurancePolicies, eq(insurancePolicies.id, insurancePolicyArtworks.policyId))
      .innerJoin(artworks, eq(artworks.id, insurancePolicyArtworks.artworkId))
      .where(
        and(
          covering,
          lte(insurancePolicies.startDate, day),
          sql`${insurancePolicies.endDate} >= ${day}`,
          sql`(${artworks.insuranceStatus} <> 'covered' or ${artworks.insuredUntil} is null
               or ${artworks.insuredUntil} < ${insurancePolicies.endDate})`,
        ),
      )
      .for('update', { of: artworks, skipLocked: true })
    const started = await extendCover(
      tx,
      starting.map((r) => r.id),
      day,
    )
    if (ended.length > 0) await tellCoverEnded(tx, ended, day, now)
    return { started, ended: ended.length }
  })
}

/** One message per ended policy (the active one whose end date was the artwork's insured-until). */
async function tellCoverEnded(
  tx: Tx,
  ended: { id: string; insuredUntil: string | null }[],
  day: string,
  now: Date,
) {
  const until = new Map(ended.map((e) => [e.id, e.insuredUntil]))
  const rows = await tx
    .select({
      id: artworks.id,
      no: artworks.inventoryNo,
      processId: insurancePolicies.processId,
      endDate: sql<string | null>`${insurancePolicies.endDate}::text`,
    })
    .from(artworks)
    .leftJoin(
      insurancePolicyArtworks,
      and(eq(insurancePolicyArtworks.artworkId, artworks.id), isNull(insurancePolicyArtworks.removedOn)),
    )
    .leftJoin(
      insurancePolicies,
      and(eq(insurancePolicies.id, insurancePolicyArtworks.policyId), eq(insurancePolicies.status, 'active')),
    )
    .where(inArray(artworks.id, [...until.keys()]))
    .orderBy(artworks.inventoryNo)
  // Each artwork goes with the policy that ended on its insured-until date, else with no policy.
  const byArtwork = new Map<string, { no: string; processId: string | null }>()
  for (const r of rows) {
    const ends = r.processId !== null && r.endDate === until.get(r.id)
    const known = byArtwork.get(r.id)
    if (!known || (ends && known.processId === null))
      byArtwork.set(r.id, { no: r.no, processId: ends ? r.processId : null })
  }
  const groups = new Map<string | null, string[]>()
  for (const { no, processId } of byArtwork.values())
    groups.set(processId, [...(groups.get(processId) ?? []), no])
  const to = await holdersOf(tx, OPERATIONS_PRIVILEGE)
  for (const [processId, nos] of groups) {
    const named = nos.slice(0, NAMED_IN_MESSAGE)
    const list = named.join(', ') + (nos.length > named.length ? ', …' : '')
    await sendMessages(tx, to, {
      kind: 'reminder',
      processId,
      senderId: null,
      title: bothLanguages('msgCoverEnded', () => ({ count: nos.length, artworks: list })),
      body: bothLanguages('msgCoverEndedBody', (lang) => ({ date: calendarDateText(day, lang) })),
      at: now,
    })
  }
}
