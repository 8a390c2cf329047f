// Insurance flows on the records: a policy (annual, or for one operation) covers artworks for a period,
// so they show covered with their insured-until date and a renewal reminder is scheduled; a lapse sends
// them back to be insured; a paid claim is recorded against the policy that covered the artwork.
import { and, desc, eq, inArray } from 'drizzle-orm'
import { MONEY_RE, normaliseMoney } from '../../../../shared/validation'
import { insuranceClaims, insurancePolicies, insurancePolicyArtworks } from '../../../db/schema'
import { invalid } from '../../../http/app-error'
import { scheduleReminder } from '../messages'
import { changeArtworks } from './movements'
import { type EffectContext, field, stepData, targetArtworks, textField } from './types'

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

function dateField(ctx: EffectContext, required: boolean, ...names: string[]): string | null {
  const v = field(ctx, ...names)
  if (typeof v === 'string' && DATE_RE.test(v)) return v
  if (required) throw invalid({ [names[0]]: v === undefined ? 'required' : 'invalidDate' })
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

export async function insuranceCovered(ctx: EffectContext): Promise<void> {
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
  await ctx.tx.delete(insurancePolicyArtworks).where(eq(insurancePolicyArtworks.policyId, policy.id))
  if (ids.length > 0)
    await ctx.tx
      .insert(insurancePolicyArtworks)
      .values(ids.map((artworkId) => ({ policyId: policy.id, artworkId })))
  // An artwork covered by a longer policy keeps the later date.
  await changeArtworks(ctx.tx, ids, (a) => ({
    insuranceStatus: 'covered',
    insuredUntil: a.insuredUntil && a.insuredUntil > endDate ? a.insuredUntil : endDate,
  }))
  const due = new Date(`${endDate}T00:00:00Z`)
  due.setUTCDate(due.getUTCDate() - RENEWAL_REMINDER_DAYS)
  await scheduleReminder(ctx.tx, {
    processId: ctx.process.id,
    processType: ctx.process.type,
    recipientId: ctx.process.createdBy,
    kind: 'insuranceExpiry',
    dueAt: due < ctx.at ? ctx.at : due,
    params: { date: endDate, policy: values.policyNo || values.insurer },
  })
}

export async function insuranceLapsed(ctx: EffectContext): Promise<void> {
  await ctx.tx
    .update(insurancePolicies)
    .set({ status: 'lapsed', updatedAt: ctx.at })
    .where(eq(insurancePolicies.processId, ctx.process.id))
  await changeArtworks(ctx.tx, targetArtworks(ctx), { insuranceStatus: 'to_be_insured', insuredUntil: null })
}

export async function claimPaid(ctx: EffectContext): Promise<void> {
  const ids = targetArtworks(ctx)
  const explicitPolicy = textField(ctx, 'policyId')
  let policyId: string | null = explicitPolicy || null
  if (!policyId && ids.length > 0) {
    const [covering] = await ctx.tx
      .select({ id: insurancePolicies.id })
      .from(insurancePolicies)
      .innerJoin(insurancePolicyArtworks, eq(insurancePolicyArtworks.policyId, insurancePolicies.id))
      .where(and(inArray(insurancePolicyArtworks.artworkId, ids), eq(insurancePolicies.status, 'active')))
      .orderBy(desc(insurancePolicies.endDate))
      .limit(1)
    policyId = covering?.id ?? null
  }
  const values = {
    policyId,
    artworkIds: ids,
    incidentDate: dateField(ctx, false, 'incidentDate'),
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
