// Precomputed figures: an aggregate too slow to compute on every request at scale (the value over
// time reads every valuation; process mining every history row of a type) is kept as a snapshot in
// app_settings (`datacentre.snapshot.<key>`: `{ computedAt, data }`) and answered from it with its age shown.
// A snapshot older than FRESH_MS is served as it is while one refresh runs in the background (per server; two
// servers refreshing at once write the same figures); without one, the first request computes it. Only the
// unfiltered views are kept (a filtered one is computed when asked). No table of its own: a decision for the
// lead (a `datacentre_snapshots` table, or a scheduled job beside the others, would replace this).
import { eq, like } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { appSettings } from '../../db/schema'

/** How long a snapshot is served without a refresh. */
export const FRESH_MS = 5 * 60_000
const PREFIX = 'datacentre.snapshot.'
const refreshing = new Set<string>()

export async function snapshot<T>(
  db: DbOrTx,
  key: string,
  compute: () => Promise<T>,
  /** Whether a stored snapshot still answers the question (e.g. its range ends today). */
  valid: (data: T) => boolean = () => true,
  now = () => new Date(),
): Promise<{ data: T; computedAt: string }> {
  const name = PREFIX + key
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, name))
  const stored = row?.value as { computedAt: string; data: T } | undefined
  const store = async () => {
    const value = { computedAt: now().toISOString(), data: await compute() }
    await db
      .insert(appSettings)
      .values({ key: name, value, updatedAt: now() })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now() } })
    return value
  }
  if (!stored || !valid(stored.data)) return store()
  if (now().getTime() - Date.parse(stored.computedAt) > FRESH_MS && !refreshing.has(name)) {
    refreshing.add(name)
    void store()
      .catch((error) => console.error('data centre snapshot refresh failed', key, error))
      .finally(() => refreshing.delete(name))
  }
  return stored
}

/**
 * Drop the snapshots of the value over time (every reporting currency and grouping): the rates or the
 * valuations they were computed from changed, so the next request computes them afresh instead of serving
 * figures that still say a rate is missing.
 */
export async function forgetValueSnapshots(db: DbOrTx): Promise<void> {
  await db.delete(appSettings).where(like(appSettings.key, `${PREFIX}value.%`))
}
