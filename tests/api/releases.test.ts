// Release notes through /api/releases on a real database: an administrator records drafts, edits and
// publishes them; numbers compare as versions (1.10.0 after 1.9.2) and a number that goes backwards or
// repeats is refused at the field in both languages with nothing stored; drafts alone can be deleted; readers
// list the published releases newest first; each user is shown the newest published release once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareReleaseNumbers, type ReleaseView } from '../../src/shared/contracts/releases'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
let viewer: string
let registrar: string
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  viewer = await t.login('viewer')
  registrar = await t.login('registrar')
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const call = <T = any>(method: string, path: string, body?: unknown, token = admin, lang = 'en') =>
  t.call<T>(method, `/api/releases${path}`, {
    token,
    body,
    lang,
    headers: { 'x-system-name': token === admin ? 'versionManage' : 'versionLog' },
  })
const release = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  releasedOn: '2026-11-20',
  notesZh: `版本 ${number}：修复若干问题`,
  notesEn: `Release ${number}: fixes`,
  ...extra,
})
const count = async () =>
  Number(((await t.deps.database.raw('select count(*) n from releases')) as any[])[0].n)

describe('release numbers compare as versions', () => {
  it('orders by each number in turn', () => {
    expect(compareReleaseNumbers('1.10.0', '1.9.2')).toBeGreaterThan(0)
    expect(compareReleaseNumbers('1.2', '1.2.0')).toBe(0)
    expect(compareReleaseNumbers('2.0.0', '10.0.0')).toBeLessThan(0)
  })
})

describe('releases', () => {
  let first: ReleaseView
  it('records a draft that readers do not see yet', async () => {
    const res = await call<ReleaseView>('POST', '', release('1.9.2'))
    expect(res.code, res.msg).toBe(0)
    first = res.data
    expect(first).toMatchObject({ number: '1.9.2', status: 'draft', notes: 'Release 1.9.2: fixes' })
    const log = await call('GET', '', undefined, viewer)
    expect(log.data.total).toBe(0)
    expect((await call('GET', '/unseen', undefined, viewer)).data.release).toBeNull()
  })

  it('publishes it; each user is shown it once', async () => {
    const res = await call<ReleaseView>('POST', `/${first.id}/publish`)
    expect(res.data.status).toBe('published')
    const unseen = await call('GET', '/unseen', undefined, viewer, 'zh-CN')
    expect(unseen.data.release).toMatchObject({ id: first.id, notes: '版本 1.9.2：修复若干问题' })
    expect((await call('POST', `/${first.id}/seen`, undefined, viewer)).code).toBe(0)
    expect((await call('GET', '/unseen', undefined, viewer)).data.release).toBeNull()
    // Marking twice is harmless; another user still has it to see.
    expect((await call('POST', `/${first.id}/seen`, undefined, viewer)).code).toBe(0)
    expect((await call('GET', '/unseen', undefined, registrar)).data.release?.id).toBe(first.id)
    // An account opened after the release starts on it: nothing is news to it.
    const made = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: { username: 'joined.later', displayName: '新同事', password: TEST_PASSWORD, enabled: true },
    })
    expect(made.code, made.msg).toBe(0)
    const newcomer = await t.login('joined.later')
    const toNewcomer = await t.call('GET', '/api/releases/unseen', { token: newcomer })
    expect(toNewcomer.code, toNewcomer.msg).toBe(0)
    expect(toNewcomer.data.release).toBeNull()
    // Publishing again is refused.
    expect((await call('POST', `/${first.id}/publish`)).code).toBe(409)
  })

  it('refuses a number that goes backwards or repeats, at the field, in both languages, storing nothing', async () => {
    const before = await count()
    const back = await call('POST', '', release('1.9.1'))
    expect(back.code).toBe(400)
    expect(back.data.fieldErrors.number).toBe(
      'The release number must come after the latest published release, 1.9.2',
    )
    const backZh = await call('POST', '', release('1.9.1'), admin, 'zh-CN')
    expect(backZh.data.fieldErrors.number).toBe('版本号必须大于已发布的最新版本 1.9.2')
    const same = await call('POST', '', release('1.9.2.0'))
    expect(same.data.fieldErrors.number).toBe('Release 1.9.2.0 already exists')
    const bad = await call('POST', '', release('v2'))
    expect(bad.data.fieldErrors.number).toBe('A release number is numbers separated by dots, such as 1.10.0')
    const empty = await call('POST', '', release('2.0.0', { notesEn: ' ', releasedOn: '2026-02-30' }))
    expect(empty.data.fieldErrors).toMatchObject({ notesEn: 'Required', releasedOn: expect.any(String) })
    expect(await count()).toBe(before)
  })

  it('takes 1.10.0 after 1.9.2; the newest published is the one shown next', async () => {
    const next = await call<ReleaseView>('POST', '', release('1.10.0'))
    expect(next.code, next.msg).toBe(0)
    const edited = await call<ReleaseView>(
      'PUT',
      `/${next.data.id}`,
      release('1.10.0', { notesEn: 'Faster lists' }),
    )
    expect(edited.data.notesEn).toBe('Faster lists')
    await call('POST', `/${next.data.id}/publish`)
    const log = await call<{ list: ReleaseView[] }>('GET', '', undefined, viewer)
    expect(log.data.list.map((r) => r.number)).toEqual(['1.10.0', '1.9.2'])
    expect((await call('GET', '/unseen', undefined, viewer)).data.release?.number).toBe('1.10.0')
    // A published release keeps its number.
    const renumber = await call('PUT', `/${next.data.id}`, release('1.11.0'))
    expect(renumber.data.fieldErrors.number).toBe('A published release keeps its number')
  })

  it('deletes drafts only', async () => {
    const draft = await call<ReleaseView>('POST', '', release('2.0.0'))
    const published = (await call<{ list: ReleaseView[] }>('GET', '/manage?status=published')).data.list[0]
    expect((await call('DELETE', `/${published.id}`)).code).toBe(409)
    expect((await call('DELETE', `/${draft.data.id}`)).code).toBe(0)
    expect((await call('GET', '/manage')).data.list.map((r: ReleaseView) => r.number)).not.toContain('2.0.0')
  })

  it('lets only version managers write, and readers read', async () => {
    const denied = await t.call('POST', '/api/releases', {
      token: viewer,
      body: release('3.0.0'),
      headers: { 'x-system-name': 'versionLog' },
    })
    expect(denied.code).toBe(4031)
    const manage = await t.call('GET', '/api/releases/manage', {
      token: viewer,
      headers: { 'x-system-name': 'versionLog' },
    })
    expect(manage.code).toBe(4031)
    const unseenAnywhere = await t.call('GET', '/api/releases/unseen', {
      token: viewer,
      headers: { 'x-system-name': 'home' },
    })
    expect(unseenAnywhere.code).toBe(0)
  })
})
