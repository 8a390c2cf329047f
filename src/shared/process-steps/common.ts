// Field types the step forms of every process share: ids of records and files, dictionary values,
// currency and country codes, amounts, date ranges. Messages are keys of the error catalogue.
import { z } from 'zod'
import { compareMoney, money, nonNegativeMoney, optionalText } from '../validation'

/** A record id (artworks, rooms, vendors, processes are uuids): "required" when left out, else "invalid". */
export const recordId = z.uuid({
  error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalidValue'),
})
/** A stored file's id (files module). */
export const fileId = z.uuid({ message: 'invalidValue' })
/** Files of a form field; `min` 1 where an attachment is required. */
export const fileIds = (min = 0) =>
  z
    .array(fileId)
    .max(50)
    .min(min, { message: 'required' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'invalidValue' })

/** A value of a data dictionary or tree (CURRENCY 'CNY', TRANSPORT_TYPE ..., AGREEMENT_CONTRACT_TYPE ...). */
export const dictValue = z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(64)
/** ISO 4217 currency code (a CURRENCY dictionary value). */
export const currency = z
  .string({ message: 'required' })
  .trim()
  .regex(/^[A-Z]{3}$/, { message: 'invalidValue' })
/** ISO 3166-1 alpha-2 country code; `CN` is mainland China (HK, MO, TW have codes of their own). */
export const countryCode = z
  .string({ message: 'required' })
  .trim()
  .regex(/^[A-Z]{2}$/, { message: 'invalidValue' })
export const MAINLAND_CHINA = 'CN'

/** An amount above zero. */
export const positiveMoney = money.refine((v) => compareMoney(v, '0') > 0, { message: 'invalidMoney' })
export { money, nonNegativeMoney }

/** Optional free text that may be left out or empty. */
export const note = (max = 2000) => optionalText(max).optional()

/** A list of distinct artworks. */
export const artworkIds = (min = 1) =>
  z
    .array(recordId)
    .max(500)
    .min(min, { message: 'required' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicateArtwork' })

/** A whole number of items (copies, photographs, replicas). */
export const count = (min = 0, max = 100_000) =>
  z
    .number({ message: 'required' })
    .int({ message: 'digitsOnly' })
    .min(min, { message: 'invalidValue' })
    .max(max)

/** Checks `end >= start` on two date fields of an object (yyyy-MM-dd compares as text). */
export function dateOrder<K extends string>(start: K, end: K, message = 'endBeforeStart') {
  return (value: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const a = value[start]
    const b = value[end]
    if (typeof a === 'string' && typeof b === 'string' && b < a)
      ctx.addIssue({ code: 'custom', message, path: [end] })
  }
}

/** Printable ASCII with at least one letter: how a name "in English" is checked. */
export function isEnglishName(name: string): boolean {
  return /^[\x20-\x7E]+$/.test(name) && /[A-Za-z]/.test(name)
}
