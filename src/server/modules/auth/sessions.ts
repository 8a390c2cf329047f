// Sessions: 256-bit random tokens handed to the browser once, stored only as SHA-256 hashes, ended by
// idle time, absolute time or sign-out. Also loads what a user may do (roles + own privileges).
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { rolePrivileges, roles, sessions, userPrivileges, userRoles, users } from '../../db/schema'
import type { AuthUser } from '../../http/context'

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
}

/** The signed-in user behind a token, or null when the token is missing, unknown, expired or revoked. */
export async function authenticate(
  db: Db,
  config: Config,
  token: string | undefined,
): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      displayName: users.displayName,
      enabled: users.enabled,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1)
  if (!row || !row.enabled || row.revokedAt) return null
  const now = Date.now()
  if (row.expiresAt.getTime() <= now) return null
  if (now - row.lastSeenAt.getTime() > config.sessionIdleMinutes * 60_000) return null
  if (now - row.lastSeenAt.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash))
  }
  const { allPrivileges, privileges } = await privilegesOf(db, row.userId)
  return {
    id: row.userId,
    username: row.username,
    displayName: row.displayName,
    allPrivileges,
    privileges,
    sessionHash: tokenHash,
  }
}

/** What a user may do: the union of their enabled roles' privileges and their own. */
export async function privilegesOf(
  db: Db,
  userId: string,
): Promise<{ allPrivileges: boolean; privileges: Set<string> }> {
  const rows = await db.execute<{ privilege: string | null; all_privileges: boolean }>(sql`
    select rp.${sql.identifier('privilege')} as privilege, r.all_privileges
      from ${userRoles} ur
      join ${roles} r on r.id = ur.role_id and r.enabled
      left join ${rolePrivileges} rp on rp.role_id = r.id
     where ur.user_id = ${userId}
    union all
    select up.${sql.identifier('privilege')}, false from ${userPrivileges} up where up.user_id = ${userId}`)
  const list = Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows
  let allPrivileges = false
  const privileges = new Set<string>()
  for (const r of list as { privilege: string | null; all_privileges: boolean }[]) {
    if (r.all_privileges) allPrivileges = true
    if (r.privilege) privileges.add(r.privilege)
  }
  return { allPrivileges, privileges }
}

/** End every session of a user (password change, account disabled). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`))
}
