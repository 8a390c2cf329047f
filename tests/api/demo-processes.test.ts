// The demo office on a fresh demo database: processes of every type in every main state, run by the demo
// users through the runtime, and a collection whose every standing (on loan, away, in transit, sold,
// insured) follows from those processes — the invariants hold over the whole database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registeredTypes } from '../../machines/registry'
import pkg from '../../package.json' with { type: 'json' }
import { writeDemoDocuments } from '../../src/server/seed/demo-documents'
import { DEMO_RELEASE_NOTES } from '../../src/server/seed/demo-releases'
import { createTestContext, type TestContext } from './helpers'
import { assertWorldConsistent, worldProblems } from './invariants'

let t: TestContext
const rows = async <T>(sql: string, params: unknown[] = []) => (await t.deps.database.raw(sql, params)) as T[]

beforeAll(async () => {
  t = await createTestContext({ collection: true })
})
afterAll(() => t?.close())

describe('the demo office', () => {
  it('has processes of every type, in every main status, run by the demo users', async () => {
    const types = await rows<{ type: string; n: number }>(
      'select type::text, count(*)::int as n from processes group by type',
    )
    expect(types.map((r) => r.type).sort()).toEqual([...registeredTypes()].sort())

    const statuses = new Set(
      (await rows<{ status: string }>('select distinct status::text from processes')).map((r) => r.status),
    )
    for (const status of [
      'approvalOngoing',
      'rejected',
      'approved',
      'toBeTransported',
      'transporting',
      'onLoan',
      'paymentFailed',
      'completed',
      'terminated',
      'draft',
    ])
      expect(statuses, status).toContain(status)

    // Through the runtime: one history row per version, written by the demo users in their roles.
    const [history] = await rows<{ bad: number }>(
      `select count(*)::int as bad from processes p
        where p.version <> (select count(*) from process_history h where h.process_id = p.id)`,
    )
    expect(history.bad).toBe(0)
    const actors = await rows<{ event: string; username: string }>(
      `select distinct h.event_type as event, u.username from process_history h join users u on u.id = h.by_user_id`,
    )
    const by = (event: string) => actors.filter((a) => a.event === event).map((a) => a.username)
    expect(by('APPROVE')).toContain('approver')
    expect(by('CONFIRM_PAYMENT')).toEqual(['finance'])
    expect(by('SUBMIT')).not.toContain('approver')
    expect(by('REJECT').length).toBeGreaterThan(0)
    expect(by('PAYMENT_FAILED').length).toBeGreaterThan(0)

    // Restarted: live again, with a TERMINATE and a RESTART in its history.
    const [restarted] = await rows<{ n: number }>(
      `select count(*)::int as n from processes p where p.status <> 'terminated' and not p.done
         and exists (select 1 from process_history h where h.process_id = p.id and h.event_type = 'RESTART')`,
    )
    expect(restarted.n).toBeGreaterThan(0)
  })

  it('leaves a consistent world: nothing transporting, on loan or held without a live process', async () => {
    await assertWorldConsistent(t)
  })

  it('brings artworks on loan, away, on the road and sold by running their processes', async () => {
    const standing = await rows<{ status: string; transport: string; away: boolean; n: number }>(
      `select status::text, transport_status::text as transport, not in_warehouse as away, count(*)::int as n
         from artworks group by 1, 2, 3`,
    )
    const count = (f: (r: (typeof standing)[number]) => boolean) =>
      standing.filter(f).reduce((n, r) => n + r.n, 0)
    expect(count((r) => r.status === 'on_loan')).toBeGreaterThan(5)
    expect(count((r) => r.transport === 'transporting')).toBeGreaterThan(5)
    expect(count((r) => r.transport === 'to_be_transported')).toBeGreaterThan(0)
    expect(count((r) => r.status === 'sold')).toBeGreaterThan(0)

    // Every artwork on loan got there by its loan's ARRIVE at the borrower (a loan_out movement of that loan).
    const [loaned] = await rows<{ bad: number }>(
      `select count(*)::int as bad from artworks a where a.status = 'on_loan' and not exists (
         select 1 from artwork_movements m join processes p on p.id = m.process_id
          where m.artwork_id = a.id and m.kind = 'loan_out' and p.state = 'return.onLoan')`,
    )
    expect(loaned.bad).toBe(0)
    // Sold only by a completed sale, whose collection was confirmed.
    const [sold] = await rows<{ bad: number }>(
      `select count(*)::int as bad from artworks a where a.status = 'sold' and not exists (
         select 1 from process_artworks pa join processes p on p.id = pa.process_id
          where pa.artwork_id = a.id and p.type = 'OPERATION_SELL_ART' and p.state = 'completed'
            and exists (select 1 from payments y where y.process_id = p.id and y.status = 'paid'))`,
    )
    expect(sold.bad).toBe(0)
    // Away from the vaults (in the collection or just bought) only while a live process has it.
    const [away] = await rows<{ bad: number }>(
      `select count(*)::int as bad from artworks a left join processes p on p.id = a.active_process_id
        where not a.in_warehouse and a.status in ('in_collection', 'purchased')
          and (p.id is null or p.done or p.status = 'terminated')`,
    )
    expect(away.bad).toBe(0)
    // Covered only under an active policy that names the artwork.
    const [covered] = await rows<{ bad: number; n: number }>(
      `select count(*) filter (where not exists (
           select 1 from insurance_policy_artworks pa join insurance_policies ip on ip.id = pa.policy_id
            where pa.artwork_id = a.id and ip.status = 'active'))::int as bad, count(*)::int as n
         from artworks a where a.insurance_status = 'covered'`,
    )
    expect(covered.n).toBeGreaterThan(100)
    expect(covered.bad).toBe(0)
    // Nothing the processes did not move was moved by hand: every movement but 'created' names a process.
    const [manual] = await rows<{ n: number }>(
      `select count(*)::int as n from artwork_movements where kind <> 'created' and process_id is null`,
    )
    expect(manual.n).toBe(0)
  })

  it('has a sold work awaiting delivery, sold by a sale paid in full', async () => {
    const operations = await t.login('operations')
    const res = await t.call('GET', '/api/operations/sale-deliveries?show=awaiting', { token: operations })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.total).toBeGreaterThan(0)
    const saleIds = res.data.list.map((w: { sale: { id: string } }) => w.sale.id)
    // Every completed sale's contract is paid in full (the invariant says so for the whole database too).
    const paid = await rows<{ id: string; amount: string; paid: string }>(
      `select p.id, c.amount::text as amount, coalesce((select sum(y.amount) from payments y
          where y.contract_id = c.id and y.status = 'paid'), 0)::text as paid
        from processes p join contracts c on c.process_id = p.id and c.superseded_at is null
        where p.id = any($1::uuid[])`,
      [saleIds],
    )
    expect(paid.length).toBe(saleIds.length)
    for (const sale of paid) expect(sale.paid, sale.id).toBe(sale.amount)
  })

  it('has a batch of arrived artworks awaiting warehousing on the batch stock-in screen', async () => {
    const operations = await t.login('operations')
    const res = await t.call('GET', '/api/stocktakes/inbound', { token: operations })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.total).toBeGreaterThan(0)
  })

  it("publishes the running version's release notes in both languages", async () => {
    const viewer = await t.login('viewer')
    const list = async (lang: string) =>
      (
        await t.call('GET', '/api/releases', {
          token: viewer,
          lang,
          headers: { 'x-system-name': 'versionLog' },
        })
      ).data.list as { number: string; status: string; notesZh: string; notesEn: string; notes: string }[]
    const [zh] = (await list('zh-CN')).filter((r) => r.number === pkg.version)
    expect(zh).toMatchObject({
      status: 'published',
      notesZh: DEMO_RELEASE_NOTES.zh,
      notesEn: DEMO_RELEASE_NOTES.en,
    })
    expect(zh.notes).toBe(DEMO_RELEASE_NOTES.zh)
    const [en] = (await list('en')).filter((r) => r.number === pkg.version)
    expect(en.notes).toBe(DEMO_RELEASE_NOTES.en)
    // The users seeded with it count as shown it: no "what's new" notice covers their first screen.
    const unseen = await t.call('GET', '/api/releases/unseen', { token: viewer })
    expect(unseen.data.release).toBeNull()
  })

  it('fills the inbox, the bell and the analysts’ counts', async () => {
    const approver = await t.login('approver')
    const inbox = await t.call('GET', '/api/process/inbox?kind=approve', { token: approver })
    expect(inbox.data.total).toBeGreaterThanOrEqual(5)
    // A rejected step is back with its submitter: a fill task claimed for them.
    const registrar = await t.login('registrar')
    const back = await t.call('GET', '/api/process/inbox?kind=fill', { token: registrar })
    expect(back.data.list.some((task: { state: string }) => task.state.endsWith('.rejected'))).toBe(true)
    const unread = await t.call('GET', '/api/message/unread-count', { token: approver })
    expect(JSON.stringify(unread.data)).toMatch(/[1-9]/)
    for (const type of ['OPERATION_LOAN_EXHIBITION_ART', 'OPERATION_TRANS_ART', 'BUY_ART']) {
      const stats = await t.call('GET', `/api/process/definitions/${type}/stats`, { token: approver })
      expect(stats.data.total, type).toBeGreaterThan(0)
    }
  })

  it('attaches demo PDFs, whose bytes the painter writes once and the files module serves', async () => {
    const [docs] = await rows<{ n: number; attached: number }>(
      `select count(*)::int as n, count(*) filter (where exists (select 1 from process_history h
          where h.payload::text like '%' || f.id::text || '%'))::int as attached
        from files f where f.storage_key like 'demodoc-%'`,
    )
    expect(docs.n).toBeGreaterThan(5)
    expect(docs.attached).toBe(docs.n)
    expect(await writeDemoDocuments(t.deps)).toBe(docs.n)
    expect(await writeDemoDocuments(t.deps)).toBe(0)
    const [doc] = await rows<{ id: string; size: number; sha256: string }>(
      "select id, size, sha256 from files where storage_key = 'demodoc-operation-loan-exhibition-art'",
    )
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/)
    const admin = await t.login('admin')
    const res = await t.app.request(`/api/file/downloadFile/${doc.id}`, {
      headers: { 'x-auth-token': admin },
    })
    expect(res.status).toBe(200)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.length).toBe(Number(doc.size))
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(bytes.toString('latin1')).toContain('Loan agreement')
  })

  it('keeps reminders for live policies only, none due before a month from now', async () => {
    const [soon] = await rows<{ n: number }>(
      `select count(*)::int as n from process_reminders
        where delivered_at is null and cancelled_at is null and due_at < now() + interval '30 days'`,
    )
    expect(soon.n).toBe(0)
    expect(
      (
        await rows<{ n: number }>("select count(*)::int as n from insurance_policies where status = 'active'")
      )[0].n,
    ).toBeGreaterThan(1)
  })

  it('names each breach of the invariants (the check can fail)', async () => {
    const [victim] = await rows<{ id: string; inventory_no: string }>(
      `select id, inventory_no from artworks where status = 'in_collection' and active_process_id is null
         and transport_status = 'none' and room_id is not null order by inventory_no limit 1`,
    )
    const [ended] = await rows<{ id: string }>(
      `select id from processes where status = 'terminated' order by created_at limit 1`,
    )
    await t.deps.database.raw(
      `update artworks set status = 'on_loan', transport_status = 'transporting', active_process_id = $2
        where id = $1`,
      [victim.id, ended.id],
    )
    try {
      const problems = await worldProblems(t)
      expect(problems.map((p) => [p.rule, p.who])).toEqual([
        ['transporting without a live process of its own in transit', victim.inventory_no],
        ['on loan without a live loan of its own in return.onLoan', victim.inventory_no],
        ['held by a process that has ended, or that does not name it', victim.inventory_no],
        ['on loan, yet in the warehouse or in a room', victim.inventory_no],
      ])
      await expect(assertWorldConsistent(t)).rejects.toThrow(victim.inventory_no)
    } finally {
      await t.deps.database.raw(
        `update artworks set status = 'in_collection', transport_status = 'none', active_process_id = null
          where id = $1`,
        [victim.id],
      )
    }
    expect(await worldProblems(t)).toEqual([])
  })
})

describe('the demo office’s lists', () => {
  it('hold news of both kinds and a purchase warehoused in one batch', async () => {
    const kinds = await rows<{ kind: string }>(
      `select kind::text from contents where status = 'published' order by kind`,
    )
    expect(kinds.map((r) => r.kind)).toEqual(['exhibition', 'message'])
    const [batches] = await rows<{ n: number }>(
      `select count(distinct process_id)::int as n from artwork_movements where kind = 'warehousing'`,
    )
    expect(batches.n).toBeGreaterThan(0)
  })
})

describe('without demo data', () => {
  it('seeds no process, no demo document, no artwork and no news', async () => {
    const bare = await createTestContext({ demo: false })
    try {
      const [n] = (await bare.deps.database.raw(
        `select (select count(*) from processes)::int as processes, (select count(*) from artworks)::int as artworks,
                (select count(*) from files where storage_key like 'demodoc-%')::int as documents,
                (select count(*) from contents)::int as news`,
      )) as { processes: number; artworks: number; documents: number; news: number }[]
      expect(n).toEqual({ processes: 0, artworks: 0, documents: 0, news: 0 })
    } finally {
      await bare.close()
    }
  })
})
