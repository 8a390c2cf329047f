// The artwork record through the API: every field written and read back, each rule of docs/architecture.md § Input rules refused by
// the server with field errors and nothing written, privileges, the edit lock (423, expiry, release on
// save), stale versions (409), the change history and restore, search and filters, and the summary per
// currency.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { artworkEditLocks, artworkHistory, artworks } from '../../src/server/db/schema'
import { pageOf } from '../../src/server/http/envelope'
import { insertArtworks, recordValuation } from '../../src/server/modules/artworks/record-store'
import { blankRecord, type CreateArtworkInput } from '../../src/shared/artwork-rules'
import {
  artworkDetail,
  artworkListItem,
  artworkSummary,
  historyEntry,
} from '../../src/shared/contracts/artworks'
import { pdf } from '../fixtures/file-samples'
import {
  countRows,
  fullRecord,
  type Media,
  type RefIds,
  recordPart,
  referenceIds,
  upload,
  uploadMedia,
} from './artworks-fixtures'
import { createTestContext, type TestContext } from './helpers'

let t: TestContext
let registrar: string
let admin: string
let viewer: string
let ids: RefIds
let media: Media
let artistId: string
const H = { 'x-system-name': 'artworkArchive' }

async function create(input: CreateArtworkInput, token = registrar) {
  return t.call('POST', '/api/artworks', { token, body: input, headers: H })
}
async function createOk(overrides: Partial<CreateArtworkInput>) {
  const res = await create(fullRecord(ids, media, artistId, overrides))
  expect(res.code, JSON.stringify(res.data)).toBe(0)
  return res.data
}

beforeAll(async () => {
  t = await createTestContext()
  registrar = await t.login('registrar')
  admin = await t.login('admin')
  viewer = await t.login('viewer')
  ids = await referenceIds(t)
  media = await uploadMedia(t, registrar)
  const artist = await t.call('POST', '/api/artworks/artists', {
    token: registrar,
    headers: H,
    body: {
      nameZh: '周春芽',
      nameEn: 'Zhou Chunya',
      nationality: 'China',
      birthYear: '1955',
      artistStageTagId: ids.established,
    },
  })
  expect(artist.code, artist.msg).toBe(0)
  artistId = artist.data.id
})
afterAll(() => t?.close())

describe('the full record', () => {
  it('creates an artwork with every field and reads every field back', async () => {
    const input = fullRecord(ids, media, artistId)
    const res = await create(input)
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    const d = res.data
    expect(d.record).toEqual({
      ...recordPart(input),
      labelTagIds: [...input.labelTagIds!].sort((a, b) => a - b),
      auctions: [{ ...input.auctions![0], price: '2800000.00' }],
    })
    expect(d.version).toBe(1)
    // registered on the form: so its origin says, and its signature fact is the one recorded
    expect(d.origin).toEqual({ kind: 'form', processId: null, processType: null, contractNo: null })
    expect(d.signatureRecorded).toBe(true)
    expect(d.sizeText).toBe('62 × 82.5 cm')
    expect(d.dimensionTexts).toEqual({
      core: '60 × 80 cm',
      picture: '62 × 82.5 cm',
      frame: '75 × 95 × 6 cm',
      other: '30 cm',
    })
    expect(d.artist).toMatchObject({
      nameZh: '周春芽',
      nameEn: 'Zhou Chunya',
      birthYear: 1955,
      artworkCount: 1,
    })
    expect(d.artistName).toBe('Zhou Chunya')
    expect(d.inWarehouse).toBe(true)
    expect(d.roomId).toBe(ids.roomShanghai)
    expect(d.previewFileId).toBe(media.front)
    const video = d.media.find((m: any) => m.kind === 'video')
    expect(video).toMatchObject({ isVideo: '1', width: 1280, height: 720, coverFileId: media.cover })
    expect(d.media.find((m: any) => m.isPreview)).toMatchObject({
      fileId: media.front,
      picTypeLabel: 'Front view',
      isVideo: '0',
    })
    expect(d.zip).toMatchObject({ fileId: media.zip, kind: 'zip' })
    expect(d.movements).toEqual([expect.objectContaining({ kind: 'created', toRoomId: ids.roomShanghai })])
    expect(d.tags.map((x: any) => x.label)).toContain('Oil on canvas')
    expect(d.processes).toEqual([])
    // the list item carries the same facts
    const list = await t.call('GET', '/api/artworks?keyword=VT-T-0001', { token: viewer, headers: H })
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: d.id, sizeText: '62 × 82.5 cm', latestValuation: null }),
    ])
    // and a re-read is identical
    const again = await t.call('GET', `/api/artworks/${d.id}`, { token: viewer, headers: H })
    expect(again.data.record).toEqual(d.record)
  })

  it('answers in Chinese with Chinese titles and names by default', async () => {
    const list = await t.call('GET', '/api/artworks?keyword=VT-T-0001', {
      token: viewer,
      headers: H,
      lang: 'zh-CN',
    })
    expect(list.data.list[0]).toMatchObject({ title: '春江花月夜之二', artistName: '周春芽' })
  })
})

describe('the shared contracts', () => {
  it('describe every answer, also for an artwork that entered from elsewhere with little filled in', async () => {
    const [id] = await t.deps.database.db.transaction((tx) =>
      insertArtworks(
        tx,
        [
          {
            record: blankRecord({ inventoryNo: 'VT-T-BUY', titleZh: '新购入作品' }),
            status: 'purchased',
            inWarehouse: false,
            roomId: null,
            locationText: 'Seller, Hong Kong',
          },
        ],
        null,
        'create',
      ),
    )
    const detail = await t.call('GET', `/api/artworks/${id}`, { token: viewer, headers: H })
    expect(() => artworkDetail.parse(detail.data)).not.toThrow()
    expect(detail.data).toMatchObject({
      status: 'purchased',
      previewFileId: null,
      record: { periodTagId: null },
    })
    const list = await t.call('GET', '/api/artworks?keyword=VT-T&pageSize=50', { token: viewer, headers: H })
    expect(() => pageOf(artworkListItem).parse(list.data)).not.toThrow()
    expect(list.data.total).toBeGreaterThanOrEqual(2)
    const history = await t.call('GET', `/api/artworks/${id}/history`, { token: viewer, headers: H })
    expect(() => pageOf(historyEntry).parse(history.data)).not.toThrow()
    const summary = await t.call('GET', '/api/artworks/summary', { token: viewer, headers: H })
    expect(() => artworkSummary.parse(summary.data)).not.toThrow()
  })
})

describe('rules refused by the server (browser bypassed), nothing written', () => {
  const cases: [string, (i: CreateArtworkInput) => CreateArtworkInput, Record<string, string>][] = [
    [
      'no preview image',
      (i) => ({ ...i, media: i.media!.map((m) => ({ ...m, isPreview: false })) }),
      { media: 'An artwork preview image and its picture type are required' },
    ],
    [
      'no images at all',
      (i) => ({ ...i, media: [] }),
      { media: 'An artwork preview image and its picture type are required' },
    ],
    [
      'preview without its picture type',
      (i) => ({ ...i, media: [{ ...i.media![0], picType: '' }] }),
      { 'media.0.picType': 'Required' },
    ],
    [
      'two previews',
      (i) => ({ ...i, media: i.media!.map((m) => (m.kind === 'image' ? { ...m, isPreview: true } : m)) }),
      { media: 'Only one image can be the preview' },
    ],
    [
      'no period of creation',
      (i) => ({ ...i, periodTagId: null as unknown as number }),
      { periodTagId: 'Required' },
    ],
    [
      'period missing entirely',
      (i) => {
        const { periodTagId: _p, ...rest } = i
        return rest as CreateArtworkInput
      },
      { periodTagId: 'Required' },
    ],
    [
      'no signature information',
      (i) => {
        const { signature: _s, ...rest } = i
        return rest as CreateArtworkInput
      },
      { signature: 'Required' },
    ],
    [
      'signed without position and content',
      (i) => ({ ...i, signature: { signed: true, position: '', content: '' } }),
      { 'signature.position': 'Required', 'signature.content': 'Required' },
    ],
    ['letters in the buy year', (i) => ({ ...i, buyYear: '20a5' }), { buyYear: 'Digits only' }],
    ['a comma in a weight', (i) => ({ ...i, actualWeight: '1,5' }), { actualWeight: 'Digits only' }],
    [
      'a letter in a dimension',
      (i) => ({ ...i, dimensions: { core: { values: ['60', '8o'], unit: 'cm' } } }),
      { 'dimensions.core.values.1': 'Digits only' },
    ],
    [
      'four dimension values',
      (i) => ({ ...i, dimensions: { core: { values: ['1', '2', '3', '4'], unit: 'cm' } } }),
      { 'dimensions.core.values': 'Invalid value' },
    ],
    [
      'an over-long title',
      (i) => ({ ...i, titleZh: '长'.repeat(201) }),
      { titleZh: 'At most 200 characters' },
    ],
    [
      'an over-long remark',
      (i) => ({ ...i, remarkEn: 'x'.repeat(2001) }),
      { remarkEn: 'At most 2000 characters' },
    ],
    [
      'a period tag as the medium',
      (i) => ({ ...i, mediumTagId: ids.period1980 }),
      { mediumTagId: 'Not one of the allowed values' },
    ],
    [
      'an unknown label',
      (i) => ({ ...i, labelTagIds: [999999] }),
      { 'labelTagIds.0': 'Not one of the allowed values' },
    ],
    [
      'an unknown packaging value',
      (i) => ({ ...i, packagingType: 'PAPER_BAG' }),
      { packagingType: 'Not one of the allowed values' },
    ],
    [
      'a literature entry without a type',
      (i) => ({ ...i, literature: [{ ...i.literature![0], literatureType: '' }] }),
      { 'literature.0.literatureType': 'Required' },
    ],
    [
      'an auction date that is no date',
      (i) => ({ ...i, auctions: [{ ...i.auctions![0], date: '2015-13-01' }] }),
      { 'auctions.0.date': 'Dates are written yyyy, yyyy-MM or yyyy-MM-dd' },
    ],
    [
      'an unknown field',
      (i) => ({ ...i, colour: 'blue' }) as CreateArtworkInput,
      { colour: 'Field not allowed' },
    ],
    ['a room while not in the warehouse', (i) => ({ ...i, inWarehouse: false }), { roomId: 'Invalid value' }],
  ]
  for (const [name, mutate, expected] of cases) {
    it(`refuses ${name}`, async () => {
      const before = await countRows(t, 'artworks')
      const res = await create(mutate(fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-RULE' })))
      expect(res.status).toBe(400)
      expect(res.code).toBe(400)
      expect(res.data.fieldErrors).toMatchObject(expected)
      expect(await countRows(t, 'artworks')).toBe(before)
    })
  }

  it('refuses a PDF as an image and an unknown file, and a taken inventory number', async () => {
    const doc = await upload(t, registrar, 'pdf', pdf(), 'not-an-image.pdf')
    const before = await countRows(t, 'artworks')
    const res = await create(
      fullRecord(ids, media, artistId, {
        inventoryNo: 'VT-T-0001',
        media: [
          { fileId: doc.id, kind: 'image', picType: 'FRONT', isPreview: true },
          { fileId: '00000000-0000-4000-8000-000000000000', kind: 'image', picType: 'DETAIL' },
        ],
      }),
    )
    expect(res.data.fieldErrors).toEqual({
      inventoryNo: 'This inventory number is already in use',
      'media.0.fileId': 'This file is not of the expected type',
      'media.1.fileId': 'No such file',
    })
    expect(await countRows(t, 'artworks')).toBe(before)
    // the first artwork's two images, video, document and zip; nothing of the refused one
    expect(
      await countRows(
        t,
        `artwork_media where artwork_id in (select id from artworks where inventory_no like 'VT-T-%')`,
      ),
    ).toBe(5)
  })

  it('words the field errors in Chinese too', async () => {
    const input = fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-RULE', buyYear: 'abcd' })
    const res = await t.call('POST', '/api/artworks', {
      token: registrar,
      body: input,
      headers: H,
      lang: 'zh-CN',
    })
    expect(res.data.fieldErrors.buyYear).toBe('只能输入数字')
  })
})

describe('privileges', () => {
  it('lets a viewer read but not create, edit, lock or restore (4031)', async () => {
    const a = await createOk({ inventoryNo: 'VT-T-PRIV' })
    const before = await countRows(t, 'artworks')
    expect((await create(fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-VIEW' }), viewer)).code).toBe(
      4031,
    )
    const {
      inWarehouse: _w,
      roomId: _r,
      locationText: _l,
      ...record
    } = fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-PRIV', titleZh: '改' })
    const put = await t.call('PUT', `/api/artworks/${a.id}`, {
      token: viewer,
      headers: H,
      body: { ...record, expectedVersion: 1 },
    })
    expect(put.status).toBe(403)
    expect(put.code).toBe(4031)
    expect(put.msg).toBe('Your system permissions are not enough for this function')
    expect((await t.call('POST', `/api/artworks/${a.id}/lock`, { token: viewer, headers: H })).code).toBe(
      4031,
    )
    expect(
      (
        await t.call('POST', `/api/artworks/${a.id}/restore`, {
          token: viewer,
          headers: H,
          body: { version: 1, expectedVersion: 1 },
        })
      ).code,
    ).toBe(4031)
    expect(await countRows(t, 'artworks')).toBe(before)
    expect((await t.call('GET', `/api/artworks/${a.id}`, { token: viewer, headers: H })).data.titleZh).toBe(
      '春江花月夜之二',
    )
    expect((await t.call('GET', '/api/artworks', { headers: H })).code).toBe(403)
  })
})

function updateBody(input: CreateArtworkInput, expectedVersion: number) {
  const { inWarehouse: _w, roomId: _r, locationText: _l, ...record } = input
  return { ...record, expectedVersion }
}

describe('edit lock and row versions', () => {
  it('locks a record for others until it is saved (423 with the edit-lock message)', async () => {
    const input = fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-LOCK' })
    const a = await createOk(input)
    const lock = await t.call('POST', `/api/artworks/${a.id}/lock`, { token: registrar, headers: H })
    expect(lock.code).toBe(0)
    expect(lock.data).toMatchObject({ mine: true, userName: expect.stringContaining('Lin Shuyi') })

    const other = await t.call('POST', `/api/artworks/${a.id}/lock`, { token: admin, headers: H })
    expect(other.status).toBe(423)
    expect(other.code).toBe(423)
    expect(other.msg).toBe('Envelop edit privilege locked, a moment later')
    expect(other.data.lockedBy).toContain('Lin Shuyi')
    const otherZh = await t.call('POST', `/api/artworks/${a.id}/lock`, {
      token: admin,
      headers: H,
      lang: 'zh-CN',
    })
    expect(otherZh.msg).toBe('编辑权限已被锁定，请稍后再试')

    const blocked = await t.call('PUT', `/api/artworks/${a.id}`, {
      token: admin,
      headers: H,
      body: updateBody({ ...input, titleEn: 'Admin was here' }, 1),
    })
    expect(blocked.code).toBe(423)
    expect((await t.call('GET', `/api/artworks/${a.id}`, { token: viewer, headers: H })).data).toMatchObject({
      titleEn: input.titleEn,
      version: 1,
      lock: expect.objectContaining({ mine: false }),
    })

    // renewing keeps it; the holder saves, which releases it
    expect((await t.call('POST', `/api/artworks/${a.id}/lock`, { token: registrar, headers: H })).code).toBe(
      0,
    )
    const saved = await t.call('PUT', `/api/artworks/${a.id}`, {
      token: registrar,
      headers: H,
      body: updateBody({ ...input, titleEn: 'Spring River II' }, 1),
    })
    expect(saved.code, JSON.stringify(saved.data)).toBe(0)
    expect(saved.data).toMatchObject({ version: 2, lock: null })
    expect((await t.call('POST', `/api/artworks/${a.id}/lock`, { token: admin, headers: H })).code).toBe(0)
    expect((await t.call('DELETE', `/api/artworks/${a.id}/lock`, { token: admin, headers: H })).data).toEqual(
      { released: true },
    )
    expect((await t.call('POST', `/api/artworks/${a.id}/lock`, { token: registrar, headers: H })).code).toBe(
      0,
    )
  })

  it('lets others in once the lock expires', async () => {
    const input = fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-EXP' })
    const a = await createOk(input)
    expect((await t.call('POST', `/api/artworks/${a.id}/lock`, { token: registrar, headers: H })).code).toBe(
      0,
    )
    expect((await t.call('POST', `/api/artworks/${a.id}/lock`, { token: admin, headers: H })).code).toBe(423)
    await t.deps.database.db
      .update(artworkEditLocks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(artworkEditLocks.artworkId, a.id))
    const taken = await t.call('POST', `/api/artworks/${a.id}/lock`, { token: admin, headers: H })
    expect(taken.code).toBe(0)
    expect(taken.data.userName).toContain('Administrator')
    expect((await t.call('POST', `/api/artworks/${a.id}/lock`, { token: registrar, headers: H })).code).toBe(
      423,
    )
  })

  it('refuses a save carrying a stale version (409) and writes nothing', async () => {
    const input = fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-STALE' })
    const a = await createOk(input)
    expect(
      (
        await t.call('PUT', `/api/artworks/${a.id}`, {
          token: registrar,
          headers: H,
          body: updateBody({ ...input, titleEn: 'First' }, 1),
        })
      ).code,
    ).toBe(0)
    const stale = await t.call('PUT', `/api/artworks/${a.id}`, {
      token: admin,
      headers: H,
      body: updateBody({ ...input, titleEn: 'Second' }, 1),
    })
    expect(stale.status).toBe(409)
    expect(stale.msg).toBe('Operation failed, other ongoing process at the moment')
    const d = (await t.call('GET', `/api/artworks/${a.id}`, { token: viewer, headers: H })).data
    expect(d).toMatchObject({ titleEn: 'First', version: 2 })
    expect(await countRows(t, `artwork_history where artwork_id = '${a.id}'`)).toBe(2)
  })

  it('keeps the version when a save changes nothing', async () => {
    const input = fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-SAME' })
    const a = await createOk(input)
    const res = await t.call('PUT', `/api/artworks/${a.id}`, {
      token: registrar,
      headers: H,
      body: updateBody(input, 1),
    })
    expect(res.data.version).toBe(1)
  })
})

describe('history and restore', () => {
  it('shows who changed the valuation and the record, and restores an earlier version as a new change', async () => {
    const input = fullRecord(ids, media, artistId, { inventoryNo: 'VT-T-HIST' })
    const a = await createOk(input)
    const db = t.deps.database.db
    const [approver] = (await t.deps.database.raw(`select id from users where username = 'finance'`)) as {
      id: string
    }[]
    // last week the valuation was set, then changed
    await db.transaction((tx) =>
      recordValuation(
        tx,
        a.id,
        { latestValuation: '3200000.00', latestValuationCurrency: 'HKD', valuationDate: '2024-01-10' },
        approver.id,
      ),
    )
    await db.transaction((tx) =>
      recordValuation(
        tx,
        a.id,
        { latestValuation: '2500000.00', latestValuationCurrency: 'HKD', valuationDate: '2024-03-01' },
        approver.id,
      ),
    )
    await db
      .update(artworkHistory)
      .set({ at: new Date(Date.now() - 7 * 86400_000) })
      .where(eq(artworkHistory.version, 3))
    const edited = await t.call('PUT', `/api/artworks/${a.id}`, {
      token: registrar,
      headers: H,
      body: updateBody({ ...input, titleZh: '春江', labelTagIds: [ids.core], buyYear: '2016' }, 3),
    })
    expect(edited.code, JSON.stringify(edited.data)).toBe(0)
    expect(edited.data.version).toBe(4)

    const history = await t.call('GET', `/api/artworks/${a.id}/history`, { token: viewer, headers: H })
    expect(history.data.total).toBe(4)
    const [v4, v3, v2, v1] = history.data.list
    expect(v4).toMatchObject({ version: 4, action: 'update', byName: expect.stringContaining('Lin Shuyi') })
    expect(v4.changes).toEqual(
      expect.arrayContaining([
        { field: 'titleZh', old: '春江花月夜之二', new: '春江' },
        { field: 'labelTagIds', old: [ids.core, ids.published].sort((x, y) => x - y), new: [ids.core] },
        { field: 'buyYear', old: '2015', new: '2016' },
      ]),
    )
    expect(v4.changes).toHaveLength(3)
    expect(v3).toMatchObject({
      version: 3,
      action: 'valuation',
      byName: expect.stringContaining('Chen Huimin'),
    })
    expect(new Date(v3.at).getTime()).toBeLessThan(Date.now() - 6 * 86400_000)
    expect(v3.changes).toEqual(
      expect.arrayContaining([
        { field: 'latestValuation', old: '3200000.00', new: '2500000.00' },
        { field: 'valuationDate', old: '2024-01-10', new: '2024-03-01' },
      ]),
    )
    expect(v2.action).toBe('valuation')
    expect(v1).toMatchObject({ action: 'create', version: 1 })
    expect(v1.changes).toEqual(
      expect.arrayContaining([{ field: 'inventoryNo', old: null, new: 'VT-T-HIST' }]),
    )

    const v2Snapshot = await t.call('GET', `/api/artworks/${a.id}/history/2`, { token: viewer, headers: H })
    expect(v2Snapshot.data.snapshot).toMatchObject({
      titleZh: '春江花月夜之二',
      latestValuation: '3200000.00',
    })

    // restore the record as it was before last week's change
    const stale = await t.call('POST', `/api/artworks/${a.id}/restore`, {
      token: registrar,
      headers: H,
      body: { version: 2, expectedVersion: 3 },
    })
    expect(stale.code).toBe(409)
    const restored = await t.call('POST', `/api/artworks/${a.id}/restore`, {
      token: registrar,
      headers: H,
      body: { version: 2, expectedVersion: 4 },
    })
    expect(restored.code, JSON.stringify(restored.data)).toBe(0)
    expect(restored.data).toMatchObject({
      version: 5,
      titleZh: '春江花月夜之二',
      buyYear: 2015,
      latestValuation: '3200000.00',
      latestValuationCurrency: 'HKD',
      valuationDate: '2024-01-10',
    })
    expect(restored.data.record.labelTagIds).toEqual([ids.core, ids.published].sort((x, y) => x - y))
    const after = await t.call('GET', `/api/artworks/${a.id}/history?pageSize=1`, {
      token: viewer,
      headers: H,
    })
    expect(after.data.list[0]).toMatchObject({ version: 5, action: 'restore', restoredFrom: 2 })
    expect(after.data.list[0].changes).toEqual(
      expect.arrayContaining([{ field: 'titleZh', old: '春江', new: '春江花月夜之二' }]),
    )
    expect(await countRows(t, `artwork_history where artwork_id = '${a.id}'`)).toBe(5)
  })

  it('answers 404 for an unknown artwork or version', async () => {
    expect(
      (
        await t.call('GET', '/api/artworks/00000000-0000-4000-8000-000000000000', {
          token: viewer,
          headers: H,
        })
      ).code,
    ).toBe(404)
    const [one] = await t.deps.database.db.select({ id: artworks.id }).from(artworks).limit(1)
    expect(
      (await t.call('GET', `/api/artworks/${one.id}/history/999`, { token: viewer, headers: H })).code,
    ).toBe(404)
    expect((await t.call('GET', '/api/artworks/not-a-uuid', { token: viewer, headers: H })).code).toBe(400)
  })
})

describe('search and filters', () => {
  let a: any
  let b: any
  beforeAll(async () => {
    const artist = await t.call('POST', '/api/artworks/artists', {
      token: registrar,
      headers: H,
      body: { nameZh: '赵无极', nameEn: 'Zao Wou-Ki', nationality: 'France' },
    })
    a = await createOk({
      inventoryNo: 'SRCH-2019-0042',
      titleZh: '鹤鸣松涧图',
      titleEn: 'Cranes Calling over a Pine Stream',
      artistId: artist.data.id,
      mediumTagId: ids.ink,
      labelTagIds: [ids.core],
      buyYear: '2019',
    })
    b = await createOk({
      inventoryNo: 'SRCH-2021-0007',
      titleZh: '山水十二景',
      titleEn: 'Twelve Landscapes',
      mediumTagId: ids.oil,
      labelTagIds: [ids.published],
      buyYear: '2021',
      inWarehouse: false,
      roomId: null,
      locationText: 'Artist studio, Beijing',
    })
    const db = t.deps.database.db
    await db.transaction((tx) =>
      recordValuation(
        tx,
        a.id,
        { latestValuation: '1500000.00', latestValuationCurrency: 'USD', valuationDate: '2024-06-30' },
        null,
      ),
    )
    await db.transaction((tx) =>
      recordValuation(
        tx,
        b.id,
        { latestValuation: '880000.50', latestValuationCurrency: 'CNY', valuationDate: '2024-06-30' },
        null,
      ),
    )
  })
  const find = async (query: string) => {
    const res = await t.call('GET', `/api/artworks?${query}`, { token: viewer, headers: H })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    return res.data as { list: { id: string; inventoryNo: string }[]; total: number }
  }
  const idsOf = (page: { list: { id: string }[] }) => page.list.map((x) => x.id).sort()

  it('finds by inventory number, whole or in part', async () => {
    expect(idsOf(await find('keyword=SRCH-2019-0042'))).toEqual([a.id])
    expect(idsOf(await find('keyword=srch 0042'))).toEqual([a.id])
    expect(idsOf(await find('keyword=SRCH'))).toEqual([a.id, b.id].sort())
  })
  it('finds by Chinese title fragments and English words', async () => {
    expect(idsOf(await find(`keyword=${encodeURIComponent('松涧')}`))).toEqual([a.id])
    expect(idsOf(await find(`keyword=${encodeURIComponent('十二')}`))).toEqual([b.id])
    expect(idsOf(await find('keyword=twelve%20land'))).toEqual([b.id])
    expect((await find(`keyword=${encodeURIComponent('涧鹤')}`)).total).toBe(0)
  })
  it('finds by artist name in either language, and follows a rename', async () => {
    expect(idsOf(await find(`keyword=${encodeURIComponent('无极')}`))).toEqual([a.id])
    expect(idsOf(await find('keyword=zao%20wou'))).toEqual([a.id])
    const artistId2 = (await t.call('GET', `/api/artworks/${a.id}`, { token: viewer, headers: H })).data
      .artistId
    const renamed = await t.call('PUT', `/api/artworks/artists/${artistId2}`, {
      token: registrar,
      headers: H,
      body: { nameZh: '赵无极', nameEn: 'Chao Wu-chi' },
    })
    expect(renamed.code).toBe(0)
    expect(idsOf(await find('keyword=chao'))).toEqual([a.id])
    expect((await find('keyword=zao%20wou')).total).toBe(0)
  })
  it('filters by tag, label, warehouse, buy year and valuation range per currency', async () => {
    expect(idsOf(await find(`keyword=SRCH&mediumTagId=${ids.ink}`))).toEqual([a.id])
    expect(idsOf(await find(`keyword=SRCH&labelTagId=${ids.published}`))).toEqual([b.id])
    expect(idsOf(await find(`keyword=SRCH&labelTagId=${ids.published},${ids.core}`))).toEqual(
      [a.id, b.id].sort(),
    )
    expect(idsOf(await find('keyword=SRCH&inWarehouse=false'))).toEqual([b.id])
    expect(idsOf(await find(`keyword=SRCH&roomId=${ids.roomShanghai}`))).toEqual([a.id])
    expect(idsOf(await find('keyword=SRCH&buyYearFrom=2020&buyYearTo=2022'))).toEqual([b.id])
    expect(idsOf(await find('keyword=SRCH&valuationCurrency=USD&valuationMin=1000000'))).toEqual([a.id])
    expect(idsOf(await find('keyword=SRCH&valuationCurrency=CNY&valuationMax=880000.50'))).toEqual([b.id])
    expect((await find('keyword=SRCH&valuationCurrency=CNY&valuationMax=880000.49')).total).toBe(0)
    expect(idsOf(await find(`keyword=SRCH&artistStageTagId=${ids.established}`))).toEqual([b.id])
  })
  it('sorts and pages', async () => {
    const asc = await find('keyword=SRCH&sort=inventoryNo&order=asc&pageSize=1')
    expect(asc).toMatchObject({ total: 2, page: 1, pageSize: 1 })
    expect(asc.list[0].id).toBe(a.id)
    const second = await find('keyword=SRCH&sort=inventoryNo&order=asc&pageSize=1&page=2')
    expect(second.list[0].id).toBe(b.id)
    expect((await find('keyword=SRCH&sort=latestValuation&order=desc')).list[0].id).toBe(a.id)
  })
  it('refuses a valuation range without its currency and malformed filters', async () => {
    const res = await t.call('GET', '/api/artworks?valuationMin=100', { token: viewer, headers: H })
    expect(res.code).toBe(400)
    expect(res.data.fieldErrors).toEqual({ valuationCurrency: 'Required' })
    const bad = await t.call('GET', '/api/artworks?mediumTagId=oil&buyYearFrom=19&sort=colour&pageSize=500', {
      token: viewer,
      headers: H,
    })
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual([
      'buyYearFrom',
      'mediumTagId',
      'pageSize',
      'sort',
    ])
  })

  it('sums latest valuations per currency, never across currencies', async () => {
    const res = await t.call('GET', '/api/artworks/summary?keyword=SRCH', { token: viewer, headers: H })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    expect(res.data.count).toBe(2)
    expect(res.data.valuations).toEqual([
      { currency: 'CNY', count: 1, total: '880000.50' },
      { currency: 'USD', count: 1, total: '1500000.00' },
    ])
    const ink = res.data.groups.medium.find((g: any) => g.key === String(ids.ink))
    expect(ink).toMatchObject({
      label: 'Ink on paper',
      count: 1,
      valuations: [{ currency: 'USD', count: 1, total: '1500000.00' }],
    })
    expect(res.data.groups.room.map((g: any) => g.count).sort()).toEqual([1, 1])
    expect(res.data.groups.status).toEqual([
      expect.objectContaining({ key: 'in_collection', label: 'In the collection', count: 2 }),
    ])
    const all = await t.call('GET', '/api/artworks/summary', { token: viewer, headers: H })
    const usd = all.data.valuations.find((v: any) => v.currency === 'USD')
    expect(usd.total).toMatch(/^\d+\.\d{2}$/)
  })
})
