// The system log: one row per API request (docs/architecture.md § Records (Log)). Rows are buffered and written in
// batches so logging never holds up a request; close() flushes what is left on shutdown. Every text is
// made storable (no NUL, well-formed) and stripped of secrets before it is queued, and a batch the
// database refuses is written again row by row, so one bad row never costs the others. A batch
// travels as one JSON parameter unpacked by json_to_recordset: one value to encode instead of fourteen per
// row (the driver's and the query builder's work per parameter was most of a logged request's cost). Each
// batch is linked into the log's hash chain in the transaction that inserts it (src/server/audit/chain.ts
// `chainedNow`): one head lock per batch, not per request.
import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { getTableColumns, sql } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { MiddlewareHandler } from 'hono'
import { logModuleOf } from '../../shared/system-log'
import { storableText } from '../../shared/validation'
import { chainedNow } from '../audit/chain'
import type { Db } from '../db/client'
import { systemLogs } from '../db/schema'
import type { AppEnv } from './context'

export type LogRow = typeof systemLogs.$inferInsert

export class LogWriter {
  private buffer: LogRow[] = []
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly options: { maxBatch?: number; intervalMs?: number } = {},
  ) {}

  add(row: LogRow): void {
    this.buffer.push(sanitiseRow(row))
    if (this.buffer.length >= (this.options.maxBatch ?? 200)) void this.flush()
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.intervalMs ?? 500)
      this.timer.unref()
    }
  }

  /** Whether a buffered row meets `test` (the log's own list flushes only when it holds others' rows). */
  holds(test: (row: LogRow) => boolean): boolean {
    return this.buffer.some(test)
  }

  /** Write every buffered row; resolves when they are in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const rows = this.buffer
    this.buffer = []
    this.flushing = this.flushing.then(async () => {
      if (rows.length === 0) return
      try {
        await this.db.transaction(async (tx) => {
          await tx.execute(insertRows(await chainedNow(tx, 'system_logs', rows)))
        })
      } catch {
        // One row the database refuses must not take the batch with it: write them one by one.
        let lost = 0
        for (const row of rows) {
          try {
            await this.db.transaction(async (tx) => {
              await tx.insert(systemLogs).values(await chainedNow(tx, 'system_logs', [row]))
            })
          } catch (error) {
            lost++
            console.error('system log row refused', row.logId, redactSecrets((error as Error).message))
          }
        }
        if (lost > 0) console.error(`system log: ${lost} of ${rows.length} rows could not be written`)
      }
    })
    return this.flushing
  }

  close(): Promise<void> {
    return this.flush()
  }
}

/**
 * The batch insert: the rows as one JSON array, each key a column of system_logs with that column's type
 * (named as the database names it: the schema's keys in snake case, as the drizzle client is set up).
 */
const LOG_COLUMNS = Object.entries(getTableColumns(systemLogs))
const LOG_INSERT_HEAD = sql.raw(
  `insert into system_logs (${LOG_COLUMNS.map(([key]) => `"${toSnakeCase(key)}"`).join(', ')}) ` +
    `select ${LOG_COLUMNS.map(([key]) => `"${key}"`).join(', ')} from json_to_recordset(`,
)
const LOG_INSERT_TAIL = sql.raw(
  `::json) as r(${LOG_COLUMNS.map(([key, c]) => `"${key}" ${c.getSQLType()}`).join(', ')})`,
)

/** One statement writing every row (exported for its test). */
export function insertRows(rows: LogRow[]) {
  return sql`${LOG_INSERT_HEAD}${JSON.stringify(rows)}${LOG_INSERT_TAIL}`
}

const SECRET_PARAM = /token|sig|signature|password|secret/i

/**
 * Secrets that an exception text may carry (a failed query lists its parameters): password hashes,
 * session tokens and their hashes, signatures, `password: ...` pairs. Replaced before anything is
 * logged, to the database or the console.
 */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/scrypt\$[^\s,'")\]}]*/g, 'scrypt$***'],
  [
    /((?:password|passwd|token|secret|sig|signature|authorization|x-auth-token)["']?\s*[:=]\s*["']?)[^\s,'"&)}\]]+/gi,
    '$1***',
  ],
  // Session tokens and link signatures (256 bits: 43 base64url characters, or 64 hex digits), standing alone.
  [/(?<![A-Za-z0-9_-])(?:[A-Za-z0-9_-]{43}|[A-Fa-f0-9]{64})(?![A-Za-z0-9_-])/g, '***'],
]

export function redactSecrets(text: string): string {
  let out = text
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement)
  return out
}

function sanitiseRow(row: LogRow): LogRow {
  const out: Record<string, unknown> = { ...row }
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string') out[key] = storableText(value)
  }
  if (typeof out.exception === 'string') out.exception = redactSecrets(out.exception as string).slice(0, 4000)
  return out as LogRow
}

/** The request URI as logged: path and query with secret-looking parameters blanked. */
export function loggedUri(url: URL): string {
  const params = new URLSearchParams(url.search)
  for (const key of [...params.keys()]) if (SECRET_PARAM.test(key)) params.set(key, '***')
  const query = params.toString()
  // A share link's token stands in its path: never written down.
  const path = url.pathname.replace(/^(\/api\/public\/shares\/)[^/]+/, '$1***')
  return query ? `${path}?${query}` : path
}

const OPERATION_BY_METHOD: Record<string, string> = {
  GET: 'QUERY',
  HEAD: 'QUERY',
  POST: 'CREATE',
  PUT: 'UPDATE',
  PATCH: 'UPDATE',
  DELETE: 'DELETE',
}

export function requestLog(writer: LogWriter, trustProxies: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const logId = randomUUID()
    c.set('logId', logId)
    c.set('resultCode', 0)
    c.set('user', null)
    await next()
    const url = new URL(c.req.url)
    const segments = url.pathname.split('/').filter(Boolean)
    const user = c.get('user')
    writer.add({
      logId,
      moduleName: logModuleOf(segments[1]),
      createBy: user?.username ?? null,
      createByUserId: user?.id ?? null,
      accessTime: new Date(),
      requestUri: loggedUri(url).slice(0, 2000),
      operationType: c.get('operationType') ?? OPERATION_BY_METHOD[c.req.method] ?? c.req.method,
      clientIpAddr: clientIp(c, trustProxies),
      browserUserAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
      httpMethod: c.req.method,
      execTime: Math.round(performance.now() - started),
      success: c.get('resultCode') === 0,
      responseCode: c.get('resultCode'),
      exception: c.get('exception') ?? null,
    })
  }
}

/**
 * The client's address. `trustProxies` 0 (TRUST_PROXY unset): the socket's peer, and x-forwarded-for is
 * ignored. n > 0: n proxies of ours stand in front, each appending the address it was reached from to
 * x-forwarded-for, so the client is the entry the outermost one appended, the n-th from the right; the
 * entries left of it were written by the client and are never believed. A shorter header (fewer proxies on
 * the way) gives its leftmost entry; no header, the socket's peer.
 */
export function clientIp(c: Parameters<MiddlewareHandler<AppEnv>>[0], trustProxies: number): string | null {
  if (trustProxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    const client = hops[Math.max(0, hops.length - trustProxies)]
    if (client) return client.slice(0, 100)
  }
  // app.request() (tests, benchmarks) has no socket: no address, and no exception thrown to find that out.
  const bindings = c.env as { server?: { incoming?: unknown }; incoming?: unknown } | undefined
  if (!(bindings?.server ?? bindings)?.incoming) return null
  return getConnInfo(c).remote.address ?? null
}
