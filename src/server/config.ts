// Configuration, from environment variables only (each documented in the README with its default).
import path from 'node:path'
import { MONEY_RE, normaliseMoney } from '../shared/validation'

/** An S3-compatible object store for the files (all four S3_* credentials set), shared by every server. */
export interface S3Config {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible stores need. */
  forcePathStyle: boolean
}

export interface Config {
  port: number
  dataDir: string
  databaseUrl?: string
  adminPassword?: string
  demo: boolean
  /** With `demo`: the demo collection and the processes run on it (`VITRINE_DEMO_COLLECTION=0`: users and reference data only). */
  demoCollection: boolean
  demoPassword?: string
  logLevel: 'debug' | 'info' | 'warn' | 'error'
  /** Minutes without a request after which a session ends. */
  sessionIdleMinutes: number
  /** Hours after sign-in after which a session ends whatever happens. */
  sessionAbsoluteHours: number
  /** Failed sign-ins (per user or per address) within the window that lock sign-in. */
  loginMaxFailures: number
  loginLockMinutes: number
  /** Secret for signed download links; generated per process when unset (links then die on restart). */
  linkSecret: string
  /** Seconds a signed download link stays valid. */
  linkTtlSeconds: number
  /**
   * How many proxies of ours stand in front (TRUST_PROXY, default 0): the client address is the entry the
   * outermost appended to x-forwarded-for (the n-th from the right); 0 takes the socket's peer.
   */
  trustProxy: number
  /** Largest upload accepted, in bytes (Excel imports have their own 3 MB limit). */
  maxUploadBytes: number
  /** Serve the built web app from this folder. */
  webDir: string
  /**
   * Second-approval limits by currency (ISO 4217 code → decimal string): a money step above the limit of its
   * own currency needs a second, different approver; a currency without a limit always needs one.
   */
  secondApprovalAbove: Record<string, string>
  /** The office's time zone (IANA): working days and due times of tasks are counted in it. */
  timeZone: string
  /** Files in an S3-compatible store instead of DATA_DIR/files (unset: the folder). */
  s3?: S3Config
  /** Base of the links in emails (VITRINE_PUBLIC_URL; default http://localhost:<port>), without a trailing slash. */
  publicUrl: string
  /** Notifications by email: on only when both SMTP_URL and SMTP_FROM are set (unset: nothing is queued). */
  smtp?: SmtpConfig
  /**
   * The font of printed PDFs (label sheets), which must hold Chinese glyphs: a .ttf/.otf, or a .ttc with the
   * face's PostScript name after `#` (VITRINE_PDF_FONT; default Debian's fonts-noto-cjk). Checked when a PDF
   * is asked for, so a server without it still starts.
   */
  pdfFont: string
  /** The office's name, printed at the top of every report (VITRINE_OFFICE_NAME; unset: left out). */
  officeName: string
  /**
   * Heavy downloads (Excel exports, label sheets, printed reports) streaming at once: per user
   * (VITRINE_HEAVY_JOBS_PER_USER, default 1) and across the server (VITRINE_HEAVY_JOBS, default 2).
   */
  heavyJobsPerUser: number
  heavyJobs: number
  /** Excel imports checked or written at once (VITRINE_IMPORTS_AT_ONCE, default 2); the rest wait in line. */
  importsAtOnce: number
}

export const DEFAULT_PDF_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular'

/** Where emails are sent from. `url` holds the password: never log it (`smtpUrlForLog`). */
export interface SmtpConfig {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
  url: string
  /** The sender, `Vitrine <noreply@example.com>` or a bare address. */
  from: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data')
  const databaseUrl = env.DATABASE_URL || undefined
  return {
    port: Number(env.PORT ?? 8080),
    dataDir,
    databaseUrl,
    adminPassword: env.VITRINE_ADMIN_PASSWORD || undefined,
    // Demo data is on by default for the embedded database, off for a PostgreSQL server.
    demo: env.VITRINE_DEMO !== undefined ? env.VITRINE_DEMO === '1' : !databaseUrl,
    demoCollection: env.VITRINE_DEMO_COLLECTION !== '0',
    demoPassword: env.VITRINE_DEMO_PASSWORD || undefined,
    logLevel: (env.LOG_LEVEL as Config['logLevel']) ?? 'info',
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 120),
    sessionAbsoluteHours: Number(env.SESSION_ABSOLUTE_HOURS ?? 12),
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginLockMinutes: Number(env.LOGIN_LOCK_MINUTES ?? 15),
    linkSecret: env.VITRINE_LINK_SECRET || '',
    linkTtlSeconds: Number(env.LINK_TTL_SECONDS ?? 300),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 512) * 1024 * 1024,
    webDir: path.resolve(env.WEB_DIR ?? './dist'),
    secondApprovalAbove: secondApprovalLimits(env),
    timeZone: timeZoneSetting(env.VITRINE_TIME_ZONE),
    s3: s3Settings(env),
    publicUrl: publicUrlSetting(env.VITRINE_PUBLIC_URL, Number(env.PORT ?? 8080)),
    smtp: smtpSettings(env),
    pdfFont: env.VITRINE_PDF_FONT?.trim() || DEFAULT_PDF_FONT,
    officeName: env.VITRINE_OFFICE_NAME?.trim() ?? '',
    heavyJobsPerUser: countSetting('VITRINE_HEAVY_JOBS_PER_USER', env.VITRINE_HEAVY_JOBS_PER_USER, 1),
    heavyJobs: countSetting('VITRINE_HEAVY_JOBS', env.VITRINE_HEAVY_JOBS, 2),
    importsAtOnce: countSetting('VITRINE_IMPORTS_AT_ONCE', env.VITRINE_IMPORTS_AT_ONCE, 2),
  }
}

/** A whole number of at least 1 from the environment (unset: the default); anything else stops the start. */
function countSetting(name: string, value: string | undefined, fallback: number): number {
  const v = value?.trim()
  if (!v) return fallback
  if (!/^[1-9]\d{0,3}$/.test(v)) throw new Error(`${name} must be a whole number of at least 1`)
  return Number(v)
}

/** TRUST_PROXY: a count of proxies, 0 to 10 (unset: 0); anything else stops the start. */
function trustProxySetting(value: string | undefined): number {
  const v = value?.trim() || '0'
  if (!/^\d{1,2}$/.test(v) || Number(v) > 10)
    throw new Error('TRUST_PROXY must be the number of proxies in front of the server, 0 to 10')
  return Number(v)
}

/** VITRINE_PUBLIC_URL: an http(s) URL (its trailing slashes dropped); anything else stops the start. */
function publicUrlSetting(value: string | undefined, port: number): string {
  const v = value?.trim()
  if (!v) return `http://localhost:${port}`
  if (!/^https?:\/\/[^/]/.test(v) || !URL.canParse(v))
    throw new Error('VITRINE_PUBLIC_URL must be an http(s) URL like https://vitrine.example.com')
  return v.replace(/\/+$/, '')
}

/**
 * SMTP_URL and SMTP_FROM: email is on only with both. A malformed URL or sender stops the start (the
 * message never repeats the URL, which may hold a password).
 */
function smtpSettings(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const url = env.SMTP_URL?.trim()
  const from = env.SMTP_FROM?.trim()
  if (!url || !from) return undefined
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  if (!parsed || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || !parsed.hostname)
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465')
  if (!/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(from))
    throw new Error('SMTP_FROM must be an address like noreply@example.com or Vitrine <noreply@example.com>')
  return { url, from }
}

/** The SMTP URL with its password masked, for logs and the diagnostics. */
export function smtpUrlForLog(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(unreadable SMTP_URL)'
  }
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/**
 * S3 is on when any of the four required variables is set; then all four must be, and a half-configured
 * store stops the start (files silently landing on one machine's disk is what S3 is there to prevent).
 */
function s3Settings(env: NodeJS.ProcessEnv): S3Config | undefined {
  const given = S3_REQUIRED.filter((name) => env[name]?.trim())
  if (given.length === 0) return undefined
  const missing = S3_REQUIRED.filter((name) => !env[name]?.trim())
  if (missing.length > 0)
    throw new Error(`S3 storage needs ${missing.join(', ')} as well (or none of ${given.join(', ')})`)
  const endpoint = (env.S3_ENDPOINT as string).trim()
  if (!/^https?:\/\/[^/]/.test(endpoint))
    throw new Error('S3_ENDPOINT must be an http(s) URL like https://s3.example.com')
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim()
  if (pathStyle && pathStyle !== '0' && pathStyle !== '1')
    throw new Error('S3_FORCE_PATH_STYLE must be 0 or 1')
  return {
    endpoint,
    bucket: (env.S3_BUCKET as string).trim(),
    accessKeyId: (env.S3_ACCESS_KEY_ID as string).trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    region: env.S3_REGION?.trim() || 'us-east-1',
    forcePathStyle: pathStyle !== '0',
  }
}

const LIMIT_PREFIX = 'VITRINE_SECOND_APPROVAL_ABOVE_'

/**
 * `VITRINE_SECOND_APPROVAL_ABOVE` is the CNY limit (default 1000000.00); every other currency has its own
 * variable, `VITRINE_SECOND_APPROVAL_ABOVE_USD=150000.00` and so on. Amounts of different currencies are
 * never compared, so a currency left unset has no limit: each of its money steps needs two approvers.
 */
function secondApprovalLimits(env: NodeJS.ProcessEnv): Record<string, string> {
  const limits: Record<string, string> = {
    CNY: moneySetting('VITRINE_SECOND_APPROVAL_ABOVE', env.VITRINE_SECOND_APPROVAL_ABOVE, '1000000.00'),
  }
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(LIMIT_PREFIX) || !value?.trim()) continue
    const code = name.slice(LIMIT_PREFIX.length)
    if (!/^[A-Z]{3}$/.test(code)) throw new Error(`${name}: the suffix must be an ISO 4217 code like USD`)
    if (code === 'CNY') throw new Error(`${name}: the CNY limit is VITRINE_SECOND_APPROVAL_ABOVE`)
    limits[code] = moneySetting(name, value, value)
  }
  return limits
}

/** A non-negative decimal amount from the environment, normalised to two places; refuses anything else. */
function moneySetting(name: string, value: string | undefined, fallback: string): string {
  const v = value?.trim() || fallback
  if (!MONEY_RE.test(v) || v.startsWith('-'))
    throw new Error(`${name} must be a non-negative amount like 1000000.00`)
  return normaliseMoney(v)
}

/** VITRINE_TIME_ZONE: an IANA zone the runtime knows (default Asia/Shanghai); anything else stops the start. */
function timeZoneSetting(value: string | undefined): string {
  const zone = value?.trim() || 'Asia/Shanghai'
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
  } catch {
    throw new Error(`VITRINE_TIME_ZONE: ${zone} is not a time zone`)
  }
  return zone
}
