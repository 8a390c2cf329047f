// Whether this server sends email, and how. The settings come from the configuration
// (SMTP_URL, SMTP_FROM, VITRINE_PUBLIC_URL) when the notifications module is mounted (`notificationRoutes`),
// because the two places that use them take no configuration of their own: `sendMessages` (called from
// effects and from the scheduler's daily job, with a transaction only) and the scheduler's delivery job.
// One server process runs one configuration; without SMTP_URL and SMTP_FROM email is off and nothing is
// queued. nodemailer is loaded with the first transport (most servers never send: it was a slice of every start).
import type nodemailer from 'nodemailer'
import { type Config, smtpUrlForLog } from '../../config'

export interface EmailSettings {
  smtpUrl: string
  from: string
  /** Base of the links in emails, without a trailing slash. */
  publicUrl: string
}

/** Seconds allowed to connect, to be greeted and between two reads of one SMTP conversation. */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 }

let active: EmailSettings | undefined
let transport: ReturnType<typeof nodemailer.createTransport> | undefined
let transportKey = ''

/** Take the email settings of this server's configuration (email off when SMTP is not configured). */
export function configureEmail(config: Pick<Config, 'smtp' | 'publicUrl'>): void {
  const next = config.smtp
    ? { smtpUrl: config.smtp.url, from: config.smtp.from, publicUrl: config.publicUrl }
    : undefined
  if (
    next?.smtpUrl === active?.smtpUrl &&
    next?.from === active?.from &&
    next?.publicUrl === active?.publicUrl
  )
    return
  active = next
  if (next) console.info(`email notifications on: ${smtpUrlForLog(next.smtpUrl)}, from ${next.from}`)
}

/** The settings in force, or undefined when this server sends no email. */
export function emailSettings(): EmailSettings | undefined {
  return active
}

/** The SMTP transport of these settings (one per server, created on first use, replaced when they change). */
export async function emailTransport(settings: EmailSettings) {
  const key = `${settings.smtpUrl}\n${settings.from}`
  if (!transport || transportKey !== key) {
    const { default: mailer } = await import('nodemailer')
    transport?.close()
    transport = mailer.createTransport({ url: settings.smtpUrl, ...TIMEOUTS_MS }, { from: settings.from })
    transportKey = key
  }
  return transport
}

/** The process a message is about, in the web app; the bell when it names none. */
export function processLink(settings: EmailSettings, processId: string | null): string {
  return processId
    ? `${settings.publicUrl}/devOpsManage/index?process=${encodeURIComponent(processId)}`
    : `${settings.publicUrl}/messageCenter/index`
}

/** The screen where a user chooses which messages reach them by email. */
export function preferencesLink(settings: EmailSettings): string {
  return `${settings.publicUrl}/notifications`
}

/**
 * An SMTP failure in words fit for `last_error` and the log: the library's message and the server's reply
 * code, with the password (and any user:password@ of a URL) taken out, at most 500 characters.
 */
export function describeSendError(error: unknown, settings: EmailSettings): string {
  const e = error as Error & { responseCode?: number; code?: string }
  let text = `${e?.message ?? String(error)}${e?.code ? ` (${e.code})` : ''}`
  try {
    const url = new URL(settings.smtpUrl)
    for (const secret of [url.password, decodeURIComponent(url.password)])
      if (secret) text = text.replaceAll(secret, '***')
  } catch {
    // the configuration was checked at start; nothing to take out of an unreadable URL
  }
  text = text.replace(/(\/\/[^/\s:@]*:)[^@\s]*@/g, '$1***@')
  return text.slice(0, 500)
}
