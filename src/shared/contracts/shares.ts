// The share-link API: a user who may share picks artworks and creates a link for a named recipient (an
// expiry, values shown or not, an optional password); the recipient opens it without an account. Shared by
// the server's validation and the creation dialog, so both refuse the same things with the same words.
import { z } from 'zod'
import { dayStartIn, nextDate } from '../office-time'
import type { PrivilegeKey } from '../privileges'
import { isoDate, optionalText, text } from '../validation'

/** A link lives at most this many days from its creation. */
export const SHARE_MAX_DAYS = 90
/** At most this many artworks in one link. */
export const SHARE_MAX_ARTWORKS = 200
/** A link's password: at least this many characters. */
export const SHARE_PASSWORD_MIN = 8
/** A link's password travels in a header: printable ASCII only (letters, digits, punctuation, spaces). */
export const SHARE_PASSWORD_RE = /^[\x20-\x7e]*$/
/** The header that carries a link's password. */
export const SHARE_PASSWORD_HEADER = 'x-share-password'

/** Where the recipient opens a link (the web page). */
export const sharePagePath = (token: string) => `/share/${token}`

const uuid = z.uuid({ message: 'invalidValue' })

export const shareCreate = z.strictObject({
  artworkIds: z
    .array(uuid)
    .min(1, { message: 'shareNoArtworks' })
    .max(SHARE_MAX_ARTWORKS, { message: 'shareTooManyArtworks' }),
  /** An instant with its offset (ISO 8601); after now and at most SHARE_MAX_DAYS ahead. */
  expiresAt: z.iso.datetime({ offset: true, message: 'invalidValue' }),
  showValues: z.boolean({ message: 'invalidValue' }),
  password: z
    .string()
    .min(SHARE_PASSWORD_MIN, { message: 'sharePasswordShort' })
    .max(200, { message: 'invalidValue' })
    .regex(SHARE_PASSWORD_RE, { message: 'sharePasswordAscii' })
    .optional(),
  recipient: text(200),
  note: optionalText(1000).optional(),
})
export type ShareCreate = z.infer<typeof shareCreate>

export const shareCreated = z.object({
  id: z.string(),
  /** Shown once: only its hash is kept. */
  token: z.string(),
  /** The page the recipient opens (absolute, from the server's public address). */
  url: z.string(),
})

export const SHARE_STATES = ['active', 'expired', 'revoked', 'suspended'] as const
export type ShareState = (typeof SHARE_STATES)[number]

export const shareView = z.object({
  id: z.string(),
  recipient: z.string(),
  note: z.string(),
  expiresAt: z.string(),
  showValues: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string(),
  revokedAt: z.string().nullable(),
  /** active; expired; revoked; suspended (its creator is disabled or no longer holds the sharing privilege). */
  state: z.enum(SHARE_STATES),
  artworkCount: z.number().int(),
  viewCount: z.number().int(),
  lastViewedAt: z.string().nullable(),
})
export type ShareView = z.infer<typeof shareView>

export const shareViewRow = z.object({
  id: z.string(),
  at: z.string(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** false: refused for a wrong or missing password. */
  granted: z.boolean(),
})
export type ShareViewRow = z.infer<typeof shareViewRow>

export const publicShareArtwork = z.object({
  titleZh: z.string(),
  titleEn: z.string(),
  artist: z.object({ nameZh: z.string(), nameEn: z.string() }).nullable(),
  year: z.string(),
  medium: z.object({ zh: z.string(), en: z.string() }),
  dimensions: z.string(),
  /** Signed, short-lived links to each image at full size. */
  images: z.array(z.string()),
  /** The same images small (the thumbnail, or the image itself when it has none), in the same order. */
  thumbnails: z.array(z.string()),
  value: z.string().optional(),
  currency: z.string().optional(),
})
export type PublicShareArtwork = z.infer<typeof publicShareArtwork>

export const publicShare = z.object({
  recipient: z.string(),
  expiresAt: z.string(),
  note: z.string(),
  artworks: z.array(publicShareArtwork),
})
export type PublicShare = z.infer<typeof publicShare>

/** Creating and keeping share links. */
export const SHARE_PRIVILEGE = 'artworkArchive:share' satisfies PrivilegeKey
/** Seeing values: only its holders may show values in a link, and a link shows them only while its creator holds it. */
export { VALUES_PRIVILEGE } from '../access'

/**
 * The creation dialog's values: the expiry is a day of the office (the link works to its end), the password
 * empty when there is none. `shareRequestOf` turns them into the request.
 */
export const shareForm = z.strictObject({
  recipient: text(200),
  expiresAt: z.string().trim().min(1, { message: 'required' }).pipe(isoDate),
  showValues: z.boolean(),
  password: z
    .string()
    .max(200)
    .refine((v) => v === '' || v.length >= SHARE_PASSWORD_MIN, { message: 'sharePasswordShort' })
    .refine((v) => SHARE_PASSWORD_RE.test(v), { message: 'sharePasswordAscii' }),
  note: optionalText(1000),
})
export type ShareForm = z.infer<typeof shareForm>

/** The request of the dialog's values: the link works to the end of the chosen day in the office's time zone. */
export function shareRequestOf(form: ShareForm, artworkIds: string[], timeZone: string): ShareCreate {
  return {
    artworkIds,
    expiresAt: dayStartIn(nextDate(form.expiresAt), timeZone).toISOString(),
    showValues: form.showValues,
    ...(form.password ? { password: form.password } : {}),
    recipient: form.recipient,
    ...(form.note ? { note: form.note } : {}),
  }
}
