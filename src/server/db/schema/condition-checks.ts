// The schedule of condition checks: a rule asks for a check of one artwork, or of every artwork of one
// creation-medium category (a tag), every N months. The daily job (modules/condition-checks/jobs.ts) starts a
// CONDITION_CHECK for each artwork a rule finds due; the checks themselves are processes.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { artworks } from './artworks'
import { tags } from './reference'
import { users } from './users'

export const conditionCheckRules = pgTable(
  'condition_check_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** One artwork, or */
    artworkId: uuid().references(() => artworks.id, { onDelete: 'cascade' }),
    /** every artwork of this creation medium (a tag). */
    mediumTagId: integer().references(() => tags.id, { onDelete: 'restrict' }),
    intervalMonths: integer().notNull(),
    enabled: boolean().notNull().default(true),
    note: text().notNull().default(''),
    /** Who made the rule: the checks it starts are started in their name. */
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('condition_check_rules_target_ck', sql`(${t.artworkId} is null) <> (${t.mediumTagId} is null)`),
    check('condition_check_rules_interval_ck', sql`${t.intervalMonths} between 1 and 120`),
    index('condition_check_rules_artwork_idx').on(t.artworkId),
    index('condition_check_rules_medium_idx').on(t.mediumTagId),
  ],
)
