// Incidents from real failures: an SMTP server on a closed port (the email outbox's attempts), a reminder
// whose message the database refuses (a trigger), a registered scheduled job that throws (a trigger on its
// table) and a test job that throws; each opens one incident (the administrators told once on the bell),
// a repeat counts an attempt on it, a retry after the cause is fixed resolves it, and the bad inputs of
// the screen's calls are refused with 400 (retry or resolve of a resolved incident, an empty note).
import net, { type AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScheduler } from '../../src/server/jobs/scheduler'
import { deliverDueReminders, scheduleReminder, sendMessages } from '../../src/server/modules/messages/send'
import { deliverEmails } from '../../src/server/modules/notifications/outbox'
import { startScheduledJobs } from '../../src/server/scheduled-jobs'
import type { IncidentView } from '../../src/shared/contracts/incidents'
import { createTestContext, type TestContext } from './helpers'

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

let ctx: TestContext
let admin: string
let registrar: string
let port: number
let smtp: SMTPServer | undefined
const received: string[] = []

const rows = <T>(text: string, params: unknown[] = []) => ctx.deps.database.raw(text, params) as Promise<T[]>
const db = () => ctx.deps.database.db

async function list(query = '', lang = 'en', token = admin) {
  const res = await ctx.call<{ list: IncidentView[]; total: number }>('GET', `/api/incidents${query}`, {
    token,
    lang,
  })
  expect(res.code, res.msg).toBe(0)
  return res.data
}

async function adminNotices() {
  return rows<{ title_en: string; title_zh: string; body_en: string }>(
    `select m.title_en, m.title_zh, m.body_en from messages m join users u on u.id = m.recipient_id
      where u.username = 'admin' and m.kind = 'notice' and m.title_en like 'Background work failed%'`,
  )
}

beforeAll(async () => {
  port = await closedPort()
  ctx = await createTestContext({
    env: {
      SMTP_URL: `smtp://mailer:secret-pass@127.0.0.1:${port}`,
      SMTP_FROM: 'Vitrine <noreply@vitrine.example.org>',
      VITRINE_PUBLIC_URL: 'https://vitrine.example.org/',
    },
  })
  admin = await ctx.login('admin')
  registrar = await ctx.login('registrar')
}, 120_000)

afterAll(async () => {
  await ctx?.close()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
})

describe('email delivery to a closed port', () => {
  it('opens one incident for the mail server, counts a repeat, tells the administrators once', async () => {
    await rows(`update users set email = 'registrar@vitrine.example.org' where username = 'registrar'`)
    const [registrarRow] = await rows<{ id: string }>(`select id from users where username = 'registrar'`)
    await db().transaction((tx) =>
      sendMessages(tx, [registrarRow.id], {
        kind: 'taskAssigned',
        processId: null,
        senderId: null,
        title: { zh: '新任务', en: 'New task' },
      }),
    )
    const [queued] = await rows<{ n: string }>('select count(*) as n from email_outbox where sent_at is null')
    expect(Number(queued.n)).toBe(1)

    let clock = Date.now()
    const first = await deliverEmails(db(), () => new Date(clock))
    expect(first.failed).toBe(1)
    clock += 3_600_000
    await deliverEmails(db(), () => new Date(clock))

    const open = await list('?status=open&kind=emailDelivery')
    expect(open.total).toBe(1)
    const [incident] = open.list
    expect(incident.attempts).toBe(2)
    expect(incident.subject).toBe(`Sending emails through the mail server 127.0.0.1:${port}`)
    expect(incident.errorMessage).toMatch(/ECONNREFUSED/)
    expect(incident.errorMessage).not.toContain('secret-pass')
    expect(incident.status).toBe('open')
    const zh = await list('?status=open&kind=emailDelivery', 'zh-CN')
    expect(zh.list[0].subject).toBe(`经邮件服务器 127.0.0.1:${port} 发送邮件`)

    const notices = await adminNotices()
    expect(notices).toHaveLength(1)
    expect(notices[0].title_en).toContain(`127.0.0.1:${port}`)
    expect(notices[0].title_zh).toContain('后台任务失败')
    expect(notices[0].body_en).toMatch(/ECONNREFUSED/)
  })

  it('a retry while the server is still down fails and counts an attempt', async () => {
    const [incident] = (await list('?status=open&kind=emailDelivery')).list
    const res = await ctx.call<{ succeeded: boolean; incident: IncidentView }>(
      'POST',
      `/api/incidents/${incident.id}/retry`,
      { token: admin },
    )
    expect(res.code, res.msg).toBe(0)
    expect(res.data.succeeded).toBe(false)
    expect(res.data.incident.status).toBe('open')
    expect(res.data.incident.attempts).toBe(3)
  })

  it('a retry once the server listens sends the mail and resolves the incident', async () => {
    smtp = new SMTPServer({
      logger: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'mailer' }),
      onData(stream, session, callback) {
        stream.on('data', () => {})
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp?.listen(port, '127.0.0.1', resolve))
    const [incident] = (await list('?status=open&kind=emailDelivery')).list
    const res = await ctx.call<{ succeeded: boolean; incident: IncidentView }>(
      'POST',
      `/api/incidents/${incident.id}/retry`,
      { token: admin },
    )
    expect(res.code, res.msg).toBe(0)
    expect(res.data.succeeded).toBe(true)
    expect(res.data.incident.status).toBe('resolved')
    expect(res.data.incident.resolvedByName).toBeTruthy()
    expect(received).toHaveLength(1)
    const [left] = await rows<{ n: string }>('select count(*) as n from email_outbox where sent_at is null')
    expect(Number(left.n)).toBe(0)
    expect((await list('?status=resolved&kind=emailDelivery')).total).toBe(1)
  })

  it('retrying or resolving a resolved incident is a 400 with the reason, in the language asked', async () => {
    const [incident] = (await list('?status=resolved&kind=emailDelivery')).list
    const en = await ctx.call('POST', `/api/incidents/${incident.id}/retry`, { token: admin })
    expect(en.status).toBe(400)
    expect(en.msg).toBe('This incident is already resolved: there is nothing to retry')
    const zh = await ctx.call('POST', `/api/incidents/${incident.id}/resolve`, {
      token: admin,
      lang: 'zh-CN',
      body: { note: '已处理' },
    })
    expect(zh.status).toBe(400)
    expect(zh.msg).toBe('该故障事件已处理，无需重试')
  })
})

describe('a reminder the database refuses', () => {
  const trigger = [
    `create function refuse_boom() returns trigger language plpgsql as
      $$ begin if new.title_en like 'BOOM%' then raise exception 'message refused: %', new.title_en; end if; return new; end $$`,
    'create trigger refuse_boom before insert on messages for each row execute function refuse_boom()',
  ]

  it('opens an incident, keeps the reminder due, and a retry after the fix delivers it', async () => {
    for (const statement of trigger) await rows(statement)
    const [user] = await rows<{ id: string }>(`select id from users where username = 'registrar'`)
    await scheduleReminder(db(), {
      processId: null,
      processType: 'BUY_ART',
      recipientId: user.id,
      kind: 'custom',
      dueAt: new Date(Date.now() - 60_000),
      params: { process: 'BOOM', step: 'x' },
    })
    await db().execute(
      // the catalogue words the title: make it start with the marker the trigger refuses
      sql`update process_reminders set title_en = 'BOOM reminder' where delivered_at is null`,
    )
    expect(await deliverDueReminders(db())).toBe(0)
    expect(await deliverDueReminders(db())).toBe(0)
    const open = await list('?status=open&kind=reminderDelivery')
    expect(open.total).toBe(1)
    expect(open.list[0].attempts).toBe(2)
    expect(open.list[0].subject).toBe('Reminder: BOOM reminder')
    expect(open.list[0].errorMessage).toContain('message refused: BOOM reminder')

    // Bad input: a note of blanks only is refused at the field, nothing changes.
    const blank = await ctx.call('POST', `/api/incidents/${open.list[0].id}/resolve`, {
      token: admin,
      body: { note: '   ' },
    })
    expect(blank.status).toBe(400)
    expect(blank.data.fieldErrors.note).toBeTruthy()
    expect((await list('?status=open&kind=reminderDelivery')).total).toBe(1)

    await rows('drop trigger refuse_boom on messages')
    await rows('drop function refuse_boom()')
    const retry = await ctx.call<{ succeeded: boolean }>('POST', `/api/incidents/${open.list[0].id}/retry`, {
      token: admin,
    })
    expect(retry.data.succeeded).toBe(true)
    const [delivered] = await rows<{ n: string }>(
      `select count(*) as n from messages where title_en = 'BOOM reminder'`,
    )
    expect(Number(delivered.n)).toBe(1)
    expect((await list('?status=open&kind=reminderDelivery')).total).toBe(0)
  })
})

describe('scheduled jobs that throw', () => {
  it('a registered job refused by the database: an incident, a failed retry, then a retry that resolves it', async () => {
    await rows(`create function refuse_snapshot() returns trigger language plpgsql as
        $$ begin raise exception 'disk full (test)'; end $$`)
    await rows(`create trigger refuse_snapshot before insert or update on data_quality_snapshots
        for each row execute function refuse_snapshot()`)
    const scheduler = startScheduledJobs(db(), { now: () => new Date(), timeZone: ctx.deps.config.timeZone })
    await scheduler.tick()
    scheduler.stop()
    const open = await list('?status=open&kind=scheduledJob')
    const job = open.list.find((i) => i.subject === 'Scheduled job: Daily data quality snapshot')
    expect(job, JSON.stringify(open.list)).toBeDefined()
    expect(job?.errorMessage).toContain('disk full (test)')

    const again = await ctx.call<{ succeeded: boolean; incident: IncidentView }>(
      'POST',
      `/api/incidents/${job?.id}/retry`,
      { token: admin },
    )
    expect(again.data.succeeded).toBe(false)
    expect(again.data.incident.attempts).toBe(2)

    await rows('drop trigger refuse_snapshot on data_quality_snapshots')
    await rows('drop function refuse_snapshot()')
    const fixed = await ctx.call<{ succeeded: boolean; incident: IncidentView }>(
      'POST',
      `/api/incidents/${job?.id}/retry`,
      { token: admin, lang: 'zh-CN' },
    )
    expect(fixed.data.succeeded).toBe(true)
    expect(fixed.data.incident.resolutionNote).toBe('重试成功')
  })

  it('a job that throws on every tick is one incident; its next good run resolves it on its own', async () => {
    let broken = true
    const job = {
      name: 'test-flaky-job',
      label: { zh: '测试任务', en: 'Test job' },
      every: 'tick' as const,
      claim: 'before' as const,
      run: async () => {
        if (broken) throw new Error('flaky job failed')
      },
    }
    let clock = Date.now()
    const scheduler = startScheduler(db(), [job], { now: () => new Date(clock), intervalMs: 60_000 })
    await scheduler.tick()
    clock += 120_000
    await scheduler.tick()
    const open = (await list('?status=open&kind=scheduledJob')).list.filter(
      (i) => i.subject === 'Scheduled job: Test job',
    )
    expect(open).toHaveLength(1)
    expect(open[0].attempts).toBe(2)
    expect((await adminNotices()).filter((n) => n.title_en.includes('Test job'))).toHaveLength(1)

    broken = false
    clock += 120_000
    await scheduler.tick()
    scheduler.stop()
    const resolved = (await list('?status=resolved&kind=scheduledJob')).list.find(
      (i) => i.subject === 'Scheduled job: Test job',
    )
    expect(resolved?.resolutionNote).toBe('Succeeded on a later run')
  })

  it('the screen is the administrators’: a registrar may neither list nor retry', async () => {
    const res = await ctx.call('GET', '/api/incidents', { token: registrar })
    expect(res.code).toBe(4031)
    const bad = await ctx.call('GET', '/api/incidents?status=closed', { token: admin })
    expect(bad.status).toBe(400)
    expect(bad.data.fieldErrors.status).toBeTruthy()
  })
})
