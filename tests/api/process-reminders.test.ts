// Reminders, checked on the rows the server wrote: a contract with an end date gets one expiry reminder
// (CONTRACT_REMINDER_DAYS before it), whatever the re-approvals; scheduling is one row per (process, kind)
// that moves with its due time; delivery is transactional (a message that cannot be written leaves its
// reminder due, and holds no other back) and exactly once under concurrent deliverers; a cancelled reminder
// is never delivered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverDueReminders, scheduleReminder } from '../../src/server/modules/messages/send'
import { CONTRACT_REMINDER_DAYS } from '../../src/server/modules/process/effects/finance'
import type { ProcessView } from '../../src/shared/contracts/process'
import { calendarDateText } from '../../src/shared/office-time'
import { day, type Flow, noon, openFlow, reminders } from './process-flow'
import { contract, countRows, dueDiligence } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

const db = () => f.t.deps.database.db
const raw = (sql: string, params: unknown[] = []) => f.t.deps.database.raw(sql, params) as Promise<any[]>
async function userId(name: string): Promise<string> {
  return (await raw('select id from users where username = $1', [name]))[0].id
}
const dueDay = (r: { due_at: Date }) => r.due_at.toISOString().slice(0, 10)

async function purchaseWithContract(endDate: string | undefined, number: string): Promise<ProcessView> {
  let p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
  p = await f.pass(p, dueDiligence())
  const { endDate: _sample, ...rest } = contract()
  return f.pass(p, { ...rest, number, effectiveDate: day(-10), ...(endDate ? { endDate } : {}) })
}

describe('contract-expiry reminders', () => {
  it(`schedules one, ${CONTRACT_REMINDER_DAYS} days before the end date, to the starter; delivered when due`, async () => {
    const number = `HT-R-${Date.now()}`
    const p = await purchaseWithContract(day(100), number)
    expect(p.currentStep).toBe('payment')
    const r = await reminders(f, p.id)
    expect(r.all).toHaveLength(1)
    expect(r.pending.map((x) => ({ kind: x.kind, due: dueDay(x) }))).toEqual([
      { kind: 'contractExpiry', due: day(100 - CONTRACT_REMINDER_DAYS) },
    ])
    // Not before it is due; then once, to the registrar who started the purchase.
    await deliverDueReminders(db(), noon(day(100 - CONTRACT_REMINDER_DAYS - 1)))
    expect((await reminders(f, p.id)).pending).toHaveLength(1)
    await deliverDueReminders(db(), noon(day(100 - CONTRACT_REMINDER_DAYS)))
    const sent = await raw(
      "select recipient_id, title_en, title_zh from messages where process_id = $1 and kind = 'reminder'",
      [p.id],
    )
    // the end date as each language writes it, never yyyy-MM-dd
    expect(sent).toEqual([
      {
        recipient_id: await userId('registrar'),
        title_en: `Contract ends soon: ${number} (${calendarDateText(day(100), 'en')})`,
        title_zh: `合同即将到期：${number}（${calendarDateText(day(100), 'zh-CN')}）`,
      },
    ])
    expect(sent[0].title_en).toMatch(/\(\d{1,2} [A-Z][a-z]{2} \d{4}\)$/)
    expect(sent[0].title_zh).toMatch(/（\d{4}年\d{1,2}月\d{1,2}日）$/)
  })

  it('keeps one per contract through terminate, restart and a second approval (moved to the new end)', async () => {
    let p = await purchaseWithContract(day(200), `HT-R2-${Date.now()}`)
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Seller withdrew' })
    expect((await reminders(f, p.id)).pending).toEqual([])
    p = await f.send('registrar', p, 'RESTART')
    p = await f.pass(p, dueDiligence())
    const { endDate: _e, ...rest } = contract()
    p = await f.pass(p, {
      ...rest,
      number: `HT-R2b-${Date.now()}`,
      effectiveDate: day(-1),
      endDate: day(300),
    })
    const r = await reminders(f, p.id)
    expect(r.all).toHaveLength(1)
    expect(r.pending.map(dueDay)).toEqual([day(300 - CONTRACT_REMINDER_DAYS)])
  })

  it('schedules none for an open-ended contract or one already ended', async () => {
    const open = await purchaseWithContract(undefined, `HT-R3-${Date.now()}`)
    expect((await reminders(f, open.id)).all).toEqual([])
    const ended = await purchaseWithContract(day(-2), `HT-R4-${Date.now()}`)
    expect((await reminders(f, ended.id)).all).toEqual([])
  })
})

describe('scheduling', () => {
  it('keeps one row per (process, kind): the due time moves; delivered stays delivered unless it moved', async () => {
    const p = await purchaseWithContract(undefined, `HT-R5-${Date.now()}`)
    const base = {
      processId: p.id,
      processType: 'BUY_ART' as const,
      recipientId: await userId('registrar'),
      kind: 'custom' as const,
      params: { step: 'check' },
    }
    await scheduleReminder(db(), { ...base, dueAt: noon(day(5)) })
    await scheduleReminder(db(), { ...base, dueAt: noon(day(6)) })
    let r = await reminders(f, p.id)
    expect(r.all.map(dueDay)).toEqual([day(6)])
    expect(await deliverDueReminders(db(), noon(day(7)))).toBeGreaterThanOrEqual(1)
    await scheduleReminder(db(), { ...base, dueAt: noon(day(6)) })
    r = await reminders(f, p.id)
    expect(r.pending).toEqual([])
    await scheduleReminder(db(), { ...base, dueAt: noon(day(8)) })
    r = await reminders(f, p.id)
    expect(r.all).toHaveLength(1)
    expect(r.pending.map(dueDay)).toEqual([day(8)])
  })
})

describe('delivery', () => {
  it('loses nothing when a message cannot be written, and holds no other reminder back', async () => {
    const registrar = await userId('registrar')
    const base = {
      processId: null,
      processType: 'BUY_ART' as const,
      recipientId: registrar,
      kind: 'custom' as const,
    }
    const at = noon(day(500))
    await scheduleReminder(db(), { ...base, dueAt: at, params: { step: 'FAIL-ME' } })
    await scheduleReminder(db(), { ...base, dueAt: at, params: { step: 'fine' } })
    await raw(`create function vitrine_test_fail_message() returns trigger language plpgsql as $$
                 begin if new.title_en like '%FAIL-ME%' then raise exception 'message refused'; end if;
                 return new; end $$`)
    await raw(`create trigger vitrine_test_fail_message before insert on messages for each row
                 execute function vitrine_test_fail_message()`)
    const titled = (word: string) =>
      countRows(f.t, 'process_reminders', 'title_en like $1 and delivered_at is null', [`%${word}%`])
    const sent = (word: string) => countRows(f.t, 'messages', 'title_en like $1', [`%${word}%`])
    try {
      await deliverDueReminders(db(), at)
      // The failing one stays due with no message; the other is delivered once.
      expect(await titled('FAIL-ME')).toBe(1)
      expect(await sent('FAIL-ME')).toBe(0)
      expect(await titled(', fine')).toBe(0)
      expect(await sent(', fine')).toBe(1)
    } finally {
      await raw('drop trigger vitrine_test_fail_message on messages')
      await raw('drop function vitrine_test_fail_message()')
    }
    // Once messages can be written again, the reminder is delivered, exactly once.
    await deliverDueReminders(db(), at)
    await deliverDueReminders(db(), at)
    expect(await titled('FAIL-ME')).toBe(0)
    expect(await sent('FAIL-ME')).toBe(1)
    expect(await sent(', fine')).toBe(1)
  })

  it('delivers each due reminder exactly once when several deliverers run at the same time', async () => {
    const registrar = await userId('registrar')
    const at = noon(day(600))
    for (let i = 0; i < 7; i++)
      await scheduleReminder(db(), {
        processId: null,
        processType: 'BUY_ART',
        recipientId: registrar,
        kind: 'custom',
        dueAt: at,
        params: { step: `race-${i}` },
      })
    const counts = await Promise.all([1, 2, 3, 4].map(() => deliverDueReminders(db(), at)))
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(7)
    expect(await countRows(f.t, 'messages', "title_en like '%race-%'")).toBe(7)
    expect(
      await countRows(f.t, 'process_reminders', "title_en like '%race-%' and delivered_at is null"),
    ).toBe(0)
  })
})
