// Legal entities, ownership by periods, pledges and holdings through the API on a real database: the tree
// refuses a cycle, an unknown parent and an unknown jurisdiction; ownership takes shares adding up to exactly
// 100.00 from a day after the current period's start, keeps the earlier periods, and is refused at the field
// in both languages with nothing stored otherwise; a completed sale ends it; a pledged work cannot start a
// sale or an exhibition loan (nor pass the step that binds it), the refusal naming the pledge; holdings are
// share-weighted over an entity and those under it, valued and converted as of the day asked.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAIN_COLUMNS } from '../../src/server/modules/artworks/excel-columns'
import { ownersAsOf } from '../../src/server/modules/artworks/ownership/ownership'
import type { EntityNode, HoldingsView, OwnershipView } from '../../src/shared/contracts/ownership'
import { assertWorldConsistent } from './invariants'
import { day, type Flow, openFlow } from './process-flow'
import { contract, countRows, dueDiligence, payment } from './process-helpers'

let f: Flow
let admin: string
beforeAll(async () => {
  f = await openFlow()
  admin = f.tokens.admin
}, 120_000)
afterAll(async () => {
  await f?.close()
})

const call = <T = any>(
  method: string,
  path: string,
  body?: unknown,
  { token = admin, lang = 'en', system = 'artworkArchive' } = {},
) => f.t.call<T>(method, `/api${path}`, { token, body, lang, headers: { 'x-system-name': system } })

const entity = (nameEn: string, extra: Record<string, unknown> = {}) => ({
  nameZh: `${nameEn}（中文）`,
  nameEn,
  kind: 'company',
  jurisdiction: 'HK',
  ...extra,
})
async function create(nameEn: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call('POST', '/entities', entity(nameEn, extra), { system: 'authManage' })
  expect(res.code, res.msg).toBe(0)
  return res.data.id
}

let holding: string
let trust: string
let foundation: string
let member: string

describe('legal entities', () => {
  it('builds a tree and serves it in the request language', async () => {
    holding = await create('Holding Co')
    trust = await create('Family Trust', { kind: 'trust', parentId: holding, jurisdiction: 'vg' })
    foundation = await create('Foundation', { kind: 'foundation', jurisdiction: 'SG' })
    member = await create('Family member', { kind: 'person', jurisdiction: 'CN' })
    const tree = await call<EntityNode[]>('GET', '/entities')
    expect(tree.code, tree.msg).toBe(0)
    const root = tree.data.find((n) => n.id === holding)
    expect(root?.children.map((c) => [c.name, c.kind, c.jurisdiction])).toEqual([
      ['Family Trust', 'trust', 'VG'],
    ])
    const zh = await call<EntityNode[]>('GET', '/entities', undefined, { lang: 'zh-CN' })
    expect(zh.data.find((n) => n.id === holding)?.name).toBe('Holding Co（中文）')
  })

  it('refuses a cycle, an unknown parent, an unknown jurisdiction and a bad kind at the field, storing nothing', async () => {
    const before = await countRows(f.t, 'legal_entities')
    const cycle = await call('PUT', `/entities/${holding}`, entity('Holding Co', { parentId: trust }), {
      system: 'authManage',
    })
    expect([cycle.status, cycle.data.fieldErrors.parentId]).toEqual([
      400,
      'The parent cannot be the entity itself or one under it',
    ])
    const self = await call('PUT', `/entities/${holding}`, entity('Holding Co', { parentId: holding }), {
      system: 'authManage',
      lang: 'zh-CN',
    })
    expect([self.status, self.data.fieldErrors.parentId]).toEqual([
      400,
      '上级实体不能是该实体本身或其下属实体',
    ])
    const unknown = await call('POST', '/entities', entity('X', { parentId: crypto.randomUUID() }), {
      system: 'authManage',
    })
    expect([unknown.status, unknown.data.fieldErrors.parentId]).toEqual([400, 'No such legal entity'])
    const place = await call('POST', '/entities', entity('X', { jurisdiction: 'QQ' }), {
      system: 'authManage',
    })
    expect(place.status).toBe(400)
    expect(place.data.fieldErrors.jurisdiction).toMatch(/ISO 3166/)
    const kind = await call('POST', '/entities', entity('X', { kind: 'club' }), { system: 'authManage' })
    expect(kind.data.fieldErrors.kind).toBeTruthy()
    expect(await countRows(f.t, 'legal_entities')).toBe(before)
    const tree = await call<EntityNode[]>('GET', '/entities')
    expect(tree.data.find((n) => n.id === holding)?.parentId).toBeNull()
  })

  it('moves an entity under another and is writable only with the entities privilege', async () => {
    const moved = await call(
      'PUT',
      `/entities/${member}`,
      entity('Family member', { kind: 'person', parentId: foundation, jurisdiction: 'CN' }),
      { system: 'authManage' },
    )
    expect(moved.code, moved.msg).toBe(0)
    expect(moved.data.parentId).toBe(foundation)
    const denied = await call('POST', '/entities', entity('Y'), {
      token: f.tokens.registrar,
      system: 'authManage',
    })
    expect(denied.code).toBe(4031)
    expect((await call('GET', '/entities', undefined, { token: f.tokens.viewer })).code).toBe(0)
  })
})

describe('ownership by periods', () => {
  let work: string
  beforeAll(async () => {
    ;[work] = await f.artworks(1)
    await f.t.deps.database.raw("update artworks set creation_time = '1985' where id = $1", [work])
  })
  const own = (owners: [string, string][], from: string, extra = {}) =>
    call('POST', `/artworks/${work}/ownership`, {
      owners: owners.map(([entityId, sharePercent]) => ({ entityId, sharePercent })),
      from,
      ...extra,
    })

  it('starts with no owner', async () => {
    const res = await call<OwnershipView>('GET', `/artworks/${work}/ownership`)
    expect(res.data).toEqual({ current: [], history: [] })
  })

  it('sets owners whose shares add up to 100.00, and later ones keep the earlier period', async () => {
    const first = await own(
      [
        [holding, '60'],
        [trust, '40.00'],
      ],
      '2020-01-01',
      { note: 'bought' },
    )
    expect(first.code, first.msg).toBe(0)
    expect((first.data as OwnershipView).current.map((o) => [o.entityId, o.sharePercent]).sort()).toEqual(
      [
        [holding, '60.00'],
        [trust, '40.00'],
      ].sort(),
    )
    const second = await own(
      [
        [foundation, '33.33'],
        [member, '33.33'],
        [holding, '33.34'],
      ],
      '2024-06-01',
    )
    expect(second.code, second.msg).toBe(0)
    expect(second.data.current).toHaveLength(3)
    const old = (second.data as OwnershipView).history.filter((h) => h.from === '2020-01-01')
    expect(old.map((h) => h.to)).toEqual(['2024-06-01', '2024-06-01'])
    expect(await ownersAsOf(f.t.deps.database.db, work, '2022-03-03')).toHaveLength(2)
    expect(await ownersAsOf(f.t.deps.database.db, work, '2024-06-01')).toHaveLength(3)
    expect(await ownersAsOf(f.t.deps.database.db, work, '2019-12-31')).toEqual([])
  })

  it('refuses bad input at the field in both languages, nothing stored', async () => {
    const before = await countRows(f.t, 'artwork_ownerships')
    const short = await own(
      [
        [holding, '60'],
        [trust, '39.99'],
      ],
      '2025-01-01',
    )
    expect([short.status, short.data.fieldErrors.owners]).toEqual([
      400,
      'The shares add up to 99.99 %, not 100.00 %',
    ])
    const zh = await call(
      'POST',
      `/artworks/${work}/ownership`,
      { owners: [{ entityId: holding, sharePercent: '100.01' }], from: '2025-01-01' },
      { lang: 'zh-CN' },
    )
    expect(zh.status).toBe(400)
    expect(zh.data.fieldErrors['owners.0.sharePercent']).toBe('份额应大于 0 且不超过 100（最多两位小数）')
    const unknown = await own([[crypto.randomUUID(), '100']], '2025-01-01')
    expect([unknown.status, unknown.data.fieldErrors['owners.0.entityId']]).toEqual([
      400,
      'No such legal entity',
    ])
    const twice = await own(
      [
        [holding, '50'],
        [holding, '50'],
      ],
      '2025-01-01',
    )
    expect(twice.data.fieldErrors['owners.1.entityId']).toBe('Each entity is listed once')
    const overlap = await own([[holding, '100']], '2024-06-01')
    expect([overlap.status, overlap.data.fieldErrors.from]).toEqual([
      400,
      'The start must come after 2024-06-01, when the current ownership began',
    ])
    const early = await own([[holding, '100']], '2023-01-01')
    expect(early.status).toBe(400)
    const unmade = await call('POST', '/artworks/ownership', {
      artworkIds: [work],
      owners: [{ entityId: holding, sharePercent: '100' }],
      from: '2026-01-01',
    })
    expect(unmade.code, unmade.msg).toBe(0)
    const beforeMade = await own([[holding, '100']], '1980-01-01')
    expect(beforeMade.status).toBe(400)
    const badDay = await own([[holding, '100']], '2025-02-30')
    expect(badDay.data.fieldErrors.from).toBeTruthy()
    expect(await countRows(f.t, 'artwork_ownerships')).toBe(before + 1)
  })

  it('sets a selection at once, or none of it when one is refused', async () => {
    const [a, b] = await f.artworks(2)
    await f.t.deps.database.raw("update artworks set creation_time = '2010' where id = $1", [b])
    const before = await countRows(f.t, 'artwork_ownerships')
    const refused = await call('POST', '/artworks/ownership', {
      artworkIds: [a, b],
      owners: [{ entityId: member, sharePercent: '100' }],
      from: '2005-01-01',
    })
    expect(refused.status).toBe(400)
    expect(await countRows(f.t, 'artwork_ownerships')).toBe(before)
    const done = await call('POST', '/artworks/ownership', {
      artworkIds: [a, b],
      owners: [{ entityId: member, sharePercent: '100' }],
      from: '2015-01-01',
    })
    expect(done.data).toEqual({ count: 2 })
  })
})

describe('pledges', () => {
  let pledged: string
  beforeAll(async () => {
    ;[pledged] = await f.artworks(1)
  })

  it('records a pledge and shows it active; refuses one ending before it starts', async () => {
    const bad = await call('POST', `/artworks/${pledged}/pledges`, {
      lender: 'Bank',
      from: day(0),
      to: day(-3),
    })
    expect([bad.status, bad.data.fieldErrors.to]).toEqual([400, 'A pledge cannot end before it starts'])
    expect(await countRows(f.t, 'artwork_pledges', 'artwork_id = $1', [pledged])).toBe(0)
    const res = await call('POST', `/artworks/${pledged}/pledges`, {
      lender: 'Hang Seng Bank',
      from: day(-10),
      note: 'credit line',
    })
    expect(res.code, res.msg).toBe(0)
    const list = await call('GET', `/artworks/${pledged}/pledges`)
    expect(list.data.map((p: { lender: string; active: boolean }) => [p.lender, p.active])).toEqual([
      ['Hang Seng Bank', true],
    ])
  })

  it('refuses starting a sale or an exhibition loan of a pledged work, naming the pledge', async () => {
    for (const type of ['OPERATION_SELL_ART', 'OPERATION_LOAN_EXHIBITION_ART']) {
      const before = await countRows(f.t, 'processes')
      const res = await f.t.call('POST', '/api/process', {
        token: f.tokens.registrar,
        lang: 'en',
        body: { type, input: { artworkIds: [pledged] } },
      })
      expect(res.status, type).toBe(400)
      expect(res.msg).toContain('pledged to Hang Seng Bank')
      expect(res.data.fieldErrors['input.artworkIds']).toContain(day(-10))
      expect(await countRows(f.t, 'processes')).toBe(before)
    }
  })

  it('checks again at the contract: a work pledged after the sale started cannot be bound', async () => {
    const [id] = await f.artworks(1)
    const s = f.samples('OPERATION_SELL_ART', [id])
    let sale = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: [id] })
    sale = await f.pass(sale, s.marketSurvey[0])
    await call('POST', `/artworks/${id}/pledges`, { lender: 'ICBC', from: day(0), to: day(30) })
    const res = await f.post('registrar', sale, { type: 'SUBMIT', payload: s.contract[0] })
    expect(res.status).toBe(400)
    expect(res.msg).toContain('ICBC')
    expect(await countRows(f.t, 'contracts', 'process_id = $1', [sale.id])).toBe(0)
  })
})

describe('a completed sale ends the ownership; holdings', () => {
  it('closes the running periods on the day of the sale', async () => {
    const [id] = await f.artworks(1)
    expect(
      (
        await call('POST', `/artworks/${id}/ownership`, {
          owners: [{ entityId: trust, sharePercent: '100' }],
          from: '2021-01-01',
        })
      ).code,
    ).toBe(0)
    const s = f.samples('OPERATION_SELL_ART', [id])
    let sale = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: [id] })
    sale = await f.pass(sale, s.marketSurvey[0])
    sale = await f.pass(sale, s.contract[0])
    sale = await f.pass(sale, s.collection[0], 'registrar')
    sale = await f.send('finance', sale, 'CONFIRM_PAYMENT', {
      payload: { paidOn: day(0), bankReference: 'S-1' },
    })
    expect(sale.status).toBe('completed')
    const res = await call<OwnershipView>('GET', `/artworks/${id}/ownership`)
    expect(res.data.current).toEqual([])
    expect(res.data.history).toHaveLength(1)
    expect(res.data.history[0].to).not.toBeNull()
  })

  it('weights by share over the entity and those under it, as of a day, converting at that day', async () => {
    const [a, b] = await f.artworks(2)
    const raw = f.t.deps.database.raw
    await raw(
      `insert into valuations (artwork_id, amount, currency, valued_on, method) values
      ($1, '1000.00', 'CNY', '2022-01-01', (enum_range(null::valuation_method))[1]),
      ($1, '2000.00', 'CNY', '2023-01-01', (enum_range(null::valuation_method))[1]),
      ($2, '100.00', 'ZZZ', '2022-01-01', (enum_range(null::valuation_method))[1])`,
      [a, b],
    )
    await call('POST', `/artworks/${a}/ownership`, {
      owners: [
        { entityId: holding, sharePercent: '50' },
        { entityId: trust, sharePercent: '25' },
        { entityId: member, sharePercent: '25' },
      ],
      from: '2021-06-01',
    })
    await call('POST', `/artworks/${b}/ownership`, {
      owners: [
        { entityId: trust, sharePercent: '10' },
        { entityId: foundation, sharePercent: '90' },
      ],
      from: '2021-06-01',
    })
    const at = (d: string) =>
      call<HoldingsView>('GET', `/entities/${holding}/holdings?at=${d}&currency=CNY`, undefined, {
        system: 'art-data-center',
      })
    const mid = await at('2022-06-30')
    expect(mid.code, mid.msg).toBe(0)
    const mine = mid.data.artworks.filter((r) => r.artworkId === a || r.artworkId === b)
    const row = (id: string) => mine.find((r) => r.artworkId === id)
    expect([row(a)?.sharePercent, row(a)?.value, row(a)?.currency, row(a)?.converted]).toEqual([
      '75.00',
      '750.00',
      'CNY',
      '750.00',
    ])
    expect([row(b)?.sharePercent, row(b)?.value, row(b)?.currency, row(b)?.converted]).toEqual([
      '10.00',
      '10.00',
      'ZZZ',
      null,
    ])
    expect(mid.data.unconverted).toContainEqual({ artworkId: b, value: '10.00', currency: 'ZZZ' })
    const later = await at('2023-06-30')
    expect(later.data.artworks.find((r) => r.artworkId === a)?.value).toBe('1500.00')
    const before = await at('2021-05-31')
    expect(before.data.artworks.find((r) => r.artworkId === a)).toBeUndefined()
    const unknown = await call('GET', `/entities/${crypto.randomUUID()}/holdings`, undefined, {
      system: 'art-data-center',
    })
    expect(unknown.status).toBe(404)
  })

  it('filters the archive by owner: the entity and those under it, today', async () => {
    const [mine, theirs] = await f.artworks(2)
    await call('POST', `/artworks/${mine}/ownership`, {
      owners: [{ entityId: trust, sharePercent: '100' }],
      from: '2020-01-01',
    })
    await call('POST', `/artworks/${theirs}/ownership`, {
      owners: [{ entityId: foundation, sharePercent: '100' }],
      from: '2020-01-01',
    })
    const ids = async (entityId: string) =>
      (await call('GET', `/artworks?ownerEntityId=${entityId}&pageSize=200`)).data.list.map(
        (a: { id: string }) => a.id,
      )
    const underHolding = await ids(holding)
    expect(underHolding).toContain(mine)
    expect(underHolding).not.toContain(theirs)
    expect(await ids(trust)).toContain(mine)
    expect(await ids(foundation)).toContain(theirs)
    expect(await ids(foundation)).not.toContain(mine)
  })

  it('a purchase records its buying entity, which owns the works once it completes', async () => {
    const unknown = await f.t.call('POST', '/api/process', {
      token: f.tokens.registrar,
      lang: 'en',
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '购' }], buyerEntityId: crypto.randomUUID() } },
    })
    expect([unknown.status, unknown.data.fieldErrors['input.buyerEntityId']]).toEqual([
      400,
      'No such legal entity',
    ])
    let p = await f.start('registrar', 'BUY_ART', {
      artworks: [{ titleZh: '购入', titleEn: 'Bought' }],
      buyerEntityId: trust,
    })
    p = await f.pass(p, { ...dueDiligence(), price: '1000.00' })
    p = await f.pass(p, { ...contract('1000.00'), number: `OWN-${Date.now()}` })
    p = await f.pass(p, payment('1000.00'))
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', { payload: { paidOn: day(0), bankReference: 'B-1' } })
    expect(p.status).toBe('completed')
    const bought = (await f.t.deps.database.raw(
      'select artwork_id as id from process_artworks where process_id = $1',
      [p.id],
    )) as { id: string }[]
    expect(bought).toHaveLength(1)
    const owners = await call<OwnershipView>('GET', `/artworks/${bought[0].id}/ownership`)
    expect(owners.data.current.map((o) => [o.entityId, o.sharePercent])).toEqual([[trust, '100.00']])
  })

  it('exports the current owners with their shares in the archive workbook', async () => {
    const [id] = await f.artworks(1)
    await call('POST', `/artworks/${id}/ownership`, {
      owners: [
        { entityId: holding, sharePercent: '60' },
        { entityId: trust, sharePercent: '40' },
      ],
      from: '2020-01-01',
    })
    const [row] = (await f.t.deps.database.raw('select inventory_no from artworks where id = $1', [id])) as {
      inventory_no: string
    }[]
    const res = await f.t.app.request(`/api/artworks/export?ownerEntityId=${trust}&lang=en`, {
      headers: { 'x-auth-token': admin, 'accept-language': 'en', 'x-system-name': 'artworkArchive' },
    })
    expect(res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    const ws = wb.getWorksheet('Artworks')!
    const col = MAIN_COLUMNS.findIndex((c) => c.key === 'owners') + 1
    expect(ws.getRow(1).getCell(col).value).toBe('Owners')
    const rows: unknown[][] = []
    ws.eachRow((r) => rows.push([r.getCell(1).value, r.getCell(col).value]))
    expect(rows).toContainEqual([row.inventory_no, 'Family Trust 40.00%; Holding Co 60.00%'])
  })

  it('leaves the world consistent (current shares add up to 100 or no owner)', async () => {
    await assertWorldConsistent(f.t)
  })
})
