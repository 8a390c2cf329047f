// A process as it was after each event of its history (GET /api/process/:id/at/:seq), rebuilt from the
// history rows: for every demo process (walked by the seed through the runtime) the state at each seq is the
// state its history row recorded, and at the last seq the rebuilt view equals the process now (state, step
// data, steps); a seq beyond the end, or not a number, is a 400 at `seq` with a message; viewing needs what
// viewing the process needs; the past view offers no event.
import { isDeepStrictEqual } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMessage } from '../../src/shared/errors'
import { createTestContext, type TestContext } from './helpers'
import { type Flow, openFlow } from './process-flow'
import { dueDiligence } from './process-helpers'

let f: Flow
/** The demo office with its collection and the processes the seed walked on it. */
let demo: TestContext
let demoAdmin: string
beforeAll(async () => {
  f = await openFlow()
  demo = await createTestContext({ collection: true })
  demoAdmin = await demo.login('admin')
}, 120_000)
afterAll(async () => {
  await demo?.close()
  await f?.close()
})

async function historyOf(id: string): Promise<{ seq: number; toState: string; type: string }[]> {
  const res = await demo.call('GET', `/api/process/${id}/history?pageSize=200`, { token: demoAdmin })
  expect(res.code, res.msg).toBe(0)
  return [...res.data.list].reverse()
}

describe('GET /api/process/:id/at/:seq', () => {
  it('rebuilds every demo process at every event: the recorded state each time, the process now at the end', async () => {
    const list = await demo.call('GET', '/api/process?pageSize=200', { token: demoAdmin })
    expect(list.code, list.msg).toBe(0)
    const processes = list.data.list as { id: string; type: string }[]
    expect(processes.length).toBeGreaterThan(10)
    const wrong: string[] = []
    let checked = 0
    for (const p of processes) {
      const history = await historyOf(p.id)
      for (const h of history) {
        const res = await demo.call('GET', `/api/process/${p.id}/at/${h.seq}`, { token: demoAdmin })
        checked += 1
        if (res.code !== 0) {
          wrong.push(`${p.type} ${p.id} at ${h.seq}: ${res.code} ${res.msg}`)
          continue
        }
        if (res.data.state !== h.toState || res.data.replay.recordedState !== h.toState)
          wrong.push(`${p.type} at ${h.seq} (${h.type}): ${res.data.state}, recorded ${h.toState}`)
        expect(res.data.replay).toMatchObject({ seq: h.seq, latestSeq: history.length, event: h.type })
        expect(res.data.nextEvents).toEqual([])
        expect(res.data.history.at(-1).seq).toBe(h.seq)
      }
      const now = await demo.call('GET', `/api/process/${p.id}`, { token: demoAdmin })
      const last = await demo.call('GET', `/api/process/${p.id}/at/${history.length}`, { token: demoAdmin })
      for (const key of ['state', 'status', 'done', 'currentStep', 'steps', 'definitionVersion'] as const)
        if (!isDeepStrictEqual(last.data[key], now.data[key]))
          wrong.push(
            `${p.type} ${p.id} ${key}: ${JSON.stringify(last.data[key])} ≠ ${JSON.stringify(now.data[key])}`,
          )
      // Equal records (the keys of a rebuilt record may come in another order).
      if (!isDeepStrictEqual(last.data.context.steps, now.data.context.steps))
        wrong.push(`${p.type} ${p.id}: the step data differ at the last event`)
    }
    expect(wrong).toEqual([])
    expect(checked).toBeGreaterThan(processes.length)
  }, 240_000)

  it('shows the step data of the moment: a submitted step before its approval, its draft before that', async () => {
    let p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '回放', titleEn: 'Replay' }] })
    p = await f.send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    p = await f.send('approver', p, 'APPROVE')
    const at1 = await f.t.call('GET', `/api/process/${p.id}/at/1`, { token: f.tokens.viewer })
    expect(at1.code, at1.msg).toBe(0)
    expect(at1.data.state).toBe('dueDiligence.draft')
    expect(at1.data.context.steps.dueDiligence?.data).toBeUndefined()
    const at2 = await f.t.call('GET', `/api/process/${p.id}/at/2`, { token: f.tokens.viewer })
    expect(at2.data.state).toBe('dueDiligence.submitted')
    expect(at2.data.context.steps.dueDiligence.data).toEqual(p.context.steps.dueDiligence.data)
    expect(at2.data.context.steps.dueDiligence.approvals).toEqual([])
    expect(at2.data.historyTotal).toBe(2)
    const at3 = await f.t.call('GET', `/api/process/${p.id}/at/3`, { token: f.tokens.viewer })
    expect(at3.data.state).toBe(p.state)
  })

  it('refuses a seq beyond the end or not a number with a 400 at seq, an unknown process with 404', async () => {
    const p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '回放', titleEn: 'Replay' }] })
    const beyond = await f.t.call('GET', `/api/process/${p.id}/at/${p.version + 1}`, {
      token: f.tokens.admin,
    })
    expect(beyond.status).toBe(400)
    expect(beyond.data.fieldErrors).toEqual({ seq: formatMessage('historySeqBeyond', 'en') })
    const zh = await f.t.call('GET', `/api/process/${p.id}/at/99`, { token: f.tokens.admin, lang: 'zh-CN' })
    expect(zh.data.fieldErrors).toEqual({ seq: formatMessage('historySeqBeyond', 'zh-CN') })
    const zero = await f.t.call('GET', `/api/process/${p.id}/at/0`, { token: f.tokens.admin })
    expect(zero.status).toBe(400)
    expect(Object.keys(zero.data.fieldErrors)).toEqual(['seq'])
    const word = await f.t.call('GET', `/api/process/${p.id}/at/first`, { token: f.tokens.admin })
    expect(word.status).toBe(400)
    expect(Object.keys(word.data.fieldErrors)).toEqual(['seq'])
    const missing = await f.t.call('GET', '/api/process/00000000-0000-4000-8000-000000000000/at/1', {
      token: f.tokens.admin,
    })
    expect(missing.status).toBe(404)
  })

  it('needs what viewing the process needs', async () => {
    const p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '回放', titleEn: 'Replay' }] })
    expect((await f.t.call('GET', `/api/process/${p.id}/at/1`)).code).toBe(403)
    const login = await f.t.call('GET', '/api/auth/users?pageSize=100', { token: f.tokens.admin })
    const someone = login.data.list.find((u: any) => u.username === 'finance')
    expect(someone).toBeTruthy()
    // Everyone who may view the process may see its past; the answers match the view's.
    for (const user of ['admin', 'registrar', 'approver', 'finance', 'operations', 'viewer']) {
      const view = await f.t.call('GET', `/api/process/${p.id}`, { token: f.tokens[user] })
      const past = await f.t.call('GET', `/api/process/${p.id}/at/1`, { token: f.tokens[user] })
      expect(past.code, `${user}: ${past.msg}`).toBe(view.code)
    }
  })
})
