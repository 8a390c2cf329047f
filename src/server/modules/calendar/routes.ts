// The business calendar API (/api/calendar): the region the office follows, its weekend and its dated days
// (public holidays and make-up working days of the region, the office's own closures). Reading needs
// authManage:view, every change authManage:calendar; a refusal stores nothing. Each change forgets the
// calendar held in memory (store.ts), so the next due date is counted over the new one.
import { createRoute, z } from '@hono/zod-openapi'
import {
  type CalendarView,
  calendarDaysInput,
  calendarSettingsInput,
  calendarView,
} from '../../../shared/contracts/calendar'
import type { Lang } from '../../../shared/errors'
import { dateProblem } from '../../../shared/validation'
import { isWorkingDay } from '../../../shared/working-days'
import type { DbOrTx } from '../../db/client'
import { access, currentUser } from '../../http/access'
import { invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { officeToday, officeZone } from '../../office-day'
import { REGION_NAMES, REGIONS, regionYears } from './regions'
import {
  calendarRows,
  calendarSettings,
  officeCalendar,
  removeCalendarDay,
  saveCalendarDays,
  saveCalendarSettings,
} from './store'

const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})
const dayParam = z.object({
  day: z.string().openapi({ param: { in: 'path', name: 'day', required: true }, example: '2026-10-01' }),
})

export async function calendarViewOf(db: DbOrTx, lang: Lang): Promise<CalendarView> {
  const [settings, rows, calendar] = await Promise.all([
    calendarSettings(db),
    calendarRows(db),
    officeCalendar(db),
  ])
  const today = officeToday()
  return {
    region: settings.region,
    weekend: settings.weekend,
    timeZone: officeZone(),
    regions: REGIONS.map((value) => ({
      value,
      label: lang === 'en' ? REGION_NAMES[value].en : REGION_NAMES[value].zh,
      years: regionYears(value),
    })),
    days: rows.map((r) => ({
      day: r.day,
      kind: r.kind,
      origin: r.origin,
      name: lang === 'en' ? r.nameEn || r.nameZh : r.nameZh || r.nameEn,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
    })),
    today,
    todayWorking: isWorkingDay(today, calendar),
  }
}

export function calendarRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['authManage']
  const edit = access(deps, 'authManage:calendar')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "The office's business calendar: region, weekend, dated days",
      ...access(deps, 'authManage:view'),
      responses: okResponse(calendarView),
    }),
    async (c) => ok(c, await calendarViewOf(db, c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings',
      tags,
      summary: "Follow a region's public holidays and make-up working days, with a weekend",
      ...edit,
      request: json(calendarSettingsInput),
      responses: okResponse(calendarView),
    }),
    async (c) => {
      const input = c.req.valid('json')
      await db.transaction((tx) => saveCalendarSettings(tx, input, currentUser(c).id))
      return ok(c, await calendarViewOf(db, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/days',
      tags,
      summary:
        "Add the office's own days (holiday, make-up working day, closure); a date already listed is set again",
      ...edit,
      request: json(calendarDaysInput),
      responses: okResponse(calendarView),
    }),
    async (c) => {
      const { days } = c.req.valid('json')
      const seen = new Map<string, number>()
      days.forEach((d, i) => {
        if (seen.has(d.day)) throw invalid({ [`days.${i}.day`]: 'duplicateCalendarDay' })
        seen.set(d.day, i)
      })
      await db.transaction((tx) => saveCalendarDays(tx, days, currentUser(c).id))
      return ok(c, await calendarViewOf(db, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/days/{day}',
      tags,
      summary: 'Remove a dated day: the office keeps it by its weekday again',
      ...edit,
      request: { params: dayParam },
      responses: okResponse(calendarView),
    }),
    async (c) => {
      const { day } = c.req.valid('param')
      const problem = dateProblem(day)
      if (problem) throw invalid({ day: problem })
      if (!(await db.transaction((tx) => removeCalendarDay(tx, day)))) throw notFound()
      return ok(c, await calendarViewOf(db, c.get('lang')))
    },
  )

  return app
}
