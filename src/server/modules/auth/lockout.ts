// Repeated failed sign-ins lock a username or a client address for a while (answered with 429).
// Kept in the database so several API servers share it.
import { inArray, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { loginFailures } from '../../db/schema'

export function lockoutKeys(username: string, ip: string | null): string[] {
  const keys = [`user:${username.trim().toLowerCase()}`]
  if (ip) keys.push(`ip:${ip}`)
  return keys
}

/** Minutes left on the longest lock among the keys, or 0. */
export async function lockedMinutes(db: Db, keys: string[]): Promise<number> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys))
  const now = Date.now()
  let until = 0
  for (const r of rows)
    if (r.lockedUntil && r.lockedUntil.getTime() > now) until = Math.max(until, r.lockedUntil.getTime())
  return until ? Math.ceil((until - now) / 60_000) : 0
}

export async function recordFailure(db: Db, config: Config, keys: string[]): Promise<void> {
  const windowMs = config.loginLockMinutes * 60_000
  // Addresses get more tries than usernames: one office may sit behind one address.
  for (const key of keys) {
    const max = key.startsWith('ip:') ? config.loginMaxFailures * 4 : config.loginMaxFailures
    await db.execute(sql`
      insert into ${loginFailures} (key, count, window_start, locked_until)
      values (${key}, 1, now(), ${max <= 1 ? sql`now() + ${`${windowMs} milliseconds`}::interval` : null})
      on conflict (key) do update set
        count = case when ${loginFailures.windowStart} < now() - ${`${windowMs} milliseconds`}::interval
                     then 1 else ${loginFailures.count} + 1 end,
        window_start = case when ${loginFailures.windowStart} < now() - ${`${windowMs} milliseconds`}::interval
                     then now() else ${loginFailures.windowStart} end,
        locked_until = case when ${loginFailures.windowStart} >= now() - ${`${windowMs} milliseconds`}::interval
                             and ${loginFailures.count} + 1 >= ${max}
                     then now() + ${`${windowMs} milliseconds`}::interval else ${loginFailures.lockedUntil} end`)
  }
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginFailures).where(
    inArray(
      loginFailures.key,
      keys.filter((k) => k.startsWith('user:')),
    ),
  )
}
