// Administration (`npm run bench -- admin`): the system log at scale, then (bench/admin-messages.ts, when it
// exists) the message list of a busy user.
//
// 1. Seed, in SQL on a fresh database (no demo data): BENCH_LOG_ROWS (5,000,000) log rows, one every 3 s back
//    from now (about 170 days), inserted with generate_series in chunks of 500,000 with the log's filter
//    indexes dropped meanwhile and built again after (the same definitions, read from pg_indexes), then
//    VACUUM ANALYZE. Spread: 50 users (made too), every module, operations QUERY 60 % … process events 2 %, methods
//    following them, 1 in 37 rows failed with one of five codes, 1,757 client addresses.
// 2. For each filter alone (user, user name, module, operation, method, success, response code, client
//    address, one day's time range) and with none: GET /api/system_log?…&page=1&pageSize=50 over HTTP (the app
//    on a port, the client in a worker thread), beside the raw SQL of the same two statements (the page and
//    the capped count, system-log/queries.ts, sent together as the route does). p50/p95 of each, the ratio
//    of the p95s. Target: HTTP p95 < 50 ms PostgreSQL / < 200 ms PGlite, within 1.5× of the SQL.
//
// One driver per run: BENCH_DRIVER=embedded (default) or BENCH_DRIVER=postgres (with DATABASE_URL).
import { existsSync } from 'node:fs'
import { cappedCountQuery, logPageRows, logWhere } from '../src/server/modules/system-log/queries'
import type { LogFilters } from '../src/shared/contracts/system-log'
import { benchDatabase, fmtPct as fmt, getClient, loadavg, pct, signedInServer } from './lib'

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 5_000_000)
const CALLS = Number(process.env.BENCH_LOG_N ?? 200)
const WARMUP = 20
const CHUNK = 500_000
const PAGE_SIZE = 50

type Raw = (text: string, params?: unknown[]) => Promise<unknown[]>

const MODULES = [
  'auth',
  'artworks',
  'process',
  'file',
  'reference',
  'operations',
  'warehouse',
  'insurance',
  'tasks',
  'message',
  'system_log',
  'stocktakes',
  'labels',
  'finance',
  'valuations',
  'releases',
  'contents',
  'notifications',
  'system',
]

async function seedLog(raw: Raw): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {}
  const lap = async (name: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now()
    await fn()
    seconds[name] = (performance.now() - t0) / 1000
  }
  const indexes = (await raw(
    `select indexname, indexdef from pg_indexes where tablename = 'system_logs' and indexname <> 'system_logs_pkey'`,
  )) as { indexname: string; indexdef: string }[]
  await lap('drop indexes', async () => {
    for (const i of indexes) await raw(`drop index ${i.indexname}`)
  })
  // The 50 users the rows name (a sign-in name filter looks its user up).
  await raw(`insert into users (id, username, display_name, password_hash)
             select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'user' || n, 'User ' || n, 'x'
               from generate_series(0, 49) as n`)
  const modules = `array[${MODULES.map((m) => `'${m}'`).join(',')}]`
  await lap('insert', async () => {
    for (let start = 1; start <= ROWS; start += CHUNK) {
      const end = Math.min(ROWS, start + CHUNK - 1)
      await raw(`
        insert into system_logs (log_id, module_name, create_by, create_by_user_id, access_time, request_uri,
          operation_type, client_ip_addr, browser_user_agent, http_method, exec_time, success, response_code,
          exception)
        select gen_random_uuid(),
               (${modules})[1 + (i * 7) % ${MODULES.length}],
               'user' || (i % 50),
               ('00000000-0000-4000-8000-' || lpad((i % 50)::text, 12, '0'))::uuid,
               now() - i * interval '3 seconds',
               '/api/bench/' || (i % 1000),
               case when i % 100 < 60 then 'QUERY' when i % 100 < 80 then 'UPDATE'
                    when i % 100 < 90 then 'CREATE' when i % 100 < 95 then 'DELETE'
                    when i % 100 < 98 then 'LOGIN' else 'PROCESS_EVENT SUBMIT' end,
               '10.' || (i % 7) || '.' || (i % 251) || '.1',
               'Mozilla/5.0 (bench)',
               case when i % 100 < 60 then 'GET' when i % 100 < 80 then 'PUT'
                    when i % 100 < 95 and i % 100 >= 90 then 'DELETE' else 'POST' end,
               (i % 200),
               i % 37 <> 0,
               case when i % 37 <> 0 then 0 else (array[400, 403, 404, 409, 500])[1 + (i / 37) % 5] end,
               case when i % 37 <> 0 then null else 'invalidInput' end
          from generate_series(${start}, ${end}) as i`)
    }
  })
  await lap('build indexes', async () => {
    for (const i of indexes) await raw(i.indexdef)
  })
  await lap('vacuum analyze', () => raw('vacuum analyze system_logs'))
  return seconds
}

export async function benchAdmin(): Promise<void> {
  const kind = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'embedded'
  const bdb = await benchDatabase(kind)
  try {
    const { base, close, token } = await signedInServer(bdb)
    const raw = bdb.database.raw
    const db = bdb.database.db
    console.log(`\n## System log on ${bdb.label} (${ROWS} rows; load average ${loadavg()})`)
    const t0 = performance.now()
    const seconds = await seedLog(raw)
    console.log(
      `seed: ${((performance.now() - t0) / 1000).toFixed(1)} s (${Object.entries(seconds)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ')})`,
    )
    const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()
    const filters: [string, LogFilters][] = [
      ['none', {}],
      ['user', { userId: '00000000-0000-4000-8000-000000000007' }],
      ['user name', { createBy: 'user12' }],
      ['module', { moduleName: 'insurance' }],
      ['operation', { operationType: 'LOGIN' }],
      ['method', { httpMethod: 'DELETE' }],
      ['success', { success: 'false' }],
      ['response code', { responseCode: 500 }],
      ['client address', { clientIpAddr: '10.3.77.1' }],
      ['time range (one day, 30 days back)', { from: dayAgo(31), to: dayAgo(30) }],
    ]
    const worst = { http: 0, ratio: 0 }
    for (const [name, f] of filters) {
      const query = new URLSearchParams({
        ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])),
        page: '1',
        pageSize: String(PAGE_SIZE),
      })
      const url = `${base}/system_log?${query}`
      const first = (await (await fetch(url, { headers: { 'x-auth-token': token } })).json()) as {
        code: number
        msg: string
        data: { total: number; more: boolean; list: unknown[] }
      }
      if (first.code !== 0) {
        console.log(`${name}: ${first.code} ${first.msg}`)
        continue
      }
      const http = pct(await getClient({ urls: [url], token, calls: CALLS, warmup: WARMUP }))
      const where = logWhere(f)
      const page = logPageRows(db, where, 1, PAGE_SIZE).toSQL()
      const countSql = cappedCountQuery(db, where).toSQL()
      const sqlTimes: number[] = []
      for (let i = 0; i < WARMUP + CALLS; i++) {
        const s = performance.now()
        await Promise.all([
          raw(page.sql, page.params as unknown[]),
          raw(countSql.sql, countSql.params as unknown[]),
        ])
        if (i >= WARMUP) sqlTimes.push(performance.now() - s)
      }
      const sql = pct(sqlTimes)
      const ratio = http.p95 / sql.p95
      worst.http = Math.max(worst.http, http.p95)
      worst.ratio = Math.max(worst.ratio, ratio)
      const matches = first.data.more ? `> ${first.data.total}` : String(first.data.total)
      console.log(
        `${name.padEnd(36)} (${matches} rows) HTTP ${fmt(http)} | SQL ${fmt(sql)} | ${ratio.toFixed(2)}×`,
      )
    }
    const target = kind === 'postgres' ? 50 : 200
    console.log(
      `worst HTTP p95 ${worst.http.toFixed(1)} ms (target < ${target} ms); worst ratio ${worst.ratio.toFixed(2)}× (target ≤ 1.5×)`,
    )
    await close()
  } finally {
    await bdb.dispose()
  }
  // The message list of a busy user (the message centre under load), when its file exists.
  if (existsSync(new URL('./admin-messages.ts', import.meta.url))) {
    // A path in a variable: the file may not exist when this one is compiled.
    const file = './admin-messages.ts'
    const mod = (await import(file)) as { runAdminMessages?: () => Promise<void> }
    if (mod.runAdminMessages) await mod.runAdminMessages()
  } else console.log('message list: bench/admin-messages.ts not written yet (not measured)')
}
