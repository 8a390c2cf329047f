// Valuations and exchange rates. A valuation is one dated opinion of an artwork's worth, in its own
// currency; the one with the latest `valuedOn` is copied onto the artwork (`latestValuation`, ...). Amounts in
// different currencies are only brought together through a dated rate of exchange_rates.
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { VALUATION_METHODS } from '../../../shared/constants'
import { artworks } from './artworks'
import { processes } from './processes'
import { users } from './users'

export const valuationMethod = pgEnum('valuation_method', VALUATION_METHODS)

export const valuations = pgTable(
  'valuations',
  {
    id: uuid().primaryKey().defaultRandom(),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    currency: text().notNull(),
    valuedOn: date().notNull(),
    method: valuationMethod().notNull(),
    valuer: text().notNull().default(''),
    /** File ids of the valuation report(s) (PDF). */
    reportFileIds: jsonb().$type<string[]>().notNull().default([]),
    note: text().notNull().default(''),
    /** The process that recorded it (a purchase), when one did. */
    processId: uuid().references(() => processes.id, { onDelete: 'set null' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /**
     * An artwork's valuations by date; with the amount and currency, each artwork's latest on a day (the
     * collection as of that day) is read from the index alone.
     */
    index('valuations_artwork_on_idx').on(t.artworkId, t.valuedOn, t.createdAt, t.amount, t.currency),
    index('valuations_on_idx').on(t.valuedOn),
    check('valuations_amount_ck', sql`${t.amount} >= 0`),
  ],
)

/**
 * One rate on one date: 1 `base` is worth `rate` `quote` from `on` until the next rate of the pair. A total in
 * the reporting currency uses, for each amount, the latest rate on or before the amount's date.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    base: text().notNull(),
    quote: text().notNull(),
    on: date().notNull(),
    rate: numeric({ precision: 24, scale: 10 }).notNull(),
    source: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchange_rates_pair_on_uq').on(t.base, t.quote, t.on),
    check('exchange_rates_rate_ck', sql`${t.rate} > 0`),
    check('exchange_rates_pair_ck', sql`${t.base} <> ${t.quote}`),
  ],
)
