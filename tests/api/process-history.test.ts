// A history you can trust, on the real database: the rows of process_history cannot be
// updated, deleted or truncated by anyone who connects (a trigger), a process with history cannot be
// deleted, and every row records the machine version it was applied on and what allowed the action (a
// privilege, 'allPrivileges', or 'starter' for the starter's own TERMINATE / RESTART).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { approvePrivilege } from '../../src/shared/privileges'
import { createTestContext, type TestContext } from './helpers'
import { dueDiligence, makePdf } from './process-helpers'

let t: TestContext
let tokens: Record<string, string>

beforeAll(async () => {
  t = await createTestContext()
  await makePdf(t)
  tokens = {}
  for (const u of ['admin', 'registrar', 'approver']) tokens[u] = await t.login(u)
})
afterAll(() => t?.close())

async function start(user: string): Promise<ProcessView> {
  const res = await t.call<ProcessView>('POST', '/api/process', {
    token: tokens[user],
    body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '历史', titleEn: 'History' }] } },
  })
  if (res.code !== 0) throw new Error(`start: ${res.code} ${res.msg}`)
  return res.data
}

async function send(user: string, p: ProcessView, type: string, extra: Record<string, unknown> = {}) {
  const res = await t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
    token: tokens[user],
    body: { type, expectedVersion: p.version, ...extra },
  })
  if (res.code !== 0) throw new Error(`${user} ${type}: ${res.code} ${res.msg} ${JSON.stringify(res.data)}`)
  return res.data
}

interface HistoryRow {
  seq: number
  event_type: string
  comment: string
  definition_version: number
  allowed_by: string
}

const historyOf = async (id: string) =>
  (await t.deps.database.raw(
    `select seq, event_type, comment, definition_version, allowed_by from process_history
      where process_id = $1 order by seq`,
    [id],
  )) as HistoryRow[]

/** The error the database raises for `statement`, or undefined when it succeeded. */
async function refusal(statement: string, params: unknown[] = []): Promise<string | undefined> {
  try {
    await t.deps.database.raw(statement, params)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

describe('process history in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of history rows, leaving them as they were', async () => {
    let p = await start('registrar')
    p = await send('registrar', p, 'SAVE', { payload: { seller: 'Kept' } })
    const before = await historyOf(p.id)
    expect(before).toHaveLength(2)

    expect(
      await refusal(`update process_history set comment = 'rewritten' where process_id = $1`, [p.id]),
    ).toMatch(/append-only: UPDATE refused/)
    expect(
      await refusal(
        `update process_history set allowed_by = 'allPrivileges' where process_id = $1 and seq = 2`,
        [p.id],
      ),
    ).toMatch(/append-only/)
    expect(await refusal('delete from process_history where process_id = $1', [p.id])).toMatch(
      /append-only: DELETE refused/,
    )
    expect(await refusal('truncate process_history cascade')).toMatch(/append-only: TRUNCATE refused/)
    expect(await historyOf(p.id)).toEqual(before)
  })

  it('never deletes a process with its history: the delete is refused, both stay', async () => {
    const p = await start('registrar')
    expect(await refusal('delete from processes where id = $1', [p.id])).toMatch(
      /process_history|foreign key|append-only/,
    )
    const rows = (await t.deps.database.raw('select id from processes where id = $1', [p.id])) as unknown[]
    expect(rows).toHaveLength(1)
    expect(await historyOf(p.id)).toHaveLength(1)
  })

  it('still appends: a new event adds its row after the refused changes', async () => {
    let p = await start('registrar')
    await refusal('delete from process_history where process_id = $1', [p.id])
    p = await send('registrar', p, 'SAVE', { payload: { seller: 'Next' } })
    expect((await historyOf(p.id)).map((h) => h.seq)).toEqual([1, 2])
  })
})

describe('what each history row records', () => {
  it('records the machine version and the privilege, allPrivileges or starter that allowed each event', async () => {
    let p = await start('registrar')
    p = await send('admin', p, 'SAVE', { payload: { seller: 'By the administrator' } })
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    p = await send('approver', p, 'REJECT', { comment: 'Provenance missing' })
    p = await send('registrar', p, 'TERMINATE', { comment: 'Seller withdrew' })
    p = await send('registrar', p, 'RESTART')
    p = await send('approver', p, 'TERMINATE', { comment: 'Stopped by the approver' })

    const rows = await historyOf(p.id)
    expect(rows.map((r) => [r.event_type, r.allowed_by])).toEqual([
      ['CREATE', 'devOpsManage:start'],
      ['SAVE', 'allPrivileges'],
      ['SUBMIT', 'devOpsManage:start'],
      ['REJECT', approvePrivilege('BUY_ART')],
      ['TERMINATE', 'starter'],
      ['RESTART', 'starter'],
      ['TERMINATE', approvePrivilege('BUY_ART')],
    ])
    expect(rows.every((r) => r.definition_version === p.definitionVersion)).toBe(true)
    // The view shows them on each history row, from the event's own answer and from a fresh read alike.
    const shown = p.history.map((h) => [h.type, h.allowedBy, h.definitionVersion])
    expect(shown).toEqual(rows.map((r) => [r.event_type, r.allowed_by, r.definition_version]))
    const read = await t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: tokens.registrar })
    expect(read.data.history).toEqual(p.history)
  })
})
