// Shapes of the business calendar's API (/api/calendar): the region the office follows, its weekend, and
// the dated days — public holidays and make-up working days of the region, the office's own closures and
// extra days. The server validates and documents with them; the web parses replies with them.
import { z } from 'zod'
import { dateRule, optionalText } from '../validation'

export const CALENDAR_REGIONS = ['CN', 'HK', 'none'] as const
export const calendarRegion = z.enum(CALENDAR_REGIONS, { message: 'invalidValue' })
export type CalendarRegion = z.infer<typeof calendarRegion>

export const CALENDAR_DAY_KINDS = ['holiday', 'workday', 'closure'] as const
export const calendarDayKind = z.enum(CALENDAR_DAY_KINDS, { message: 'invalidValue' })
export type CalendarDayKind = z.infer<typeof calendarDayKind>

/** The longest name a day may carry. */
export const CALENDAR_NAME_MAX = 60
/** How many days one request may add. */
export const CALENDAR_DAYS_MAX = 366

const day = z.string({ message: 'required' }).trim().superRefine(dateRule)
const weekday = z.number({ message: 'invalidValue' }).int({ message: 'invalidValue' }).min(0).max(6)

/** The region and the weekend (0 Sunday … 6 Saturday). */
export const calendarSettingsInput = z.object({
  region: calendarRegion,
  weekend: z
    .array(weekday)
    .max(6, { message: 'invalidValue' })
    .refine((days) => new Set(days).size === days.length, { message: 'invalidValue' }),
})
export type CalendarSettingsInput = z.infer<typeof calendarSettingsInput>

export const calendarDayInput = z.object({
  day,
  kind: calendarDayKind,
  nameZh: optionalText(CALENDAR_NAME_MAX).default(''),
  nameEn: optionalText(CALENDAR_NAME_MAX).default(''),
})
export type CalendarDayInput = z.input<typeof calendarDayInput>
export type CalendarDay = z.output<typeof calendarDayInput>

/** Days to add (or to set again): each checked where it stands, `days.1.day` for the second's date. */
export const calendarDaysInput = z.object({
  days: z.array(calendarDayInput).min(1, { message: 'required' }).max(CALENDAR_DAYS_MAX),
})

export const calendarDayRow = z.object({
  day: z.string(),
  kind: calendarDayKind,
  /** `region`: copied from the region's list; `office`: the office's own. */
  origin: z.enum(['region', 'office']),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
})
export type CalendarDayRow = z.infer<typeof calendarDayRow>

export const calendarView = z.object({
  region: calendarRegion,
  weekend: z.array(z.number()),
  timeZone: z.string(),
  /** The regions on offer, named in the request's language, with the years their lists cover. */
  regions: z.array(z.object({ value: calendarRegion, label: z.string(), years: z.array(z.number()) })),
  days: z.array(calendarDayRow),
  /** The office's today and whether it is a working day. */
  today: z.string(),
  todayWorking: z.boolean(),
})
export type CalendarView = z.infer<typeof calendarView>
