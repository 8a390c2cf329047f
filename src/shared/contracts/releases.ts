// The release-notes API (/api/releases): administrators record releases (number, date, notes in both
// languages; draft or published), everyone reads the published ones, and each user is shown the newest
// published release once ("what's new"). Release numbers are dotted numbers compared as versions
// (1.10.0 comes after 1.9.2), never going backwards.
import { z } from 'zod'
import { isoDate, optionalText, pageQuery } from '../validation'

/** One to four dot-separated whole numbers, e.g. 2, 1.4, 1.10.0, 2.0.0.1. */
export const RELEASE_NUMBER_RE = /^(0|[1-9]\d{0,5})(\.(0|[1-9]\d{0,5})){0,3}$/

/** Compare two release numbers as versions: negative when a comes before b, 0 when they are the same. */
export function compareReleaseNumbers(a: string, b: string): number {
  const pa = a.split('.').map(Number)
  const pb = b.split('.').map(Number)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

export const RELEASE_STATUSES = ['draft', 'published'] as const
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number]

export const releaseInput = z.strictObject({
  number: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(24)
    .regex(RELEASE_NUMBER_RE, { message: 'releaseNumberFormat' }),
  releasedOn: isoDate,
  notesZh: optionalText(10_000).refine((v) => v.length > 0, { message: 'required' }),
  notesEn: optionalText(10_000).refine((v) => v.length > 0, { message: 'required' }),
})
export type ReleaseInput = z.infer<typeof releaseInput>

export const releaseView = z.object({
  id: z.string(),
  number: z.string(),
  releasedOn: z.string(),
  /** In the request's language. */
  notes: z.string(),
  notesZh: z.string(),
  notesEn: z.string(),
  status: z.enum(RELEASE_STATUSES),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ReleaseView = z.infer<typeof releaseView>

export const releaseListQuery = pageQuery.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RELEASE_STATUSES).optional()),
})

export const unseenRelease = z.object({ release: releaseView.nullable() })
