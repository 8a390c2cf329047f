// Zod helpers shared by server and web: field-error mapping (messages are keys of the error catalogue,
// worded in the reader's language), paging, money and date primitives.
import { z } from 'zod'
import { dateProblem, isRealDate, MONEY_RE } from './constants'
import { formatMessage, type Lang, MESSAGES, type MessageKey } from './errors'

// Defined without zod (the web app's first download reads them).
export { dateProblem, isRealDate, MONEY_RE }

function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && value in MESSAGES
}

/** Turn zod issues into `{ "a.b.0": "message" }`, one message per field, in the given language. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], lang: Lang): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const fieldPath = issue.path.map(String).join('.') || '_'
    const add = (key: string, text: string) => {
      if (!(key in out)) out[key] = text
    }
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys)
        add(fieldPath === '_' ? k : `${fieldPath}.${k}`, formatMessage('unknownField', lang))
      continue
    }
    add(fieldPath, issueMessage(issue, lang))
  }
  return out
}

function issueMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  // A rule's own issue may carry the values its message names (`params`).
  if (isMessageKey(issue.message))
    return formatMessage(issue.message, lang, issue.code === 'custom' ? issue.params : undefined)
  switch (issue.code) {
    case 'invalid_type':
      // zod reports a missing value as "received undefined"
      return issue.input === undefined && /received (undefined|null)/.test(issue.message)
        ? formatMessage('required', lang)
        : formatMessage('invalidValue', lang)
    case 'too_big':
      if (issue.origin === 'string') return formatMessage('tooLong', lang, { max: Number(issue.maximum) })
      return formatMessage('invalidValue', lang)
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return formatMessage('required', lang)
      return formatMessage('invalidValue', lang)
    default:
      return formatMessage('invalidValue', lang)
  }
}

/**
 * Required trimmed text with a maximum length. Like every string the API accepts, no NUL and well-formed
 * UTF-16 (the JSON edge checks it too; this covers text that arrives another way, such as Excel cells).
 */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(max)
    .refine((v) => isCleanText(v), { message: 'invalidText' })
/** Optional text: empty string allowed. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => isCleanText(v), { message: 'invalidText' })

/**
 * What never shows on screen: whitespace, zero-width and other default-ignorable characters (joiners, soft
 * hyphen, Hangul fillers, variation selectors), text-direction controls (LRM, RLM, embeddings, overrides,
 * isolates: all format characters), control characters, and the blank Braille pattern.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2800]/gu

/** Is anything left to see once the invisible characters are taken out? (The rule of every name field.) */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, '') !== ''
}

/** A required name (user, role, artwork title, reference label…): `text` that must show something. */
export const nameText = (max: number) => text(max).refine(hasVisibleText, { message: 'noVisibleText' })
/** An optional name: empty, or text that shows something. */
export const optionalNameText = (max: number) =>
  optionalText(max).refine((v) => v === '' || hasVisibleText(v), { message: 'noVisibleText' })

/** Money: a decimal string with at most two places, optionally negative; normalised to two places. */
export const money = z
  .string()
  .trim()
  .regex(MONEY_RE, { message: 'invalidMoney' })
  .transform((v) => normaliseMoney(v))
export const nonNegativeMoney = money.refine((v) => !v.startsWith('-'), { message: 'invalidMoney' })

export function normaliseMoney(v: string): string {
  const negative = v.startsWith('-')
  const [int, frac = ''] = (negative ? v.slice(1) : v).split('.')
  const digits = int.replace(/^0+(?=\d)/, '')
  const out = `${digits}.${frac.padEnd(2, '0')}`
  return negative && out !== '0.00' ? `-${out}` : out
}

/** Compare two decimal money strings exactly, without floating point. */
export function compareMoney(a: string, b: string): number {
  const ca = toCents(a)
  const cb = toCents(b)
  return ca < cb ? -1 : ca > cb ? 1 : 0
}
export function toCents(v: string): bigint {
  const n = normaliseMoney(v)
  const negative = n.startsWith('-')
  const [int, frac] = (negative ? n.slice(1) : n).split('.')
  const cents = BigInt(int) * 100n + BigInt(frac)
  return negative ? -cents : cents
}
export function fromCents(c: bigint): string {
  const negative = c < 0n
  const abs = negative ? -c : c
  const s = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
  return negative ? `-${s}` : s
}
export function addMoney(...values: string[]): string {
  return fromCents(values.reduce((sum, v) => sum + toCents(v), 0n))
}

/** A calendar date yyyy-MM-dd that exists (a wrong format and a day that does not exist are told apart). */
export const isoDate = z.string().superRefine(dateRule)

/** The refinement of every date field: `dateProblem`'s finding as the field's message. */
export function dateRule(v: string, ctx: z.RefinementCtx): void {
  const problem = dateProblem(v)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
}

/** Digits only (numeric fields). */
export const digits = (max: number) => z.string().trim().max(max).regex(/^\d*$/, { message: 'digitsOnly' })

/** Paging query of every list endpoint (docs/api.md: page from 1, pageSize default 20, at most 200). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
})

/** An unpaired UTF-16 surrogate (matched code unit by code unit: no `u` flag on purpose). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Text every reader and PostgreSQL can hold: no NUL, well-formed UTF-16 (the API's one rule at the edge). */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}

/** The same text made storable: NUL and unpaired surrogates become U+FFFD (for logs, never for input). */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD')
}
