// Share links through the API on a real database (PGlite, or PostgreSQL with DATABASE_URL): creating one
// for a selection of the demo collection, opening it without an account (its works, their images through the
// link's own signed URLs, a view row for every opening), a password (missing, wrong, right; wrong ones locked
// like sign-in), expiry, revocation, the creator disabled or stripped of the sharing privilege, values hidden
// without the privilege to see them, a work sold since dropping out, every bad input refused at its field with
// nothing stored, and the token never stored nor logged.
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicShare, ShareView, ShareViewRow } from '../../src/shared/contracts/shares'
import { countRows } from './artworks-fixtures'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
let registrar: string
/** Three demo works with images and valuations. */
let works: string[]
const H = { 'x-system-name': 'artworkArchive' }
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

beforeAll(async () => {
  t = await createTestContext({ collection: true })
  admin = await t.login('admin')
  registrar = await t.login('registrar')
  const rows = (await t.deps.database.raw(
    `select a.id from artworks a
      where a.status = 'in_collection' and a.latest_valuation is not null
        and exists (select 1 from artwork_media m where m.artwork_id = a.id and m.kind = 'image')
      order by a.inventory_no limit 3`,
  )) as { id: string }[]
  works = rows.map((r) => r.id)
  expect(works).toHaveLength(3)
  await paintPictures(works)
}, 120_000)

/** Test servers do not paint the demo pictures: these works' pictures get bytes (and thumbnails) here. */
async function paintPictures(artworkIds: string[]) {
  const pictures = (await t.deps.database.raw(
    `select f.id, f.storage_key, f.thumbnail_key from artwork_media m join files f on f.id = m.file_id
      where m.artwork_id = any($1::uuid[]) and m.kind = 'image'`,
    [artworkIds],
  )) as { id: string; storage_key: string; thumbnail_key: string | null }[]
  for (const picture of pictures) {
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a3c' } })
      .jpeg()
      .toBuffer()
    await t.deps.storage.write(picture.storage_key, Readable.from([image]))
    if (picture.thumbnail_key) {
      const thumb = await sharp(image).resize({ width: 320 }).jpeg().toBuffer()
      await t.deps.storage.write(picture.thumbnail_key, Readable.from([thumb]))
    }
    await t.deps.database.raw('update files set size = $2 where id = $1', [picture.id, image.length])
  }
}
afterAll(() => t?.close())

const create = (body: Record<string, unknown>, token = registrar, lang = 'en') =>
  t.call<{ id: string; token: string; url: string; fieldErrors?: Record<string, string> }>(
    'POST',
    '/api/shares',
    {
      token,
      body,
      headers: H,
      lang,
    },
  )
const base = (extra: Record<string, unknown> = {}) => ({
  artworkIds: works,
  expiresAt: inDays(7),
  showValues: true,
  recipient: 'Ms Chen, Hiscox',
  note: 'For the renewal',
  ...extra,
})
const open = (token: string, password?: string) =>
  t.call<PublicShare>('GET', `/api/public/shares/${token}`, {
    headers: password === undefined ? {} : { 'x-share-password': password },
    lang: 'en',
  })
const viewsOf = async (id: string, token = registrar) =>
  (
    await t.call<{ list: ShareViewRow[]; total: number }>('GET', `/api/shares/${id}/views`, {
      token,
      headers: H,
    })
  ).data

/** A user holding the privileges given, signed in. */
async function userWith(privileges: string[]): Promise<{ id: string; token: string; username: string }> {
  const username = `share.${randomUUID().slice(0, 8)}`
  const res = await t.call('POST', '/api/auth/users', {
    token: admin,
    headers: { 'x-system-name': 'authManage' },
    body: { username, displayName: username, password: TEST_PASSWORD, roleIds: [], privileges },
  })
  expect(res.code, res.msg).toBe(0)
  return { id: res.data.id, token: await t.login(username), username }
}

describe('creating and opening a share', () => {
  it('creates a link, opens it without an account, shows the works with values and images, logs the view', async () => {
    const res = await create(base())
    expect(res.code, res.msg).toBe(0)
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.data.url).toMatch(new RegExp(`/share/${res.data.token}$`))
    // Only the token's hash is stored.
    const stored = (await t.deps.database.raw('select token_hash from shares where id = $1', [
      res.data.id,
    ])) as {
      token_hash: string
    }[]
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored[0].token_hash).not.toContain(res.data.token)

    const page = await t.app.request(`/api/public/shares/${res.data.token}`, {
      headers: { 'user-agent': 'share-test-browser', 'accept-language': 'en' },
    })
    const body = (await page.json()) as { code: number; data: PublicShare }
    expect(body.code).toBe(0)
    expect(body.data.recipient).toBe('Ms Chen, Hiscox')
    expect(body.data.artworks).toHaveLength(3)
    const [first] = body.data.artworks
    expect(first.titleZh && first.titleEn).toBeTruthy()
    expect(first.artist?.nameEn).toBeTruthy()
    expect(first.dimensions).toMatch(/cm$/)
    expect(first.value).toMatch(/^\d+\.\d{2}$/)
    expect(first.currency).toBeTruthy()
    expect(first.images.length).toBeGreaterThan(0)
    expect(first.thumbnails).toHaveLength(first.images.length)

    // The images open without an account through the signed links; a link altered opens nothing.
    const image = await t.app.request(first.images[0])
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    const thumb = await t.app.request(first.thumbnails[0])
    expect(thumb.status).toBe(200)
    const forged = first.images[0].replace(/signature=[^&]+/, 'signature=AAAA')
    expect((await t.app.request(forged)).status).toBe(404)

    const views = await viewsOf(res.data.id)
    expect(views.total).toBe(1)
    expect(views.list[0]).toMatchObject({ granted: true, userAgent: 'share-test-browser' })

    const list = await t.call<{ list: ShareView[] }>('GET', '/api/shares', { token: registrar, headers: H })
    const mine = list.data.list.find((s) => s.id === res.data.id)
    expect(mine).toMatchObject({ state: 'active', artworkCount: 3, viewCount: 1, hasPassword: false })

    // The token appears in no log row.
    await t.deps.logWriter.flush()
    const logged = (await t.deps.database.raw(
      `select count(*)::int as n from system_logs where request_uri like '%' || $1 || '%' or exception like '%' || $1 || '%'`,
      [res.data.token],
    )) as { n: number }[]
    expect(logged[0].n).toBe(0)
    const openings = (await t.deps.database.raw(
      `select count(*)::int as n from system_logs where request_uri = '/api/public/shares/***'`,
    )) as { n: number }[]
    expect(openings[0].n).toBeGreaterThan(0)
  })

  it('answers 404 for an unknown token, an expired link and a revoked one', async () => {
    expect((await open('nope')).status).toBe(404)
    expect((await open('A'.repeat(43))).status).toBe(404)

    const res = await create(base())
    await t.deps.database.raw(`update shares set expires_at = now() - interval '1 second' where id = $1`, [
      res.data.id,
    ])
    expect((await open(res.data.token)).code).toBe(404)
    const list = await t.call<{ list: ShareView[] }>('GET', '/api/shares', { token: registrar, headers: H })
    expect(list.data.list.find((s) => s.id === res.data.id)?.state).toBe('expired')

    const live = await create(base())
    const before = await open(live.data.token)
    expect(before.code).toBe(0)
    const image = before.data.artworks[0].images[0]
    const revoked = await t.call('DELETE', `/api/shares/${live.data.id}`, { token: registrar, headers: H })
    expect(revoked.code, revoked.msg).toBe(0)
    expect((await open(live.data.token)).code).toBe(404)
    // Its image links stop with it.
    expect((await t.app.request(image)).status).toBe(404)
    // Someone else's link is not theirs to revoke or read (an administrator's is).
    const other = await userWith(['artworkArchive:view', 'artworkArchive:share'])
    expect(
      (await t.call('DELETE', `/api/shares/${live.data.id}`, { token: other.token, headers: H })).code,
    ).toBe(404)
    expect(
      (await t.call('GET', `/api/shares/${live.data.id}/views`, { token: other.token, headers: H })).code,
    ).toBe(404)
    expect((await viewsOf(live.data.id, admin)).total).toBe(1)
  })
})

describe('a password', () => {
  it('asks for it, refuses a wrong one with 403, opens with the right one; wrong ones end in a lock', async () => {
    const res = await create(base({ password: 'harbour-2026' }))
    expect(res.code, res.msg).toBe(0)
    const missing = await open(res.data.token)
    expect(missing.status).toBe(403)
    expect(missing.msg).toBe('Enter the password of this share')
    const wrong = await open(res.data.token, 'harbour-2025')
    expect(wrong.status).toBe(403)
    expect(wrong.msg).toBe('The password is wrong')
    const right = await open(res.data.token, 'harbour-2026')
    expect(right.code).toBe(0)
    expect(right.data.artworks).toHaveLength(3)
    const views = await viewsOf(res.data.id)
    expect(views.list.map((v) => v.granted)).toEqual([true, false, false])
    const stored = (await t.deps.database.raw('select password_hash from shares where id = $1', [
      res.data.id,
    ])) as {
      password_hash: string
    }[]
    expect(stored[0].password_hash).toMatch(/^scrypt\$/)

    // Wrong passwords until the pair locks: then even the right one waits (429).
    let last = wrong
    for (let i = 0; i < 10 && last.status !== 429; i++) last = await open(res.data.token, `guess-${i}-xx`)
    expect(last.status).toBe(429)
    expect((await open(res.data.token, 'harbour-2026')).status).toBe(429)
  })
})

describe('checked against the people behind it, as they are now', () => {
  it('stops when the creator is disabled, and works again when they are enabled', async () => {
    const creator = await userWith(['artworkArchive:view', 'artworkArchive:share', 'valueManage:values'])
    const res = await create(base(), creator.token)
    expect(res.code, res.msg).toBe(0)
    expect((await open(res.data.token)).code).toBe(0)
    const authHeaders = { 'x-system-name': 'authManage' }
    await t.call('POST', `/api/auth/users/${creator.id}/disable`, { token: admin, headers: authHeaders })
    expect((await open(res.data.token)).code).toBe(404)
    await t.call('POST', `/api/auth/users/${creator.id}/enable`, { token: admin, headers: authHeaders })
    expect((await open(res.data.token)).code).toBe(0)
  })

  it('stops when the creator loses the sharing privilege; values go when they lose the privilege to see them', async () => {
    const creator = await userWith(['artworkArchive:view', 'artworkArchive:share', 'valueManage:values'])
    const res = await create(base(), creator.token)
    expect((await open(res.data.token)).data.artworks[0].value).toBeTruthy()
    const setPrivileges = async (privileges: string[]) => {
      const list = (
        await t.call('GET', '/api/auth/users?pageSize=200', {
          token: admin,
          headers: { 'x-system-name': 'authManage' },
        })
      ).data.list as { id: string; [k: string]: unknown }[]
      const u = list.find((x) => x.id === creator.id)!
      const { displayName, displayNameEn, email, enabled, roleIds } = u
      const put = await t.call('PUT', `/api/auth/users/${creator.id}`, {
        token: admin,
        headers: { 'x-system-name': 'authManage' },
        body: { displayName, displayNameEn, email, enabled, roleIds, privileges },
      })
      expect(put.code, put.msg).toBe(0)
    }
    await setPrivileges(['artworkArchive:view', 'artworkArchive:share'])
    const hidden = await open(res.data.token)
    expect(hidden.code).toBe(0)
    for (const a of hidden.data.artworks) {
      expect(a).not.toHaveProperty('value')
      expect(a).not.toHaveProperty('currency')
    }
    await setPrivileges(['artworkArchive:view'])
    expect((await open(res.data.token)).code).toBe(404)
  })

  it('shows no values when the link was made without them', async () => {
    const res = await create(base({ showValues: false }))
    const page = await open(res.data.token)
    expect(page.code).toBe(0)
    for (const a of page.data.artworks) expect(a.value).toBeUndefined()
  })

  it('leaves out a work sold since the link was made', async () => {
    const res = await create(base())
    await t.deps.database.raw(`update artworks set status = 'sold' where id = $1`, [works[2]])
    try {
      const page = await open(res.data.token)
      expect(page.data.artworks).toHaveLength(2)
    } finally {
      await t.deps.database.raw(`update artworks set status = 'in_collection' where id = $1`, [works[2]])
    }
  })
})

describe('bad input: a clear 400 at the field, in both languages, nothing stored', () => {
  const cases: [string, Record<string, unknown>, string, string, string][] = [
    ['no artworks', { artworkIds: [] }, 'artworkIds', 'Choose at least one artwork', '请至少选择一件作品'],
    [
      'an unknown artwork',
      { artworkIds: [randomUUID()] },
      'artworkIds',
      'One of the chosen artworks does not exist',
      '所选作品中有不存在的作品',
    ],
    [
      'an expiry in the past',
      { expiresAt: inDays(-1) },
      'expiresAt',
      'The expiry must be later than now',
      '到期时间必须晚于现在',
    ],
    [
      'an expiry too far ahead',
      { expiresAt: inDays(91) },
      'expiresAt',
      'The expiry is at most 90 days ahead',
      '到期时间最多为 90 天之后',
    ],
    ['an expiry that is not an instant', { expiresAt: '2026-13-01' }, 'expiresAt', '', ''],
    ['no recipient', { recipient: '  ' }, 'recipient', 'Required', '必填'],
    ['a short password', { password: 'short' }, 'password', 'At least 8 characters', '密码至少 8 个字符'],
    [
      'a password that cannot travel in a header',
      { password: '港口密码二〇二六年' },
      'password',
      'Only Latin letters, digits, spaces and punctuation',
      '密码只能使用英文字母、数字、空格和英文标点',
    ],
  ]
  for (const [name, change, field, en, zh] of cases)
    it(name, async () => {
      const before = await countRows(t, 'shares')
      const linked = await countRows(t, 'share_artworks')
      const res = await create(base(change))
      expect(res.status).toBe(400)
      if (en) expect(res.data.fieldErrors?.[field]).toBe(en)
      else expect(res.data.fieldErrors?.[field]).toBeTruthy()
      if (zh) expect((await create(base(change), registrar, 'zh-CN')).data.fieldErrors?.[field]).toBe(zh)
      expect(await countRows(t, 'shares')).toBe(before)
      expect(await countRows(t, 'share_artworks')).toBe(linked)
    })

  it('refuses values from someone who may not see them (4031), and sharing without the privilege', async () => {
    const noValues = await userWith(['artworkArchive:view', 'artworkArchive:share'])
    const before = await countRows(t, 'shares')
    const res = await create(base(), noValues.token)
    expect(res.code).toBe(4031)
    expect(res.msg).toBe('You may not see values, so a share of yours cannot show them')
    expect((await create(base({ showValues: false }), noValues.token)).code).toBe(0)
    const viewer = await t.login('viewer')
    expect((await create(base({ showValues: false }), viewer)).code).toBe(4031)
    expect(await countRows(t, 'shares')).toBe(before + 1)
  })

  it('refuses a sold artwork, naming it', async () => {
    await t.deps.database.raw(`update artworks set status = 'sold' where id = $1`, [works[1]])
    try {
      const before = await countRows(t, 'shares')
      const res = await create(base())
      expect(res.status).toBe(400)
      expect(res.data.fieldErrors?.artworkIds).toContain('has been sold and cannot be shared')
      expect(await countRows(t, 'shares')).toBe(before)
    } finally {
      await t.deps.database.raw(`update artworks set status = 'in_collection' where id = $1`, [works[1]])
    }
  })
})
