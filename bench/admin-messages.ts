// Run by bench/admin.ts (`npm run bench -- admin`): the message list of a busy user.
//
// 1. Seed, in SQL on a fresh database (no demo data): BENCH_MSG_ROWS (50,000) messages for the administrator,
//    one every 10 minutes back from now (about a year), every kind in turn, two in three read; plus as many
//    spread over 20 other users, so the user's rows are not the whole table. Then VACUUM ANALYZE.
// 2. GET /api/message?page=…&pageSize=20 over HTTP (the app on a port, the client in a worker thread): the
//    first page (the bell and the message centre), unread only, one kind, and a deep page (50), in turn,
//    beside the raw SQL of the same two statements (the count and the page, messages/queries.ts,
//    sent one after the other). p50/p95 of each, the ratio of the p95s. Target: HTTP p95 < 30 ms PostgreSQL
//    / < 100 ms PGlite.
//
// One driver per run: BENCH_DRIVER=embedded (default) or BENCH_DRIVER=postgres (with DATABASE_URL).
import { count } from 'drizzle-orm'
import { messages } from '../src/server/db/schema'
import { type MessageFilters, messagePageSelect, messageWhere } from '../src/server/modules/messages/queries'
import { MESSAGE_KINDS, type MessageKind } from '../src/shared/contracts/process'
import { benchDatabase, fmtPct as fmt, getClient, loadavg, pct, signedInServer, timeCalls } from './lib'

const ROWS = Number(process.env.BENCH_MSG_ROWS ?? 50_000)
const CALLS = Number(process.env.BENCH_MSG_N ?? 300)
const WARMUP = 30
const PAGE_SIZE = 20
const OTHERS = 20

export async function runAdminMessages(): Promise<void> {
  const kind = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'embedded'
  const bdb = await benchDatabase(kind)
  try {
    const { base, close, token } = await signedInServer(bdb)
    const raw = bdb.database.raw
    const [{ id: adminId }] = (await raw(`select id from users where username = 'admin'`)) as { id: string }[]
    console.log(
      `\n## Message list on ${bdb.label} (${ROWS} messages of one user, ${ROWS} of ${OTHERS} others; load average ${loadavg()})`,
    )
    const t0 = performance.now()
    await raw(
      `insert into users (username, display_name, password_hash)
       select 'bench-msg-' || g, 'Bench user ' || g, 'x' from generate_series(1, ${OTHERS}) g`,
    )
    const kinds = `array[${MESSAGE_KINDS.map((k) => `'${k}'`).join(',')}]::message_kind[]`
    await raw(
      `insert into messages (recipient_id, kind, title_zh, title_en, body_zh, body_en, read_at, created_at)
       select $1, (${kinds})[1 + g % ${MESSAGE_KINDS.length}], '基准消息 ' || g, 'Bench message ' || g,
              '正文 ' || g, 'Body ' || g,
              case when g % 3 = 0 then null else now() - make_interval(mins => 10 * g) + interval '1 minute' end,
              now() - make_interval(mins => 10 * g)
         from generate_series(1, ${ROWS}) g`,
      [adminId],
    )
    await raw(
      `insert into messages (recipient_id, kind, title_zh, title_en, created_at)
       select u.id, 'notice', '其他 ' || g, 'Other ' || g, now() - make_interval(mins => g)
         from generate_series(1, ${ROWS}) g
         join (select id, row_number() over (order by username) - 1 as n from users
                where username like 'bench-msg-%') u on u.n = g % ${OTHERS}`,
    )
    // As autovacuum leaves a table (PGlite has none): the visibility map set, so counts read the index alone.
    await raw('vacuum analyze messages')
    console.log(`seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const cases: { label: string; query: string; filters: MessageFilters; page: number }[] = [
      { label: 'first page', query: '', filters: {}, page: 1 },
      { label: 'unread only', query: '&unread=1', filters: { unread: true }, page: 1 },
      {
        label: 'one kind',
        query: '&kind=approvalRequested',
        filters: { kind: 'approvalRequested' as MessageKind },
        page: 1,
      },
      { label: 'page 50', query: '', filters: {}, page: 50 },
    ]
    const first = await fetch(`${base}/message?page=1&pageSize=${PAGE_SIZE}`, {
      headers: { 'x-auth-token': token },
    })
    const body = (await first.json()) as { code: number; data: { total: number } }
    console.log(`the user's messages: ${body.data.total}`)
    const { db } = bdb.database
    for (const c of cases) {
      const url = `${base}/message?page=${c.page}&pageSize=${PAGE_SIZE}${c.query}`
      const http = pct(await getClient({ urls: [url], token, calls: CALLS, warmup: WARMUP }))
      const where = messageWhere(adminId, c.filters)
      const countSql = db.select({ n: count() }).from(messages).where(where).toSQL()
      const pageSql = messagePageSelect(db, where, PAGE_SIZE, (c.page - 1) * PAGE_SIZE).toSQL()
      const sql = await timeCalls(
        [
          async () => {
            await raw(countSql.sql, countSql.params as unknown[])
            await raw(pageSql.sql, pageSql.params as unknown[])
          },
        ],
        CALLS,
        WARMUP,
      )
      console.log(`${c.label.padEnd(12)} HTTP: ${fmt(http)}`)
      console.log(`${''.padEnd(12)} SQL:  ${fmt(sql)}   ratio of p95s ${(http.p95 / sql.p95).toFixed(2)}×`)
    }
    await close()
  } finally {
    await bdb.dispose()
  }
}
