// A PostgreSQL database is copied by its own tools: `pg_dump -Fc` (one consistent snapshot, taken while the
// servers keep writing) and, to restore, `pg_restore` turned into SQL that psql runs as ONE transaction
// after dropping the schemas the app owns (`public`, `drizzle`): a failure anywhere rolls all of it back,
// so the target is either the backup or what it was before. The password never goes on a command line (it
// is handed to the tools as PGPASSWORD).
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { BackupError, MIGRATIONS_QUERY, type SchemaLevel, schemaLevelOf } from './manifest'

/** Where the client tools are: PG_BIN, else PATH, else the newest /usr/lib/postgresql/<n>/bin. */
export function pgTool(
  name: 'pg_dump' | 'pg_restore' | 'psql',
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.PG_BIN) return path.join(env.PG_BIN, name)
  for (const dir of (env.PATH ?? '').split(path.delimiter))
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name)
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : []
  for (const v of versions)
    if (existsSync(path.join(root, v, 'bin', name))) return path.join(root, v, 'bin', name)
  throw new BackupError(
    `${name} was not found: install PostgreSQL's client tools or set PG_BIN to their folder`,
  )
}

/** The URL without its password, and the environment that carries the password instead. */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url)
  const env = { ...process.env }
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password)
    u.password = ''
  }
  return { url: u.toString(), env }
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', (error) =>
      reject(new BackupError(`${path.basename(tool)} could not start: ${error.message}`)),
    )
    child.on('close', (code) => {
      if (code === 0) resolve()
      else
        reject(
          new BackupError(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`),
        )
    })
  })
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`cannot connect to the database: ${(error as Error).message}`)
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The migrations applied to the database (it must be one Vitrine has opened). */
export function pgSchemaLevel(url: string): Promise<SchemaLevel> {
  return withClient(url, async (client) => {
    const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`)
    if (!exists.rows[0].ok) throw new BackupError('the database holds no Vitrine schema: nothing to back up')
    return schemaLevelOf((await client.query(MIGRATIONS_QUERY)).rows)
  })
}

/** Tables in schemas of the database's own (not the system's): none means a restore may go there. */
export function pgTableCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const res = await client.query(
      `select count(*)::int as n from pg_catalog.pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'`,
    )
    return res.rows[0].n as number
  })
}

export async function pgDump(url: string, target: string): Promise<void> {
  const c = connection(url)
  await run(pgTool('pg_dump'), ['--format=custom', '--file', target, '--dbname', c.url], c.env)
}

/**
 * Restores `dump` into the database at `url` in one transaction: the app's schemas dropped, the dump's
 * objects and rows created (owners and grants left to the restoring user). `staging` holds the SQL.
 */
export async function pgRestore(url: string, dump: string, staging: string): Promise<void> {
  const c = connection(url)
  const script = path.join(staging, 'restore.sql')
  await run(pgTool('pg_restore'), ['--no-owner', '--no-acl', '--file', script, dump], c.env)
  const prelude = path.join(staging, 'prelude.sql')
  await writeFile(
    prelude,
    'drop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n',
  )
  await run(
    pgTool('psql'),
    [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '--single-transaction',
      '-f',
      prelude,
      '-f',
      script,
      '--dbname',
      c.url,
    ],
    c.env,
  )
}
