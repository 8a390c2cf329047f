// The business calendar on first start (one SEED_STEPS line, before any demo process opens a task): every
// installation follows mainland China's public holidays and make-up working days (modules/calendar/
// regions.ts) with Saturday and Sunday off, until an administrator chooses otherwise at
// /authManage/calendar. The demo office adds a closure of its own, so the screen shows each kind of day.

import { eq } from 'drizzle-orm'
import { appSettings, users } from '../db/schema'
import { CALENDAR_SETTINGS_KEY, saveCalendarDays, saveCalendarSettings } from '../modules/calendar/store'
import type { SeedStep } from './steps'

/** The demo office's own closure: a past Friday, so no demo task's due date moves for it. */
export const DEMO_CLOSURE = {
  day: '2026-08-14',
  kind: 'closure' as const,
  nameZh: '办公室夏季休整',
  nameEn: 'Office summer closure',
}

export const calendarSeedStep: SeedStep = {
  name: 'business calendar',
  run: async (db, { demo }) => {
    const [set] = await db.select().from(appSettings).where(eq(appSettings.key, CALENDAR_SETTINGS_KEY))
    if (set) return
    await db.transaction(async (tx) => {
      await saveCalendarSettings(tx, { region: 'CN', weekend: [0, 6] }, null)
      if (!demo) return
      const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
      if (admin) await saveCalendarDays(tx, [DEMO_CLOSURE], admin.id)
    })
  },
}
