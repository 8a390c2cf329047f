// The office's business calendar: every dated exception to its working week — public holidays and make-up
// working days copied from the region it follows (origin `region`, replaced whole when the region changes)
// and its own closures or extra days (origin `office`). Which region and which weekdays are the weekend is
// the `businessCalendar` key of app_settings. Read by modules/calendar/store.ts, held in memory until an
// edit; the due dates of tasks are counted over it (src/shared/working-days.ts).
import { sql } from 'drizzle-orm'
import { check, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { CALENDAR_DAY_KINDS } from '../../../shared/contracts/calendar'
import { users } from './users'

export const CALENDAR_DAY_ORIGINS = ['region', 'office'] as const

export const calendarDays = pgTable(
  'calendar_days',
  {
    day: date({ mode: 'string' }).primaryKey(),
    /** holiday: a public holiday (off); workday: a make-up working day (worked); closure: the office is closed. */
    kind: text({ enum: CALENDAR_DAY_KINDS }).notNull(),
    origin: text({ enum: CALENDAR_DAY_ORIGINS }).notNull(),
    nameZh: text().notNull().default(''),
    nameEn: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('calendar_days_kind', sql`${t.kind} in ('holiday', 'workday', 'closure')`),
    check('calendar_days_origin', sql`${t.origin} in ('region', 'office')`),
  ],
)
