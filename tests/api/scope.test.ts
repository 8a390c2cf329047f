// Users limited to legal entities (their scope) on a real database: a scoped user sees in the archive's list,
// search, summary and Excel export only the works owned today (any share) by their entities or those under
// them; an artwork out of scope, its sub-routes, its files and a process on it answer 404 as if they did not
// exist, and its tasks stay out of the inbox; an unscoped user sees everything; a change of scope (or of the
// entity tree) shows on the very next request; a scope is set only by a user manager who is not scoped
// narrower than what they give, an unknown entity is refused at the field in both languages.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAIN_COLUMNS } from '../../src/server/modules/artworks/excel-columns'
import { importsSettled } from '../../src/server/modules/artworks/excel-import'
import { upload } from './artworks-fixtures'
import { TEST_PASSWORD } from './helpers'
import { approvedPolicy, type Flow, openFlow, policyRow } from './process-flow'
import { makePdf } from './process-helpers'

let f: Flow
let admin: string
const roleIds = new Map<string, string>()
const userIds = new Map<string, string>()
const tokens = new Map<string, string>()

const call = <T = any>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  { lang = 'en', system = 'artworkArchive' } = {},
) => f.t.call<T>(method, `/api${path}`, { token, body, lang, headers: { 'x-system-name': system } })

const entity = (nameEn: string, parentId?: string) => ({
  nameZh: `${nameEn}（中文）`,
  nameEn,
  kind: 'company',
  jurisdiction: 'HK',
  ...(parentId ? { parentId } : {}),
})

async function createEntity(nameEn: string, parentId?: string): Promise<string> {
  const res = await call(admin, 'POST', '/entities', entity(nameEn, parentId), { system: 'authManage' })
  expect(res.code, res.msg).toBe(0)
  return res.data.id
}

async function createUser(
  username: string,
  body: Record<string, unknown>,
  token = admin,
): Promise<{ id: string; entityIds: string[] }> {
  const res = await call(
    token,
    'POST',
    '/auth/users',
    { username, displayName: username, password: TEST_PASSWORD, ...body },
    { system: 'authManage' },
  )
  expect(res.code, res.msg).toBe(0)
  userIds.set(username, res.data.id)
  tokens.set(username, await f.t.login(username))
  return res.data
}

const setScope = (target: string, entityIds: string[], token = admin, lang = 'en') =>
  call(
    token,
    'PUT',
    `/auth/users/${userIds.get(target)}/entities`,
    { entityIds },
    { system: 'authManage', lang },
  )

const own = async (work: string, owners: [string, string][], from: string) => {
  const res = await call(admin, 'POST', `/artworks/${work}/ownership`, {
    owners: owners.map(([entityId, sharePercent]) => ({ entityId, sharePercent })),
    from,
  })
  expect(res.code, res.msg).toBe(0)
}

let top: string // A
let under: string // A1, under A
let other: string // B
let inA1: string
let inB: string
let shared: string
let formerlyA1: string
let unowned: string
const inventory = new Map<string, string>()

beforeAll(async () => {
  f = await openFlow()
  admin = f.tokens.admin
  const roles = await call(admin, 'GET', '/auth/roles?pageSize=200', undefined, { system: 'authManage' })
  for (const r of roles.data.list) roleIds.set(r.key, r.id)
  top = await createEntity('Scope Holding')
  under = await createEntity('Scope Trust', top)
  other = await createEntity('Other Foundation')
  ;[inA1, inB, shared, formerlyA1, unowned] = await f.artworks(5)
  await own(inA1, [[under, '100']], '2020-01-01')
  await own(inB, [[other, '100']], '2020-01-01')
  await own(
    shared,
    [
      [top, '10'],
      [other, '90'],
    ],
    '2020-01-01',
  )
  await own(formerlyA1, [[under, '100']], '2019-01-01')
  await own(formerlyA1, [[other, '100']], '2021-01-01')
  const rows = (await f.t.deps.database.raw(
    'select id, inventory_no from artworks where id = any($1::uuid[])',
    [[inA1, inB, shared, formerlyA1, unowned]],
  )) as { id: string; inventory_no: string }[]
  for (const r of rows) inventory.set(r.id, r.inventory_no)
  // A word only these two works hold, searchable (the works were written straight into the table).
  await f.t.deps.database.raw(
    "update artworks set title_en = 'Zephyrscope', search_vector = array_to_tsvector('{zephyrscope}') where id = any($1::uuid[])",
    [[inA1, inB]],
  )
  mine = [inA1, shared]
  notMine = [inB, formerlyA1, unowned]
  // A preview file for one work in scope and one out of it.
  for (const work of [inA1, inB]) {
    const file = await makePdf(f.t)
    await f.t.deps.database.raw('update artworks set preview_file_id = $1 where id = $2', [file, work])
  }
  // The scoped user: what a viewer may, plus the export; limited to A (A1 under it counts).
  await createUser('scoped.sun', {
    roleIds: [roleIds.get('viewer')],
    privileges: ['artworkArchive:export', 'artworkArchive:share', 'art-data-center:view'],
  })
  await createUser('plain.pan', {
    roleIds: [roleIds.get('viewer')],
    privileges: ['artworkArchive:export', 'artworkArchive:share', 'art-data-center:view'],
  })
  const set = await setScope('scoped.sun', [top])
  expect(set.code, set.msg).toBe(0)
}, 180_000)
afterAll(async () => {
  await f?.close()
})

const token = (username: string) => tokens.get(username) ?? ''

async function listed(username: string, query = ''): Promise<string[]> {
  const res = await call(token(username), 'GET', `/artworks?pageSize=100${query}`)
  expect(res.code, res.msg).toBe(0)
  return res.data.list.map((a: { id: string }) => a.id)
}

let mine: string[] = []
let notMine: string[] = []

describe('setting a scope', () => {
  it('is stored and returned with the user, entity names in the request language', async () => {
    const res = await call(admin, 'GET', `/auth/users/${userIds.get('scoped.sun')}`, undefined, {
      system: 'authManage',
    })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.entityIds).toEqual([top])
    expect(res.data.entityNames).toEqual(['Scope Holding'])
    const zh = await call(admin, 'GET', `/auth/users/${userIds.get('scoped.sun')}`, undefined, {
      system: 'authManage',
      lang: 'zh-CN',
    })
    expect(zh.data.entityNames).toEqual(['Scope Holding（中文）'])
    const plain = await call(admin, 'GET', `/auth/users/${userIds.get('plain.pan')}`, undefined, {
      system: 'authManage',
    })
    expect(plain.data.entityIds).toEqual([])
  })

  it('refuses an unknown entity at the field in both languages, storing nothing', async () => {
    const en = await setScope('plain.pan', [top, crypto.randomUUID()])
    expect([en.status, en.data.fieldErrors['entityIds.1']]).toEqual([400, 'No such legal entity'])
    const zh = await setScope('plain.pan', [crypto.randomUUID()], admin, 'zh-CN')
    expect([zh.status, zh.data.fieldErrors['entityIds.0']]).toEqual([400, '没有这个法律实体'])
    const bad = await setScope('plain.pan', ['not-a-uuid'])
    expect(bad.status).toBe(400)
    expect(bad.data.fieldErrors['entityIds.0']).toBeTruthy()
    const rows = await f.t.deps.database.raw('select * from user_entity_scope where user_id = $1', [
      userIds.get('plain.pan'),
    ])
    expect(rows).toEqual([])
  })
})

describe('what a scoped user sees', () => {
  it('lists and searches only the works owned today by their entities or those under them', async () => {
    const scoped = await listed('scoped.sun')
    for (const id of mine) expect(scoped).toContain(id)
    for (const id of notMine) expect(scoped).not.toContain(id)
    const all = await listed('plain.pan')
    for (const id of [...mine, ...notMine]) expect(all).toContain(id)
    // A search matching a work in scope and one out of it finds only the first.
    expect(await listed('scoped.sun', '&keyword=zephyrscope')).toEqual([inA1])
    expect((await listed('plain.pan', '&keyword=zephyrscope')).sort()).toEqual([inA1, inB].sort())
    // The owner filter cannot widen it.
    expect(await listed('scoped.sun', `&ownerEntityId=${other}`)).toEqual([shared])
  })

  it('counts only those works in the summary', async () => {
    const scoped = await call(token('scoped.sun'), 'GET', '/artworks/summary')
    expect(scoped.code, scoped.msg).toBe(0)
    expect(scoped.data.count).toBe(mine.length)
    const all = await call(token('plain.pan'), 'GET', '/artworks/summary')
    expect(all.data.count).toBeGreaterThanOrEqual(mine.length + notMine.length)
  })

  it('answers 404 for an out-of-scope work, its sub-routes and its files, as if it did not exist', async () => {
    const u = token('scoped.sun')
    expect((await call(u, 'GET', `/artworks/${inA1}`)).code).toBe(0)
    for (const path of [
      `/artworks/${inB}`,
      `/artworks/${inB}/ownership`,
      `/artworks/${inB}/history`,
      `/artworks/${formerlyA1}`,
      `/artworks/${unowned}`,
    ]) {
      const res = await call(u, 'GET', path)
      expect([path, res.status, res.code]).toEqual([path, 404, 404])
    }
    const missing = await call(u, 'GET', `/artworks/${crypto.randomUUID()}`)
    const hidden = await call(u, 'GET', `/artworks/${inB}`)
    expect([hidden.code, hidden.msg]).toEqual([missing.code, missing.msg])
    expect((await call(token('plain.pan'), 'GET', `/artworks/${inB}`)).code).toBe(0)
    const [files] = (await f.t.deps.database.raw(
      'select (select preview_file_id from artworks where id = $1) as yes, (select preview_file_id from artworks where id = $2) as no',
      [inA1, inB],
    )) as { yes: string; no: string }[]
    expect((await call(u, 'POST', '/file/link', { id: files.yes })).code).toBe(0)
    const link = await call(u, 'POST', '/file/link', { id: files.no })
    expect([link.status, link.data?.ids]).toEqual([404, [files.no]])
    expect((await call(token('plain.pan'), 'POST', '/file/link', { id: files.no })).code).toBe(0)
    const download = await f.t.app.request(`/api/file/downloadFile/${files.no}`, {
      headers: { 'x-auth-token': u },
    })
    expect(download.status).toBe(404)
  })

  it('exports only the works in scope', async () => {
    const rowsOf = async (username: string) => {
      const res = await f.t.app.request('/api/artworks/export?lang=en', {
        headers: {
          'x-auth-token': token(username),
          'accept-language': 'en',
          'x-system-name': 'artworkArchive',
        },
      })
      expect(res.status).toBe(200)
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(await res.arrayBuffer())
      const numbers: string[] = []
      wb.getWorksheet('Artworks')!.eachRow((r, n) => {
        if (n > 1) numbers.push(String(r.getCell(1).value))
      })
      return numbers
    }
    const scoped = await rowsOf('scoped.sun')
    expect(scoped.sort()).toEqual(mine.map((id) => inventory.get(id)!).sort())
    const all = await rowsOf('plain.pan')
    for (const id of [...mine, ...notMine]) expect(all).toContain(inventory.get(id))
  })

  it('labels, counts in the data centre and shares only the works in scope', async () => {
    const u = token('scoped.sun')
    // Read to the end: a download holds its user's slot until then.
    const labels = async (t: string, ids: string[]) => {
      const res = await f.t.app.request('/api/labels/artworks.pdf', {
        method: 'POST',
        headers: { 'x-auth-token': t, 'content-type': 'application/json', 'x-system-name': 'devOpsManage' },
        body: JSON.stringify({ ids }),
      })
      await res.arrayBuffer()
      return res
    }
    expect((await labels(u, [inA1])).status).toBe(200)
    expect((await labels(u, [inA1, inB])).status).toBe(404)
    expect((await labels(token('plain.pan'), [inA1, inB])).status).toBe(200)
    const dashboard = async (t: string) => {
      const res = await call(t, 'GET', '/datacentre/collection', undefined, { system: 'art-data-center' })
      expect(res.code, res.msg).toBe(0)
      return res.data.totals.artworks as number
    }
    expect(await dashboard(u)).toBe(mine.length)
    expect(await dashboard(token('plain.pan'))).toBeGreaterThanOrEqual(mine.length + notMine.length)
    const share = (t: string, ids: string[], lang = 'en') =>
      call(
        t,
        'POST',
        '/shares',
        {
          artworkIds: ids,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          showValues: false,
          recipient: 'Ms Gallery',
        },
        { lang },
      )
    const refused = await share(u, [inA1, inB])
    expect([refused.status, refused.data.fieldErrors.artworkIds]).toEqual([
      400,
      `Artwork ${inventory.get(inB)} is outside your scope and cannot be shared`,
    ])
    const zh = await share(u, [inB], 'zh-CN')
    expect(zh.data.fieldErrors.artworkIds).toBe(`作品 ${inventory.get(inB)} 不在您的范围内，不能分享`)
    expect((await share(u, [inA1])).code).toBe(0)
    expect((await share(token('plain.pan'), [inB])).code).toBe(0)
  })

  it('does not see a process on an out-of-scope work, nor its tasks', async () => {
    const outside = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: [inB] })
    const inside = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: [inA1] })
    const u = token('scoped.sun')
    const sys = { system: 'devOpsManage' }
    expect((await call(u, 'GET', `/process/${inside.id}`, undefined, sys)).code).toBe(0)
    for (const path of [
      `/process/${outside.id}`,
      `/process/${outside.id}/history`,
      `/process/${outside.id}/tasks`,
    ]) {
      const res = await call(u, 'GET', path, undefined, sys)
      expect([path, res.status]).toEqual([path, 404])
    }
    const list = await call(u, 'GET', '/process?pageSize=100', undefined, sys)
    expect(list.code, list.msg).toBe(0)
    const ids = list.data.list.map((p: { id: string }) => p.id)
    expect(ids).toContain(inside.id)
    expect(ids).not.toContain(outside.id)
    const plain = await call(token('plain.pan'), 'GET', '/process?pageSize=100', undefined, sys)
    expect(plain.data.list.map((p: { id: string }) => p.id)).toContain(outside.id)
    // An operations user limited to A: the outside process's task is not in their inbox; the inside one is.
    await createUser('scoped.ops', { roleIds: [roleIds.get('operations')] })
    const inboxOf = async (t: string) => {
      const res = await call(t, 'GET', '/process/inbox?pageSize=100&claimed=all', undefined, sys)
      expect(res.code, res.msg).toBe(0)
      return res.data.list.map((x: { processId: string }) => x.processId)
    }
    const before = await inboxOf(token('scoped.ops'))
    expect(before).toContain(outside.id)
    expect((await setScope('scoped.ops', [top])).code).toBe(0)
    const after = await inboxOf(token('scoped.ops'))
    expect(after).toContain(inside.id)
    expect(after).not.toContain(outside.id)
    const counts = await call(token('scoped.ops'), 'GET', '/process/inbox/counts', undefined, sys)
    const unclaimed = await call(token('scoped.ops'), 'GET', '/process/inbox?pageSize=100', undefined, sys)
    expect(counts.data.openTasks).toBe(unclaimed.data.total)
    expect(unclaimed.data.list.map((x: { processId: string }) => x.processId)).not.toContain(outside.id)
    // Sending an event to the hidden process is refused as if it did not exist.
    const event = await call(
      token('scoped.ops'),
      'POST',
      `/process/${outside.id}/events`,
      { type: 'SAVE', expectedVersion: outside.version, payload: {} },
      sys,
    )
    expect(event.status).toBe(404)
  })

  it('takes a change of scope, and of the entity tree, on the very next request', async () => {
    expect((await setScope('scoped.sun', [other])).code).toBe(0)
    const now = await listed('scoped.sun')
    expect(now).toContain(inB)
    expect(now).not.toContain(inA1)
    expect((await call(token('scoped.sun'), 'GET', `/artworks/${inB}`)).code).toBe(0)
    // Moving A under B brings A1's work into the scope at once.
    const moved = await call(admin, 'PUT', `/entities/${top}`, entity('Scope Holding', other), {
      system: 'authManage',
    })
    expect(moved.code, moved.msg).toBe(0)
    expect(await listed('scoped.sun')).toContain(inA1)
    await call(admin, 'PUT', `/entities/${top}`, entity('Scope Holding'), { system: 'authManage' })
    expect(await listed('scoped.sun')).not.toContain(inA1)
    // Empty: the whole collection again.
    expect((await setScope('scoped.sun', [])).code).toBe(0)
    const all = await listed('scoped.sun')
    for (const id of [...mine, ...notMine]) expect(all).toContain(id)
    expect((await setScope('scoped.sun', [top])).code).toBe(0)
  })
})

describe('the rest of the office, within scope', () => {
  // Fresh works (the tests above move the scope about): two owned under A, two by B.
  let a1: string
  let a2: string
  let b1: string
  let b2: string
  const sys = { system: 'devOpsManage' }
  const scoped = () => token('scoped.sun')
  const plain = () => token('plain.pan')
  beforeAll(async () => {
    ;[a1, a2, b1, b2] = await f.artworks(4)
    for (const w of [a1, a2]) await own(w, [[under, '100']], '2020-01-01')
    for (const w of [b1, b2]) await own(w, [[other, '100']], '2020-01-01')
    const rows = (await f.t.deps.database.raw(
      'select id, inventory_no from artworks where id = any($1::uuid[])',
      [[a1, a2, b1, b2]],
    )) as { id: string; inventory_no: string }[]
    for (const r of rows) inventory.set(r.id, r.inventory_no)
  }, 60_000)

  it("shows the holdings of the user's entities only, and only their works", async () => {
    const held = async (t: string, entityId: string, at = '') => {
      const res = await call(t, 'GET', `/entities/${entityId}/holdings${at}`, undefined, {
        system: 'art-data-center',
      })
      return res
    }
    const mineNow = await held(scoped(), top)
    expect(mineNow.code, mineNow.msg).toBe(0)
    const ids = mineNow.data.artworks.map((a: { artworkId: string }) => a.artworkId)
    expect(ids).toEqual(expect.arrayContaining([a1, a2, inA1, shared]))
    for (const id of [b1, b2, inB]) expect(ids).not.toContain(id)
    // On a day A1 still held the work sold on to B: the whole office sees it, the scoped user does not.
    const then = await held(scoped(), top, '?at=2020-06-01')
    expect(then.data.artworks.map((a: { artworkId: string }) => a.artworkId)).not.toContain(formerlyA1)
    const thenAll = await held(plain(), top, '?at=2020-06-01')
    expect(thenAll.data.artworks.map((a: { artworkId: string }) => a.artworkId)).toContain(formerlyA1)
    // B, its figures and its files do not exist for the scoped user.
    const theirs = await held(scoped(), other)
    const missing = await held(scoped(), crypto.randomUUID())
    expect([theirs.status, theirs.msg]).toEqual([404, missing.msg])
    expect((await held(plain(), other)).code).toBe(0)
    for (const ext of ['xlsx', 'pdf']) {
      const res = await f.t.app.request(`/api/entities/${other}/holdings.${ext}`, {
        headers: { 'x-auth-token': scoped(), 'x-system-name': 'art-data-center' },
      })
      await res.arrayBuffer()
      expect([ext, res.status]).toEqual([ext, 404])
    }
    // The split by owner: the scoped user's own entity only, with its own count.
    const split = await call(scoped(), 'GET', '/entities/split', undefined, { system: 'art-data-center' })
    expect(split.code, split.msg).toBe(0)
    expect(split.data.entities.map((e: { entityId: string }) => e.entityId)).toEqual([top])
    expect(split.data.entities[0].count).toBe(mineNow.data.count)
    const whole = await call(plain(), 'GET', '/entities/split', undefined, { system: 'art-data-center' })
    expect(whole.data.entities.map((e: { entityId: string }) => e.entityId)).toContain(other)
  })

  it('names in the entity tree only their entities and those under them', async () => {
    type Node = { id: string; name: string; parentId: string | null; children: Node[] }
    const names = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)])
    const tree = await call(scoped(), 'GET', '/entities')
    expect(tree.code, tree.msg).toBe(0)
    expect(names(tree.data)).toEqual(['Scope Holding', 'Scope Trust'])
    expect(tree.data[0].parentId).toBeNull()
    const all = names((await call(plain(), 'GET', '/entities')).data)
    expect(all).toEqual(expect.arrayContaining(['Scope Holding', 'Scope Trust', 'Other Foundation']))
  })

  it('lists on an insurance schedule, its Excel and its PDF only the works in scope', async () => {
    const p = await approvedPolicy(f, [a1, b1], {})
    const policy = (await policyRow(f, p.id)).id
    const only = await approvedPolicy(f, [b2], {})
    const theirs = (await policyRow(f, only.id)).id
    const schedule = (t: string, id: string) =>
      call(t, 'GET', `/insurance/policies/${id}/schedule`, undefined, sys)
    const seen = await schedule(scoped(), policy)
    expect(seen.code, seen.msg).toBe(0)
    expect(seen.data.lines.map((l: { artwork: { id: string } }) => l.artwork.id)).toEqual([a1])
    expect(seen.data.scheduleTotal).toBe(seen.data.lines[0].insuredAmount)
    // The policy's own sum insured covers B's work too: not the scoped user's figure.
    expect(seen.data.policy.insuredAmount).toBeNull()
    const all = await schedule(plain(), policy)
    expect(all.data.lines.map((l: { artwork: { id: string } }) => l.artwork.id).sort()).toEqual(
      [a1, b1].sort(),
    )
    expect(all.data.policy.insuredAmount).not.toBeNull()
    // A policy covering only B's works does not exist for them.
    expect((await schedule(scoped(), theirs)).status).toBe(404)
    expect((await call(scoped(), 'GET', `/insurance/policies/${theirs}`, undefined, sys)).status).toBe(404)
    // Adjusting B's line on the shared policy: to a scoped approver it is not on the policy.
    await createUser('scoped.approver', { roleIds: [roleIds.get('approver')] })
    expect((await setScope('scoped.approver', [top])).code).toBe(0)
    const adjust = (artworkId: string) =>
      call(
        token('scoped.approver'),
        'PUT',
        `/insurance/policies/${policy}/schedule`,
        { items: [{ artworkId, insuredAmount: '1.00' }] },
        sys,
      )
    const before = await f.t.deps.database.raw(
      'select artwork_id, insured_amount from insurance_policy_artworks where policy_id = $1 order by 1',
      [policy],
    )
    const refused = await adjust(b1)
    expect([refused.status, refused.data.fieldErrors['items.0.artworkId']]).toEqual([400, expect.any(String)])
    expect(
      await f.t.deps.database.raw(
        'select artwork_id, insured_amount from insurance_policy_artworks where policy_id = $1 order by 1',
        [policy],
      ),
    ).toEqual(before)
    const adjusted = await adjust(a1)
    expect(adjusted.code, adjusted.msg).toBe(0)
    expect(adjusted.data.lines.map((l: { artwork: { id: string } }) => l.artwork.id)).toEqual([a1])
    const file = async (path: string) => {
      const res = await f.t.app.request(path, {
        headers: { 'x-auth-token': scoped(), 'accept-language': 'en', 'x-system-name': 'devOpsManage' },
      })
      return { res, body: Buffer.from(await res.arrayBuffer()) }
    }
    const xlsx = await file(`/api/insurance/policies/${policy}/schedule.xlsx`)
    expect(xlsx.res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer)
    const text = JSON.stringify(wb.worksheets.map((w) => w.getSheetValues()))
    expect(text).toContain(inventory.get(a1))
    expect(text).not.toContain(inventory.get(b1))
    const pdf = await file(`/api/reports/insurance/policies/${policy}/schedule.pdf`)
    expect([pdf.res.status, pdf.res.headers.get('x-artwork-count')]).toEqual([200, '1'])
    expect((await file(`/api/reports/insurance/policies/${theirs}/schedule.pdf`)).res.status).toBe(404)
    expect((await file(`/api/insurance/policies/${theirs}/schedule.xlsx`)).res.status).toBe(404)
    // The under-insurance check reads only their lines.
    for (const list of ['flagged', 'notComparable']) {
      const under = await call(
        scoped(),
        'GET',
        `/insurance/under-insured?list=${list}&pageSize=200`,
        undefined,
        sys,
      )
      expect(under.code, under.msg).toBe(0)
      const works = under.data.list.map((l: { artwork: { id: string } }) => l.artwork.id)
      for (const w of [b1, b2]) expect(works).not.toContain(w)
      expect(under.data.policies.map((x: { id: string }) => x.id)).not.toContain(theirs)
    }
  })

  it("reads a stocktake's results, its counts and its report only for the works in scope", async () => {
    const s = f.samples('INVENTORY_CHECK', [a2, b2])
    const p = await f.pass(await f.start('registrar', 'INVENTORY_CHECK', { roomId: f.room }), s.counting[1])
    const detail = (t: string) => call(t, 'GET', `/stocktakes/${p.id}`, undefined, sys)
    const seen = await detail(scoped())
    expect(seen.code, seen.msg).toBe(0)
    expect(seen.data.artworks.map((a: { artwork: { id: string } }) => a.artwork.id)).toEqual([a2])
    expect([seen.data.found + seen.data.missing]).toEqual([1])
    const all = await detail(plain())
    expect(all.data.artworks.map((a: { artwork: { id: string } }) => a.artwork.id).sort()).toEqual(
      [a2, b2].sort(),
    )
    expect(all.data.found + all.data.missing).toBe(2)
    const listed = await call(scoped(), 'GET', '/stocktakes?pageSize=100', undefined, sys)
    const item = listed.data.list.find((x: { process: { id: string } }) => x.process.id === p.id)
    expect(item.found + item.missing).toBe(1)
    const res = await f.t.app.request(`/api/reports/stocktakes/${p.id}/report.pdf`, {
      headers: { 'x-auth-token': scoped(), 'x-system-name': 'devOpsManage' },
    })
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.status).toBe(200)
    expect(body.includes(Buffer.from(inventory.get(b2)!))).toBe(false)
  })

  it('counts, moves, lends and delivers in the operations screens only what is in scope', async () => {
    const inside = await f.start('operations', 'OPERATION_LOAN_EXHIBITION_ART', { artworkIds: [a1] })
    const outside = await f.start('operations', 'OPERATION_LOAN_EXHIBITION_ART', { artworkIds: [b1] })
    // Loans due back.
    const loans = async (t: string) => {
      const res = await call(t, 'GET', '/operations/loans?pageSize=100', undefined, sys)
      expect(res.code, res.msg).toBe(0)
      return res.data
    }
    const mineLoans = await loans(scoped())
    const loanIds = mineLoans.list.map((l: { process: { id: string } }) => l.process.id)
    expect(loanIds).toContain(inside.id)
    expect(loanIds).not.toContain(outside.id)
    expect(mineLoans.counts.upcoming).toBeLessThan((await loans(plain())).counts.upcoming)
    // Counts per type and status.
    const counts = async (t: string) => {
      const res = await call(t, 'GET', '/operations/counts', undefined, sys)
      expect(res.code, res.msg).toBe(0)
      return res.data.find(
        (r: { type: string; status: string }) => r.type === 'OPERATION_LOAN_EXHIBITION_ART',
      )?.count as number
    }
    expect(await counts(scoped())).toBe(loanIds.length)
    expect(await counts(plain())).toBeGreaterThan(loanIds.length)
    // The process's own reads.
    expect(
      (await call(scoped(), 'GET', `/operations/processes/${inside.id}/artworks`, undefined, sys)).code,
    ).toBe(0)
    const hidden = await call(scoped(), 'GET', `/operations/processes/${outside.id}/artworks`, undefined, sys)
    expect(hidden.status).toBe(404)
    expect((await call(scoped(), 'GET', `/operations/batches/${outside.id}/1`, undefined, sys)).status).toBe(
      404,
    )
    // Artworks in an operation.
    const inOp = async (t: string) =>
      (await call(t, 'GET', '/operations/in-operation?pageSize=200', undefined, sys)).data.list.map(
        (x: { artwork: { id: string } }) => x.artwork.id,
      )
    const seenInOp = await inOp(scoped())
    expect(seenInOp).toContain(a1)
    expect(seenInOp).not.toContain(b1)
    expect(await inOp(plain())).toContain(b1)
    // The movement ledger.
    await f.t.deps.database.raw(
      `insert into artwork_movements (artwork_id, kind, note) values ($1, 'warehousing', 'scope ledger'),
        ($2, 'warehousing', 'scope ledger')`,
      [a2, b2],
    )
    const ledger = async (t: string, q = '') =>
      (await call(t, 'GET', `/operations/movements?pageSize=200${q}`, undefined, sys)).data.list.map(
        (m: { artwork: { id: string } }) => m.artwork.id,
      )
    expect(await ledger(scoped())).toContain(a2)
    expect(await ledger(scoped())).not.toContain(b2)
    expect(await ledger(scoped(), `&artworkId=${b2}`)).toEqual([])
    expect(await ledger(plain(), `&artworkId=${b2}`)).toContain(b2)
  })

  it('leaves a sold work out of scope out of the deliveries awaited', async () => {
    const [b3] = await f.artworks(1)
    await own(b3, [[other, '100']], '2020-01-01')
    const s = f.samples('OPERATION_SELL_ART', [b3])
    let sale = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: [b3] })
    sale = await f.pass(sale, s.marketSurvey[0])
    sale = await f.pass(sale, s.contract[0])
    sale = await f.pass(sale, s.collection[0], 'registrar')
    sale = await f.send('finance', sale, 'CONFIRM_PAYMENT', {
      payload: { paidOn: new Date().toISOString().slice(0, 10), bankReference: 'S-1' },
    })
    expect(sale.status).toBe('completed')
    const awaiting = async (t: string) => {
      const res = await call(t, 'GET', '/operations/sale-deliveries?pageSize=200', undefined, sys)
      expect(res.code, res.msg).toBe(0)
      return res.data
    }
    const all = await awaiting(plain())
    expect(all.list.map((x: { artwork: { id: string } }) => x.artwork.id)).toContain(b3)
    const mine = await awaiting(scoped())
    expect(mine.list.map((x: { artwork: { id: string } }) => x.artwork.id)).not.toContain(b3)
    expect(mine.counts.awaiting).toBeLessThan(all.counts.awaiting)
  })

  it('imports for a scoped user only owners within their scope, and no work outside it', async () => {
    await createUser('scoped.importer', { roleIds: [roleIds.get('registrar')] })
    expect((await setScope('scoped.importer', [top])).code).toBe(0)
    const u = token('scoped.importer')
    const H = { 'x-system-name': 'artworkArchive' }
    const headers = Object.fromEntries(MAIN_COLUMNS.map((c) => [c.key, c.en]))
    const keys = MAIN_COLUMNS.filter((c) => !c.readOnly).map((c) => c.key)
    const stamp = Date.now()
    const line = (no: string, owners: string) =>
      ({
        inventoryNo: no,
        titleZh: `范围导入 ${no}`,
        titleEn: `Scope import ${no}`,
        signed: 'No',
        period: 'Post-war (1950–1979)',
        inWarehouse: 'No',
        owners,
      }) as Record<string, string>
    const rows = [
      line(`SCI-${stamp}-1`, 'Scope Trust 100%'),
      line(`SCI-${stamp}-2`, 'Scope Trust 50%; Other Foundation 50%'),
      line(inventory.get(b1)!, ''),
    ]
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Artworks')
    ws.addRow(keys.map((k) => headers[k]))
    for (const r of rows) ws.addRow(keys.map((k) => r[k] ?? ''))
    const file = await upload(f.t, u, 'excel', Buffer.from(await wb.xlsx.writeBuffer()), 'scope.xlsx')
    const started = await f.t.call('POST', '/api/artworks/import', {
      token: u,
      headers: H,
      body: { fileId: file.id },
    })
    expect(started.code, started.msg).toBe(0)
    let job = started.data
    for (let i = 0; i < 300 && (job.status === 'checking' || job.status === 'importing'); i++) {
      await new Promise((r) => setTimeout(r, 100))
      job = (await f.t.call('GET', `/api/artworks/import/${job.id}`, { token: u, headers: H })).data
    }
    const ownersHeader = MAIN_COLUMNS.find((c) => c.key === 'owners')!.en.replace(/\*$/, '')
    const inventoryHeader = MAIN_COLUMNS.find((c) => c.key === 'inventoryNo')!.en.replace(/\*$/, '')
    expect(job.errors).toEqual([
      expect.objectContaining({
        row: 3,
        column: ownersHeader,
        reason: expect.stringContaining('No legal entity is named "Other Foundation"'),
      }),
      expect.objectContaining({
        row: 4,
        column: inventoryHeader,
        reason: expect.stringContaining('This inventory number is already in use'),
      }),
    ])
    expect(job.validRows).toBe(1)
    // The whole office's importer may name B.
    await importsSettled()
  })
})

describe('no escalation', () => {
  let manager: string
  beforeAll(async () => {
    const role = await call(
      admin,
      'POST',
      '/auth/roles',
      {
        nameZh: '用户管理员',
        nameEn: 'User manager',
        privileges: ['authManage:view', 'authManage:edit', 'artworkArchive:view'],
      },
      { system: 'authManage' },
    )
    expect(role.code, role.msg).toBe(0)
    roleIds.set('userManager', role.data.id)
    await createUser('scoped.manager', { roleIds: [role.data.id] })
    expect((await setScope('scoped.manager', [top])).code).toBe(0)
    manager = token('scoped.manager')
    await createUser('target.tao', { roleIds: [roleIds.get('viewer')] })
    expect((await setScope('target.tao', [top])).code).toBe(0)
  })

  const scopeRows = async () =>
    f.t.deps.database.raw('select user_id, entity_id from user_entity_scope order by user_id, entity_id')

  it('refuses a scoped manager giving the whole collection or an entity outside their own', async () => {
    const before = await scopeRows()
    const whole = await setScope('target.tao', [], manager)
    expect([whole.code, whole.msg]).toEqual([
      4031,
      'You cannot give a scope wider than your own: only the legal entities you are limited to or those under them, never the whole collection',
    ])
    const outside = await setScope('target.tao', [under, other], manager, 'zh-CN')
    expect(outside.code).toBe(4031)
    expect(outside.msg).toContain('范围')
    // A user who sees more than the manager (unscoped) is out of the manager's reach, even to narrow.
    const wider = await setScope('plain.pan', [under], manager)
    expect(wider.code).toBe(4031)
    expect(await scopeRows()).toEqual(before)
    // Its own scope cannot be widened either.
    expect((await setScope('scoped.manager', [top, other], manager)).code).toBe(4031)
    expect(await scopeRows()).toEqual(before)
  })

  it('lets a scoped manager narrow within their own, and gives new users their scope', async () => {
    const narrowed = await setScope('target.tao', [under], manager)
    expect(narrowed.code, narrowed.msg).toBe(0)
    expect(narrowed.data.entityIds).toEqual([under])
    const created = await createUser('made.by.manager', { roleIds: [] }, manager)
    expect(created.entityIds).toEqual([top])
  })

  it('refuses a scoped manager the password of someone who sees more', async () => {
    // Holds nothing the manager does not (the privilege rule passes), but sees the whole collection.
    await createUser('wide.wu', { privileges: ['artworkArchive:view'] })
    const reset = await call(
      manager,
      'POST',
      `/auth/users/${userIds.get('wide.wu')}/reset-password`,
      undefined,
      {
        system: 'authManage',
      },
    )
    expect(reset.code).toBe(4031)
    expect(reset.msg).toContain('outside your scope')
    const ok = await call(
      manager,
      'POST',
      `/auth/users/${userIds.get('made.by.manager')}/reset-password`,
      undefined,
      {
        system: 'authManage',
      },
    )
    expect(ok.code, ok.msg).toBe(0)
  })

  it('needs user editing to set a scope at all', async () => {
    const res = await setScope('target.tao', [], token('plain.pan'))
    expect(res.code).toBe(4031)
  })

  it('lists for a scoped manager only the entities it may give', async () => {
    const choices = await call(manager, 'GET', '/auth/users/scope-choices', undefined, {
      system: 'authManage',
    })
    expect(choices.code, choices.msg).toBe(0)
    expect(choices.data.map((c: { name: string; depth: number }) => [c.name, c.depth])).toEqual([
      ['Scope Holding', 0],
      ['Scope Trust', 1],
    ])
    const all = await call(admin, 'GET', '/auth/users/scope-choices', undefined, { system: 'authManage' })
    expect(all.data.map((c: { id: string }) => c.id)).toContain(other)
  })
})
