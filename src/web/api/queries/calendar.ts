// The office's business calendar (/api/calendar) as query options with its key, and the writes: the region
// and weekend, the office's own days added and removed.
import { queryOptions } from '@tanstack/react-query'
import {
  type CalendarDayInput,
  type CalendarSettingsInput,
  calendarView,
} from '../../../shared/contracts/calendar'
import { api } from '../http'

export const calendarKeys = { all: ['business-calendar'] as const }

export const calendarQuery = () =>
  queryOptions({
    queryKey: calendarKeys.all,
    queryFn: ({ signal }) => api.get('calendar', { schema: calendarView, signal }),
    meta: { localized: true },
  })

export const saveCalendarSettings = (input: CalendarSettingsInput) =>
  api.put('calendar/settings', { json: input, schema: calendarView })

export const addCalendarDays = (days: CalendarDayInput[]) =>
  api.post('calendar/days', { json: { days }, schema: calendarView })

export const removeCalendarDay = (day: string) => api.delete(`calendar/days/${day}`, { schema: calendarView })
