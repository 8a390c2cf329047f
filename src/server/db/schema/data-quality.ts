// The documentation backlog over time: one row per office day, how many held artworks each data-quality rule
// found that day (modules/datacentre/data-quality.ts), written by the daily job and read as the trend.
import { date, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core'

export const dataQualitySnapshots = pgTable('data_quality_snapshots', {
  /** The office day the counts are of. */
  on: date().primaryKey(),
  /** Rule key → artworks it found; `held` → the artworks counted. */
  counts: jsonb().$type<Record<string, number>>().notNull(),
  takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
