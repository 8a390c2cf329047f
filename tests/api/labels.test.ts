// The label sheets API (/api/labels/artworks.pdf) on a real database: a room's or a selection's labels come
// back as a real PDF (read back with poppler's pdftotext: inventory numbers, Chinese and English titles), a
// label's QR code decodes to the artwork's page (the page rendered with pdftoppm, decoded with jsQR and
// @zxing/library on the raw pixels), and every bad request gets its own message in the request's language.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LABELS_MAX } from '../../src/shared/contracts/labels'
import { labelCodeOf } from '../../src/shared/label-code'
import { labelCodes } from '../fixtures/label-qr'
import { createTestContext, type TestContext } from './helpers'
import { makeArtworks, makeRoom } from './process-helpers'

let t: TestContext
let token: string
let room: string
let ids: string[]
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrine-labels-'))

beforeAll(async () => {
  t = await createTestContext()
  token = await t.login('operations')
  room = await makeRoom(t)
  ids = await makeArtworks(t, 4, room)
  // One title with characters outside the common range, to prove the font subset holds what is used.
  await t.deps.database.raw(`update artworks set title_zh = '溪山行旅图·鑫' where id = $1`, [ids[0]])
}, 120_000)
afterAll(async () => {
  await t?.close()
  rmSync(tmp, { recursive: true, force: true })
})

const headers = { 'x-system-name': 'devOpsManage' }

async function fetchPdf(query: string, lang = 'en', init: { method?: string; body?: unknown } = {}) {
  const res = await t.app.request(`/api/labels/artworks.pdf${query}`, {
    method: init.method ?? 'GET',
    headers: {
      ...headers,
      'x-auth-token': token,
      'accept-language': lang,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  })
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function refused(query: string, lang = 'en', body?: unknown) {
  const { res, bytes } = await fetchPdf(query, lang, body === undefined ? {} : { method: 'POST', body })
  expect(res.headers.get('content-type')).toContain('application/json')
  const envelope = JSON.parse(bytes.toString('utf8')) as { code: number; msg: string; data: unknown }
  return { status: res.status, ...envelope }
}

function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(tmp, name)
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

const inventoryNos = async (list: string[]) =>
  (
    (await t.deps.database.raw('select inventory_no from artworks where id = any($1::uuid[]) order by 1', [
      list,
    ])) as { inventory_no: string }[]
  ).map((r) => r.inventory_no)

/** The QR code of the first label (top left cell) of the PDF's first page. */
async function firstQr(bytes: Buffer): Promise<string> {
  const file = path.join(tmp, 'qr.pdf')
  writeFileSync(file, bytes)
  return (await labelCodes(file, tmp, 1))[0]
}

describe('a room’s labels', () => {
  it('are a PDF with every inventory number and the titles in the request’s language', async () => {
    const { res, bytes } = await fetchPdf(`?roomId=${room}`, 'zh-CN')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('x-label-count')).toBe('4')
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; .*filename\*=UTF-8''%E6%A0%87%E7%AD%BE/,
    )
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(bytes, 'room-zh.pdf')
    for (const no of await inventoryNos(ids)) expect(text).toContain(no)
    expect(text).toContain('溪山行旅图·鑫')
    expect(text).toMatch(/测试作品\d+/)
    const fonts = execFileSync('pdffonts', [path.join(tmp, 'room-zh.pdf')], { encoding: 'utf8' })
    // Embedded as a subset (a six-letter tag before the name), not the whole 19 MB collection.
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSansCJK/)
    expect(bytes.length).toBeLessThan(400_000)

    const en = pdfText((await fetchPdf(`?roomId=${room}`, 'en')).bytes, 'room-en.pdf')
    expect(en).toMatch(/Test work \d+/)
    expect(en).not.toMatch(/测试作品/)
  })

  it('carry QR codes that decode to the artwork’s page', async () => {
    const { bytes } = await fetchPdf(`?roomId=${room}`)
    const first = (
      (await t.deps.database.raw('select id from artworks where room_id = $1 order by inventory_no limit 1', [
        room,
      ])) as { id: string }[]
    )[0].id
    expect(await firstQr(bytes)).toBe(labelCodeOf(t.deps.config.publicUrl, first))
  })
})

describe('chosen artworks’ labels', () => {
  it('print the artworks named in the query or in a POST body, and only those', async () => {
    const chosen = [ids[3], ids[1]]
    const get = await fetchPdf(`?ids=${chosen.join(',')}`)
    expect(get.res.headers.get('x-label-count')).toBe('2')
    const text = pdfText(get.bytes, 'ids.pdf')
    const [inRoom] = await inventoryNos([ids[2]])
    for (const no of await inventoryNos(chosen)) expect(text).toContain(no)
    expect(text).not.toContain(inRoom)
    const post = await fetchPdf('', 'en', { method: 'POST', body: { ids: [...chosen, chosen[0]] } })
    expect(post.res.status).toBe(200)
    expect(post.res.headers.get('x-label-count')).toBe('2')
  })
})

describe('bad requests', () => {
  it('an unknown or malformed room', async () => {
    expect(await refused(`?roomId=${randomUUID()}`)).toMatchObject({ status: 404, msg: 'No such room' })
    expect(await refused('?roomId=not-a-room', 'zh-CN')).toMatchObject({ status: 404, msg: '库房不存在' })
  })

  it('nothing chosen, or a room and artworks at once', async () => {
    expect(await refused('')).toMatchObject({
      status: 400,
      msg: 'Choose a room or the artworks to print labels for',
    })
    expect(await refused('?ids=,,')).toMatchObject({ status: 400, code: 400 })
    expect(await refused('', 'en', { ids: [] })).toMatchObject({ status: 400 })
    expect(await refused(`?roomId=${room}&ids=${ids[0]}`)).toMatchObject({
      status: 400,
      msg: 'Choose either a room or artworks, not both',
    })
  })

  it('a malformed or unknown artwork', async () => {
    const bad = await refused(`?ids=${ids[0]},12345`)
    expect(bad).toMatchObject({ status: 400, msg: 'Not an artwork reference: 12345' })
    expect(bad.data).toEqual({ fieldErrors: { 'ids.1': 'Not an artwork reference: 12345' } })
    expect(await refused(`?ids=${ids[0]},${randomUUID()}`, 'zh-CN')).toMatchObject({
      status: 404,
      msg: '所选作品中有 1 件不在档案中',
    })
  })

  it('an empty room', async () => {
    const empty = await makeRoom(t)
    expect(await refused(`?roomId=${empty}`)).toMatchObject({
      status: 400,
      msg: 'This room holds no artworks: there is nothing to print',
    })
  })

  it('more labels than one sheet request prints', async () => {
    const many = Array.from({ length: LABELS_MAX + 1 }, () => randomUUID())
    expect((await refused('', 'en', { ids: many })).msg).toBe(
      `At most ${LABELS_MAX} labels can be printed at once (this asks for ${LABELS_MAX + 1}): print in parts or choose fewer artworks`,
    )
    const big = await makeRoom(t)
    await t.deps.database.raw(
      `insert into artworks (inventory_no, title_zh, in_warehouse, room_id)
       select 'BULK-' || g, '批量' || g, true, $1 from generate_series(1, $2::int) g`,
      [big, LABELS_MAX + 5],
    )
    expect(await refused(`?roomId=${big}`, 'zh-CN')).toMatchObject({
      status: 400,
      msg: `一次最多打印 ${LABELS_MAX} 张标签（本次为 ${LABELS_MAX + 5} 张），请分批打印或减少所选作品`,
    })
  })

  it('a server without the label font says what to install', async () => {
    const setting = t.deps.config.pdfFont
    t.deps.config.pdfFont = '/nowhere/NoFont.ttf'
    try {
      const res = await refused(`?roomId=${room}`)
      expect(res.status).toBe(500)
      expect(res.msg).toContain('VITRINE_PDF_FONT')
      expect(res.msg).toContain('/nowhere/NoFont.ttf')
    } finally {
      t.deps.config.pdfFont = setting
    }
  })

  it('a caller without a session is refused', async () => {
    const res = await t.call('GET', `/api/labels/artworks.pdf?roomId=${room}`, { headers })
    expect(res).toMatchObject({ status: 403, code: 403 })
  })
})
