// IIIF through the app object on a real database, with a generated image uploaded through the file API:
// the info.json, renderings of every region, size, turn, quality and format decoded back with sharp (their
// dimensions and their pixels), the disk cache, every refusal the Image API names, who may read (token,
// signed file link, forged or missing link), and the artwork's manifest (checked with a zod schema of the
// Presentation 3.0 shapes used, both languages in every language map).
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { userPrivileges, users } from '../../src/server/db/schema'
import { hashPassword } from '../../src/server/modules/auth/passwords'
import { fullRecord, referenceIds, upload, uploadMedia } from './artworks-fixtures'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let registrar: string
let imageId: string
let pdfId: string
let artworkId: string
const H = { 'x-system-name': 'artworkArchive' }
const W = 1200
const HEIGHT = 800

/**
 * 1200 × 800: the left half red, the right half blue, a green 100 × 100 square at the top left corner.
 * Where each colour lands tells the region, the mirror and the turn apart.
 */
async function testImage(): Promise<Buffer> {
  const raw = Buffer.alloc(W * HEIGHT * 3)
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3
      const green = x < 100 && y < 100
      raw[i] = green ? 0 : x < W / 2 ? 220 : 0
      raw[i + 1] = green ? 200 : 0
      raw[i + 2] = green ? 0 : x < W / 2 ? 0 : 220
    }
  return sharp(raw, { raw: { width: W, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer()
}

const base = (id = imageId) => `/iiif/3/${id}`

/** With the registrar's token unless told otherwise (null: no header at all). */
async function get(url: string, token: string | null = registrar) {
  const headers: Record<string, string> = { 'accept-language': 'en' }
  if (token) headers['x-auth-token'] = token
  const res = await t.app.request(url, { headers })
  return { res, body: Buffer.from(await res.arrayBuffer()) }
}

async function json(url: string, token: string | null = registrar, lang = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang }
  if (token) headers['x-auth-token'] = token
  const res = await t.app.request(url, { headers })
  return { status: res.status, type: res.headers.get('content-type'), data: (await res.json()) as any }
}

/** The colour at a pixel, as 'red' | 'blue' | 'green' | 'other'. */
async function colourAt(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * info.channels
  const [r, g, b] = info.channels === 1 ? [data[i], data[i], data[i]] : [data[i], data[i + 1], data[i + 2]]
  if (r > 150 && g < 80 && b < 80) return 'red'
  if (b > 150 && r < 80 && g < 80) return 'blue'
  if (g > 130 && r < 80 && b < 80) return 'green'
  return 'other'
}

beforeAll(async () => {
  t = await createTestContext()
  registrar = await t.login('registrar')
  imageId = (await upload(t, registrar, 'image', await testImage(), 'iiif-test.png')).id
  const ids = await referenceIds(t)
  const media = await uploadMedia(t, registrar)
  pdfId = media.document
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
  const created = await t.call('POST', '/api/artworks', {
    token: registrar,
    headers: H,
    body: fullRecord(ids, media, artist.data.id, {
      inventoryNo: 'VT-IIIF-0001',
      media: [
        { fileId: imageId, kind: 'image', picType: 'FRONT', isPreview: true, caption: '正面' },
        { fileId: media.detail, kind: 'image', picType: 'DETAIL', isPreview: false, caption: '' },
        { fileId: media.document, kind: 'other', picType: '', isPreview: false, caption: 'Report' },
      ],
    }),
  })
  expect(created.code, JSON.stringify(created.data)).toBe(0)
  artworkId = created.data.id
}, 60_000)
afterAll(() => t?.close())

describe('info.json', () => {
  it('describes a level 2 service of the image', async () => {
    const { status, type, data } = await json(`${base()}/info.json`)
    expect(status).toBe(200)
    expect(type).toBe('application/ld+json;profile="http://iiif.io/api/image/3/context.json"')
    expect(data).toMatchObject({
      '@context': 'http://iiif.io/api/image/3/context.json',
      type: 'ImageService3',
      protocol: 'http://iiif.io/api/image',
      profile: 'level2',
      width: W,
      height: HEIGHT,
      maxWidth: 4096,
      maxHeight: 4096,
      maxArea: 4096 * 4096,
      tiles: [{ width: 512, scaleFactors: [1, 2, 4] }],
      sizes: [
        { width: 300, height: 200 },
        { width: 600, height: 400 },
        { width: 1200, height: 800 },
      ],
      extraFormats: ['webp'],
      extraQualities: ['color', 'gray'],
    })
    expect(data.id).toMatch(new RegExp(`^http://[^/]+/iiif/3/${imageId}$`))
  })
})

describe('renderings', () => {
  const cases: [string, number, number][] = [
    ['full/max/0/default.jpg', 1200, 800],
    ['square/max/0/default.png', 800, 800],
    ['0,0,512,512/512,/0/default.jpg', 512, 512],
    ['1024,512,512,512/176,/0/default.jpg', 176, 288], // cut at the edge: 176 × 288 left
    ['pct:50,0,50,100/,400/0/default.webp', 300, 400],
    ['full/600,/0/default.jpg', 600, 400],
    ['full/,200/0/color.png', 300, 200],
    ['full/300,300/0/default.png', 300, 300],
    ['full/!300,300/0/default.png', 300, 200],
    ['full/pct:10/0/default.jpg', 120, 80],
    ['full/^2400,/0/default.jpg', 2400, 1600],
    ['full/^max/0/default.jpg', 4096, 2730],
    ['full/^pct:150/0/default.jpg', 1800, 1200],
    ['full/600,/90/default.png', 400, 600],
    ['full/600,/180/default.png', 600, 400],
    ['full/600,/270/default.png', 400, 600],
    ['full/600,/!0/default.png', 600, 400],
    ['full/600,/!90/gray.jpg', 400, 600],
  ]
  for (const [request, width, height] of cases)
    it(`renders ${request} at ${width} × ${height}`, async () => {
      const { res, body } = await get(`${base()}/${request}`)
      expect(res.status, body.toString().slice(0, 200)).toBe(200)
      const format = request.split('.').pop()!
      expect(res.headers.get('content-type')).toBe(
        { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }[format],
      )
      const meta = await sharp(body).metadata()
      expect(meta.format).toBe({ jpg: 'jpeg', png: 'png', webp: 'webp' }[format])
      expect([meta.width, meta.height]).toEqual([width, height])
    })

  it('cuts the region asked for', async () => {
    expect(await colourAt((await get(`${base()}/0,0,100,100/max/0/default.png`)).body, 50, 50)).toBe('green')
    expect(await colourAt((await get(`${base()}/pct:50,0,50,100/max/0/default.png`)).body, 10, 400)).toBe(
      'blue',
    )
    // square: the middle 800 × 800 (x 200 to 1000), red on its left, blue on its right, no green
    const square = (await get(`${base()}/square/max/0/default.png`)).body
    expect(await colourAt(square, 10, 10)).toBe('red')
    expect(await colourAt(square, 790, 10)).toBe('blue')
  })

  it('mirrors before turning, and turns clockwise', async () => {
    const at = async (rotation: string, x: number, y: number) =>
      colourAt((await get(`${base()}/full/600,/${rotation}/default.png`)).body, x, y)
    // The green corner: top left as stored, top right mirrored, top right turned 90°, bottom right at 180°,
    // bottom left at 270°, bottom right when mirrored then turned 90°.
    expect(await at('0', 10, 10)).toBe('green')
    expect(await at('!0', 590, 10)).toBe('green')
    expect(await at('!0', 10, 200)).toBe('blue')
    expect(await at('90', 390, 10)).toBe('green')
    expect(await at('180', 590, 390)).toBe('green')
    expect(await at('270', 10, 590)).toBe('green')
    expect(await at('!90', 390, 590)).toBe('green')
  })

  it('gives gray as one channel (or equal channels) and colour as colour', async () => {
    for (const format of ['jpg', 'png', 'webp']) {
      const { res, body } = await get(`${base()}/full/300,/0/gray.${format}`)
      expect(res.status).toBe(200)
      const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true })
      if (info.channels > 2) {
        for (let i = 0; i < data.length; i += info.channels * 97) {
          expect(Math.abs(data[i] - data[i + 1]), format).toBeLessThanOrEqual(2)
          expect(Math.abs(data[i] - data[i + 2]), format).toBeLessThanOrEqual(2)
        }
      }
    }
    expect(await colourAt((await get(`${base()}/full/300,/0/color.png`)).body, 250, 100)).toBe('blue')
  })

  it('answers a repeat from the cache with the same bytes, and two spellings of one rendering alike', async () => {
    const url = `${base()}/pct:25,25,50,50/!200,200/!90/gray.webp`
    const first = await get(url)
    const second = await get(url)
    expect(first.res.headers.get('x-iiif-cache')).toBe('miss')
    expect(second.res.headers.get('x-iiif-cache')).toBe('hit')
    expect(second.body.equals(first.body)).toBe(true)
    const same = await get(`${base()}/300,200,600,400/200,/!90/gray.webp`)
    expect(same.res.headers.get('x-iiif-cache')).toBe('hit')
    expect(same.body.equals(first.body)).toBe(true)
    const cached = await readdir(path.join(t.dataDir, 'iiif-cache', imageId.slice(0, 2), imageId))
    expect(cached.some((name) => name.endsWith('.webp'))).toBe(true)
    expect(cached.some((name) => name.includes('.part-'))).toBe(false)
  })

  it('cuts a large image’s full-size tiles from a tiled copy, made once, and its lower levels shrunk', async () => {
    // 4,200 × 4,000 (16.8 MP, above the tiled copy's threshold): the left half red, the right half blue.
    const w = 4200
    const h = 4000
    const big = await sharp({ create: { width: w, height: h, channels: 3, background: '#dc0000' } })
      .composite([
        {
          input: { create: { width: w / 2, height: h, channels: 3, background: '#0000dc' } },
          left: w / 2,
          top: 0,
        },
      ])
      .jpeg({ quality: 90 })
      .toBuffer()
    const id = (await upload(t, registrar, 'image', big, 'large.jpg')).id
    const tiles = await Promise.all(
      ['0,0,512,512/512,512', '4096,3584,104,416/104,416', '2560,0,512,512/512,512'].map((p) =>
        get(`${base(id)}/${p}/0/default.jpg`),
      ),
    )
    for (const tile of tiles) expect(tile.res.status).toBe(200)
    expect(await colourAt(tiles[0].body, 10, 10)).toBe('red')
    expect(await colourAt(tiles[1].body, 50, 400)).toBe('blue')
    expect((await sharp(tiles[1].body).metadata()).width).toBe(104)
    expect(await colourAt(tiles[2].body, 10, 10)).toBe('blue')
    const folder = path.join(t.dataDir, 'iiif-cache', id.slice(0, 2), id)
    expect((await readdir(folder)).filter((n) => n.startsWith('source.tif'))).toEqual(['source.tif'])
    // A level of the pyramid (scale factor 8): the image shrunk on load, cut, at the exact size asked.
    const level = await get(`${base(id)}/0,0,4096,4096/512,512/0/default.jpg`)
    expect((await sharp(level.body).metadata()).width).toBe(512)
    expect(await colourAt(level.body, 100, 100)).toBe('red')
    expect(await colourAt(level.body, 300, 100)).toBe('blue')
  })
})

describe('refusals', () => {
  const bad: [string, string, string][] = [
    ['full/max/0/default.jpg'.replace('full', 'fullish'), 'region', 'The region is full, square'],
    ['1,2,3/max/0/default.jpg', 'region', 'The region is full, square'],
    ['1200,0,10,10/max/0/default.jpg', 'region', 'outside the image'],
    ['0,800,10,10/max/0/default.jpg', 'region', 'outside the image'],
    ['0,0,0,10/max/0/default.jpg', 'region', 'outside the image'],
    ['pct:100,0,5,5/max/0/default.jpg', 'region', 'outside the image'],
    ['full/0,/0/default.jpg', 'size', 'above zero'],
    ['full/,0/0/default.jpg', 'size', 'above zero'],
    ['full/pct:0/0/default.jpg', 'size', 'above zero'],
    ['full/2400,/0/default.jpg', 'size', 'put ^ before the size'],
    ['full/^5000,/0/default.jpg', 'size', 'largest width, height or area'],
    ['full/^4096,4097/0/default.jpg', 'size', 'largest width, height or area'],
    ['full/huge/0/default.jpg', 'size', 'The size is max'],
    ['full/max/45/default.jpg', 'rotation', 'The rotation is 0, 90, 180 or 270'],
    ['full/max/-90/default.jpg', 'rotation', 'The rotation is 0, 90, 180 or 270'],
    ['full/max/0/bitonal.jpg', 'quality', 'The quality is default, color or gray'],
    ['full/max/0/default.gif', 'format', 'The format is jpg, png or webp'],
    ['full/max/0/default.tif', 'format', 'The format is jpg, png or webp'],
    ['full/max/0/default', 'format', 'The format is jpg, png or webp'],
  ]
  for (const [request, field, words] of bad)
    it(`refuses ${request} with 400 at ${field}`, async () => {
      const { status, data } = await json(`${base()}/${request}`)
      expect(status).toBe(400)
      expect(data.code).toBe(400)
      expect(data.data.fieldErrors[field]).toContain(words)
    })

  it('says why in Chinese too', async () => {
    const { status, data } = await json(`${base()}/full/max/45/default.jpg`, registrar, 'zh-CN')
    expect(status).toBe(400)
    expect(data.data.fieldErrors.rotation).toBe('旋转角度应为 0、90、180 或 270，可在前面加 ! 表示镜像')
  })

  it('answers 404 for an unknown file and 400 for a file that is not an image', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await json(`${base(unknown)}/info.json`)).status).toBe(404)
    expect((await json(`${base(unknown)}/full/max/0/default.jpg`)).status).toBe(404)
    const info = await json(`${base(pdfId)}/info.json`)
    expect(info.status).toBe(400)
    expect(info.data.data.fieldErrors.id).toBe('This file is not an image')
    expect((await json(`${base(pdfId)}/full/max/0/default.jpg`)).status).toBe(400)
  })
})

/** The query of a signed link to the generated image (as the file API issues it). */
async function fileLink() {
  const res = await t.call('POST', '/api/file/link', {
    token: registrar,
    body: { id: imageId, disposition: 'inline' },
  })
  expect(res.code).toBe(0)
  return (res.data.links[0].url as string).split('?')[1]
}

describe('who may read', () => {
  it('refuses without a token or link (403), and with a forged or altered link (403)', async () => {
    expect((await json(`${base()}/info.json`, null)).status).toBe(403)
    expect((await get(`${base()}/full/max/0/default.jpg`, null)).res.status).toBe(403)
    const query = await fileLink()
    const forged = query.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    expect((await get(`${base()}/full/max/0/default.jpg?${forged}`, null)).res.status).toBe(403)
    // A file's link opens that file's service only.
    const other = await upload(
      t,
      registrar,
      'image',
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
      'other.png',
    )
    expect((await get(`${base(other.id)}/full/max/0/default.jpg?${query}`, null)).res.status).toBe(403)
  })

  it("opens info.json and renderings with the file's signed link, without headers", async () => {
    const query = await fileLink()
    const info = await json(`${base()}/info.json?${query}`, null)
    expect(info.status).toBe(200)
    const tile = await get(`${base()}/0,0,512,512/256,/0/default.jpg?${query}`, null)
    expect(tile.res.status).toBe(200)
    expect(tile.res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
  })

  it('hides a file from a user who may read none (404), as the file API does', async () => {
    const [clerk] = await t.deps.database.db
      .insert(users)
      .values({
        username: 'iiif-payer',
        displayName: 'Payer',
        passwordHash: await hashPassword(TEST_PASSWORD),
      })
      .returning()
    await t.deps.database.db
      .insert(userPrivileges)
      .values({ userId: clerk.id, privilege: 'financeManage:pay' })
    const token = await t.login('iiif-payer')
    expect((await json(`${base()}/info.json`, token)).status).toBe(404)
  })
})

const languageMap = z.strictObject({
  zh: z.array(z.string().min(1)).length(1),
  en: z.array(z.string().min(1)).length(1),
})
const manifestSchema = z.strictObject({
  '@context': z.literal('http://iiif.io/api/presentation/3/context.json'),
  id: z.url(),
  type: z.literal('Manifest'),
  label: languageMap,
  metadata: z.array(z.strictObject({ label: languageMap, value: languageMap })),
  items: z.array(
    z.strictObject({
      id: z.url(),
      type: z.literal('Canvas'),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      label: languageMap.optional(),
      items: z
        .array(
          z.strictObject({
            id: z.url(),
            type: z.literal('AnnotationPage'),
            items: z
              .array(
                z.strictObject({
                  id: z.url(),
                  type: z.literal('Annotation'),
                  motivation: z.literal('painting'),
                  target: z.url(),
                  body: z.strictObject({
                    id: z.url(),
                    type: z.literal('Image'),
                    format: z.literal('image/jpeg'),
                    width: z.number().int().positive(),
                    height: z.number().int().positive(),
                    service: z
                      .array(
                        z.strictObject({
                          id: z.url(),
                          type: z.literal('ImageService3'),
                          profile: z.literal('level2'),
                        }),
                      )
                      .length(1),
                  }),
                }),
              )
              .length(1),
          }),
        )
        .length(1),
    }),
  ),
})

describe('the manifest', () => {
  const url = () => `/iiif/presentation/artworks/${artworkId}/manifest.json`

  it('has a canvas per image, painted by the image through its service, words in both languages', async () => {
    const { status, type, data } = await json(url(), registrar)
    expect(status).toBe(200)
    expect(type).toBe('application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"')
    const manifest = manifestSchema.parse(data)
    expect(manifest.label).toEqual({
      zh: ['春江花月夜之二'],
      en: ['Spring River, Flowers and Moonlit Night II'],
    })
    const meta = Object.fromEntries(manifest.metadata.map((m) => [m.label.en[0], m]))
    expect(Object.keys(meta)).toEqual(['Title', 'Artist', 'Year', 'Medium', 'Dimensions'])
    expect(meta.Title.label.zh).toEqual(['标题'])
    expect(meta.Artist.value).toEqual({ zh: ['周春芽'], en: ['Zhou Chunya'] })
    expect(meta.Year.value).toEqual({ zh: ['2012'], en: ['2012'] })
    expect(meta.Medium.value).toEqual({ zh: ['布面油画'], en: ['Oil on canvas'] })
    expect(meta.Dimensions.value.en[0]).toMatch(/cm/)
    // Two images (the PDF is no canvas): the generated one first, then the 300 × 300 detail.
    expect(manifest.items.map((c) => [c.width, c.height])).toEqual([
      [1200, 800],
      [300, 300],
    ])
    expect(manifest.items[0].label).toEqual({ zh: ['正面'], en: ['正面'] })
    const body = manifest.items[0].items[0].items[0].body
    expect(body.service[0].id).toMatch(new RegExp(`/iiif/3/${imageId}$`))
    expect([body.width, body.height]).toEqual([1024, 683])
    expect(manifest.items[0].items[0].items[0].target).toBe(manifest.items[0].id)
    // The body opens without headers (a signed link rides on it) at the size it announces...
    const image = await get(new URL(body.id).pathname + new URL(body.id).search, null)
    expect(image.res.status).toBe(200)
    const meta2 = await sharp(image.body).metadata()
    expect([meta2.width, meta2.height]).toEqual([body.width, body.height])
    // ...and its service's info.json says the canvas's size.
    const info = await json(`${new URL(body.service[0].id).pathname}/info.json`)
    expect([info.data.width, info.data.height]).toEqual([1200, 800])
    const small = manifest.items[1].items[0].items[0].body
    expect(small.id).toMatch(/\/full\/max\/0\/default\.jpg\?/)
  })

  it('opens with a signed manifest link, and refuses without one, with a forged one or without the privilege', async () => {
    const link = await t.call('POST', `/iiif/presentation/artworks/${artworkId}/link`, {
      token: registrar,
      headers: H,
    })
    expect(link.code, link.msg).toBe(0)
    const signed = await json(link.data.url, null)
    expect(signed.status).toBe(200)
    expect(manifestSchema.parse(signed.data).items).toHaveLength(2)
    expect((await json(url(), null)).status).toBe(403)
    expect((await json(link.data.url.replace(/sig=[^&]+/, 'sig=forged'), null)).status).toBe(403)
    // A file link does not open a manifest (its signature names another target).
    expect((await json(`${url()}?${await fileLink()}`, null)).status).toBe(403)
    const [reader] = await t.deps.database.db
      .insert(users)
      .values({
        username: 'iiif-finance',
        displayName: 'Finance',
        passwordHash: await hashPassword(TEST_PASSWORD),
      })
      .returning()
    await t.deps.database.db
      .insert(userPrivileges)
      .values({ userId: reader.id, privilege: 'financeManage:view' })
    const token = await t.login('iiif-finance')
    const denied = await json(url(), token)
    expect(denied.status).toBe(403)
    expect(denied.data.code).toBe(4031)
    expect(
      (await json(`/iiif/presentation/artworks/00000000-0000-4000-8000-000000000000/manifest.json`)).status,
    ).toBe(404)
  })
})
