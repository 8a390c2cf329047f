// Tamper evidence (src/server/audit/): what the hash chains cost.
// 1. Process events (POST /api/process/:id/events, BENCH_CLIENTS concurrent clients on distinct processes, as
//    bench/process.ts) with the chain, beside the same run without it: the server's linker paused (the rows
//    stay unlinked; they are linked between rounds, outside the time measured), the rounds alternating so
//    that both see the same machine. With the chain, the linker links the rows as they commit, in batches
//    (src/server/audit/linker.ts). The canonical text and its digest are made in both runs; the canonical
//    text's own cost is measured apart (rows per second).
// 2. Verification: a chain of BENCH_CHAIN_ROWS (100,000) system-log rows, built directly, walked as GET
//    /api/audit/verify walks it (batches in order of position), in rows per second; and the process history
//    the events of one run with the chain wrote; each part on a throwaway database of its own.
// BENCH_DRIVER=postgres picks one driver, BENCH_PART=events|verify one part.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { canonicalRow } from '../src/server/audit/canonical'
import { GENESIS_HASH } from '../src/server/audit/chain'
import { linkAllPending, pauseLinking } from '../src/server/audit/linker'
import { linkHash, walkChain } from '../src/server/audit/verify'
import { sampleDraft, sampleStepData } from '../src/server/seed/process-samples'
import { type BenchDb, benchDatabase, clientWorker, kinds, loadavg, signedInServer } from './lib'
import { line, runClients } from './process'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8)
const EVENTS = Number(process.env.BENCH_EVENTS ?? 150)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CHAIN_ROWS = Number(process.env.BENCH_CHAIN_ROWS ?? 100_000)

async function eventRun(
  bdb: BenchDb,
  server: Awaited<ReturnType<typeof signedInServer>>,
  draft: unknown,
  events: number,
  linked = true,
) {
  const ids: string[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const input = { artworks: [{ titleZh: `链${i}`, titleEn: `Chain ${i}` }] }
    ids.push((await server.call('POST', '/process', { type: 'BUY_ART', input }, server.token)).id)
  }
  const go = await clientWorker('event-clients.mjs', {
    base: server.base,
    ids,
    versions: ids.map(() => 1),
    events,
    round: [{ type: 'SAVE', token: server.token, payload: draft }],
    withKeys: false,
  })
  // With the chain, the time runs until the linker has linked every row the run wrote: its work is not
  // left behind the measurement.
  return runClients(bdb, async () => {
    const samples = await go()
    if (linked) await linkAllPending(bdb.database.db)
    return samples
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function benchChainCost(bdb: BenchDb) {
  // BENCH_ASYNC_COMMIT=1 (PostgreSQL, a diagnosis only): the bench database commits without waiting for its
  // WAL flush, to show how much of the chain's cost waits on commits' flushes.
  const asyncCommit = process.env.BENCH_ASYNC_COMMIT === '1' && bdb.database.url !== undefined
  if (asyncCommit) {
    const name = new URL(bdb.database.url as string).pathname.slice(1)
    await bdb.database.raw(`alter database ${name} set synchronous_commit = off`)
    await bdb.database.raw(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
  }
  const server = await signedInServer(bdb)
  const draft = sampleDraft(sampleStepData('BUY_ART').dueDiligence)
  const load0 = loadavg()
  const withChain: Awaited<ReturnType<typeof eventRun>>[] = []
  const without: Awaited<ReturnType<typeof eventRun>>[] = []
  try {
    await eventRun(bdb, server, draft, 40) // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      withChain.push(await eventRun(bdb, server, draft, EVENTS))
      pauseLinking(true)
      try {
        without.push(await eventRun(bdb, server, draft, EVENTS, false))
      } finally {
        pauseLinking(false)
      }
      await linkAllPending(bdb.database.db)
    }
  } finally {
    await server.close()
  }
  console.log(
    `\n### Process events with and without the chain${asyncCommit ? ' (synchronous_commit off)' : ''} (${CLIENTS} clients × ${EVENTS} SAVE events, ${ROUNDS} rounds each, alternating; load ${load0} → ${loadavg()})`,
  )
  withChain.forEach((r, i) => {
    console.log(`round ${i + 1}: with the chain     ${line(r)}`)
    console.log(`round ${i + 1}: without the chain  ${line(without[i])}`)
  })
  const a = median(withChain.map((r) => r.perSecond))
  const b = median(without.map((r) => r.perSecond))
  console.log(
    `median: with ${a.toFixed(0)} events/s, without ${b.toFixed(0)} events/s: the chain costs ${(((b - a) / b) * 100).toFixed(1)} % of event throughput (target ≤ 10 %)`,
  )
}

/** CHAIN_ROWS log rows linked by the app's rule, inserted in chunks, the chain's head recorded. */
async function buildLogChain(bdb: BenchDb) {
  const { db } = bdb.database
  await bdb.database.raw('delete from system_logs')
  let previous = GENESIS_HASH
  const t0 = Date.UTC(2026, 0, 1)
  const CHUNK = 5_000
  for (let start = 0; start < CHAIN_ROWS; start += CHUNK) {
    const rows = []
    for (let i = start; i < Math.min(CHAIN_ROWS, start + CHUNK); i++) {
      const row = {
        logId: randomUUID(),
        moduleName: 'artworks',
        createBy: 'registrar',
        createByUserId: null,
        accessTime: new Date(t0 + i * 1000),
        requestUri: `/api/artworks?page=${i % 50}`,
        operationType: 'QUERY',
        clientIpAddr: '10.0.0.1',
        browserUserAgent: 'Mozilla/5.0 (bench)',
        httpMethod: 'GET',
        execTime: i % 40,
        success: true,
        responseCode: 0,
        exception: null,
      }
      previous = linkHash(previous, canonicalRow('system_logs', row))
      rows.push({ ...row, chainNo: i + 1, hash: previous })
    }
    await db.execute(sql`insert into system_logs (log_id, module_name, create_by, create_by_user_id, access_time,
      request_uri, operation_type, client_ip_addr, browser_user_agent, http_method, exec_time, success,
      response_code, exception, chain_no, hash)
      select "logId", "moduleName", "createBy", "createByUserId", "accessTime", "requestUri", "operationType",
        "clientIpAddr", "browserUserAgent", "httpMethod", "execTime", success, "responseCode", exception,
        "chainNo", hash
      from json_to_recordset(${JSON.stringify(rows)}::json) as r("logId" uuid, "moduleName" text,
        "createBy" text, "createByUserId" uuid, "accessTime" timestamptz, "requestUri" text,
        "operationType" text, "clientIpAddr" text, "browserUserAgent" text, "httpMethod" text,
        "execTime" int, success boolean, "responseCode" int, exception text, "chainNo" bigint, hash text)`)
  }
  await bdb.database.raw(
    `update audit_chains set last_no = $1, head = $2, pruned_no = 0, pruned_head = $3 where name = 'system_logs'`,
    [CHAIN_ROWS, previous, GENESIS_HASH],
  )
}

async function benchVerify(bdb: BenchDb) {
  // Process history on the chain: one run of events with the link function as it is.
  const server = await signedInServer(bdb)
  try {
    await eventRun(bdb, server, sampleDraft(sampleStepData('BUY_ART').dueDiligence), EVENTS)
    await linkAllPending(bdb.database.db)
  } finally {
    await server.close()
  }
  await buildLogChain(bdb)
  console.log(`\n### Chain verification (batches of the chain in order of position)`)
  for (const chain of ['system_logs', 'process_history'] as const) {
    const times: number[] = []
    let rows = 0
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now()
      const walk = await walkChain(bdb.database.db, chain)
      times.push(performance.now() - t0)
      rows = walk.rows
      if (walk.broken) throw new Error(`${chain} broken: ${JSON.stringify(walk.broken)}`)
    }
    const ms = median(times)
    console.log(
      `${chain}: ${rows} rows in ${ms.toFixed(0)} ms (median of 3): ${((rows / ms) * 1000).toFixed(0)} rows/s (target ≥ 50,000)`,
    )
  }
  // The app's side of every write: the canonical text of a log row.
  const row = {
    logId: randomUUID(),
    moduleName: 'artworks',
    createBy: 'registrar',
    createByUserId: null,
    accessTime: new Date(),
    requestUri: '/api/artworks',
    operationType: 'QUERY',
    clientIpAddr: '10.0.0.1',
    browserUserAgent: 'Mozilla/5.0 (bench)',
    httpMethod: 'GET',
    execTime: 3,
    success: true,
    responseCode: 0,
    exception: null,
  }
  const n = 100_000
  const t0 = performance.now()
  for (let i = 0; i < n; i++) canonicalRow('system_logs', row)
  const ms = performance.now() - t0
  console.log(
    `canonical text of a log row: ${((n / ms) * 1000).toFixed(0)} rows/s (${((ms / n) * 1000).toFixed(1)} µs each)`,
  )
}

export async function benchAudit(): Promise<void> {
  for (const kind of kinds().filter((k) => !process.env.BENCH_DRIVER || k === process.env.BENCH_DRIVER)) {
    // Each part on a throwaway database of its own.
    console.log(`\n## Hash chains on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`)
    for (const [part, run] of [
      ['events', benchChainCost],
      ['verify', benchVerify],
    ] as const) {
      if (process.env.BENCH_PART && process.env.BENCH_PART !== part) continue
      const bdb = await benchDatabase(kind)
      try {
        await run(bdb)
      } finally {
        await bdb.dispose()
      }
    }
  }
}
