// The demo collection a fresh demo install shows: a few hundred complete records that pass the archive's
// own rules, valuations in several currencies, provenance lists, and pictures the project paints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ARTWORK_COUNT as CATALOGUE } from '../../src/server/seed/demo-artworks'
import { paintDemoImages } from '../../src/server/seed/demo-artworks/paint'
import { DEMO_NOT_OWNED_COUNT, DEMO_PURCHASED_COUNT } from '../../src/server/seed/demo-processes'
import { artworkRecord } from '../../src/shared/artwork-rules'
import { countRows } from './artworks-fixtures'
import { createTestContext, type TestContext } from './helpers'

/**
 * The catalogue's artworks, those the demo office's paid purchases made, and the works it holds without owning
 * them (entered, borrowed: described in their process's first step only, numbered EN- and LI-).
 */
const DEMO_ARTWORK_COUNT = CATALOGUE + DEMO_PURCHASED_COUNT + DEMO_NOT_OWNED_COUNT
let t: TestContext
let viewer: string
const H = { 'x-system-name': 'artworkArchive' }

beforeAll(async () => {
  t = await createTestContext({ collection: true })
  viewer = await t.login('viewer')
})
afterAll(() => t?.close())

describe('the demo collection', () => {
  it('holds complete records that pass the archive rules', async () => {
    expect(await countRows(t, 'artworks')).toBe(DEMO_ARTWORK_COUNT)
    const page = await t.call('GET', '/api/artworks?pageSize=200&sort=inventoryNo&order=asc', {
      token: viewer,
      headers: H,
    })
    expect(page.data.total).toBe(DEMO_ARTWORK_COUNT)
    const owned = page.data.list.filter((a: { inventoryNo: string }) => a.inventoryNo.startsWith('VT-'))
    expect(page.data.list.length - owned.length).toBe(DEMO_NOT_OWNED_COUNT)
    for (const item of owned.slice(0, 25)) {
      const d = await t.call('GET', `/api/artworks/${item.id}`, { token: viewer, headers: H })
      const parsed = artworkRecord.safeParse(d.data.record)
      expect(parsed.success, `${item.inventoryNo}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
      expect(d.data.titleZh && d.data.titleEn && d.data.artistNameZh && d.data.artistNameEn).toBeTruthy()
      expect(d.data.sizeText).toMatch(/^\d+( × \d+){0,2} cm$/)
      expect(d.data.media[0]).toMatchObject({ isPreview: true, picType: 'FRONT', mime: 'image/jpeg' })
      expect(d.data.latestValuation).toMatch(/^\d+\.\d{2}$/)
    }
    expect(await countRows(t, 'artwork_records')).toBeGreaterThan(CATALOGUE / 2)
  })

  it('is valued in several currencies, summed per currency', async () => {
    const s = await t.call('GET', '/api/artworks/summary', { token: viewer, headers: H })
    expect(s.data.count).toBe(DEMO_ARTWORK_COUNT)
    expect(s.data.valuations.length).toBeGreaterThanOrEqual(5)
    // Every work is valued but those held without being owned (entered, borrowed: no valuation recorded).
    expect(s.data.valuations.reduce((n: number, v: any) => n + v.count, 0)).toBe(
      DEMO_ARTWORK_COUNT - DEMO_NOT_OWNED_COUNT,
    )
    expect(s.data.groups.room.length).toBeGreaterThan(3)
  })

  it('gets pictures painted by the project, served with thumbnails', async () => {
    const painted = await paintDemoImages(t.deps, { limit: 3 })
    expect(painted).toBe(3)
    const [file] = (await t.deps.database.raw(
      `select id, size, sha256 from files where storage_key like 'demoart-%' and size > 0 limit 1`,
    )) as { id: string; size: number; sha256: string }[]
    expect(Number(file.size)).toBeGreaterThan(1000)
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/)
    const res = await t.app.request(`/api/file/thumbnail/${file.id}`, {
      headers: { 'x-auth-token': viewer, ...H },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    expect(await paintDemoImages(t.deps, { limit: 3 })).toBe(3) // the next three; the painted ones stay
    expect(await countRows(t, `files where storage_key like 'demoart-%' and size > 0`)).toBe(6)
  })
})
