// Emergency planning on a real database: salvage priority and handling notes saved with the archive record (a
// priority outside 1–5 or over-long notes refused at the field in both languages, nothing stored), the rights of
// a media file kept with it, and a room's grab sheet (GET /api/warehouse/rooms/:id/emergency.pdf) read back with
// pdftotext: its works in priority order (1 first, none last) with their places and handling notes, in the
// request's language; an unknown room is a 404 envelope.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateArtworkInput } from '../../src/shared/artwork-rules'
import { MESSAGES } from '../../src/shared/errors'
import { REPORTS_API } from '../../src/shared/report-paths'
import { jpeg } from '../fixtures/file-samples'
import { fullRecord, referenceIds, upload, uploadMedia } from './artworks-fixtures'
import { type Flow, openFlow } from './process-flow'

let f: Flow
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrine-grab-'))
const archive = { 'x-system-name': 'artworkArchive' }
let base: (overrides: Partial<CreateArtworkInput>) => Promise<CreateArtworkInput>
const ids: Record<string, string> = {}

async function create(overrides: Partial<CreateArtworkInput>, lang = 'en') {
  return f.t.call('POST', '/api/artworks', {
    token: f.tokens.registrar,
    body: await base(overrides),
    headers: archive,
    lang,
  })
}

beforeAll(async () => {
  f = await openFlow()
  const refs = await referenceIds(f.t)
  const media = await uploadMedia(f.t, f.tokens.registrar)
  let n = 0
  base = async (overrides) => {
    n += 1
    const picture = await upload(f.t, f.tokens.registrar, 'image', await jpeg(200, 150), `w${n}.jpg`)
    return fullRecord(refs, media, null, {
      inventoryNo: `VT-E-${Date.now()}-${n}`,
      roomId: f.room,
      media: [{ fileId: picture.id, kind: 'image', picType: 'FRONT', isPreview: true, caption: '' }],
      zipFileId: null,
      ...overrides,
    })
  }
  const works: [string, Partial<CreateArtworkInput>][] = [
    [
      'third',
      {
        titleZh: '第三件抢救',
        titleEn: 'Third to save',
        salvagePriority: '3',
        locationText: 'Rack C-3',
        handlingNotesZh: '两人搬运，戴手套',
        handlingNotesEn: 'Two people, gloves on',
      },
    ],
    [
      'none',
      // The shared full record carries a priority and notes: this one has none.
      {
        titleZh: '未定优先级',
        titleEn: 'Not yet prioritised',
        locationText: 'Rack D-4',
        salvagePriority: '',
        handlingNotesZh: '',
        handlingNotesEn: '',
      },
    ],
    [
      'first',
      {
        titleZh: '最先抢救',
        titleEn: 'First to save',
        salvagePriority: '1',
        locationText: 'Rack A-1',
        handlingNotesZh: '画面朝内，勿叠放',
        handlingNotesEn: 'Face inwards, never stacked',
      },
    ],
    [
      'fifth',
      { titleZh: '最后抢救', titleEn: 'Last to save', salvagePriority: '5', locationText: 'Rack E-5' },
    ],
  ]
  for (const [key, overrides] of works) {
    const res = await create(overrides)
    expect(res.code, `${res.msg} ${JSON.stringify(res.data)}`).toBe(0)
    ids[key] = res.data.id
  }
}, 240_000)

afterAll(async () => {
  await f?.close()
  rmSync(tmp, { recursive: true, force: true })
})

let fileNo = 0
async function grabSheet(roomId: string, lang: string) {
  const res = await f.t.app.request(REPORTS_API.grabSheet(roomId), {
    headers: {
      'x-auth-token': f.tokens.operations,
      'accept-language': lang,
      'x-system-name': 'devOpsManage',
    },
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  return { res, bytes }
}
function pdfText(bytes: Buffer): string {
  fileNo += 1
  const file = path.join(tmp, `g${fileNo}.pdf`)
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
}
const flat = (text: string) => text.replace(/\s+/g, '')

describe('salvage priority and handling notes in the archive record', () => {
  it('are saved and read back with the record', async () => {
    const res = await f.t.call('GET', `/api/artworks/${ids.first}`, {
      token: f.tokens.registrar,
      headers: archive,
    })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.record).toMatchObject({
      salvagePriority: '1',
      handlingNotesZh: '画面朝内，勿叠放',
      handlingNotesEn: 'Face inwards, never stacked',
    })
    const none = await f.t.call('GET', `/api/artworks/${ids.none}`, {
      token: f.tokens.registrar,
      headers: archive,
    })
    expect(none.data.record.salvagePriority).toBe('')
  })

  it('refuses a priority outside 1–5 and over-long notes at the field, in both languages, storing nothing', async () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      for (const bad of ['0', '6', '1.5', 'high']) {
        const res = await create({ salvagePriority: bad, titleEn: `Refused ${bad}` }, lang)
        expect(res.status, bad).toBe(400)
        expect(res.data.fieldErrors.salvagePriority).toBe(MESSAGES.salvagePriorityRange[lang])
      }
      const long = await create({ handlingNotesEn: 'x'.repeat(1001), titleEn: 'Refused long' }, lang)
      expect(long.status).toBe(400)
      expect(long.data.fieldErrors.handlingNotesEn).toBe(MESSAGES.tooLong[lang].replace('{max}', '1000'))
    }
    const stored = (await f.t.deps.database.raw(
      `select count(*)::int as n from artworks where title_en like 'Refused%'`,
    )) as { n: number }[]
    expect(stored[0].n).toBe(0)
  })
})

describe('the rights of a media file', () => {
  it('are kept with the file and read back; an over-long holder is refused at its field', async () => {
    const rights = {
      holder: 'Studio Lumen',
      licence: 'CC BY-NC 4.0',
      credit: 'Photo © Studio Lumen',
      restrictions: 'No commercial use; no cropping',
    }
    const picture = await upload(f.t, f.tokens.registrar, 'image', await jpeg(200, 150), 'rights.jpg')
    const media = [
      { fileId: picture.id, kind: 'image' as const, picType: 'FRONT', isPreview: true, caption: '', rights },
    ]
    const ok = await create({ media, titleEn: 'With rights' })
    expect(ok.code, ok.msg).toBe(0)
    const read = await f.t.call('GET', `/api/artworks/${ok.data.id}`, {
      token: f.tokens.registrar,
      headers: archive,
    })
    expect(read.data.record.media[0].rights).toEqual(rights)
    const bad = await create({
      media: [{ ...media[0], rights: { ...rights, holder: 'h'.repeat(201) } }],
      titleEn: 'Refused rights',
    })
    expect(bad.status).toBe(400)
    expect(bad.data.fieldErrors['media.0.rights.holder']).toBe(MESSAGES.tooLong.en.replace('{max}', '200'))
    // Moved out of the room: the grab sheet below lists the four works alone.
    await f.t.deps.database.raw(`update artworks set room_id = null, in_warehouse = false where id = $1`, [
      ok.data.id,
    ])
  })
})

describe("a room's grab sheet", () => {
  it('lists the works in salvage priority order, with places and handling notes, in English', async () => {
    const { res, bytes } = await grabSheet(f.room, 'en')
    expect(res.status, bytes.toString('utf8').slice(0, 300)).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('x-artwork-count')).toBe('4')
    expect(res.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''grab-sheet-.+\.pdf$/)
    const text = pdfText(bytes)
    expect(text).toContain('Emergency grab sheet')
    const order = ['First to save', 'Third to save', 'Last to save', 'Not yet prioritised'].map((title) =>
      text.indexOf(title),
    )
    expect(
      order.every((i) => i >= 0),
      text,
    ).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    const priorities = ['Priority 1', 'Priority 3', 'Priority 5', 'No priority'].map((w) => text.indexOf(w))
    expect(priorities.every((i) => i >= 0)).toBe(true)
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b))
    for (const words of ['Rack A-1', 'Rack C-3', 'Face inwards, never stacked', 'Two people, gloves on'])
      expect(text).toContain(words)
    expect(text).not.toContain('With rights')
  })

  it('is in Chinese for a Chinese request, the notes in Chinese', async () => {
    const { res, bytes } = await grabSheet(f.room, 'zh-CN')
    expect(res.status).toBe(200)
    const text = flat(pdfText(bytes))
    expect(text).toContain('库房应急抢救清单')
    const order = ['最先抢救', '第三件抢救', '最后抢救', '未定优先级'].map((title) => text.indexOf(title))
    expect(
      order.every((i) => i >= 0),
      text,
    ).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(text).toContain('画面朝内，勿叠放')
    expect(text).toContain('两人搬运，戴手套')
    expect(text).toContain('优先级1')
  })

  it('changes order when a priority changes', async () => {
    await f.t.deps.database.raw(`update artworks set salvage_priority = 2 where id = $1`, [ids.fifth])
    const text = pdfText((await grabSheet(f.room, 'en')).bytes)
    const order = ['First to save', 'Last to save', 'Third to save'].map((title) => text.indexOf(title))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('is a 404 envelope for an unknown room, and refused without a session', async () => {
    const { res, bytes } = await grabSheet('00000000-0000-4000-8000-000000000000', 'zh-CN')
    expect(res.status).toBe(404)
    expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({ code: 404, msg: '记录不存在' })
    const anonymous = await f.t.app.request(REPORTS_API.grabSheet(f.room))
    expect(anonymous.status).toBe(403)
  })
})
