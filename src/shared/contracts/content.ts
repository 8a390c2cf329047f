// The dynamic-content API (/api/content): exhibition news and office messages written in both languages
// as rich text (stored as sanitised HTML), for an audience of roles (none chosen: everyone), published
// (each reader gets a `content` message) and withdrawn.
import { z } from 'zod'
import { CONTENT_KINDS, CONTENT_STATUSES, type ContentKind, type ContentStatus } from '../constants'
import { isoDate, nameText, optionalText, pageQuery } from '../validation'

export { CONTENT_KINDS, CONTENT_STATUSES, type ContentKind, type ContentStatus }

/** The largest body kept (HTML, after sanitising). */
export const CONTENT_BODY_MAX = 200_000

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v)

export const contentInput = z
  .strictObject({
    kind: z.enum(CONTENT_KINDS, { message: 'invalidValue' }),
    titleZh: nameText(200),
    titleEn: nameText(200),
    summaryZh: optionalText(500).default(''),
    summaryEn: optionalText(500).default(''),
    bodyZh: z.string().max(CONTENT_BODY_MAX).default(''),
    bodyEn: z.string().max(CONTENT_BODY_MAX).default(''),
    coverFileId: z.preprocess(emptyToNull, z.uuid({ message: 'invalidValue' }).nullable()).default(null),
    venue: optionalText(200).default(''),
    startsOn: z.preprocess(emptyToNull, isoDate.nullable()).default(null),
    endsOn: z.preprocess(emptyToNull, isoDate.nullable()).default(null),
    audienceRoleIds: z
      .array(z.uuid({ message: 'invalidValue' }))
      .max(100)
      .default([]),
    pinned: z.boolean().default(false),
  })
  .refine((v) => !v.startsOn || !v.endsOn || v.startsOn <= v.endsOn, {
    message: 'contentDatesOrder',
    path: ['endsOn'],
  })
export type ContentInput = z.input<typeof contentInput>

export const contentView = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  /** In the request's language (the other language when this one is empty). */
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  /** Sanitised HTML; our own images carry short-lived signed links for the reader. */
  bodyZh: z.string(),
  bodyEn: z.string(),
  coverFileId: z.string().nullable(),
  coverUrl: z.string().nullable(),
  venue: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  audienceRoleIds: z.array(z.string()),
  /** The audience's role names in the request's language (empty: everyone). */
  audience: z.array(z.object({ id: z.string(), name: z.string() })),
  pinned: z.boolean(),
  status: z.enum(CONTENT_STATUSES),
  publishedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ContentView = z.infer<typeof contentView>

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { message: 'invalidValue' }).optional())

/** Readers: published items for their roles, pinned first then newest. */
export const contentFeedQuery = pageQuery.extend({ kind: optionalEnum(CONTENT_KINDS) })
/** Staff: every item, newest change first. */
export const contentManageQuery = pageQuery.extend({
  kind: optionalEnum(CONTENT_KINDS),
  status: optionalEnum(CONTENT_STATUSES),
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()),
})

export const audienceRole = z.object({ id: z.string(), name: z.string() })

export const publishResult = contentView.extend({ recipients: z.number() })
