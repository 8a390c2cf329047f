// Sessions: 256-bit random tokens handed to the browser once, stored only as SHA-256 hashes, ended by
// idle time, absolute time or sign-out. Also loads what a user may do (roles + own privileges), and keeps
// what it loaded for a few seconds (SESSION_CACHE_MS) so a screen's burst of requests checks it once.
// On PostgreSQL, several servers share the sessions: each listens on `vitrine_auth`, which the database's
// triggers notify at the commit of a sign-out or of a user, role or privilege change (migration 0009), and
// drops what it holds at once; while it cannot listen it holds nothing (listenForAuthChanges, through the
// reconnecting listener of db/listen.ts).
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Database, Db, DbOrTx } from '../../db/client'
import { type ChannelListener, listenChannel } from '../../db/listen'
import { rolePrivileges, roles, sessions, userPrivileges, userRoles, users } from '../../db/schema'
import type { AuthUser } from '../../http/context'
import { SESSION_ID_LENGTH } from './session-id'

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export async function createSession(
  db: Db,
  config: Config,
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + config.sessionAbsoluteHours * 3600_000)
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    clientIp: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  })
  return { token, expiresAt }
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash))
  sessionCacheOf(db).forget(tokenHash)
}

/**
 * How long a checked session is trusted without reading it again. Every change this server makes to
 * sessions, users, roles or privileges forgets what it holds at once (sign-out, `forgetSessions`); a change
 * made by another server on the same PostgreSQL database arrives as a notification (listenForAuthChanges),
 * and the time bounds only how late a server that does not listen would see it.
 */
export const SESSION_CACHE_MS = 5_000

interface HeldSession {
  user: AuthUser
  expiresAt: number
  lastSeenAt: number
  heldUntil: number
}

/** At most this many sessions are held per database; the oldest go first. */
const SESSION_CACHE_LIMIT = 10_000

/**
 * Held sessions of one database. `generation` grows with every forget, so a check that read the database
 * before a sign-out or a privilege change finished does not hold its now stale answer.
 */
class SessionCache {
  readonly held = new Map<string, HeldSession>()
  generation = 0
  /** A listener is configured but not connected: changes elsewhere could be missed, so nothing is held. */
  paused = false

  forget(tokenHash?: string): void {
    this.generation++
    if (tokenHash === undefined) this.held.clear()
    else this.held.delete(tokenHash)
  }

  hold(tokenHash: string, session: HeldSession, generation: number): void {
    if (generation !== this.generation || this.paused) return
    if (this.held.size >= SESSION_CACHE_LIMIT) this.held.delete(this.held.keys().next().value as string)
    this.held.set(tokenHash, session)
  }
}

const sessionCaches = new WeakMap<Db, SessionCache>()

function sessionCacheOf(db: Db): SessionCache {
  let cache = sessionCaches.get(db)
  if (!cache) {
    cache = new SessionCache()
    sessionCaches.set(db, cache)
  }
  return cache
}

/** Forget every held session: users, roles or privileges changed (admin writes call this). */
export function forgetSessions(db: Db): void {
  sessionCacheOf(db).forget()
}

/** The channel the database's triggers notify (migration 0009): a token hash, or `*` for everything. */
export const AUTH_CHANNEL = 'vitrine_auth'

/** Drop what a notification names: one session (its token hash) or, for `*`, everything held. */
export function applyAuthNotice(db: Db, payload: string | undefined): void {
  const cache = sessionCacheOf(db)
  if (payload && /^[0-9a-f]{64}$/.test(payload)) cache.forget(payload)
  else cache.forget()
}

export type AuthListener = ChannelListener

/**
 * On PostgreSQL: a connection of its own that LISTENs on AUTH_CHANNEL (db/listen.ts) and applies each
 * notice to this database's session cache. Until it listens, and whenever the connection drops (until it
 * listens again, retried with a growing pause up to 10 s), the cache holds nothing and everything held is
 * dropped, so a notice missed meanwhile cannot leave a revoked session usable (the server still answers
 * meanwhile, reading every session from the database). On the embedded database there is one process: the
 * local forgets suffice, and nothing is started.
 */
export async function listenForAuthChanges(database: Database): Promise<AuthListener> {
  if (database.mode !== 'postgres' || !database.url) return { listening: false, stop: async () => {} }
  const db = database.db
  const cache = sessionCacheOf(db)
  const lost = () => {
    cache.paused = true
    cache.forget()
  }
  return listenChannel(database.url, AUTH_CHANNEL, 'auth', {
    onNotice: (payload) => applyAuthNotice(db, payload),
    onConnecting: lost,
    onLost: lost,
    // Anything held before now may have missed a notice: start from nothing.
    onListening: () => {
      cache.forget()
      cache.paused = false
    },
    onStop: () => {
      cache.paused = false
    },
  })
}

/** One row of the session look-up: the session, its user and what the user may do. */
type SessionRow = {
  user_id: string
  username: string
  display_name: string
  enabled: boolean
  expires_at: Date | string
  revoked_at: Date | string | null
  last_seen_at: Date | string
  all_privileges: boolean | null
  privileges: string[] | null
  role_keys: string[] | null
}

/** The signed-in user behind a token, or null when the token is missing, unknown, expired or revoked. */
export async function authenticate(
  db: Db,
  config: Config,
  token: string | undefined,
): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null
  const tokenHash = hashToken(token)
  const now = Date.now()
  const cache = sessionCacheOf(db)
  const held = cache.held.get(tokenHash)
  if (held && held.heldUntil > now) {
    if (held.expiresAt <= now || now - held.lastSeenAt > config.sessionIdleMinutes * 60_000) return null
    return held.user
  }
  if (held) cache.held.delete(tokenHash)
  const generation = cache.generation
  // One statement: the session, its user and everything the user may do (every request runs it).
  const result = await db.execute<SessionRow>(sql`
    select u.id as user_id, u.username, u.display_name, u.enabled, s.expires_at, s.revoked_at, s.last_seen_at,
           ${privilegeColumns(sql`u.id`)}
      from ${sessions} s join ${users} u on u.id = s.user_id
     where s.token_hash = ${tokenHash}
     limit 1`)
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  const found = rows[0] as SessionRow | undefined
  if (!found?.enabled || found.revoked_at) return null
  const row = {
    userId: found.user_id,
    username: found.username,
    displayName: found.display_name,
    expiresAt: new Date(found.expires_at),
    lastSeenAt: new Date(found.last_seen_at),
  }
  if (row.expiresAt.getTime() <= now) return null
  if (now - row.lastSeenAt.getTime() > config.sessionIdleMinutes * 60_000) return null
  let lastSeenAt = row.lastSeenAt.getTime()
  // Written often enough that a session in use never looks idle: at most every min(60 s, idle / 4).
  if (now - lastSeenAt > Math.min(60_000, (config.sessionIdleMinutes * 60_000) / 4)) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash))
    lastSeenAt = now
  }
  const user: AuthUser = {
    id: row.userId,
    username: row.username,
    displayName: row.displayName,
    allPrivileges: found.all_privileges === true,
    privileges: new Set<string>(found.privileges ?? []),
    roles: (found.role_keys ?? []).sort(),
    sessionHash: tokenHash,
  }
  const session = { user, expiresAt: row.expiresAt.getTime(), lastSeenAt, heldUntil: now + SESSION_CACHE_MS }
  cache.hold(tokenHash, session, generation)
  return user
}

/**
 * Is this session of this user live: not ended, not past its absolute or idle time, its user enabled? For
 * signed download links, which name their session by its public id (session-id.ts), not by its token. Read
 * from the database every time (nothing held), so a sign-out ends the session's links at once.
 */
export async function sessionLive(
  db: Db,
  config: Config,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const now = Date.now()
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.userId, userId),
        sql`left(${sessions.tokenHash}, ${SESSION_ID_LENGTH}) = ${sessionId}`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - config.sessionIdleMinutes * 60_000)),
        eq(users.enabled, true),
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * What a user may do, as two select columns (`all_privileges`, `privileges`): the union of their enabled roles'
 * privileges and their own. The one place this rule is written; a disabled role grants nothing.
 */
function privilegeColumns(userId: SQL) {
  return sql`(select bool_or(r.all_privileges) from ${userRoles} ur
                join ${roles} r on r.id = ur.role_id and r.enabled where ur.user_id = ${userId}) as all_privileges,
             array(select rp.${sql.identifier('privilege')} from ${userRoles} ur
                     join ${roles} r on r.id = ur.role_id and r.enabled
                     join ${rolePrivileges} rp on rp.role_id = r.id where ur.user_id = ${userId}
                   union
                   select up.${sql.identifier('privilege')} from ${userPrivileges} up
                    where up.user_id = ${userId}) as privileges,
             array(select r.key from ${userRoles} ur join ${roles} r on r.id = ur.role_id and r.enabled
                    where ur.user_id = ${userId}) as role_keys`
}

/** What a user may do (sign-in and signed links, where no session row is read). */
export async function privilegesOf(
  db: DbOrTx,
  userId: string,
): Promise<{ allPrivileges: boolean; privileges: Set<string>; roles: string[] }> {
  const result = await db.execute(sql`select ${privilegeColumns(sql`${userId}::uuid`)}`)
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  const row = rows[0] as {
    all_privileges: boolean | null
    privileges: string[] | null
    role_keys: string[] | null
  }
  return {
    allPrivileges: row.all_privileges === true,
    privileges: new Set(row.privileges ?? []),
    roles: (row.role_keys ?? []).sort(),
  }
}

/** End every session of a user (password change, account disabled). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`))
  forgetSessions(db)
}
