// Tamper evidence on the real database (PGlite, and PostgreSQL with DATABASE_URL): the process history, the
// artwork record history and the system log are hash chains written with their rows. A row changed or removed
// behind the app's back — superuser SQL, the history's append-only trigger switched off and on again — is
// found by GET /api/audit/verify, which names the chain, the row and why; the daily job tells the
// administrators in both languages; rows that predate the chains are linked at boot; the log's purge keeps
// the chain verifiable; two servers writing at once on one database keep one unbroken chain. Rows are written
// unlinked and linked by the chain's linker shortly after they commit: they reach one order without gaps on
// their own, a row changed after it was linked is found, and one that waits too long to be linked (changed
// while it waited) is reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backfillChains } from '../../src/server/audit/backfill'
import { canonicalRow } from '../../src/server/audit/canonical'
import { GENESIS_HASH, pendingDigest } from '../../src/server/audit/chain'
import { PENDING_LIMIT_MS } from '../../src/server/audit/linker'
import { verifyAndTell } from '../../src/server/modules/audit/jobs'
import { purgeSystemLogs } from '../../src/server/modules/system-log/queries'
import type { AuditVerification, ChainHead } from '../../src/shared/contracts/audit'
import type { ProcessView } from '../../src/shared/contracts/process'
import { fullRecord, referenceIds, uploadMedia } from './artworks-fixtures'
import { createTestContext, type TestContext } from './helpers'
import { startServers, type TestServers } from './servers'

let t: TestContext
let admin: string
let registrar: string

const H = { 'x-system-name': 'artworkArchive' }

beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  registrar = await t.login('registrar')
  // Rows in every chain: a process with events, an artwork created and edited, and the requests' log rows.
  let p = await start()
  for (const seller of ['First', 'Second']) p = await send(p, seller)
  const ids = await referenceIds(t)
  const media = await uploadMedia(t, registrar)
  const created = await t.call('POST', '/api/artworks', {
    token: registrar,
    headers: H,
    body: fullRecord(ids, media, null, { inventoryNo: 'AUDIT-1' }),
  })
  expect(created.code, JSON.stringify(created.data)).toBe(0)
  const edited = await t.call('PUT', `/api/artworks/${created.data.id}`, {
    token: registrar,
    headers: H,
    body: { ...created.data.record, expectedVersion: created.data.version, titleEn: 'Edited once' },
  })
  expect(edited.code, JSON.stringify(edited.data)).toBe(0)
}, 120_000)
afterAll(() => t?.close())

async function start(): Promise<ProcessView> {
  const res = await t.call<ProcessView>('POST', '/api/process', {
    token: registrar,
    body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '链', titleEn: 'Chain' }] } },
  })
  expect(res.code, res.msg).toBe(0)
  return res.data
}

async function send(p: ProcessView, seller: string): Promise<ProcessView> {
  const res = await t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
    token: registrar,
    body: { type: 'SAVE', expectedVersion: p.version, payload: { seller } },
  })
  expect(res.code, res.msg).toBe(0)
  return res.data
}

async function verify(lang = 'en'): Promise<AuditVerification> {
  const res = await t.call<AuditVerification>('GET', '/api/audit/verify', { token: admin, lang })
  expect(res.code, res.msg).toBe(0)
  return res.data
}

const chainOf = (v: AuditVerification, name: string) => {
  const chain = v.chains.find((c) => c.name === name)
  if (!chain) throw new Error(`no chain ${name}`)
  return chain
}

const raw = <T>(text: string, params: unknown[] = []) => t.deps.database.raw(text, params) as Promise<T[]>

/** Superuser SQL with the history's append-only trigger off, then on again. */
async function behindTheBack(statement: string, params: unknown[] = []) {
  await raw('alter table process_history disable trigger process_history_no_update_delete')
  try {
    await raw(statement, params)
  } finally {
    await raw('alter table process_history enable trigger process_history_no_update_delete')
  }
}

describe('GET /api/audit/verify', () => {
  it('finds every chain whole after the app wrote to it, with its rows and head', async () => {
    const v = await verify()
    expect(v.ok, JSON.stringify(v)).toBe(true)
    expect(v.chains.map((c) => c.name)).toEqual(['process_history', 'artwork_history', 'system_logs'])
    for (const chain of v.chains) {
      expect(chain.firstBroken).toBeNull()
      expect(chain.rows).toBeGreaterThan(0)
      expect(chain.head).toMatch(/^[0-9a-f]{64}$/)
      const [last] = await raw<{ hash: string }>(
        `select hash from ${chain.name} order by chain_no desc limit 1`,
      )
      expect(chain.head).toBe(last.hash)
    }
    // Nothing the app wrote is outside a chain.
    for (const table of ['process_history', 'artwork_history', 'system_logs']) {
      const [n] = await raw<{ n: number }>(`select count(*)::int as n from ${table} where hash is null`)
      expect(n.n).toBe(0)
    }
  })

  it('is for administrators only', async () => {
    const res = await t.call('GET', '/api/audit/verify', { token: registrar })
    expect(res.status).toBe(403)
    expect(res.code).toBe(4031)
    expect((await t.call('GET', '/api/audit/verify')).status).toBe(403)
  })

  it('names a history row edited behind the app (trigger off), and is whole again when it is put back', async () => {
    const [row] = await raw<{ process_id: string; seq: number; chain_no: string; comment: string }>(
      'select process_id, seq, chain_no, comment from process_history order by chain_no desc offset 2 limit 1',
    )
    await behindTheBack(
      `update process_history set comment = 'rewritten' where process_id = $1 and seq = $2`,
      [row.process_id, row.seq],
    )
    // The trigger is on again: the app's own rule still holds.
    await expect(
      raw(`update process_history set comment = 'again' where process_id = $1`, [row.process_id]),
    ).rejects.toThrow(/append-only/)
    const v = await verify()
    expect(v.ok).toBe(false)
    const broken = chainOf(v, 'process_history').firstBroken
    expect(broken).toEqual({
      row: Number(row.chain_no),
      code: 'changed',
      reason: `Row ${row.chain_no} was changed after it was written: its content does not match its hash`,
    })
    expect(chainOf(v, 'artwork_history').firstBroken).toBeNull()
    expect(chainOf(v, 'system_logs').firstBroken).toBeNull()
    const zh = await verify('zh-CN')
    expect(chainOf(zh, 'process_history').firstBroken?.reason).toBe(
      `第 ${row.chain_no} 行写入后被改动：其内容与哈希不符`,
    )

    await behindTheBack(`update process_history set comment = $3 where process_id = $1 and seq = $2`, [
      row.process_id,
      row.seq,
      row.comment,
    ])
    expect((await verify()).ok).toBe(true)
  })

  it('names a history row deleted behind the app, and the rows removed from its end', async () => {
    const [row] = await raw<Record<string, unknown>>(
      'select * from process_history order by chain_no desc offset 1 limit 1',
    )
    await behindTheBack('delete from process_history where process_id = $1 and seq = $2', [
      row.process_id,
      row.seq,
    ])
    let broken = chainOf(await verify(), 'process_history').firstBroken
    expect(broken).toMatchObject({ row: Number(row.chain_no), code: 'missing' })
    expect(broken?.reason).toBe(`Row ${row.chain_no} is gone: it was removed`)
    // Put back exactly as it was: whole again.
    const columns = Object.keys(row)
    await behindTheBack(
      `insert into process_history (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      columns.map((c) => (c === 'payload' && row[c] !== null ? JSON.stringify(row[c]) : row[c])),
    )
    expect(chainOf(await verify(), 'process_history').firstBroken).toBeNull()

    // The last row of the artwork history removed: the chain stops before its recorded head.
    const [last] = await raw<Record<string, unknown>>(
      'select * from artwork_history order by chain_no desc limit 1',
    )
    await raw('delete from artwork_history where id = $1', [last.id])
    broken = chainOf(await verify(), 'artwork_history').firstBroken
    expect(broken).toMatchObject({ row: Number(last.chain_no), code: 'removedAtEnd' })
    expect(broken?.reason).toMatch(new RegExp(`^Rows ${last.chain_no} to ${last.chain_no} at the end`))
    const columns2 = Object.keys(last)
    await raw(
      `insert into artwork_history (${columns2.join(', ')}) values (${columns2.map((_, i) => `$${i + 1}`).join(', ')})`,
      columns2.map((c) => (['changes', 'snapshot'].includes(c) ? JSON.stringify(last[c]) : last[c])),
    )
    expect((await verify()).ok).toBe(true)
  })

  it('names a record snapshot changed inside its JSON, and a log row written around the app', async () => {
    const [row] = await raw<{ id: string; chain_no: string; snapshot: Record<string, unknown> }>(
      'select id, chain_no, snapshot from artwork_history order by chain_no limit 1',
    )
    await raw(
      `update artwork_history set snapshot = jsonb_set(snapshot, '{titleEn}', '"forged"') where id = $1`,
      [row.id],
    )
    expect(chainOf(await verify(), 'artwork_history').firstBroken).toMatchObject({
      row: Number(row.chain_no),
      code: 'changed',
    })
    await raw('update artwork_history set snapshot = $2 where id = $1', [
      row.id,
      JSON.stringify(row.snapshot),
    ])
    expect(chainOf(await verify(), 'artwork_history').firstBroken).toBeNull()

    await t.deps.logWriter.flush()
    await raw(
      `insert into system_logs (log_id, module_name, access_time, request_uri, operation_type, http_method,
        exec_time, success, response_code) values (gen_random_uuid(), 'auth', now(), '/forged', 'QUERY', 'GET', 1, true, 0)`,
    )
    const broken = chainOf(await verify(), 'system_logs').firstBroken
    expect(broken?.code).toBe('unchained')
    expect(broken?.reason).toBe('1 rows are outside the chain: they were written around the system')
    await raw(`delete from system_logs where request_uri = '/forged'`)
  })
})

describe('the daily verification and the heads', () => {
  it('tells every administrator in both languages when a chain breaks, and nothing when all hold', async () => {
    const countMessages = async () =>
      (
        await raw<{ n: number }>(
          `select count(*)::int as n from messages where title_en like 'Tamper check failed%'`,
        )
      )[0].n
    expect(await verifyAndTell(t.deps.database.db, new Date())).toBe(0)
    expect(await countMessages()).toBe(0)

    const [row] = await raw<{ process_id: string; seq: number; chain_no: string; comment: string }>(
      'select process_id, seq, chain_no, comment from process_history order by chain_no limit 1',
    )
    await behindTheBack(`update process_history set comment = 'x' where process_id = $1 and seq = $2`, [
      row.process_id,
      row.seq,
    ])
    try {
      expect(await verifyAndTell(t.deps.database.db, new Date())).toBe(1)
      const sent = await raw<{ title_zh: string; title_en: string; body_zh: string; body_en: string }>(
        `select m.title_zh, m.title_en, m.body_zh, m.body_en from messages m join users u on u.id = m.recipient_id
          where u.username = 'admin' and m.title_en like 'Tamper check failed%'`,
      )
      expect(sent).toHaveLength(1)
      expect(sent[0].title_en).toBe('Tamper check failed: Process history')
      expect(sent[0].title_zh).toBe('防篡改校验未通过：流程历史')
      expect(sent[0].body_en).toContain(`Row ${row.chain_no} was changed after it was written`)
      expect(sent[0].body_zh).toContain(`第 ${row.chain_no} 行写入后被改动`)
      // Only administrators: the registrar is told nothing.
      const others = await raw<{ n: number }>(
        `select count(*)::int as n from messages m join users u on u.id = m.recipient_id
          where u.username = 'registrar' and m.title_en like 'Tamper check failed%'`,
      )
      expect(others[0].n).toBe(0)
      const heads = await t.call<{ chains: ChainHead[] }>('GET', '/api/audit/heads', { token: admin })
      expect(heads.data.chains.find((c) => c.name === 'process_history')?.verifiedOk).toBe(false)
    } finally {
      await behindTheBack(`update process_history set comment = $3 where process_id = $1 and seq = $2`, [
        row.process_id,
        row.seq,
        row.comment,
      ])
    }
  })

  it('serves the heads as recorded, with when they were last verified', async () => {
    await verify()
    const res = await t.call<{ chains: ChainHead[] }>('GET', '/api/audit/heads', { token: admin })
    expect(res.code).toBe(0)
    for (const head of res.data.chains) {
      expect(head.head).toMatch(/^[0-9a-f]{64}$/)
      expect(head.rows).toBeGreaterThan(0)
      expect(head.verifiedOk).toBe(true)
      expect(head.verifiedAt).not.toBeNull()
    }
  })
})

/** Until no row of `table` waits for the linker (the linker runs on its own: nothing here asks it to). */
async function untilLinked(query: (text: string) => Promise<{ n: number }[]>, table: string) {
  for (let i = 0; i < 200; i++) {
    const [left] = await query(`select count(*)::int as n from ${table} where chain_no is null`)
    if (left.n === 0) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${table}: rows still waiting for the linker after 20 s`)
}

describe('the linker', () => {
  it('links a written row on its own shortly after it commits; a row changed after that is found', async () => {
    let p = await start()
    p = await send(p, 'Linked later')
    await untilLinked((text) => raw(text), 'process_history')
    const [row] = await raw<{ process_id: string; seq: number; chain_no: string; comment: string }>(
      'select process_id, seq, chain_no, comment from process_history where process_id = $1 and seq = $2',
      [p.id, p.version],
    )
    expect(Number(row.chain_no)).toBeGreaterThan(0)
    await behindTheBack(
      `update process_history set comment = 'after linking' where process_id = $1 and seq = $2`,
      [row.process_id, row.seq],
    )
    try {
      expect(chainOf(await verify(), 'process_history').firstBroken).toMatchObject({
        row: Number(row.chain_no),
        code: 'changed',
      })
    } finally {
      await behindTheBack(`update process_history set comment = $3 where process_id = $1 and seq = $2`, [
        row.process_id,
        row.seq,
        row.comment,
      ])
    }
    expect((await verify()).ok).toBe(true)
  })

  it('reports rows waiting to be linked, and names one changed while it waited once it is older than the limit', async () => {
    const written = logRow(new Date(), '/waiting')
    // As the app writes it: no position, the digest of its canonical text. The verification links it.
    await insertLogRow(written, pendingDigest(canonicalRow('system_logs', written)))
    let v = await verify()
    expect(chainOf(v, 'system_logs').firstBroken).toBeNull()
    const [linked] = await raw<{ chain_no: string | null }>(
      `select chain_no from system_logs where request_uri = '/waiting'`,
    )
    expect(linked.chain_no).not.toBeNull()

    // Changed while it waited: its content no longer gives its digest, so no linker takes it.
    const changed = logRow(new Date(), '/changed-while-waiting')
    await insertLogRow(changed, pendingDigest(canonicalRow('system_logs', { ...changed, execTime: 999 })))
    v = await verify()
    expect(v.ok, JSON.stringify(v)).toBe(true)
    expect(chainOf(v, 'system_logs').pending.rows).toBe(1)
    expect(chainOf(v, 'system_logs').pending.oldestSeconds).toBeGreaterThanOrEqual(0)
    expect(chainOf(v, 'process_history').pending).toEqual({ rows: 0, oldestSeconds: null })

    // Older than the limit: a break, worded in both languages.
    await raw(
      `update system_logs set access_time = now() - $1::interval where request_uri = '/changed-while-waiting'`,
      [`${PENDING_LIMIT_MS / 1000 + 30} seconds`],
    )
    try {
      v = await verify()
      expect(v.ok).toBe(false)
      const chain = chainOf(v, 'system_logs')
      expect(chain.pending.rows).toBe(1)
      expect(chain.pending.oldestSeconds).toBeGreaterThanOrEqual(PENDING_LIMIT_MS / 1000)
      expect(chain.firstBroken).toMatchObject({ code: 'unlinked', row: chain.rows + 1 })
      expect(chain.firstBroken?.reason).toBe(
        `1 rows written have waited more than ${PENDING_LIMIT_MS / 1000} seconds to be linked: changed while waiting, or the linker is not running`,
      )
      const zh = chainOf(await verify('zh-CN'), 'system_logs').firstBroken
      expect(zh?.reason).toBe(
        `有 1 行写入后超过 ${PENDING_LIMIT_MS / 1000} 秒仍未入链：等待期间被改动，或链接程序未在运行`,
      )
    } finally {
      await raw(`delete from system_logs where request_uri = '/changed-while-waiting'`)
    }
    expect((await verify()).ok).toBe(true)
  })
})

/** A log row inserted straight into the table, unlinked, with the given hash (a digest, or null). */
async function insertLogRow(row: ReturnType<typeof logRow>, hash: string | null) {
  await raw(
    `insert into system_logs (log_id, module_name, create_by, create_by_user_id, access_time, request_uri,
       operation_type, client_ip_addr, browser_user_agent, http_method, exec_time, success, response_code, exception,
       hash) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      row.logId,
      row.moduleName,
      row.createBy,
      row.createByUserId,
      row.accessTime,
      row.requestUri,
      row.operationType,
      row.clientIpAddr,
      row.browserUserAgent,
      row.httpMethod,
      row.execTime,
      row.success,
      row.responseCode,
      row.exception,
      hash,
    ],
  )
}

describe('rows older than the chains, and the purge', () => {
  it('links at boot, in order, the rows written before a chain existed', async () => {
    await raw('update artwork_history set chain_no = null, hash = null')
    await raw(
      `update audit_chains set last_no = 0, head = $1, pruned_no = 0, pruned_head = $1 where name = 'artwork_history'`,
      [GENESIS_HASH],
    )
    expect(chainOf(await verify(), 'artwork_history').firstBroken?.code).toBe('unchained')
    await backfillChains(t.deps.database.db)
    const v = await verify()
    expect(v.ok, JSON.stringify(v)).toBe(true)
    const [n] = await raw<{ n: number }>('select count(*)::int as n from artwork_history')
    expect(chainOf(v, 'artwork_history').rows).toBe(n.n)
    // A chain that has begun takes nothing more at boot: a row put outside it stays named.
    await raw(`update artwork_history set chain_no = null, hash = null where chain_no = 1`)
    await backfillChains(t.deps.database.db)
    expect(chainOf(await verify(), 'artwork_history').firstBroken?.code).toBe('missing')
  })

  it('purges the log from the start of its chain, and the rest still verifies; a row removed after is found', async () => {
    await t.deps.logWriter.flush()
    const [before] = await raw<{ n: number }>('select count(*)::int as n from system_logs')
    // Everything so far is older than the retention seen from 400 days on.
    const later = new Date(Date.now() + 400 * 86_400_000)
    // A millisecond apart: the linker links rows found together in order of their time (then their key).
    for (let i = 0; i < 3; i++) t.deps.logWriter.add(logRow(new Date(later.getTime() + i), `/kept/${i}`))
    await t.deps.logWriter.flush()
    const purged = await purgeSystemLogs(t.deps.database.db, later)
    expect(purged).toBeGreaterThanOrEqual(before.n)
    const left = await raw<{ request_uri: string; chain_no: string }>(
      'select request_uri, chain_no from system_logs order by chain_no',
    )
    expect(left.map((r) => r.request_uri).slice(0, 3)).toEqual(['/kept/0', '/kept/1', '/kept/2'])
    const [state] = await raw<{ pruned_no: string }>(
      `select pruned_no from audit_chains where name = 'system_logs'`,
    )
    expect(Number(state.pruned_no)).toBe(Number(left[0].chain_no) - 1)
    expect(chainOf(await verify(), 'system_logs').firstBroken).toBeNull()

    await raw(`delete from system_logs where request_uri = '/kept/0'`)
    expect(chainOf(await verify(), 'system_logs').firstBroken).toMatchObject({
      row: Number(left[0].chain_no),
      code: 'missing',
    })
  })
})

function logRow(at: Date, uri: string) {
  return {
    logId: crypto.randomUUID(),
    moduleName: 'system',
    createBy: null,
    createByUserId: null,
    accessTime: at,
    requestUri: uri,
    operationType: 'QUERY',
    clientIpAddr: '10.0.0.1',
    browserUserAgent: 'Chain/1.0',
    httpMethod: 'GET',
    execTime: 1,
    success: true,
    responseCode: 0,
    exception: null,
  }
}

describe('two servers writing at once', () => {
  let s: TestServers
  beforeAll(async () => {
    s = await startServers(2)
  }, 120_000)
  afterAll(() => s?.close())

  it('keeps one unbroken chain per table when both append events and log rows concurrently', async () => {
    const [a, b] = s.servers
    const tokens = [await a.login('registrar'), await b.login('registrar')]
    const startOn = async (i: number) => {
      const res = await s.servers[i].call<ProcessView>('POST', '/api/process', {
        token: tokens[i],
        body: { type: 'BUY_ART', input: { artworks: [{ titleZh: `并发${i}`, titleEn: `Concurrent ${i}` }] } },
      })
      expect(res.code, res.msg).toBe(0)
      return res.data
    }
    // Four processes per server, each sent 10 events, all clients at once on both servers.
    const clients = Array.from({ length: 8 }, (_, k) => k % 2)
    const processes = await Promise.all(clients.map(startOn))
    await Promise.all(
      clients.map(async (i, k) => {
        let p = processes[k]
        for (let e = 0; e < 10; e++) {
          const res = await s.servers[i].call<ProcessView>('POST', `/api/process/${p.id}/events`, {
            token: tokens[i],
            body: { type: 'SAVE', expectedVersion: p.version, payload: { seller: `S${k}-${e}` } },
          })
          expect(res.code, res.msg).toBe(0)
          p = res.data
        }
      }),
    )
    await Promise.all(s.servers.map((server) => server.deps.logWriter.flush()))
    const adminToken = await a.login('admin')
    const res = await b.call<AuditVerification>('GET', '/api/audit/verify', { token: adminToken })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.ok, JSON.stringify(res.data)).toBe(true)
    const db = s.servers[0].deps.database
    const [history] = (await db.raw(
      `select count(*)::int as n, count(distinct chain_no)::int as distinct_no, max(chain_no)::int as top,
              min(chain_no)::int as bottom
         from process_history`,
    )) as { n: number; distinct_no: number; top: number; bottom: number }[]
    expect(history.distinct_no).toBe(history.n)
    expect(history.top - history.bottom + 1).toBe(history.n)
    expect(history.n).toBeGreaterThanOrEqual(8 * 11)
  })

  it('links rows both servers write at once on its own, in one order from the first position without gaps', async () => {
    const [a, b] = s.servers
    const tokens = [await a.login('registrar'), await b.login('registrar')]
    const db = a.deps.database
    const started = await Promise.all(
      [0, 1, 0, 1].map(async (i, k) => {
        const res = await s.servers[i].call<ProcessView>('POST', '/api/process', {
          token: tokens[i],
          body: {
            type: 'BUY_ART',
            input: { artworks: [{ titleZh: `自链${k}`, titleEn: `On its own ${k}` }] },
          },
        })
        expect(res.code, res.msg).toBe(0)
        return res.data
      }),
    )
    await Promise.all(
      started.map(async (first, k) => {
        let p = first
        for (let e = 0; e < 8; e++) {
          const res = await s.servers[k % 2].call<ProcessView>('POST', `/api/process/${p.id}/events`, {
            token: tokens[k % 2],
            body: { type: 'SAVE', expectedVersion: p.version, payload: { seller: `L${k}-${e}` } },
          })
          expect(res.code, res.msg).toBe(0)
          p = res.data
        }
      }),
    )
    // No verification and no export asks for it: the servers' linkers link the rows on their own.
    await untilLinked((text) => db.raw(text) as Promise<{ n: number }[]>, 'process_history')
    const rows = (await db.raw('select chain_no::int as no from process_history order by chain_no')) as {
      no: number
    }[]
    expect(rows.map((r) => r.no)).toEqual(rows.map((_, i) => i + 1))
    const [head] = (await db.raw(
      `select last_no::int as n from audit_chains where name = 'process_history'`,
    )) as {
      n: number
    }[]
    expect(head.n).toBe(rows.length)
    const adminToken = await b.login('admin')
    const res = await a.call<AuditVerification>('GET', '/api/audit/verify', { token: adminToken })
    expect(res.data.ok, JSON.stringify(res.data)).toBe(true)
  })
})
