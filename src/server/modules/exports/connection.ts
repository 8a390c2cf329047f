// The connection an export reads through and an import writes through, on either driver. An export reads one
// snapshot (PostgreSQL: a repeatable-read, read-only transaction on a connection of its own, so the servers go
// on working; PGlite: one transaction of the embedded database, which has a single connection). An import is
// one transaction: all of it or nothing.
import pg from 'pg'
import type { Database } from '../../db/client'
import type { Sql } from './catalog'

/** Times and dates written the same way whichever server or session settings. */
const SESSION = `set local time zone 'UTC'; set local datestyle = 'ISO, YMD'; set local extra_float_digits = 1`

async function onPostgres<T>(url: string, begin: string, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  // Values stay as PostgreSQL writes them: the export reads text only.
  await client.connect()
  try {
    await client.query(begin)
    await client.query(SESSION)
    const sql: Sql = { query: async (text, params) => (await client.query(text, params)).rows }
    const result = await work(sql)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

async function onPglite<T>(database: Database, work: (sql: Sql) => Promise<T>): Promise<T> {
  const pglite = database.pglite
  if (!pglite) throw new Error('embedded database without its client')
  return pglite.transaction(async (tx) => {
    await tx.exec(SESSION)
    const sql: Sql = {
      query: async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows,
    }
    return work(sql)
  })
}

export function withSnapshot<T>(database: Database, work: (sql: Sql) => Promise<T>): Promise<T> {
  if (database.mode === 'postgres' && database.url)
    return onPostgres(database.url, 'begin isolation level repeatable read read only', work)
  return onPglite(database, work)
}

export function withTransaction<T>(database: Database, work: (sql: Sql) => Promise<T>): Promise<T> {
  if (database.mode === 'postgres' && database.url) return onPostgres(database.url, 'begin', work)
  return onPglite(database, work)
}
