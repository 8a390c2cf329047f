// The place of an artwork in its room ("A区3号架"): entered when it is registered, read back on the detail,
// in the room's contents and in the ledger's answer for a moment; changed with the edit form's save as a
// movement within the room (so an earlier moment still answers the old place); refused with words for an
// artwork that is not in a room, and too long, with nothing written. And the office's time zone, which the
// web learns with the signed-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateArtworkInput } from '../../src/shared/artwork-rules'
import type { ArtworkDetail } from '../../src/shared/contracts/artworks'
import type { ContentsPage, PlaceAt } from '../../src/shared/contracts/warehouse'
import { fullRecord, type Media, type RefIds, referenceIds, uploadMedia } from './artworks-fixtures'
import { createTestContext, type TestContext } from './helpers'
import { assertWorldConsistent } from './invariants'

let t: TestContext
let registrar: string
let operations: string
let ids: RefIds
let media: Media
const H = { 'x-system-name': 'artworkArchive' }
const W = { 'x-system-name': 'devOpsManage' }

beforeAll(async () => {
  t = await createTestContext()
  registrar = await t.login('registrar')
  operations = await t.login('operations')
  ids = await referenceIds(t)
  media = await uploadMedia(t, registrar)
}, 120_000)
afterAll(() => t?.close())

async function create(inventoryNo: string, overrides: Partial<CreateArtworkInput>): Promise<ArtworkDetail> {
  const res = await t.call<ArtworkDetail>('POST', '/api/artworks', {
    token: registrar,
    headers: H,
    body: fullRecord(ids, media, null, { inventoryNo, ...overrides }),
  })
  expect(res.code, JSON.stringify(res.data)).toBe(0)
  return res.data
}
const save = (d: ArtworkDetail, extra: Record<string, unknown>, lang = 'en') =>
  t.call<ArtworkDetail>('PUT', `/api/artworks/${d.id}`, {
    token: registrar,
    headers: H,
    lang,
    body: { ...d.record, expectedVersion: d.version, ...extra },
  })
const detail = async (id: string) =>
  (await t.call<ArtworkDetail>('GET', `/api/artworks/${id}`, { token: registrar, headers: H })).data
async function warehouse<T>(path: string): Promise<T> {
  const res = await t.call<T>('GET', `/api/warehouse${path}`, { token: operations, headers: W })
  expect(res.code, res.msg).toBe(0)
  return res.data
}
const contentsRow = async (roomId: string, id: string, at?: string) =>
  (
    await warehouse<ContentsPage>(
      `/rooms/${roomId}/contents?pageSize=200${at ? `&at=${encodeURIComponent(at)}` : ''}`,
    )
  ).list.find((i) => i.artwork.id === id)
const movementCount = async (id: string) =>
  Number(
    (
      (await t.deps.database.raw('select count(*)::int as n from artwork_movements where artwork_id = $1', [
        id,
      ])) as { n: number }[]
    )[0].n,
  )

describe('the place in a room', () => {
  it('is read back where the artwork was registered, and changes as a movement within the room', async () => {
    const room = ids.roomShanghai
    const a = await create('VT-POS-001', { inWarehouse: true, roomId: room, locationText: 'A区3号架' })
    expect(a.locationText).toBe('A区3号架')
    expect((await contentsRow(room, a.id))?.position).toBe('A区3号架')
    const placed = await warehouse<PlaceAt>(`/artworks/${a.id}/place`)
    expect(placed.place).toMatchObject({ roomId: room, location: 'A区3号架' })
    const before = new Date().toISOString()
    await new Promise((r) => setTimeout(r, 5))

    // Saved with the record: a new place, the room unchanged, a movement by hand within the room.
    const res = await save(a, { position: 'B区1号架', titleEn: 'Moved along the rack' })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    expect(res.data).toMatchObject({
      locationText: 'B区1号架',
      roomId: room,
      titleEn: 'Moved along the rack',
    })
    expect(res.data.movements[0]).toMatchObject({
      kind: 'manual',
      fromRoomId: room,
      toRoomId: room,
      fromLocation: 'A区3号架',
      toLocation: 'B区1号架',
      processId: null,
    })
    expect((await contentsRow(room, a.id))?.position).toBe('B区1号架')
    // The ledger still knows the earlier place.
    expect((await contentsRow(room, a.id, before))?.position).toBe('A区3号架')
    expect((await warehouse<PlaceAt>(`/artworks/${a.id}/place?at=${before}`)).place?.location).toBe(
      'A区3号架',
    )

    // A save without a position, or with the same one, leaves the place and the ledger alone.
    const moves = await movementCount(a.id)
    const fresh = await detail(a.id)
    expect((await save(fresh, {})).data.locationText).toBe('B区1号架')
    expect((await save(await detail(a.id), { position: 'B区1号架' })).code).toBe(0)
    expect(await movementCount(a.id)).toBe(moves)
    await assertWorldConsistent(t)
  })

  it('is refused for an artwork not in a room, naming it, and nothing is written', async () => {
    const away = await create('VT-POS-002', {
      inWarehouse: false,
      roomId: null,
      locationText: 'Artist studio',
    })
    const moves = await movementCount(away.id)
    for (const [lang, words] of [
      ['en', 'VT-POS-002 is not in a warehouse room'],
      ['zh-CN', 'VT-POS-002 不在库房里'],
    ] as const) {
      const res = await save(away, { position: 'A区3号架', titleEn: 'Changed title' }, lang)
      expect(res.status).toBe(400)
      expect(res.msg).toContain(words)
      expect((res.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors.position).toContain(
        words,
      )
    }
    const after = await detail(away.id)
    expect(after).toMatchObject({
      locationText: 'Artist studio',
      titleEn: away.titleEn,
      version: away.version,
    })
    expect(await movementCount(away.id)).toBe(moves)
  })

  it('is refused when too long, and nothing is written', async () => {
    const a = await create('VT-POS-003', { inWarehouse: true, roomId: ids.roomShanghai, locationText: 'C1' })
    const res = await save(a, { position: 'x'.repeat(201) })
    expect(res.status).toBe(400)
    expect(Object.keys((res.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors)).toEqual(
      ['position'],
    )
    expect((await detail(a.id)).locationText).toBe('C1')
  })
})

describe("the office's time zone", () => {
  it('comes with the signed-in user', async () => {
    const me = await t.call('GET', '/api/auth/me', { token: registrar, headers: H })
    expect(me.data.timeZone).toBe('Asia/Shanghai')
  })
})
