// /authManage/calendar: the office's business calendar (region, weekend, holidays, make-up working days,
// closures), read by the administration, changed by holders of authManage:calendar.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CalendarScreen } from '../../../areas/calendar/CalendarScreen'

export const Route = createFileRoute('/_app/authManage/calendar')({
  staticData: { title: msg`Business calendar`, privilege: 'authManage:view' },
  component: CalendarScreen,
})
