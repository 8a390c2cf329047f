// Opens the database: embedded PGlite in DATA_DIR/db by default, a PostgreSQL server when DATABASE_URL
// is set. Both get the same Drizzle schema and the same migrations, applied at open.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Either the database or an open transaction: what data functions take. */
export type DbOrTx = Db | Tx

export interface Database {
  db: Db
  mode: 'embedded' | 'postgres'
  /** The PostgreSQL server's URL (postgres mode): for a connection of its own, e.g. LISTEN. */
  url?: string
  /** Run raw SQL (benchmarks and diagnostics compare against it). */
  raw: (sqlText: string, params?: unknown[]) => Promise<unknown[]>
  /** The embedded database itself (PGlite only): for its LISTEN. */
  pglite?: PGlite
  /** The embedded database's files as a tarball (PGlite only): a copy opened with `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>
  close: () => Promise<void>
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface OpenOptions {
  /** postgres://… — when set, PostgreSQL is used. */
  url?: string
  /** Folder for the embedded database; omitted means in memory (tests). */
  dataDir?: string
  /** In memory only: start from a tarball `dumpDataDir` made (the API tests' seeded template). */
  loadDataDir?: Blob
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // An idle client dropped by the server (restart, drop database) must not crash the process.
    pool.on('error', (error) => console.error('postgres pool:', error.message))
    // numeric stays a string (money is decimal); timestamps stay Date.
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
    return {
      db,
      mode: 'postgres',
      url: options.url,
      raw: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: () => pool.end(),
    }
  }
  let client: PGlite
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true })
    client = await PGlite.create(options.dataDir)
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
  return {
    db,
    mode: 'embedded',
    pglite: client,
    raw: async (text, params) => (await client.query(text, params as unknown[])).rows,
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  }
}
