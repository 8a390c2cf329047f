// Contracts and payments as records of their own: a contract step's approval records the contract of
// that step (superseding, never overwriting, the one an earlier run of the process signed) and schedules
// its expiry reminder; a money step records each attempt as a payment (paid or failed) with its payment
// details, incoming or outgoing as the machine's money step says. The paid total of a live contract never
// exceeds its amount and equals it once the money step is left (a purchase or a sale never completes with
// money owed), and a payment's currency is the currency of what it pays (the contract, else the
// policy's premium or the claim), checked here again inside the transaction; a payment's day (paidOn) is
// never after the office's today.
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { isRealDate } from '../../../../shared/constants'
import { formatMessage } from '../../../../shared/errors'
import { moneyText } from '../../../../shared/money-text'
import { dayIn } from '../../../../shared/office-time'
import { costCurrency } from '../../../../shared/process-steps/finance-payment'
import { addMoney, compareMoney, MONEY_RE, normaliseMoney } from '../../../../shared/validation'
import { contracts, insurancePolicies, paymentDetails, payments } from '../../../db/schema'
import { invalid } from '../../../http/app-error'
import { officeDayOf } from '../../../office-day'
import { cancelReminders, scheduleReminder } from '../../messages/send'
import { type EffectContext, field, stepData, textField } from './types'

type Method = (typeof payments.$inferInsert)['method']

function moneyOf(value: unknown, name: string, required: boolean): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw invalid({ [name]: 'required' })
    return null
  }
  const text = typeof value === 'number' ? value.toFixed(2) : String(value).replaceAll(',', '')
  if (!MONEY_RE.test(text)) throw invalid({ [name]: 'invalidMoney' })
  return normaliseMoney(text)
}

function dateOf(value: unknown): string | null {
  return isRealDate(value) ? value : null
}

function directionOfContract(ctx: EffectContext): 'purchase' | 'sale' | 'service' {
  const explicit = ctx.effect.params?.direction
  if (explicit === 'purchase' || explicit === 'sale' || explicit === 'service') return explicit
  if (ctx.process.type === 'BUY_ART') return 'purchase'
  if (ctx.process.type === 'OPERATION_SELL_ART') return 'sale'
  return 'service'
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value
    .map((v) => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : ''))
    .filter(Boolean)
}

export async function recordContract(ctx: EffectContext): Promise<void> {
  const stepKey = ctx.effect.step ?? ctx.previousStep ?? ''
  const data = stepData(ctx, stepKey)
  const amount = moneyOf(field(ctx, 'amount', 'amountWithTax', 'amountIncludingTax'), 'amount', true)!
  const effectiveDate = dateOf(field(ctx, 'effectiveDate'))
  if (!effectiveDate) throw invalid({ effectiveDate: 'required' })
  const values = {
    processId: ctx.process.id,
    stepKey,
    direction: directionOfContract(ctx),
    contractType: textField(ctx, 'contractType', 'agreementContractType'),
    subject: textField(ctx, 'subject', 'contractSubject') || textField(ctx, 'title'),
    number: textField(ctx, 'number', 'contractNo', 'contractNumber'),
    applicant: textField(ctx, 'applicant'),
    counterparty: textField(ctx, 'counterparty', 'seller', 'buyer', 'vendorName'),
    effectiveDate,
    endDate: dateOf(field(ctx, 'endDate', 'expiryDate')),
    amount,
    currency: textField(ctx, 'currency') || 'CNY',
    department: textField(ctx, 'department'),
    signatory: textField(ctx, 'signatory'),
    sealType: textField(ctx, 'sealType'),
    copies: Number(field(ctx, 'copies') ?? 1) || 1,
    attachments: stringList(field(ctx, 'attachments', 'files')),
    details: data,
    createdBy: ctx.event.actor.id,
    updatedAt: ctx.at,
  }
  // A step's contract is recorded once per run of its process (the step is left once): a live contract
  // of the step is the one an earlier run signed. It stays on record, superseded, with its payments.
  await ctx.tx.update(contracts).set({ supersededAt: ctx.at }).where(liveContractOf(ctx.process.id, stepKey))
  await ctx.tx.insert(contracts).values({ ...values, createdAt: ctx.at })
  await scheduleContractExpiry(ctx, values.endDate, values.number || values.subject)
}

/** The contract of a process step that no later one replaced (at most one: contracts_process_step_uq). */
function liveContractOf(processId: string, stepKey?: string) {
  return and(
    eq(contracts.processId, processId),
    stepKey === undefined ? undefined : eq(contracts.stepKey, stepKey),
    isNull(contracts.supersededAt),
  )
}

/** Days before a contract's end date when its expiry reminder is delivered (docs/decisions.md). */
export const CONTRACT_REMINDER_DAYS = 30

/**
 * One expiry reminder per contract (per process: a process signs one contract), to the process's starter,
 * CONTRACT_REMINDER_DAYS before its end date (at once when that is already past). An open-ended contract,
 * or one already ended, has none (a re-recorded contract without an end date cancels it).
 */
async function scheduleContractExpiry(ctx: EffectContext, endDate: string | null, name: string) {
  if (!endDate || endDate < officeDayOf(ctx.at)) {
    await cancelReminders(ctx.tx, ctx.process.id, ctx.at, ['contractExpiry'])
    return
  }
  const due = new Date(`${endDate}T00:00:00Z`)
  due.setUTCDate(due.getUTCDate() - CONTRACT_REMINDER_DAYS)
  await scheduleReminder(ctx.tx, {
    processId: ctx.process.id,
    processType: ctx.process.type,
    recipientId: ctx.process.createdBy,
    kind: 'contractExpiry',
    dueAt: due < ctx.at ? ctx.at : due,
    params: { date: endDate, contract: name },
  })
}

/**
 * Which way a money step's money goes: the machine's money step says `incoming` (a sale's collection, an
 * insurer's payout) or `outgoing` (a purchase, a premium); a step that says nothing is a collection in a
 * sale and a payment elsewhere.
 */
export function paymentDirection(ctx: EffectContext): 'incoming' | 'outgoing' {
  const declared = ctx.effect.params?.direction
  if (declared === 'incoming' || declared === 'in') return 'incoming'
  if (declared === 'outgoing' || declared === 'out') return 'outgoing'
  return ctx.process.type === 'OPERATION_SELL_ART' ? 'incoming' : 'outgoing'
}

/**
 * The currency of what a payment pays: its contract's; else, for a premium, the process's policy's; else,
 * for a payout, the claim's. Undefined when the payment answers to nothing (a FINANCE_PAYMENT request).
 */
async function dueCurrency(ctx: EffectContext, contractCurrency: string | undefined) {
  if (contractCurrency) return contractCurrency
  const [policy] = await ctx.tx
    .select({ currency: insurancePolicies.currency })
    .from(insurancePolicies)
    .where(eq(insurancePolicies.processId, ctx.process.id))
  if (policy) return policy.currency
  const claimed = ctx.context.steps.claim?.data?.currency
  if (typeof claimed === 'string' && claimed) return claimed
  // A FINANCE_PAYMENT settling another process's cost: that cost's currency.
  return costCurrency(ctx.context.subject)
}

/** The process whose cost a non-contract payment settles (its start input's `forProcessId`). */
function forProcessOf(ctx: EffectContext): string | null {
  const id = ctx.process.type === 'FINANCE_PAYMENT' ? ctx.context.subject?.forProcessId : undefined
  return typeof id === 'string' && id ? id : null
}

const METHODS: Record<string, NonNullable<Method>> = {
  cheque: 'cheque',
  check: 'cheque',
  tt: 'tt',
  't/t': 'tt',
  telegraphic: 'tt',
  online: 'online_banking',
  onlinebanking: 'online_banking',
  online_banking: 'online_banking',
  other: 'other',
}

/** Columns a payment step's data fills; everything else of the method goes into methodDetails. */
const PAYMENT_COLUMNS = new Set([
  'type',
  'paymentType',
  'amount',
  'currency',
  'payeeAccountName',
  'payeeAccount',
  'payerCompany',
  'relatedEvent',
  'costAttribution',
  'method',
  'paymentMethod',
  'details',
  'paymentDetails',
])

/**
 * When the money moved: CONFIRM_PAYMENT's `paidOn` (that day's midnight UTC), never after the office's
 * today (the office's time zone decides the day); else the event's instant.
 */
function paidAt(ctx: EffectContext): Date {
  const paidOn = dateOf(ctx.event.payload?.paidOn)
  if (!paidOn) return ctx.at
  if (paidOn > dayIn(ctx.at, ctx.config.timeZone)) throw invalid({ 'payload.paidOn': 'paidOnInFuture' })
  return new Date(`${paidOn}T00:00:00Z`)
}

/**
 * The paid total of a contract with this payment, re-checked in the transaction (the contract row locked):
 * never above the contract's amount, and exactly its amount when the payment leaves the money step (the
 * purchase or sale completes with it: nothing may still be owed then). Refused at the amount, naming what
 * is still due.
 */
async function checkPaidTotal(
  ctx: EffectContext,
  contract: { id: string; amount: string; currency: string },
  amount: string,
  stepKey: string,
) {
  await ctx.tx.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, contract.id)).for('update')
  const [{ total }] = await ctx.tx
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.contractId, contract.id), eq(payments.status, 'paid')))
  const after = compareMoney(addMoney(total, amount), contract.amount)
  if (after > 0) throw invalid({ amount: 'paidExceedsContract' })
  const settles = ctx.currentStep !== stepKey
  if (settles && after < 0) {
    const due = moneyText(addMoney(contract.amount, `-${total}`), contract.currency)
    throw invalid({ amount: formatMessage('fullPaymentDue', ctx.lang, { due }) })
  }
}

export async function recordPayment(ctx: EffectContext): Promise<void> {
  const stepKey = ctx.effect.step ?? ctx.previousStep ?? ''
  const data = stepData(ctx, stepKey)
  const explicit = ctx.effect.params?.status ?? ctx.effect.params?.outcome
  const status: 'paid' | 'failed' =
    explicit === 'failed' || (explicit === undefined && ctx.event.type === 'PAYMENT_FAILED')
      ? 'failed'
      : 'paid'
  const direction = paymentDirection(ctx)
  const amount = moneyOf(field(ctx, 'amount'), 'amount', true)!
  const currency = textField(ctx, 'currency') || 'CNY'
  const methodRaw = textField(ctx, 'method', 'paymentMethod').toLowerCase().replaceAll(/[\s-]/g, '')
  const method = methodRaw ? (METHODS[methodRaw] ?? 'other') : null

  // The contract this payment belongs to: the process's live contract (a restart's new contract, never
  // the one it superseded).
  const [contract] = await ctx.tx
    .select({ id: contracts.id, amount: contracts.amount, currency: contracts.currency })
    .from(contracts)
    .where(liveContractOf(ctx.process.id))
    .orderBy(desc(contracts.updatedAt))
    .limit(1)
  // Amounts of different currencies are never compared or added: a payment is in the currency it owes.
  const due = await dueCurrency(ctx, contract?.currency)
  if (due !== undefined && due !== currency) throw invalid({ currency: 'currencyMismatch' })
  if (status === 'paid' && contract) await checkPaidTotal(ctx, contract, amount, stepKey)
  const [{ n }] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.processId, ctx.process.id), eq(payments.stepKey, stepKey)))

  const methodDetails: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(data)) if (!PAYMENT_COLUMNS.has(k)) methodDetails[k] = v
  // CONFIRM_PAYMENT may say when the money moved and the bank's reference.
  const bankReference = textField(ctx, 'bankReference')
  if (bankReference) methodDetails.bankReference = bankReference
  const at = paidAt(ctx)

  const [payment] = await ctx.tx
    .insert(payments)
    .values({
      processId: ctx.process.id,
      stepKey,
      contractId: contract?.id ?? null,
      direction,
      status,
      attempt: Number(n) + 1,
      paymentType: textField(ctx, 'paymentType', 'type'),
      amount,
      currency,
      payeeAccountName: textField(ctx, 'payeeAccountName'),
      payeeAccount: textField(ctx, 'payeeAccount'),
      payerCompany: textField(ctx, 'payerCompany'),
      relatedEvent: textField(ctx, 'relatedEvent'),
      costAttribution: textField(ctx, 'costAttribution'),
      method,
      methodDetails,
      failureReason: status === 'failed' ? (ctx.event.comment ?? '') : '',
      forProcessId: forProcessOf(ctx),
      recordedBy: ctx.event.actor.id,
      at,
      createdAt: ctx.at,
    })
    .returning({ id: payments.id })

  const details = field(ctx, 'details', 'paymentDetails')
  if (Array.isArray(details) && details.length > 0) {
    await ctx.tx.insert(paymentDetails).values(
      details.map((d, i) => {
        const row = (d ?? {}) as Record<string, unknown>
        const payingCompany = String(row.payingCompany ?? row.company ?? row.payerCompany ?? '').trim()
        if (!payingCompany) throw invalid({ [`details.${i}.payingCompany`]: 'paymentDetailIncomplete' })
        return {
          paymentId: payment.id,
          sort: i,
          payingCompany,
          amount: moneyOf(row.amount, `details.${i}.amount`, true)!,
          note: typeof row.note === 'string' ? row.note : '',
        }
      }),
    )
  }
}
