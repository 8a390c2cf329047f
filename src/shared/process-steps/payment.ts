// Money steps' forms. A payment (the office pays: a purchase, a premium) follows docs/architecture.md § Records (Payment) and § Input rules:
// each method's own fields are required (cheque, T/T, online banking, other), payee information complete,
// payee names outside mainland China in English, every payment detail with a paying company and an
// amount, and the total never above the contract (or amount due), in its currency. A collection (the office
// is paid: a sale's price, an insurer's payout) records who pays, into which account, and is capped the same
// way.
import { z } from 'zod'
import type { MessageKey } from '../errors'
import { moneyText } from '../money-text'
import { addMoney, compareMoney, isoDate, MONEY_RE, optionalText, text } from '../validation'
import {
  countryCode,
  currency,
  dictValue,
  fileIds,
  isEnglishName,
  MAINLAND_CHINA,
  note,
  positiveMoney,
} from './common'

export const PAYMENT_METHODS = ['cheque', 'tt', 'online_banking', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** The fields each method requires beside the common ones (docs/architecture.md § Input rules "must not be empty"). */
export const METHOD_FIELDS = {
  cheque: ['chequePayableTo', 'mailingAddress', 'chequeAttachments'],
  tt: ['payeeAccount', 'payeeAddress', 'payeeBankName', 'payeeBankAddress', 'swiftBic'],
  online_banking: ['payeeAccount', 'depositBankName'],
  other: ['otherDescription', 'otherAttachments'],
} as const satisfies Record<PaymentMethod, readonly string[]>

/** Countries whose domestic bank code (ABA routing number, UK sort code) a T/T needs. */
export const DOMESTIC_CODE_COUNTRIES: Record<string, RegExp> = { US: /^\d{9}$/, GB: /^\d{2}-?\d{2}-?\d{2}$/ }

const SWIFT_RE = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/

const paymentDetail = z.strictObject({
  payingCompany: z
    .string({ message: 'paymentDetailIncomplete' })
    .trim()
    .min(1, { message: 'paymentDetailIncomplete' })
    .max(200),
  amount: z
    .string({ message: 'paymentDetailIncomplete' })
    .trim()
    .min(1, { message: 'paymentDetailIncomplete' })
    .pipe(positiveMoney),
  note: note(500),
})

const methodField = (max: number) => optionalText(max).optional()

export const paymentFields = z.strictObject({
  /** Payment type (PAYMENT_PROPERTY / TRANSPORT_PAY_TYPE value). */
  paymentType: dictValue,
  amount: positiveMoney,
  currency,
  payeeAccountName: text(200),
  /** The payee's country: outside mainland China the payee's names are written in English. */
  payeeCountry: countryCode,
  /** The family company that pays (an enterprise). */
  payerCompany: text(200),
  /** The event the payment belongs to (EVENT_TYPE value). */
  relatedEvent: dictValue,
  /** Cost attribution (FIN_FEE_ATTRIBUTION value). */
  costAttribution: dictValue,
  method: z.enum(PAYMENT_METHODS, { message: 'required' }),
  /** The payee's bank account (T/T, online banking). */
  payeeAccount: methodField(64),
  // cheque
  chequePayableTo: methodField(200),
  mailingAddress: methodField(300),
  chequeAttachments: fileIds().optional(),
  // T/T
  payeeAddress: methodField(300),
  payeeBankName: methodField(200),
  payeeBankAddress: methodField(300),
  swiftBic: methodField(11),
  /** ABA routing number (US) or sort code (GB). */
  domesticCode: methodField(20),
  // online banking
  depositBankName: methodField(200),
  // other
  otherDescription: methodField(1000),
  otherAttachments: fileIds().optional(),
  /** How the amount is split between paying companies. */
  details: z
    .array(paymentDetail, { message: 'paymentDetailIncomplete' })
    .min(1, { message: 'paymentDetailIncomplete' }),
  /** The general attachment (invoice, payment request). */
  attachments: fileIds(1),
  dueDate: isoDate.optional(),
  remark: note(),
})
export type PaymentData = z.output<typeof paymentFields>

function present(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null
}

/** The rules across fields, shared by payments and collections. */
function capRule(cap: string | undefined, message: MessageKey) {
  return (amount: string, ctx: z.RefinementCtx) => {
    // A malformed amount is refused by its own field; only well-formed amounts are compared.
    if (cap !== undefined && MONEY_RE.test(cap) && MONEY_RE.test(amount) && compareMoney(amount, cap) > 0)
      ctx.addIssue({ code: 'custom', message, path: ['amount'] })
  }
}

/** A payment is in the currency of what it pays: never compared with, or capped by, another currency's amount. */
function currencyRule(dueCurrency: string | undefined) {
  return (currency: string, ctx: z.RefinementCtx) => {
    if (dueCurrency !== undefined && currency !== dueCurrency)
      ctx.addIssue({ code: 'custom', message: 'currencyMismatch', path: ['currency'] })
  }
}

/** The currency of a step's data (`data.currency`), for the context-dependent forms. */
export function currencyOf(data: Record<string, unknown> | undefined): string | undefined {
  const currency = data?.currency
  return typeof currency === 'string' && currency !== '' ? currency : undefined
}

/**
 * The payment form, checked against the contract amount (or the amount due) and its currency when there
 * is one: `paymentStep(contract.amount, 'paidExceedsContract', contract.currency)`.
 */
export function paymentStep(
  cap?: string,
  capMessage: MessageKey = 'paidExceedsContract',
  dueCurrency?: string,
) {
  return paymentFields.superRefine((p, ctx) => {
    const add = (path: (string | number)[], message: MessageKey) =>
      ctx.addIssue({ code: 'custom', message, path })
    for (const field of METHOD_FIELDS[p.method]) if (!present(p[field])) add([field], 'payeeIncomplete')
    if (p.method === 'tt') {
      if (p.swiftBic && !SWIFT_RE.test(p.swiftBic)) add(['swiftBic'], 'invalidValue')
      const domestic = DOMESTIC_CODE_COUNTRIES[p.payeeCountry]
      if (domestic && !present(p.domesticCode)) add(['domesticCode'], 'payeeIncomplete')
      else if (domestic && p.domesticCode && !domestic.test(p.domesticCode))
        add(['domesticCode'], 'invalidValue')
    }
    if (p.payeeCountry !== MAINLAND_CHINA) {
      if (!isEnglishName(p.payeeAccountName)) add(['payeeAccountName'], 'payeeNameEnglish')
      if (p.method === 'cheque' && p.chequePayableTo && !isEnglishName(p.chequePayableTo))
        add(['chequePayableTo'], 'payeeNameEnglish')
    }
    const amounts = [p.amount, ...p.details.map((d) => d.amount)]
    if (
      amounts.every((a) => typeof a === 'string' && MONEY_RE.test(a)) &&
      compareMoney(addMoney(...p.details.map((d) => d.amount)), p.amount) !== 0
    )
      add(['details'], 'paymentDetailsTotal')
    currencyRule(dueCurrency)(p.currency, ctx)
    // Only an amount in the due currency is compared with the amount due.
    if (dueCurrency === undefined || p.currency === dueCurrency) capRule(cap, capMessage)(p.amount, ctx)
  })
}

export const collectionFields = z.strictObject({
  /** Collection type (PAYMENT_PROPERTY value). */
  paymentType: dictValue,
  amount: positiveMoney,
  currency,
  /** Who pays the office: the buyer of a sale, the insurer of a claim. */
  payerCompany: text(200),
  /** The family company that receives, and its account. */
  payeeAccountName: text(200),
  payeeAccount: text(64),
  method: z.enum(PAYMENT_METHODS, { message: 'required' }),
  expectedDate: isoDate,
  /** Remittance advice, invoice. */
  attachments: fileIds(),
  remark: note(),
})
export type CollectionData = z.output<typeof collectionFields>

/**
 * The collection form, capped by the contract amount (a sale) or the amount claimed (a payout), in the
 * currency of that amount.
 */
export function collectionStep(
  cap?: string,
  capMessage: MessageKey = 'paidExceedsContract',
  dueCurrency?: string,
) {
  return collectionFields.superRefine((c, ctx) => {
    currencyRule(dueCurrency)(c.currency, ctx)
    if (dueCurrency === undefined || c.currency === dueCurrency) capRule(cap, capMessage)(c.amount, ctx)
  })
}

/**
 * The payment types (PAYMENT_PROPERTY values) an insurer's payout is received as: money coming in, all at
 * once, as an interim payment, or as the balance. A deposit, a security deposit, a refund or a non-contract
 * payment is money the office pays, never a payout.
 */
export const PAYOUT_PAYMENT_TYPES = ['FULL', 'ADVANCE', 'FINAL'] as const

/** An insurer's payout: a collection of one of the payout's payment types, capped by the amount claimed. */
export function payoutStep(cap?: string, capMessage: MessageKey = 'amountExceedsDue', dueCurrency?: string) {
  return collectionStep(cap, capMessage, dueCurrency).superRefine((c, ctx) => {
    if (!(PAYOUT_PAYMENT_TYPES as readonly string[]).includes(c.paymentType))
      ctx.addIssue({ code: 'custom', message: 'unknownOption', path: ['paymentType'] })
  })
}

/** The payment type (PAYMENT_PROPERTY value) of a full payment. */
export const FULL_PAYMENT = 'FULL'

/** What a contract leaves due when its payment is made: an amount in the contract's currency. */
export interface AmountDue {
  amount: string
  currency: string
}

/**
 * The payment that settles a contract (a purchase's payment, a sale's collection) is exactly what is due
 * on it, in the contract's currency: confirming it completes the purchase or the sale, so less would leave
 * money owed on a completed contract and more would pay beyond what was agreed. Refused at the amount,
 * naming what is due ("全款应为 CNY 250,000.00"). An amount in another currency is the currency rule's
 * to refuse, never compared.
 */
function settlesRule(due: AmountDue | undefined) {
  return (p: { paymentType: string; amount: string; currency: string }, ctx: z.RefinementCtx) => {
    if (!due || p.currency !== due.currency || !MONEY_RE.test(due.amount) || !MONEY_RE.test(p.amount)) return
    if (compareMoney(p.amount, due.amount) === 0) return
    ctx.addIssue({
      code: 'custom',
      message: p.paymentType === FULL_PAYMENT ? 'fullPaymentDue' : 'singlePaymentDue',
      path: ['amount'],
      params: { due: moneyText(due.amount, due.currency) },
    })
  }
}

/** A purchase's payment: the payment form, in the contract's currency, settling what the contract leaves due. */
export function contractPaymentStep(due: AmountDue | undefined) {
  return paymentStep(undefined, 'paidExceedsContract', due?.currency).superRefine(settlesRule(due))
}

/** A sale's collection: the collection form, in the contract's currency, settling what the contract leaves due. */
export function contractCollectionStep(due: AmountDue | undefined) {
  return collectionStep(undefined, 'paidExceedsContract', due?.currency).superRefine(settlesRule(due))
}

/** CONFIRM_PAYMENT: when the money moved, and the bank's reference. */
export const paymentConfirmation = z.strictObject({ paidOn: isoDate, bankReference: note(100) }).optional()
