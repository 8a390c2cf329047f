// CONDITION_CHECK through the API on a real database: a check planned for today walks to closed, its findings
// (grade, notes, photographs, next due) appear in the artwork's condition reports, and a repair started from
// it names it; a check planned in the past is refused at the field in both languages with nothing stored; the
// schedule rules (per artwork, per category) refuse bad input at the field, say what is due and overdue, and
// the daily job starts each due check once even with two servers ticking; terminating leaves the world
// consistent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScheduler } from '../../src/server/jobs/scheduler'
import { conditionChecksDueJob } from '../../src/server/modules/condition-checks/jobs'
import { officeToday } from '../../src/server/office-day'
import type { ConditionReportList } from '../../src/shared/contracts/condition'
import type { ConditionDueList, ConditionRuleRow } from '../../src/shared/contracts/condition-checks'
import type { ProcessView } from '../../src/shared/contracts/process'
import { addDays, addMonths } from '../../src/shared/office-time'
import { assertWorldConsistent } from './invariants'
import { type Flow, openFlow } from './process-flow'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
}, 120_000)
afterAll(async () => {
  await f?.close()
})

const view = async (id: string) =>
  (await f.t.call<ProcessView>('GET', `/api/process/${id}`, { token: f.tokens.registrar })).data
const checksOf = async (artworkId: string) =>
  (await f.t.deps.database.raw(
    `select p.id, p.state, p.snapshot->'context'->'subject' as subject from processes p
       join process_artworks pa on pa.process_id = p.id
      where p.type = 'CONDITION_CHECK' and pa.artwork_id = $1 order by p.created_at`,
    [artworkId],
  )) as { id: string; state: string; subject: Record<string, unknown> }[]
const call = <T>(method: string, url: string, user: string, body?: unknown, lang: 'en' | 'zh-CN' = 'en') =>
  f.t.call<T>(method, url, { token: f.tokens[user], lang, ...(body === undefined ? {} : { body }) })

describe('condition checks', () => {
  it('walks to closed; its findings are in the condition reports; a repair started from it links back', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('CONDITION_CHECK', ids)
    const today = officeToday()
    let p = await f.start('operations', 'CONDITION_CHECK', { artworkIds: ids, plannedOn: today })
    expect(p.state).toBe('findings.draft')
    expect(p.links?.mayStart ?? []).toEqual([])
    p = await f.pass(p, s.findings[0])
    expect(p).toMatchObject({ state: 'completed', status: 'completed', done: true })

    const reports = await call<ConditionReportList>(
      'GET',
      `/api/artworks/${ids[0]}/condition-reports`,
      'registrar',
    )
    expect(reports.data.items[0]).toMatchObject({
      kind: 'conditionCheck',
      grade: 'fair',
      conditionOk: true,
      nextDueOn: '2027-03-02',
      on: '2026-03-02',
      standing: 'approved',
      note: s.findings[0].notes,
    })
    expect(reports.data.items[0].photos).toHaveLength(1)

    p = await view(p.id)
    expect(p.links?.mayStart).toEqual([
      { type: 'OPERATION_REPAIR_ART', input: { artworkIds: ids, sourceProcessId: p.id } },
    ])
    const repair = await f.start('operations', 'OPERATION_REPAIR_ART', p.links?.mayStart[0].input)
    expect(repair.links?.follows.map((l) => [l.type, l.id])).toEqual([['CONDITION_CHECK', p.id]])
    expect((await view(p.id)).links?.followedBy.map((l) => [l.type, l.id])).toEqual([
      ['OPERATION_REPAIR_ART', repair.id],
    ])
    await assertWorldConsistent(f.t)
  })

  it('a check after a transport or a damage names it', async () => {
    const ids = await f.artworks(1)
    const damage = await f.start('operations', 'DAMAGE_LOSS', { artworkIds: ids })
    const d = f.samples('DAMAGE_LOSS', ids)
    const passed = await f.pass(damage, d.incident[0])
    const offered = (await view(passed.id)).links?.mayStart.map((m) => m.type)
    expect(offered).toContain('CONDITION_CHECK')
    const check = await f.start('operations', 'CONDITION_CHECK', {
      artworkIds: ids,
      sourceProcessId: damage.id,
    })
    expect(check.links?.follows.map((l) => [l.type, l.id])).toEqual([['DAMAGE_LOSS', damage.id]])
  })

  it('refuses a check planned in the past at the field, in both languages, and stores nothing', async () => {
    const ids = await f.artworks(1)
    const yesterday = addDays(officeToday(), -1)
    for (const [lang, words] of [
      ['en', 'The planned date cannot be earlier than today'],
      ['zh-CN', '计划日期不能早于今天'],
    ] as const) {
      const res = await call<any>(
        'POST',
        '/api/process',
        'operations',
        { type: 'CONDITION_CHECK', input: { artworkIds: ids, plannedOn: yesterday } },
        lang,
      )
      expect(res.status).toBe(400)
      expect(res.data.fieldErrors).toEqual({ 'input.plannedOn': words })
    }
    expect(await checksOf(ids[0])).toEqual([])
  })

  it('refuses bad findings at the field and keeps the step as it was', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('CONDITION_CHECK', ids)
    const p = await f.start('operations', 'CONDITION_CHECK', { artworkIds: ids })
    const refused = async (payload: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') => {
      const res = await call<any>(
        'POST',
        `/api/process/${p.id}/events`,
        'operations',
        { type: 'SUBMIT', expectedVersion: p.version, payload },
        lang,
      )
      expect(res.status).toBe(400)
      return res.data.fieldErrors as Record<string, string>
    }
    expect(await refused({ ...s.findings[0], nextDueOn: '2026-01-01' })).toEqual({
      'payload.nextDueOn': 'The next check cannot be due before this check',
    })
    expect(await refused({ ...s.findings[0], grade: 'splendid' })).toHaveProperty(['payload.grade'])
    expect(await refused({ ...s.findings[0], grade: undefined }, 'zh-CN')).toEqual({
      'payload.grade': '必填',
    })
    expect(await view(p.id)).toMatchObject({ state: 'findings.draft', version: p.version })
  })

  it('terminated from each leaf, the world stays consistent; a restart starts over', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('CONDITION_CHECK', ids)
    for (const submitFirst of [false, true]) {
      let p = await f.start('operations', 'CONDITION_CHECK', { artworkIds: ids })
      if (submitFirst) p = await f.send('operations', p, 'SUBMIT', { payload: s.findings[0] })
      p = await f.send('operations', p, 'TERMINATE', { comment: 'Checked with the next transport instead' })
      expect(p.state).toBe('terminated')
      await assertWorldConsistent(f.t)
      p = await f.send('operations', p, 'RESTART')
      expect(p.state).toBe('findings.draft')
      await f.send('operations', p, 'TERMINATE', { comment: 'Not needed' })
    }
    await assertWorldConsistent(f.t)
  })
})

describe('condition check schedule', () => {
  const rules = '/api/condition-checks/rules'

  it('refuses bad rules at the field, in both languages, and stores nothing', async () => {
    const [id] = await f.artworks(1)
    const before = (await call<{ list: ConditionRuleRow[] }>('GET', rules, 'viewer')).data.list.length
    const bad = async (body: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') => {
      const res = await call<any>('POST', rules, 'operations', body, lang)
      expect(res.status).toBe(400)
      return res.data.fieldErrors as Record<string, string>
    }
    expect(await bad({ intervalMonths: 12 })).toEqual({
      artworkId: 'Choose either one artwork or one category',
    })
    expect(await bad({ artworkId: id, mediumTagId: 1, intervalMonths: 12 }, 'zh-CN')).toEqual({
      artworkId: '请选择一件作品或一个分类（二选一）',
    })
    expect(Object.keys(await bad({ artworkId: id, intervalMonths: 0 }))).toEqual(['intervalMonths'])
    expect(Object.keys(await bad({ artworkId: id, intervalMonths: 1.5 }))).toEqual(['intervalMonths'])
    expect(Object.keys(await bad({ mediumTagId: 999_999, intervalMonths: 6 }))).toEqual(['mediumTagId'])
    expect(Object.keys(await bad({ artworkId: crypto.randomUUID(), intervalMonths: 6 }))).toEqual([
      'artworkId',
    ])
    expect((await call<{ list: ConditionRuleRow[] }>('GET', rules, 'viewer')).data.list).toHaveLength(before)
    const viewer = await call<any>('POST', rules, 'viewer', { artworkId: id, intervalMonths: 6 })
    expect(viewer.code).toBe(4031)
  })

  it('says what is due and overdue; the daily job starts each due check once across two servers', async () => {
    const db = f.t.deps.database
    const [single, a, b] = await f.artworks(3)
    const [medium] = (await db.raw(
      `select c.id from tags c join tags p on p.id = c.parent_id where p.code = 'CREATION_MEDIUM' order by c.id limit 1`,
    )) as { id: number }[]
    await db.raw('update artworks set medium_tag_id = $1 where id = any($2::uuid[])', [medium.id, [a, b]])
    const one = await call<ConditionRuleRow>('POST', rules, 'operations', {
      artworkId: single,
      intervalMonths: 12,
    })
    expect(one.status).toBe(200)
    expect(one.data).toMatchObject({ target: { kind: 'artwork' }, artworks: 1, due: 1, enabled: true })
    const category = await call<ConditionRuleRow>('POST', rules, 'operations', {
      mediumTagId: medium.id,
      intervalMonths: 6,
    })
    expect(category.data.target.kind).toBe('category')
    expect(category.data.artworks).toBeGreaterThanOrEqual(2)

    // The artwork's rule was made 40 days ago: its first check is overdue since then.
    const today = officeToday()
    await db.raw(`update condition_check_rules set created_at = now() - interval '40 days' where id = $1`, [
      one.data.id,
    ])
    const due = async () => (await call<ConditionDueList>('GET', '/api/condition-checks/due', 'viewer')).data
    const rowOf = (list: ConditionDueList, id: string) => list.list.find((r) => r.artworkId === id)
    let listed = await due()
    expect(rowOf(listed, single)).toMatchObject({ overdue: true, processId: null, ruleId: one.data.id })
    expect(rowOf(listed, a)).toMatchObject({ dueOn: today, overdue: false, processId: null })

    const at = new Date()
    const servers = [0, 1].map(() =>
      startScheduler(db.db, [conditionChecksDueJob], { now: () => at, intervalMs: 3_600_000 }),
    )
    await Promise.all(servers.map((s) => s.tick()))
    for (const s of servers) s.stop()
    for (const id of [single, a, b]) expect(await checksOf(id)).toHaveLength(1)
    const [started] = await checksOf(single)
    expect(started.subject).toMatchObject({ ruleId: one.data.id, artworkIds: [single] })
    listed = await due()
    expect(rowOf(listed, single)).toMatchObject({ overdue: true, processId: started.id })

    // The next day's run finds them running and starts nothing more.
    const tomorrow = new Date(at.getTime() + 86_400_000)
    const next = startScheduler(db.db, [conditionChecksDueJob], {
      now: () => tomorrow,
      intervalMs: 3_600_000,
    })
    await next.tick()
    next.stop()
    for (const id of [single, a, b]) expect(await checksOf(id)).toHaveLength(1)

    // Closed, the next check is due at the earlier of the findings' next due and the rule's months.
    const s = f.samples('CONDITION_CHECK', [single])
    const p = await f.pass(await view(started.id), {
      ...s.findings[0],
      checkedOn: today,
      nextDueOn: addMonths(today, 18),
    })
    expect(p.state).toBe('completed')
    listed = await due()
    expect(rowOf(listed, single)).toMatchObject({
      dueOn: addMonths(today, 12),
      overdue: false,
      processId: null,
    })

    // A rule out of use makes nothing due; removed, it is gone.
    const off = await call<ConditionRuleRow>('PUT', `${rules}/${category.data.id}`, 'operations', {
      intervalMonths: 6,
      enabled: false,
    })
    expect(off.data).toMatchObject({ enabled: false, artworks: 0, due: 0 })
    expect((await call<any>('DELETE', `${rules}/${one.data.id}`, 'operations')).status).toBe(200)
    expect((await call<any>('DELETE', `${rules}/${one.data.id}`, 'operations')).status).toBe(404)
    listed = await due()
    expect(rowOf(listed, single)).toBeUndefined()
    await assertWorldConsistent(f.t)
  })
})
