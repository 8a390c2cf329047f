// Users limited to legal entities (their scope) on a real database: a scoped user sees in the archive's list,
// search, summary and Excel export only the works owned today (any share) by their entities or those under
// them; an artwork out of scope, its sub-routes, its files and a process on it answer 404 as if they did not
// exist, and its tasks stay out of the inbox; an unscoped user sees everything; a change of scope (or of the
// entity tree) shows on the very next request; a scope is set only by a user manager who is not scoped
// narrower than what they give, an unknown entity is refused at the field in both languages.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_PASSWORD } from './helpers'
import { type Flow, openFlow } from './process-flow'
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
