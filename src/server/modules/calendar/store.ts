// The office's business calendar in the database and in memory. The calendar is read whole (the settings
// row and the dated days, a few dozen rows a year) once, then held: every event that opens a task counts its
// due date over it without a query. An edit on this server forgets it at once; another server reads it again
// within HELD_MS. createApp forgets it too (a new app may stand on another database).
import { eq } from 'drizzle-orm'
import {
  type CalendarDay,
  type CalendarRegion,
  calendarSettingsInput,
} from '../../../shared/contracts/calendar'
import type { WorkingCalendar } from '../../../shared/working-days'
import type { DbOrTx } from '../../db/client'
import { appSettings, calendarDays } from '../../db/schema'
import { officeZone } from '../../office-day'
import { regionDays } from './regions'

export const CALENDAR_SETTINGS_KEY = 'businessCalendar'

export interface CalendarSettings {
  region: CalendarRegion
  weekend: number[]
}

/** Until an administrator (or the seed) chooses: no region, Saturday and Sunday off. */
const DEFAULT_SETTINGS: CalendarSettings = { region: 'none', weekend: [0, 6] }
/** How long another server may count on a calendar an administrator has just changed here. */
const HELD_MS = 60_000

let held: { until: number; zone: string; calendar: WorkingCalendar } | null = null

/** Forget the held calendar (an edit, or a new app). */
export function forgetCalendar(): void {
  held = null
}

export async function calendarSettings(db: DbOrTx): Promise<CalendarSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, CALENDAR_SETTINGS_KEY))
  const parsed = calendarSettingsInput.safeParse(row?.value)
  return parsed.success ? parsed.data : DEFAULT_SETTINGS
}

/** Every dated day of the office's calendar, in date order. */
export function calendarRows(db: DbOrTx) {
  return db.select().from(calendarDays).orderBy(calendarDays.day)
}

/**
 * The office's working calendar: its zone, weekend and dated days. Held in memory (see above); `db` may be
 * the event's transaction, read from only when nothing is held.
 */
export async function officeCalendar(db: DbOrTx): Promise<WorkingCalendar> {
  const zone = officeZone()
  if (held && held.until > Date.now() && held.zone === zone) return held.calendar
  const [settings, rows] = await Promise.all([calendarSettings(db), calendarRows(db)])
  const calendar: WorkingCalendar = {
    timeZone: zone,
    weekend: new Set(settings.weekend),
    daysOff: new Set(rows.filter((r) => r.kind !== 'workday').map((r) => r.day)),
    workdays: new Set(rows.filter((r) => r.kind === 'workday').map((r) => r.day)),
  }
  held = { until: Date.now() + HELD_MS, zone, calendar }
  return calendar
}

/**
 * Follow a region with a weekend: the region's days replace those copied from the one before, the office's
 * own days stay (and win over a region's day of the same date).
 */
export async function saveCalendarSettings(
  tx: DbOrTx,
  settings: CalendarSettings,
  userId: string | null,
): Promise<void> {
  const value = { value: settings, updatedAt: new Date(), updatedBy: userId }
  await tx
    .insert(appSettings)
    .values({ key: CALENDAR_SETTINGS_KEY, ...value })
    .onConflictDoUpdate({ target: appSettings.key, set: value })
  await tx.delete(calendarDays).where(eq(calendarDays.origin, 'region'))
  const days = regionDays(settings.region)
  if (days.length > 0)
    await tx
      .insert(calendarDays)
      .values(days.map((d) => ({ ...d, origin: 'region' as const, updatedBy: userId })))
      .onConflictDoNothing({ target: calendarDays.day })
  forgetCalendar()
}

/** Add the office's own days (or set them again): each becomes the office's, whatever stood on its date. */
export async function saveCalendarDays(tx: DbOrTx, days: CalendarDay[], userId: string): Promise<void> {
  const at = new Date()
  for (const d of days) {
    const values = { kind: d.kind, nameZh: d.nameZh, nameEn: d.nameEn, origin: 'office' as const }
    await tx
      .insert(calendarDays)
      .values({ day: d.day, ...values, updatedAt: at, updatedBy: userId })
      .onConflictDoUpdate({ target: calendarDays.day, set: { ...values, updatedAt: at, updatedBy: userId } })
  }
  forgetCalendar()
}

/** Remove a dated day (a region's too: the office works that day by its weekday); whether there was one. */
export async function removeCalendarDay(tx: DbOrTx, day: string): Promise<boolean> {
  const gone = await tx
    .delete(calendarDays)
    .where(eq(calendarDays.day, day))
    .returning({ day: calendarDays.day })
  forgetCalendar()
  return gone.length > 0
}
