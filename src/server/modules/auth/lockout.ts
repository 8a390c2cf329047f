// Sign-in throttling as OWASP recommends for a back office, kept in the database
// so several API servers share it. Three counters per failed sign-in, each locking for LOGIN_LOCK_MINUTES
// once it reaches its limit within that window:
//   pair  (username, address)  LOGIN_MAX_FAILURES        the guesser at one keyboard
//   user  (username)           LOGIN_MAX_FAILURES × 4    slow, distributed guessing of one account
//   ip    (address)            LOGIN_MAX_FAILURES × 20   one address spraying many accounts
// The user and address locks never refuse a sign-in from an address this user signed in from before
// (a session row with that address): a stranger cannot lock the administrator out of their own office.
// A wrong current password at a password change counts on counters of its own (`password-pair:`,
// `password-user:`, same limits, no address counter), which refuse the change whatever the address: a
// stolen session guessing there is stopped without locking the real user out of signing in.
// A wrong password on a share link counts the same way (`share-pair:` per link and address, `share-user:` per
// link, same limits, no address counter): a guesser is stopped on that link without touching anyone's sign-in.
// An administrator lifts a user's locks (POST /api/auth/users/:id/unlock); every lock writes a log row.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, like, or, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { loginFailures, sessions } from '../../db/schema'
import type { LogWriter } from '../../http/request-log'

export type LockScope = 'pair' | 'user' | 'ip'
/** What the counters guard: signing in, or changing one's own password (checked with the current one). */
export type LockPurpose = 'signIn' | 'password' | 'share'

const PASSWORD_PREFIX = 'password-'
const SHARE_PREFIX = 'share-'

export interface SignInKeys {
  pair: string
  user: string
  ip: string | null
}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase()
}

export function lockoutKeys(
  username: string,
  ip: string | null,
  purpose: LockPurpose = 'signIn',
): SignInKeys {
  const name = normaliseUsername(username)
  if (purpose !== 'signIn') {
    const prefix = purpose === 'password' ? PASSWORD_PREFIX : SHARE_PREFIX
    return { pair: `${prefix}pair:${name}@${ip ?? '-'}`, user: `${prefix}user:${name}`, ip: null }
  }
  return { pair: `pair:${name}@${ip ?? '-'}`, user: `user:${name}`, ip: ip ? `ip:${ip}` : null }
}

function keyList(keys: SignInKeys): string[] {
  return [keys.pair, keys.user, ...(keys.ip ? [keys.ip] : [])]
}

function scopeOf(key: string): LockScope {
  const prefix = [PASSWORD_PREFIX, SHARE_PREFIX].find((p) => key.startsWith(p)) ?? ''
  const bare = key.slice(prefix.length)
  return bare.startsWith('pair:') ? 'pair' : bare.startsWith('user:') ? 'user' : 'ip'
}

export function limitOf(config: Config, scope: LockScope): number {
  const base = Math.max(1, config.loginMaxFailures)
  return scope === 'pair' ? base : scope === 'user' ? base * 4 : base * 20
}

/** Minutes left on each scope's lock (0 when not locked). */
export async function locks(db: Db, keys: SignInKeys): Promise<Record<LockScope, number>> {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, keyList(keys)))
  const now = Date.now()
  const out: Record<LockScope, number> = { pair: 0, user: 0, ip: 0 }
  for (const r of rows) {
    const left = r.lockedUntil ? r.lockedUntil.getTime() - now : 0
    if (left > 0) out[scopeOf(r.key)] = Math.max(out[scopeOf(r.key)], Math.ceil(left / 60_000))
  }
  return out
}

/** Has this user signed in successfully from this address before (a session row, even an ended one)? */
export async function knownAddress(db: Db, userId: string | undefined, ip: string | null): Promise<boolean> {
  if (!userId || !ip) return false
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.clientIp, ip)))
    .limit(1)
  return row !== undefined
}

/**
 * Count one failure on every counter; returns the scopes this failure locked (not already locked), so
 * the caller logs each lock once.
 */
export async function recordFailure(db: Db, config: Config, keys: SignInKeys): Promise<LockScope[]> {
  const window = `${config.loginLockMinutes * 60_000} milliseconds`
  const locked: LockScope[] = []
  for (const key of keyList(keys)) {
    const scope = scopeOf(key)
    const max = limitOf(config, scope)
    // The CTE sees the row as it was before this statement: a lock that was not there before is new.
    const result = await db.execute<{ locked_now: boolean }>(sql`
      with prev as (select locked_until from ${loginFailures} where key = ${key})
      insert into ${loginFailures} (key, count, window_start, locked_until)
      values (${key}, 1, now(), ${max <= 1 ? sql`now() + ${window}::interval` : null})
      on conflict (key) do update set
        count = case when ${loginFailures.windowStart} < now() - ${window}::interval
                     then 1 else ${loginFailures.count} + 1 end,
        window_start = case when ${loginFailures.windowStart} < now() - ${window}::interval
                     then now() else ${loginFailures.windowStart} end,
        locked_until = case when ${loginFailures.windowStart} >= now() - ${window}::interval
                             and ${loginFailures.count} + 1 >= ${max}
                     then now() + ${window}::interval else ${loginFailures.lockedUntil} end
      returning (locked_until is not null and locked_until > now()
                 and coalesce((select locked_until from prev), '-infinity'::timestamptz) <= now()) as locked_now`)
    const rows = Array.isArray(result) ? result : (result as { rows: { locked_now: boolean }[] }).rows
    if (rows[0]?.locked_now) locked.push(scope)
  }
  // Made-up usernames leave rows behind: now and then, drop those whose window and lock are long over.
  if (Math.random() < 0.02) await purgeStaleFailures(db, config)
  return locked
}

/** Drop counters whose window ended two windows ago and that hold no running lock. */
export async function purgeStaleFailures(db: Db, config: Config): Promise<void> {
  const window = `${config.loginLockMinutes * 60_000} milliseconds`
  await db.execute(sql`
    delete from ${loginFailures}
     where ${loginFailures.windowStart} < now() - 2 * ${window}::interval
       and (${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} < now())`)
}

/** A successful sign-in forgets the failures of this (username, address) pair. */
export async function clearPair(db: Db, keys: SignInKeys): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keys.pair))
}

/** Lift every lock on a username (its own counters and every address's pair counters, both purposes). */
export async function unlockUsername(db: Db, username: string): Promise<number> {
  const name = normaliseUsername(username)
  const escaped = name.replace(/[\\%_]/g, (ch) => `\\${ch}`)
  const removed = await db
    .delete(loginFailures)
    .where(
      or(
        ...['', PASSWORD_PREFIX].flatMap((p) => [
          eq(loginFailures.key, `${p}user:${name}`),
          like(loginFailures.key, `${p}pair:${escaped}@%`),
        ]),
      ),
    )
    .returning({ key: loginFailures.key })
  return removed.length
}

/** When each username's sign-in lock ends (locked ones only), for the user list (password-change locks not). */
export async function lockedUntilByUsername(db: Db, usernames: string[]): Promise<Map<string, Date>> {
  const out = new Map<string, Date>()
  if (usernames.length === 0) return out
  const names = usernames.map(normaliseUsername)
  const rows = await db
    .select()
    .from(loginFailures)
    .where(
      and(
        or(
          inArray(
            loginFailures.key,
            names.map((n) => `user:${n}`),
          ),
          ...names.map((n) => like(loginFailures.key, `pair:${n.replace(/[\\%_]/g, (ch) => `\\${ch}`)}@%`)),
        ),
        sql`${loginFailures.lockedUntil} > now()`,
      ),
    )
  for (const r of rows) {
    const name = r.key.startsWith('user:') ? r.key.slice(5) : r.key.slice(5, r.key.lastIndexOf('@'))
    const until = r.lockedUntil as Date
    const prev = out.get(name)
    if (!prev || prev < until) out.set(name, until)
  }
  return out
}

const LOCK_URIS: Record<LockPurpose, string> = {
  signIn: '/api/auth/login',
  password: '/api/auth/password',
  share: '/api/public/shares/***',
}
const LOCK_WORDS: Record<LockPurpose, string> = {
  signIn: 'sign-in',
  password: 'password change',
  share: 'share link password',
}

/** One system-log row per lock: who was locked, from where, for how long, after how many failures. */
export function logLock(
  writer: LogWriter,
  config: Config,
  scope: LockScope,
  username: string,
  ip: string | null,
  userAgent: string | null,
  purpose: LockPurpose = 'signIn',
): void {
  writer.add({
    logId: randomUUID(),
    moduleName: 'auth',
    createBy: null,
    createByUserId: null,
    accessTime: new Date(),
    requestUri: LOCK_URIS[purpose],
    operationType: 'SIGN_IN_LOCK',
    clientIpAddr: ip,
    browserUserAgent: userAgent?.slice(0, 500) ?? null,
    httpMethod: 'POST',
    execTime: 0,
    success: false,
    responseCode: 429,
    exception:
      `${LOCK_WORDS[purpose]} locked (${scope}): ` +
      `${purpose === 'share' ? 'link' : 'username'}=${normaliseUsername(username).slice(0, 64)} ` +
      `address=${ip ?? 'unknown'} after ${limitOf(config, scope)} failures, ${config.loginLockMinutes} min`,
  })
}
