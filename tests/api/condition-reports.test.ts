// Condition reports (GET /api/artworks/{id}/condition-reports) on a real database: a transport driven through
// DEPART and ARRIVE with condition, notes and photographs, a repair whose delivery is submitted then
// approved, a loan's return, warehousing after a purchase shipping and the delivery back from mounting; each
// artwork's reports newest first with who, when, places in words and the
// photographs' facts; the privilege of the artwork detail; bad and unknown ids refused in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConditionReport, ConditionReportList } from '../../src/shared/contracts/condition'
import type { ProcessView } from '../../src/shared/contracts/process'
import { DEFAULT_OFFICE_ZONE, nextDate, todayIn } from '../../src/shared/office-time'
import { jpeg, png } from '../fixtures/file-samples'
import { type Flow, openFlow, USERS } from './process-flow'
import { userOf } from './process-helpers'

let f: Flow
let photos: string[]
beforeAll(async () => {
  f = await openFlow()
  photos = []
  for (const bytes of [await png(320, 200), await jpeg(400, 300)]) {
    const form = new FormData()
    form.append('purpose', 'image')
    form.append('file', new Blob([new Uint8Array(bytes)]), `condition-${photos.length + 1}.png`)
    const res = await f.t.call('POST', '/api/file/upload', { token: f.tokens.operations, body: form })
    expect(res.code, res.msg).toBe(0)
    photos.push(res.data.id)
  }
}, 120_000)
afterAll(async () => {
  await f?.close()
})

async function reports(id: string, user = 'viewer', lang = 'en') {
  return f.t.call<ConditionReportList & { fieldErrors: Record<string, string> }>(
    'GET',
    `/api/artworks/${id}/condition-reports`,
    {
      token: f.tokens[user],
      lang,
      headers: { 'x-system-name': 'artworkArchive' },
    },
  )
}
async function itemsOf(id: string, lang = 'en'): Promise<ConditionReport[]> {
  const res = await reports(id, 'viewer', lang)
  expect(res.code, res.msg).toBe(0)
  expect(res.data.artworkId).toBe(id)
  return res.data.items
}
const roomName = async (id: string, lang: 'en' | 'zh' = 'en') =>
  (
    (await f.t.deps.database.raw(`select name_${lang} as name from rooms where id = $1`, [id])) as {
      name: string
    }[]
  )[0].name

describe('a transport: departure and arrival reports', () => {
  let ids: string[]
  let processId: string
  beforeAll(async () => {
    ids = await f.artworks(2)
    const s = f.samples('OPERATION_TRANS_ART', ids)
    let p = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: ids })
    processId = p.id
    p = await f.pass(p, s.transportInfo[0], 'operations')
    p = await f.send('operations', p, 'DEPART', {
      payload: {
        departedOn: '2026-03-02',
        trackingNo: 'FAL-778',
        conditionOk: true,
        conditionNote: 'Crated, no marks on the frame',
        attachments: [photos[0]],
      },
    })
    p = await f.send('operations', p, 'ARRIVE', {
      payload: {
        arrivedOn: '2026-03-05',
        conditionOk: false,
        conditionNote: 'Scratch on the lower edge of the frame',
        attachments: photos,
      },
    })
    expect(p.status).toBe('completed')
  })

  it('lists arrival then departure, with condition, notes, photographs, who and where', async () => {
    const items = await itemsOf(ids[0])
    expect(items.map((r) => r.kind)).toEqual(['arrival', 'departure'])
    const [arrival, departure] = items
    expect(departure).toMatchObject({
      kind: 'departure',
      on: '2026-03-02',
      conditionOk: true,
      note: 'Crated, no marks on the frame',
      standing: 'recorded',
      approvedBy: null,
      processId,
      processType: 'OPERATION_TRANS_ART',
      otherArtworks: 1,
    })
    expect(departure.byName).toBeTruthy()
    expect(departure.photos).toEqual([
      expect.objectContaining({ fileId: photos[0], name: 'condition-1.png', mime: 'image/png', width: 320 }),
    ])
    expect(arrival).toMatchObject({
      kind: 'arrival',
      on: '2026-03-05',
      conditionOk: false,
      note: 'Scratch on the lower edge of the frame',
    })
    expect(arrival.photos.map((p) => p.fileId)).toEqual(photos)
    expect(arrival.photos.every((p) => p.hasThumbnail)).toBe(true)
    // Places in words: the transport's from and to (a room by its name when the form named one).
    const s = f.samples('OPERATION_TRANS_ART', ids).transportInfo[0]
    expect(departure.from).toBe(s.fromLocation)
    expect(departure.to).toBe(s.toRoomId ? await roomName(String(s.toRoomId)) : s.toLocation)
    expect(arrival.to).toBe(departure.to)
    expect(Date.parse(arrival.at)).toBeGreaterThanOrEqual(Date.parse(departure.at))
    // The other artwork of the same transport has the same two reports.
    expect((await itemsOf(ids[1])).map((r) => r.key)).toEqual(items.map((r) => r.key))
  })

  it('words rooms in the request language', async () => {
    const s = f.samples('OPERATION_TRANS_ART', ids).transportInfo[0]
    expect(s.toRoomId).toBeTruthy()
    const [arrival] = await itemsOf(ids[0], 'zh-CN')
    expect(arrival.to).toBe(await roomName(String(s.toRoomId), 'zh'))
  })

  it('refuses a DEPART whose photographs do not exist, and a condition that is not yes or no', async () => {
    const [a] = await f.artworks(1)
    const s = f.samples('OPERATION_TRANS_ART', [a])
    let p = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: [a] })
    p = await f.pass(p, s.transportInfo[0], 'operations')
    const missing = await f.post('operations', p, {
      type: 'DEPART',
      payload: { attachments: [crypto.randomUUID()] },
    })
    expect(missing.status).toBe(400)
    expect(Object.keys(missing.data.fieldErrors)).toEqual(['payload.attachments.0'])
    const notBool = await f.post('operations', p, { type: 'DEPART', payload: { conditionOk: 'yes' } })
    expect(notBool.status).toBe(400)
    expect(Object.keys(notBool.data.fieldErrors)).toEqual(['payload.conditionOk'])
    // Nothing was recorded: the artwork has no report yet, and a DEPART without a condition still passes.
    expect(await itemsOf(a)).toEqual([])
    p = await f.send('operations', p, 'DEPART', { payload: { trackingNo: 'X-1' } })
    const [only] = await itemsOf(a)
    expect(only).toMatchObject({ kind: 'departure', conditionOk: null, note: '', photos: [], on: null })
  })
})

describe('back from repair, mounting and a loan; into the warehouse', () => {
  it('lists the delivery once approved (awaiting approval before, gone when rejected)', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_REPAIR_ART', ids)
    let p = await f.start('operations', 'OPERATION_REPAIR_ART', { artworkIds: ids })
    p = await f.pass(p, s.repairInfo[0], 'operations')
    p = await f.pass(p, s.artworkTransport[0], 'operations')
    p = await f.send('operations', p, 'DEPART')
    p = await f.send('operations', p, 'ARRIVE')
    const delivery = { ...s.delivery[0], conditionOk: false, report: 'Flaking consolidated; retouch visible' }
    p = await f.send('operations', p, 'SUBMIT', { payload: { ...delivery, report: 'first draft' } })
    expect((await itemsOf(ids[0]))[0]).toMatchObject({ kind: 'repairDone', standing: 'awaitingApproval' })
    p = await f.send('approver', p, 'REJECT', { comment: 'Say what was retouched' })
    expect((await itemsOf(ids[0])).map((r) => r.kind)).toEqual(['arrival', 'departure'])
    p = await f.send('operations', p, 'SUBMIT', { payload: { ...delivery, attachments: [photos[1]] } })
    p = await f.send('approver', p, 'APPROVE')
    expect(p.status).toBe('completed')
    const items = await itemsOf(ids[0])
    expect(items.map((r) => r.kind)).toEqual(['repairDone', 'arrival', 'departure'])
    expect(items[0]).toMatchObject({
      standing: 'approved',
      conditionOk: false,
      note: 'Flaking consolidated; retouch visible',
      on: s.delivery[0].completedOn,
      from: 'Atelier Restauro',
      to: await roomName(f.room),
      photos: [expect.objectContaining({ fileId: photos[1] })],
    })
    expect(items[0].approvedBy?.name).toBeTruthy()
    // The DEPART and ARRIVE without a report still count as hand-overs, condition not recorded.
    expect(items[1]).toMatchObject({ conditionOk: null, note: '' })
  })

  it('lists warehousing after a purchase shipping, and the delivery back from mounting', async () => {
    const ids = await f.artworks(1)
    const t = f.samples('BUY_ART_TRANS', ids)
    let p = await f.start('operations', 'BUY_ART_TRANS', { artworkIds: ids })
    p = await f.pass(p, t.transport[0], 'operations')
    p = await f.send('operations', p, 'DEPART')
    p = await f.send('operations', p, 'ARRIVE')
    p = await f.pass(
      p,
      {
        ...t.warehousing[0],
        // BUY_ART_TRANS v2: the condition is the artwork's own row of the batch.
        artworks: [
          {
            artworkId: ids[0],
            roomId: f.room,
            conditionOk: false,
            conditionNote: 'Corner of the crate dented',
          },
        ],
        attachments: photos,
      },
      'operations',
    )
    expect(p.status).toBe('completed')
    const [stored] = await itemsOf(ids[0])
    expect(stored).toMatchObject({
      kind: 'warehousing',
      standing: 'approved',
      conditionOk: false,
      note: 'Corner of the crate dented',
      receivedBy: t.warehousing[0].receivedBy,
      on: t.warehousing[0].warehousedOn,
      to: await roomName(f.room),
      processType: 'BUY_ART_TRANS',
    })
    expect(stored.photos.map((x) => x.fileId)).toEqual(photos)

    const m = f.samples('OPERATION_MOUNT_ART', ids)
    let q = await f.start('operations', 'OPERATION_MOUNT_ART', { artworkIds: ids })
    q = await f.pass(q, m.mountingInfo[0], 'operations')
    q = await f.pass(q, m.artworkTransport[0], 'operations')
    q = await f.send('operations', q, 'DEPART', {
      payload: { conditionOk: false, conditionNote: 'Dent as before' },
    })
    q = await f.send('operations', q, 'ARRIVE')
    q = await f.pass(q, m.delivery[0], 'operations')
    const items = await itemsOf(ids[0])
    expect(items.map((r) => r.kind)).toEqual([
      'mountingDone',
      'arrival',
      'departure',
      'warehousing',
      'arrival',
      'departure',
    ])
    expect(items[0]).toMatchObject({ conditionOk: true, from: 'Rongbaozhai Mounting', standing: 'approved' })
  })

  it('lists a loan return with the exhibition it came back from', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_LOAN_EXHIBITION_ART', ids)
    let p = await f.start('operations', 'OPERATION_LOAN_EXHIBITION_ART', { artworkIds: ids })
    p = await f.pass(p, s.loan[0], 'operations')
    p = await f.pass(p, s.artworkTransport[0], 'operations')
    p = await f.send('operations', p, 'DEPART', { payload: { conditionOk: true } })
    p = await f.send('operations', p, 'ARRIVE', { payload: { conditionOk: true } })
    p = await f.send('operations', p, 'RETURN', {
      payload: { ...s.RETURN[0], conditionNote: 'Light fading noted', attachments: photos },
    })
    const [back] = await itemsOf(ids[0])
    expect(back).toMatchObject({
      kind: 'loanReturn',
      on: s.RETURN[0].returnedOn,
      conditionOk: true,
      note: 'Light fading noted',
      from: 'Ink Now, Power Station of Art, Shanghai',
      to: await roomName(f.room),
    })
    expect(back.photos).toHaveLength(2)
  })
})

describe('who may read, and bad ids', () => {
  it('is read with the artwork detail privilege and refused without it', async () => {
    const [a] = await f.artworks(1)
    for (const user of USERS) {
      const held = await userOf(f.t, user)
      const res = await reports(a, user)
      const may = held.allPrivileges || held.privileges.has('artworkArchive:view')
      expect(res.code, user).toBe(may ? 0 : 4031)
    }
    const anonymous = await f.t.call('GET', `/api/artworks/${a}/condition-reports`)
    expect(anonymous.status).toBe(403)
  })

  it('answers 400 for an id that is not one and 404 for an unknown artwork, in both languages', async () => {
    for (const [lang, words] of [
      ['en', /invalid|not valid/i],
      ['zh-CN', /[\u4e00-\u9fff]/],
    ] as const) {
      const bad = await reports('not-an-id', 'viewer', lang)
      expect(bad.status).toBe(400)
      expect(Object.keys(bad.data.fieldErrors)).toEqual(['id'])
      expect(bad.data.fieldErrors.id).toMatch(words)
      const unknown = await reports(crypto.randomUUID(), 'viewer', lang)
      expect(unknown.status).toBe(404)
      expect(unknown.msg).toMatch(lang === 'en' ? /[A-Za-z]/ : /[\u4e00-\u9fff]/)
    }
  })
})

describe('hand-over dates keep the timeline in order', () => {
  const refusal = async (p: ProcessView, type: string, payload: Record<string, unknown>, lang: string) => {
    const res = await f.t.call<{ fieldErrors: Record<string, string> }>(
      'POST',
      `/api/process/${p.id}/events`,
      { token: f.tokens.operations, lang, body: { type, expectedVersion: p.version, payload } },
    )
    expect(res.code, res.msg).toBe(400)
    return res.data.fieldErrors
  }

  it('refuses an arrival before its departure and a report dated after the office’s today', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_TRANS_ART', ids)
    let p = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: ids })
    p = await f.pass(p, s.transportInfo[0], 'operations')
    const today = todayIn(DEFAULT_OFFICE_ZONE)
    const tomorrow = nextDate(today)
    expect((await refusal(p, 'DEPART', { departedOn: tomorrow }, 'en'))['payload.departedOn']).toBe(
      'The date cannot be after today: only a hand-over that has happened is recorded',
    )
    p = await f.send('operations', p, 'DEPART', { payload: { departedOn: '2026-03-10' } })
    expect((await refusal(p, 'ARRIVE', { arrivedOn: '2026-03-09' }, 'en'))['payload.arrivedOn']).toBe(
      'The arrival cannot be dated before the departure',
    )
    expect((await refusal(p, 'ARRIVE', { arrivedOn: '2026-03-09' }, 'zh-CN'))['payload.arrivedOn']).toBe(
      '到达日期不能早于起运日期',
    )
    expect((await refusal(p, 'ARRIVE', { arrivedOn: tomorrow }, 'zh-CN'))['payload.arrivedOn']).toBe(
      '日期不能晚于今天：只能登记已经发生的交接',
    )
    // Nothing was written by the refusals; the same day as the departure is accepted.
    p = await f.send('operations', p, 'ARRIVE', { payload: { arrivedOn: '2026-03-10' } })
    expect(p.status).toBe('completed')
    expect((await itemsOf(ids[0])).map((r) => [r.kind, r.on])).toEqual([
      ['arrival', '2026-03-10'],
      ['departure', '2026-03-10'],
    ])
  })

  it('dates a departure without its own date by the office’s day it was recorded', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_TRANS_ART', ids)
    let p = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: ids })
    p = await f.pass(p, s.transportInfo[0], 'operations')
    p = await f.send('operations', p, 'DEPART')
    expect(Object.keys(await refusal(p, 'ARRIVE', { arrivedOn: '2026-01-01' }, 'en'))).toEqual([
      'payload.arrivedOn',
    ])
    p = await f.send('operations', p, 'ARRIVE', { payload: { arrivedOn: todayIn(DEFAULT_OFFICE_ZONE) } })
    expect(p.status).toBe('completed')
  })
})
