// Notifications by email, end to end: a real SMTP server (smtp-server) started here on a free
// port, the app configured with SMTP_URL pointing to it, messages written by the real process flow over
// HTTP (a submission rejected, so the submitter is told), and the scheduler's ticks delivering the outbox:
// exactly one mail per message, in the user's language, with the link; nothing more on the next tick; a
// refusing server leaves the row pending (attempts counted, the error kept without the password) and a
// later tick sends it; a kind turned off sends nothing; two schedulers at once send once. Plus the
// preferences API and its refusals.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { boot } from '../../src/server/boot'
import { loadConfig } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/client'
import {
  deliverEmails,
  EMAIL_LEASE_MS,
  EMAIL_MAX_ATTEMPTS,
} from '../../src/server/modules/notifications/outbox'
import { configureEmail, emailSettings } from '../../src/server/modules/notifications/settings'
import { startScheduledJobs } from '../../src/server/scheduled-jobs'
import { EMAIL_KINDS } from '../../src/shared/contracts/notifications'
import type { ProcessView } from '../../src/shared/contracts/process'
import { TEST_PASSWORD } from './helpers'
import { dueDiligence, makePdf } from './process-helpers'

// ---------------------------------------------------------------------------------------------------------
// The SMTP server: accepts mail for a signed-in sender, or refuses it while `refuse` is set.

interface Mail {
  from: string
  to: string[]
  subject: string
  text: string
  messageId: string
}

const SMTP_USER = 'mailer'
const SMTP_PASS = `pw-${randomBytes(6).toString('hex')}`
const received: Mail[] = []
let refuse = false
/** How long the server takes to accept a mail (a slow server keeps a row claimed while it is sent). */
let delayMs = 0
let smtp: SMTPServer

/** RFC 2047 encoded words (=?UTF-8?B?…?= / ?Q?) of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    )
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(soft[i], 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The headers and the text of a single-part mail as nodemailer writes it. */
function parseMail(raw: string, from: string, to: string[]): Mail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  let body = raw.slice(split + 4)
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase()
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body)
  else if (encoding === 'base64') body = Buffer.from(body, 'base64').toString('utf8')
  return {
    from,
    to,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: body.replace(/\r\n/g, '\n'),
    messageId: headers.get('message-id') ?? '',
  }
}

async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: SMTP_USER })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', async () => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
        if (refuse) {
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 })
          callback(error)
          return
        }
        const to = session.envelope.rcptTo.map((r) => r.address)
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  return (smtp.server.address() as AddressInfo).port
}

// ---------------------------------------------------------------------------------------------------------
// The app, configured as a server with SMTP_URL and SMTP_FROM would be (helpers.ts builds its config
// without them).

const PUBLIC_URL = 'https://vitrine.example.org'
let app: ReturnType<typeof createApp>
let database: Awaited<ReturnType<typeof openDatabase>>
let closeApp: () => Promise<void>
const tokens: Record<string, string> = {}

async function call<T = any>(method: string, url: string, token?: string, body?: unknown, lang = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang }
  if (token) headers['x-auth-token'] = token
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await app.request(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const json = (await res.json()) as { code: number; msg: string; data: T }
  return { status: res.status, ...json }
}

async function rows<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await database.raw(text, params)) as T[]
}

async function openApp(smtpPort: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-email-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    VITRINE_ADMIN_PASSWORD: TEST_PASSWORD,
    VITRINE_DEMO: '1',
    VITRINE_DEMO_COLLECTION: '0',
    VITRINE_DEMO_PASSWORD: TEST_PASSWORD,
    SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${smtpPort}`,
    SMTP_FROM: 'Vitrine <noreply@vitrine.example.org>',
    VITRINE_PUBLIC_URL: `${PUBLIC_URL}/`,
  })
  // A throwaway database on the PostgreSQL server when DATABASE_URL names one (as helpers.ts does).
  const base = process.env.DATABASE_URL
  let drop = async () => {}
  let url: string | undefined
  if (base) {
    const name = `vitrine_t_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const u = new URL(base)
    u.pathname = `/${name}`
    url = u.toString()
    drop = async () => {
      const c = new pg.Client({ connectionString: base })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  }
  database = await openDatabase(url ? { url } : {})
  const booted = await boot(config, { database })
  app = createApp(booted.deps)
  closeApp = async () => {
    await booted.close()
    await drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  // makePdf wants a TestContext; it only uses deps.
  await makePdf({ deps: booted.deps } as never)
  for (const u of ['registrar', 'approver', 'admin']) {
    const res = await call('POST', '/api/auth/login', undefined, { username: u, password: TEST_PASSWORD })
    tokens[u] = res.data.token
  }
}

async function userId(username: string): Promise<string> {
  return (await rows<{ id: string }>('select id from users where username = $1', [username]))[0].id
}

/** A purchase submitted by the registrar and rejected by the approver: the registrar is told (`rejected`). */
async function rejectedPurchase(): Promise<ProcessView> {
  const start = await call<ProcessView>('POST', '/api/process', tokens.registrar, {
    type: 'BUY_ART',
    input: { artworks: [{ titleZh: '山水', titleEn: 'Landscape' }] },
  })
  expect(start.code, start.msg).toBe(0)
  const send = async (user: string, p: ProcessView, type: string, extra: object) => {
    const res = await call<ProcessView>('POST', `/api/process/${p.id}/events`, tokens[user], {
      type,
      expectedVersion: p.version,
      ...extra,
    })
    expect(res.code, `${type}: ${res.msg}`).toBe(0)
    return res.data
  }
  const submitted = await send('registrar', start.data, 'SUBMIT', { payload: dueDiligence() })
  return send('approver', submitted, 'REJECT', { comment: 'Price too high' })
}

/** The outbox rows of one process's messages of one kind (the rejection unless told). */
async function outboxOf(processId: string, kind = 'rejected') {
  return rows<{
    id: string
    to_address: string
    subject: string
    body_text: string
    lang: string
    attempts: number
    last_error: string | null
    sent_at: string | null
    failed_at: string | null
    next_attempt_at: Date
  }>(
    `select o.* from email_outbox o join messages m on m.id = o.message_id
      where m.process_id = $1 and m.kind = $2 order by o.created_at`,
    [processId, kind],
  )
}

const allOn = Object.fromEntries(EMAIL_KINDS.map((k) => [k, true]))
/**
 * The rejection alone by email: the same event also assigns the submitter the task to revise
 * (`taskAssigned`), which these tests leave to the bell so that each mail counted is the rejection's.
 */
const onlyRejected = Object.fromEntries(EMAIL_KINDS.map((k) => [k, k === 'rejected']))
const choose = async (language: string, email: Record<string, boolean>) => {
  const res = await call('PUT', '/api/notifications/preferences', tokens.registrar, { language, email })
  expect(res.code, res.msg).toBe(0)
}

/** A clock that only moves when told: each tick an hour later (past the job's period and any backoff). */
let clock = Date.now() + 60_000
const now = () => new Date(clock)
const later = () => {
  clock += 3_600_000
}

let scheduler: ReturnType<typeof startScheduledJobs>
let registrarId: string

beforeAll(async () => {
  const port = await startSmtp()
  await openApp(port)
  registrarId = await userId('registrar')
  await rows("update users set email = 'registrar@example.org' where id = $1", [registrarId])
  scheduler = startScheduledJobs(database.db, { intervalMs: 3_600_000, now })
})

afterAll(async () => {
  scheduler?.stop()
  await closeApp?.()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
})

describe('notifications by email', () => {
  it('the preferences API: defaults on, the user sets each kind and the language', async () => {
    const got = await call('GET', '/api/notifications/preferences', tokens.registrar)
    expect(got.code).toBe(0)
    expect(got.data).toEqual({
      language: 'zh-CN',
      email: allOn,
      address: 'registrar@example.org',
      delivery: true,
    })
    const put = await call('PUT', '/api/notifications/preferences', tokens.registrar, {
      language: 'en',
      email: { ...allOn, taskDueSoon: false },
    })
    expect(put.code, put.msg).toBe(0)
    expect(put.data.email.taskDueSoon).toBe(false)
    expect(put.data.language).toBe('en')
    const again = await call('GET', '/api/notifications/preferences', tokens.registrar)
    expect(again.data).toMatchObject({ language: 'en', email: { ...allOn, taskDueSoon: false } })
    // Another user's choices are their own.
    expect((await call('GET', '/api/notifications/preferences', tokens.approver)).data.email).toEqual(allOn)
    expect((await call('GET', '/api/notifications/preferences')).status).toBe(403)
  })

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const before = await rows(
      'select kind, email from notification_preferences where user_id = $1 order by kind',
      [registrarId],
    )
    const cases: [unknown, string][] = [
      [{ language: 'fr', email: allOn }, 'language'],
      [{ language: 'en', email: { ...allOn, rejected: 'yes' } }, 'email.rejected'],
      [{ language: 'en', email: { ...allOn, taskOverdue: undefined } }, 'email.taskOverdue'],
      [{ email: allOn }, 'language'],
      [{ language: 'zh-CN', email: { ...allOn, sms: true } }, 'email.sms'],
      [{ language: 'zh-CN', email: allOn, extra: 1 }, ''],
    ]
    for (const [body, field] of cases) {
      const res = await call('PUT', '/api/notifications/preferences', tokens.registrar, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const fields = Object.keys(res.data.fieldErrors)
      if (field) expect(fields, JSON.stringify(body)).toContain(field)
      else expect(fields.length).toBeGreaterThan(0)
    }
    const malformed = await call('PUT', '/api/notifications/preferences', tokens.registrar, '{"language":')
    expect(malformed.status).toBe(400)
    expect(
      await rows('select kind, email from notification_preferences where user_id = $1 order by kind', [
        registrarId,
      ]),
    ).toEqual(before)
    expect((await rows('select language from users where id = $1', [registrarId]))[0].language).toBe('en')
  })

  it('sends a rejection once, in the user’s language, with the link; the next tick sends nothing', async () => {
    await choose('en', onlyRejected)
    received.length = 0
    const p = await rejectedPurchase()
    const queued = await outboxOf(p.id)
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ to_address: 'registrar@example.org', lang: 'en', attempts: 0 })
    expect(received).toHaveLength(0) // queued, not sent, by the request

    later()
    await scheduler.tick()
    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail.to).toEqual(['registrar@example.org'])
    expect(mail.from).toBe('noreply@vitrine.example.org')
    expect(mail.subject).toBe('Rejected: Purchase, Due-diligence report')
    expect(mail.text).toContain('Price too high')
    expect(mail.text).toContain(`${PUBLIC_URL}/devOpsManage/index?process=${p.id}`)
    expect(mail.text).toContain(`${PUBLIC_URL}/notifications`)
    expect(mail.messageId).toBe(`<${queued[0].id}@vitrine>`)
    const [row] = await outboxOf(p.id)
    expect(row.sent_at).not.toBeNull()
    expect(row.attempts).toBe(1)

    later()
    await scheduler.tick()
    expect(received).toHaveLength(1)
  })

  it('words the mail in Chinese for a user whose language is zh-CN', async () => {
    await choose('zh-CN', onlyRejected)
    received.length = 0
    const p = await rejectedPurchase()
    later()
    await scheduler.tick()
    expect(received).toHaveLength(1)
    expect(received[0].subject).toBe('已驳回：尽调购买·尽调报告')
    expect(received[0].text).toContain(`在 Vitrine 中查看：${PUBLIC_URL}/devOpsManage/index?process=${p.id}`)
    await choose('en', onlyRejected)
  })

  it('a refusing server leaves the row pending, attempts counted; a later tick sends it', async () => {
    received.length = 0
    refuse = true
    const p = await rejectedPurchase()
    later()
    await scheduler.tick()
    expect(received).toHaveLength(0)
    let [row] = await outboxOf(p.id)
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null })
    expect(row.last_error).toMatch(/451|busy/i)
    expect(row.last_error).not.toContain(SMTP_PASS)
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(clock)

    // Not due again within the backoff: the same instant sends nothing and counts nothing.
    refuse = false
    await deliverEmails(database.db, now)
    expect(received).toHaveLength(0)
    expect((await outboxOf(p.id))[0].attempts).toBe(1)

    later()
    await scheduler.tick()
    expect(received).toHaveLength(1)
    ;[row] = await outboxOf(p.id)
    expect(row).toMatchObject({ attempts: 2, failed_at: null })
    expect(row.sent_at).not.toBeNull()
  })

  it('a wrong password is kept out of the error, and the mail waits', async () => {
    received.length = 0
    const p = await rejectedPurchase()
    const settings = emailSettings()
    if (!settings) throw new Error('email should be on')
    const wrong = { ...settings, smtpUrl: settings.smtpUrl.replace(SMTP_PASS, 'Wr0ng-s3cret') }
    later()
    const result = await deliverEmails(database.db, now, wrong)
    expect(result).toMatchObject({ sent: 0, failed: 1 })
    const [row] = await outboxOf(p.id)
    expect(row).toMatchObject({ attempts: 1, sent_at: null })
    expect(row.last_error).toBeTruthy()
    expect(row.last_error).not.toContain('Wr0ng-s3cret')
    later()
    await scheduler.tick()
    expect(received).toHaveLength(1)
  })

  it('gives a mail up after the last attempt fails, and never tries it again', async () => {
    received.length = 0
    const p = await rejectedPurchase()
    await rows(
      `update email_outbox set attempts = $2
        where message_id in (select id from messages where process_id = $1 and kind = 'rejected')`,
      [p.id, EMAIL_MAX_ATTEMPTS - 1],
    )
    refuse = true
    try {
      later()
      await scheduler.tick()
    } finally {
      refuse = false
    }
    const [row] = await outboxOf(p.id)
    expect(row).toMatchObject({ attempts: EMAIL_MAX_ATTEMPTS, sent_at: null })
    expect(row.failed_at).not.toBeNull()
    expect(row.last_error).toMatch(/451/)
    later()
    await scheduler.tick()
    expect(received).toHaveLength(0)
    expect((await outboxOf(p.id))[0].attempts).toBe(EMAIL_MAX_ATTEMPTS)
  })

  it('sends nothing of a kind the user turned off', async () => {
    // Every other kind on: the choice is per kind.
    await choose('en', { ...allOn, rejected: false })
    received.length = 0
    const p = await rejectedPurchase()
    expect(await outboxOf(p.id)).toHaveLength(0)
    // The message itself is in the bell all the same.
    const bell = await rows("select 1 from messages where process_id = $1 and kind = 'rejected'", [p.id])
    expect(bell).toHaveLength(1)
    later()
    await scheduler.tick()
    expect(received.filter((m) => m.subject.startsWith('Rejected'))).toHaveLength(0)
    await choose('en', onlyRejected)
  })

  it('two schedulers ticking at once send each mail once', async () => {
    received.length = 0
    const ps = [await rejectedPurchase(), await rejectedPurchase(), await rejectedPurchase()]
    const other = startScheduledJobs(database.db, { intervalMs: 3_600_000, now })
    try {
      later()
      await Promise.all([scheduler.tick(), other.tick()])
      // Past the job's claim as well: delivery runs at once on a slow server, each row claimed by one of
      // them and held while it is sent.
      const more = [await rejectedPurchase(), await rejectedPurchase()]
      later()
      delayMs = 300
      await Promise.all([1, 2, 3].map(() => deliverEmails(database.db, now)))
      delayMs = 0
      later()
      await Promise.all([scheduler.tick(), other.tick()])
      const ids = [...ps, ...more].map((p) => p.id)
      for (const id of ids) {
        const [row] = await outboxOf(id)
        expect(row.sent_at).not.toBeNull()
        expect(row.attempts).toBe(1)
      }
      expect(received).toHaveLength(5)
      expect(new Set(received.map((m) => m.messageId)).size).toBe(5)
    } finally {
      other.stop()
    }
  })

  it('a row whose sender died mid-send comes due again only when its lease ends', async () => {
    received.length = 0
    const p = await rejectedPurchase()
    later()
    // A server claims the row and dies before sending: the lease holds the row away from the others.
    await rows(
      `update email_outbox set attempts = attempts + 1, next_attempt_at = $2
        where message_id in (select id from messages where process_id = $1)`,
      [p.id, new Date(clock + EMAIL_LEASE_MS)],
    )
    await deliverEmails(database.db, now)
    expect(received).toHaveLength(0)
    clock += EMAIL_LEASE_MS
    await deliverEmails(database.db, now)
    expect(received).toHaveLength(1)
    expect((await outboxOf(p.id))[0].attempts).toBe(2)
  })

  it('queues nothing when the server has no SMTP settings', async () => {
    configureEmail(loadConfig({ DATA_DIR: os.tmpdir() }))
    try {
      const p = await rejectedPurchase()
      expect(
        await rows("select 1 from messages where process_id = $1 and kind = 'rejected'", [p.id]),
      ).toHaveLength(1)
      expect(await outboxOf(p.id)).toHaveLength(0)
      expect((await call('GET', '/api/notifications/preferences', tokens.registrar)).data.delivery).toBe(
        false,
      )
    } finally {
      configureEmail(
        loadConfig({
          SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
          SMTP_FROM: 'noreply@vitrine.example.org',
          VITRINE_PUBLIC_URL: PUBLIC_URL,
        }),
      )
    }
  })
})
