// The notice that someone's inbox counts may have changed: `pg_notify('vitrine_tasks', '')` in the
// transaction that changes task rows or messages, delivered at its commit to every server listening on the
// database (PostgreSQL), or to this process (PGlite), where the open inbox streams re-read their counts
// (stream.ts). Repeats within one transaction are folded into one by the database.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'

export const TASKS_CHANNEL = 'vitrine_tasks'

export async function noticeTasksChanged(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${TASKS_CHANNEL}, '')`)
}
