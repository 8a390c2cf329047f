// The collection as it was on a day (GET /api/artworks/{id}/as-of, GET /api/collection/as-of): read from the
// histories the app keeps — the record's versions, the movement ledger (place and status), the valuations,
// the policies' periods of cover — never from a copy taken at night. `at` is a day (yyyy-MM-dd): the end of
// that day in the office's time zone (today: now); a day after today is refused.
import { z } from 'zod'
import { dateRule } from '../validation'
import { ARTWORK_STATUSES, historyChange } from './artworks'
import { rateUsed, unconvertedAmount } from './finance'
import { optionalParam } from './reference'

const day = z.string({ message: 'required' }).trim().superRefine(dateRule)

export const artworkAsOfQuery = z.object({ at: day })

/** A policy's schedule of cover as it was on a day (absent: as it stands). */
export const scheduleAsOfQuery = z.object({ at: optionalParam(day) })
export type ArtworkAsOfQuery = z.infer<typeof artworkAsOfQuery>

/** A room by its names in both languages. */
export const roomNames = z.object({ id: z.string(), nameZh: z.string(), nameEn: z.string() })

/** Who owned the artwork on the day, and since when. */
export const ownerAsOf = z.object({
  entityId: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** The owner's share in per cent, a decimal string ("60.00"); the shares of a day add up to "100.00". */
  sharePercent: z.string(),
  /** The first day of the ownership period that held the day. */
  since: z.string(),
})
export type OwnerAsOf = z.infer<typeof ownerAsOf>

export const artworkAsOf = z.object({
  /** The day asked (yyyy-MM-dd). */
  at: z.string(),
  /** Whether the artwork was in the archive yet on that day (when not, everything below is empty). */
  existed: z.boolean(),
  status: z.enum(ARTWORK_STATUSES).nullable(),
  roomId: z.string().nullable(),
  room: roomNames.nullable(),
  /** The place in words when it stood in no room (a venue, a carrier, a seller). */
  location: z.string(),
  /** Since when it stood there (the movement that put it there), ISO 8601. */
  since: z.string().nullable(),
  owners: z.array(ownerAsOf),
  /** The latest valuation dated on or before the day, in its own currency. */
  latestValuation: z.string().nullable(),
  valuationCurrency: z.string().nullable(),
  valuationDate: z.string().nullable(),
  /** Numbers of the policies covering it that day. */
  coveredBy: z.array(z.string()),
  /** The catalogue fields as they were (the record's version of that day) and that version's number. */
  record: z.record(z.string(), z.unknown()).nullable(),
  recordVersion: z.number().nullable(),
  /**
   * The catalogue fields that differ between that day's record and today's, each with its value then
   * (`old`) and now (`new`), as the record history names them. The valuation fields are left out: the
   * value of the day is `latestValuation` above.
   */
  changedSince: z.array(historyChange),
})
export type ArtworkAsOf = z.infer<typeof artworkAsOf>

export const collectionAsOfQuery = z.object({
  at: day,
  /** The currency of the total (default: the reporting currency). */
  currency: optionalParam(
    z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { message: 'unknownCurrency' }),
  ),
})
export type CollectionAsOfQuery = z.infer<typeof collectionAsOfQuery>

export const collectionAsOf = z.object({
  at: z.string(),
  currency: z.string(),
  /** Artworks in the archive that day, whatever their status. */
  count: z.number(),
  byStatus: z.array(z.object({ status: z.enum(ARTWORK_STATUSES), count: z.number() })),
  /** Per room (null: in no room — on loan, in transit, at a seller), most first. */
  byRoom: z.array(z.object({ room: roomNames.nullable(), count: z.number() })),
  /**
   * The held artworks' (purchased, in the collection, on loan) latest valuations on or before the day,
   * converted at that day's rates; what no rate converts is in `unconverted`, never added. Null (no rates,
   * nothing unconverted): the user may not see values.
   */
  total: z.string().nullable(),
  valued: z.number(),
  ratesUsed: z.array(rateUsed),
  unconverted: z.array(unconvertedAmount),
})
export type CollectionAsOf = z.infer<typeof collectionAsOf>
