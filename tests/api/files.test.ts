// The file API through the app object, with real files on disk in the test's DATA_DIR: uploads of every
// accepted kind come back byte-identical; wrong content, oversize, two files and bad covers are refused
// leaving nothing behind; signed links, thumbnails, ranges, the streamed zip, unknown ids and path tricks.
import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files, userPrivileges, users } from '../../src/server/db/schema'
import { hashPassword } from '../../src/server/modules/auth/passwords'
import { sessionIdOf } from '../../src/server/modules/auth/session-id'
import { hashToken } from '../../src/server/modules/auth/sessions'
import { signedUrl } from '../../src/server/modules/files/links'
import { cfb, docx, jpeg, mp4, pdf, png, unzip, xlsx } from '../fixtures/file-samples'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let registrar: string
let viewer: string

const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex')

type Field = [name: string, value: string | Buffer, filename?: string]

async function upload(token: string | undefined, fields: Field[], lang = 'en') {
  const form = new FormData()
  for (const [name, value, filename] of fields) {
    if (filename !== undefined) form.append(name, new Blob([new Uint8Array(Buffer.from(value))]), filename)
    else form.append(name, value as string)
  }
  return t.call('POST', '/api/file/upload', { token, body: form, lang })
}

async function fetchRaw(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers })
  return { res, body: Buffer.from(await res.arrayBuffer()) }
}

async function linkFor(token: string, id: string, disposition: 'inline' | 'attachment' = 'attachment') {
  const res = await t.call('POST', '/api/file/link', { token, body: { id, disposition } })
  expect(res.code).toBe(0)
  return res.data.links[0] as { url: string; thumbnailUrl: string | null; name: string; mime: string }
}

/** Every file the storage holds (originals, thumbnails, covers). */
async function storedFiles(): Promise<string[]> {
  const root = t.deps.storage.location
  const out: string[] = []
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) await walk(full)
      else out.push(full)
    }
  }
  await walk(root)
  return out
}

async function rowCount(): Promise<number> {
  return (await t.deps.database.db.select({ id: files.id }).from(files)).length
}

/** Run a refused upload and check that it left neither bytes nor rows behind. */
async function refused(fields: Field[], token = registrar) {
  const filesBefore = (await storedFiles()).length
  const rowsBefore = await rowCount()
  const res = await upload(token, fields)
  expect(res.code).not.toBe(0)
  expect((await storedFiles()).length).toBe(filesBefore)
  expect(await rowCount()).toBe(rowsBefore)
  return res
}

beforeAll(async () => {
  t = await createTestContext()
  registrar = await t.login('registrar')
  viewer = await t.login('viewer')
})
afterAll(() => t?.close())

describe('upload and download round trip', () => {
  it('stores a PNG with its sha256, real dimensions and a thumbnail, and gives the same bytes back', async () => {
    const bytes = await png(640, 480)
    const res = await upload(registrar, [
      ['purpose', 'image'],
      ['file', bytes, '作品 图.png'],
    ])
    expect(res.code).toBe(0)
    expect(res.data).toMatchObject({
      name: '作品 图.png',
      kind: 'png',
      mime: 'image/png',
      size: bytes.length,
      sha256: sha256(bytes),
      purpose: 'image',
      width: 640,
      height: 480,
      hasThumbnail: true,
      coverFileId: null,
      cover: null,
    })
    const link = await linkFor(registrar, res.data.id, 'inline')
    const { res: got, body } = await fetchRaw(link.url) // no headers at all, as a new window
    expect(got.status).toBe(200)
    expect(sha256(body)).toBe(sha256(bytes))
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(got.headers.get('content-length')).toBe(String(bytes.length))
    expect(got.headers.get('x-content-type-options')).toBe('nosniff')
    expect(got.headers.get('content-disposition')).toBe(
      `inline; filename="__ _.png"; filename*=UTF-8''${encodeURIComponent('作品 图.png')}`,
    )
    const thumb = await fetchRaw(link.thumbnailUrl!)
    expect(thumb.res.status).toBe(200)
    expect(thumb.res.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(thumb.body).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.width).toBe(320)
    expect(meta.height).toBe(240)
  })

  it('takes a JPEG named .jfif as an image and keeps its name', async () => {
    const bytes = await jpeg(200, 100)
    const res = await upload(registrar, [
      ['purpose', 'image'],
      ['file', bytes, 'scan.jfif'],
    ])
    expect(res.data).toMatchObject({ kind: 'jpeg', mime: 'image/jpeg', name: 'scan.jfif', width: 200 })
    const link = await linkFor(registrar, res.data.id)
    const { res: got, body } = await fetchRaw(link.url)
    expect(sha256(body)).toBe(sha256(bytes))
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; /)
    // small images are not enlarged
    const thumb = await fetchRaw(link.thumbnailUrl!)
    expect((await sharp(thumb.body).metadata()).width).toBe(200)
  })

  it('accepts a PDF for the PDF purpose, with the purpose sent after the file', async () => {
    const bytes = pdf()
    const res = await upload(registrar, [
      ['file', bytes, 'policy.pdf'],
      ['purpose', 'pdf'],
    ])
    expect(res.code).toBe(0)
    expect(res.data).toMatchObject({ kind: 'pdf', mime: 'application/pdf', hasThumbnail: false })
    const link = await linkFor(registrar, res.data.id, 'inline')
    expect(link.thumbnailUrl).toBeNull()
    const { res: got, body } = await fetchRaw(link.url)
    expect(got.headers.get('content-disposition')).toMatch(/^inline; filename="policy.pdf"/)
    expect(sha256(body)).toBe(sha256(bytes))
  })

  it('imports an xlsx made with exceljs and an Excel 97 workbook', async () => {
    const book = await xlsx(50)
    const a = await upload(registrar, [
      ['purpose', 'excel'],
      ['file', book, 'artworks.xlsx'],
    ])
    expect(a.data).toMatchObject({ kind: 'xlsx', sha256: sha256(book) })
    const old = cfb(['Workbook', '\u0005SummaryInformation'])
    const b = await upload(registrar, [
      ['purpose', 'excel'],
      ['file', old, 'legacy.xls'],
    ])
    expect(b.data).toMatchObject({ kind: 'xls', mime: 'application/vnd.ms-excel' })
    const { body } = await fetchRaw((await linkFor(registrar, a.data.id)).url)
    expect(sha256(body)).toBe(sha256(book))
  })

  it('takes a docx and an MP4 as attachments (an attachment video needs no cover)', async () => {
    const doc = await docx()
    const res = await upload(registrar, [
      ['purpose', 'attachment'],
      ['file', doc, 'report.docx'],
    ])
    expect(res.data).toMatchObject({ kind: 'docx' })
    const link = await linkFor(registrar, res.data.id, 'inline')
    const { res: got } = await fetchRaw(link.url)
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; /) // never inline
    const clip = await upload(registrar, [
      ['purpose', 'attachment'],
      ['file', mp4(1000), 'clip.mp4'],
    ])
    expect(clip.data).toMatchObject({ kind: 'mp4', hasThumbnail: false, coverFileId: null })
  })

  it('stores a video with its cover frame as a file of its own, and thumbnails it', async () => {
    const video = mp4(200_000)
    const frame = await jpeg(1280, 720)
    const res = await upload(registrar, [
      ['purpose', 'video'],
      ['width', '1280'],
      ['height', '720'],
      ['cover', `data:image/jpeg;base64,${frame.toString('base64')}`],
      ['file', video, 'walkthrough.mp4'],
    ])
    expect(res.code).toBe(0)
    expect(res.data).toMatchObject({
      kind: 'mp4',
      mime: 'video/mp4',
      width: 1280,
      height: 720,
      hasThumbnail: true,
    })
    expect(res.data.cover).toMatchObject({
      kind: 'jpeg',
      purpose: 'cover',
      name: 'walkthrough-cover.jpg',
      sha256: sha256(frame),
      width: 1280,
      height: 720,
    })
    expect(res.data.coverFileId).toBe(res.data.cover.id)
    const [row] = await t.deps.database.db.select().from(files).where(eq(files.id, res.data.cover.id))
    expect(row.purpose).toBe('cover')
    const link = await linkFor(registrar, res.data.id, 'inline')
    const thumb = await fetchRaw(link.thumbnailUrl!)
    expect((await sharp(thumb.body).metadata()).width).toBe(320)
    const { res: got, body } = await fetchRaw(link.url)
    expect(got.headers.get('content-type')).toBe('video/mp4')
    expect(sha256(body)).toBe(sha256(video))
    // a video the browser could not decode comes without the three: kept, with no thumbnail
    const blind = await upload(registrar, [
      ['purpose', 'video'],
      ['file', mp4(100), 'hevc.mp4'],
    ])
    expect(blind.data).toMatchObject({
      kind: 'mp4',
      width: null,
      coverFileId: null,
      hasThumbnail: false,
      cover: null,
    })
    // the other field name for the cover (cover_file_base64) works too, and an image upload may be a video
    const again = await upload(registrar, [
      ['purpose', 'image'],
      ['width', '640'],
      ['height', '360'],
      ['cover_file_base64', (await png(64, 36)).toString('base64')],
      ['file', mp4(100), 'short.mp4'],
    ])
    expect(again.data.cover).toMatchObject({ kind: 'png' })
  })

  it('serves byte ranges for video seeking', async () => {
    const video = mp4(50_000)
    const res = await upload(registrar, [
      ['purpose', 'attachment'],
      ['file', video, 'seek.mp4'],
    ])
    const link = await linkFor(registrar, res.data.id, 'inline')
    const { res: got, body } = await fetchRaw(link.url, { range: 'bytes=100-1099' })
    expect(got.status).toBe(206)
    expect(got.headers.get('content-range')).toBe(`bytes 100-1099/${video.length}`)
    expect(got.headers.get('content-length')).toBe('1000')
    expect(body.equals(video.subarray(100, 1100))).toBe(true)
    const tail = await fetchRaw(link.url, { range: 'bytes=-10' })
    expect(tail.body.equals(video.subarray(video.length - 10))).toBe(true)
    const silly = await fetchRaw(link.url, { range: `bytes=${video.length + 5}-` })
    expect(silly.res.status).toBe(200) // unsatisfiable: the whole file
    expect(silly.body.length).toBe(video.length)
  })
})

describe('refusals leave nothing behind', () => {
  it('refuses a PNG renamed .pdf for the PDF purpose (415)', async () => {
    const res = await refused([
      ['purpose', 'pdf'],
      ['file', await png(20, 20), 'contract.pdf'],
    ])
    expect(res.status).toBe(415)
    expect(res.code).toBe(415)
    expect(res.msg).toBe('Incorrect file format')
  })

  it('refuses a text file named .jpg, in either language', async () => {
    const res = await refused([
      ['purpose', 'image'],
      ['file', Buffer.from('hello, I am not a picture'.repeat(20)), 'photo.jpg'],
    ])
    expect(res.code).toBe(415)
    const zh = await upload(
      registrar,
      [
        ['purpose', 'image'],
        ['file', Buffer.from('plain text'), 'photo.jpg'],
      ],
      'zh-CN',
    )
    expect(zh.msg).toBe('文件格式不正确')
  })

  it('refuses bytes that start like a PNG but do not decode', async () => {
    const real = await png(50, 50)
    const broken = Buffer.concat([real.subarray(0, 40), Buffer.alloc(500, 7)])
    const res = await refused([
      ['purpose', 'image'],
      ['file', broken, 'broken.png'],
    ])
    expect(res.code).toBe(415)
  })

  it('refuses a Word file or a Word 97 document for an Excel import', async () => {
    expect(
      (
        await refused([
          ['purpose', 'excel'],
          ['file', await docx(), 'sheet.xlsx'],
        ])
      ).code,
    ).toBe(415)
    expect(
      (
        await refused([
          ['purpose', 'excel'],
          ['file', cfb(['WordDocument']), 'sheet.xls'],
        ])
      ).code,
    ).toBe(415)
  })

  it('refuses an Excel file over 3 MB with 413', async () => {
    const big = await xlsx(10, { padBytes: 3 * 1024 * 1024 + 1000 })
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024)
    const res = await refused([
      ['purpose', 'excel'],
      ['file', big, 'huge.xlsx'],
    ])
    expect(res.status).toBe(413)
    expect(res.msg).toBe('Import failed: Excel files are at most 3 MB')
    // also when the purpose only comes after the file
    const late = await refused([
      ['file', big, 'huge.xlsx'],
      ['purpose', 'excel'],
    ])
    expect(late.status).toBe(413)
  })

  it('refuses anything over the server limit with 413', async () => {
    const saved = t.deps.config.maxUploadBytes
    t.deps.config.maxUploadBytes = 100_000
    try {
      const res = await refused([
        ['purpose', 'attachment'],
        ['file', mp4(150_000), 'long.mp4'],
      ])
      expect(res.status).toBe(413)
      expect(res.msg).toBe('The file is too large (limit 0.1 MB)')
    } finally {
      t.deps.config.maxUploadBytes = saved
    }
  })

  it('refuses two files in one request with 400', async () => {
    const res = await refused([
      ['purpose', 'excel'],
      ['file', await xlsx(2), 'a.xlsx'],
      ['file', await xlsx(2), 'b.xlsx'],
    ])
    expect(res.status).toBe(400)
    expect(res.msg).toBe('Only one file may be selected at a time')
  })

  it('takes width, height and cover of a video together, and only a real cover', async () => {
    const partial = await refused([
      ['purpose', 'video'],
      ['width', '1920'],
      ['file', mp4(100), 'v.mp4'],
    ])
    expect(partial.code).toBe(400)
    expect(partial.data.fieldErrors).toEqual({ height: 'Required', cover: 'Required' })
    const textCover = await refused([
      ['purpose', 'video'],
      ['width', '10'],
      ['height', '10'],
      ['cover', Buffer.from('not an image at all').toString('base64')],
      ['file', mp4(100), 'v.mp4'],
    ])
    expect(textCover.data.fieldErrors.cover).toBe(
      'The video cover must be a JPEG or PNG image of at most 5 MB',
    )
    const notBase64 = await refused([
      ['purpose', 'video'],
      ['width', '10'],
      ['height', '10'],
      ['cover', '%%%% not base64 %%%%'],
      ['file', mp4(100), 'v.mp4'],
    ])
    expect(notBase64.code).toBe(400)
    const badSize = await refused([
      ['purpose', 'video'],
      ['width', 'wide'],
      ['height', '0'],
      ['cover', (await png(8, 8)).toString('base64')],
      ['file', mp4(100), 'v.mp4'],
    ])
    expect(badSize.data.fieldErrors).toEqual({ width: 'Digits only', height: 'Invalid value' })
  })

  it('refuses a missing purpose or file, unknown fields and non-multipart bodies', async () => {
    const noPurpose = await refused([['file', pdf(), 'a.pdf']])
    expect(noPurpose.data.fieldErrors).toEqual({ purpose: 'Required' })
    const badPurpose = await refused([
      ['purpose', 'virus'],
      ['file', pdf(), 'a.pdf'],
    ])
    expect(badPurpose.data.fieldErrors).toEqual({ purpose: 'Invalid value' })
    const noFile = await refused([['purpose', 'pdf']])
    expect(noFile.data.fieldErrors).toEqual({ file: 'Required' })
    const extra = await refused([
      ['purpose', 'pdf'],
      ['path', '../../etc'],
      ['file', pdf(), 'a.pdf'],
    ])
    expect(extra.data.fieldErrors).toEqual({ path: 'Field not allowed' })
    const otherFilePart = await refused([
      ['purpose', 'pdf'],
      ['attachment', pdf(), 'a.pdf'],
    ])
    expect(otherFilePart.data.fieldErrors).toEqual({ attachment: 'Field not allowed' })
    const json = await t.call('POST', '/api/file/upload', { token: registrar, body: { purpose: 'pdf' } })
    expect(json.status).toBe(400)
    expect(json.msg).toBe('Uploads are sent as multipart/form-data')
  })

  it('refuses a truncated multipart body and keeps nothing of it', async () => {
    const before = (await storedFiles()).length
    const boundary = 'vitrineTestBoundary'
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\npdf\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n`),
      Buffer.from('Content-Type: application/pdf\r\n\r\n'),
      pdf(), // ...and the closing delimiter never comes
    ])
    const res = await t.call('POST', '/api/file/upload', {
      token: registrar,
      body: body.toString('latin1'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(res.status).toBe(400)
    expect(res.msg).toBe('The upload is incomplete or malformed')
    expect((await storedFiles()).length).toBe(before)
  })
})

describe('who may upload and read', () => {
  it('answers 403 without a token on every file endpoint', async () => {
    const up = await upload(undefined, [
      ['purpose', 'pdf'],
      ['file', pdf(), 'a.pdf'],
    ])
    expect(up.code).toBe(403)
    expect((await t.call('POST', '/api/file/link', { body: { id: crypto.randomUUID() } })).code).toBe(403)
    const id = (
      await upload(registrar, [
        ['purpose', 'pdf'],
        ['file', pdf(), 'a.pdf'],
      ])
    ).data.id
    expect((await t.call('GET', `/api/file/downloadFile/${id}`)).code).toBe(403)
    expect((await t.call('GET', `/api/file/thumbnail/${id}`)).code).toBe(403)
    expect((await t.call('GET', `/api/file/batchDownloadFile?ids=${id}`)).code).toBe(403)
  })

  it('lets a read-only user read but not upload', async () => {
    const res = await refused(
      [
        ['purpose', 'pdf'],
        ['file', pdf(), 'a.pdf'],
      ],
      viewer,
    )
    expect(res.code).toBe(4031)
    const id = (
      await upload(registrar, [
        ['purpose', 'pdf'],
        ['file', pdf(), 'a.pdf'],
      ])
    ).data.id
    expect((await t.call('POST', '/api/file/link', { token: viewer, body: { id } })).code).toBe(0)
  })

  it('accepts the x-auth-token header instead of a signed link', async () => {
    const bytes = pdf()
    const id = (
      await upload(registrar, [
        ['purpose', 'pdf'],
        ['file', bytes, 'a.pdf'],
      ])
    ).data.id
    const { res, body } = await fetchRaw(`/api/file/downloadFile/${id}?disposition=inline`, {
      'x-auth-token': viewer,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^inline/)
    expect(sha256(body)).toBe(sha256(bytes))
  })

  it('hides files from a user who may view nothing, except their own uploads', async () => {
    const [clerk] = await t.deps.database.db
      .insert(users)
      .values({
        username: 'payclerk',
        displayName: 'Pay clerk',
        passwordHash: await hashPassword(TEST_PASSWORD),
      })
      .returning()
    await t.deps.database.db
      .insert(userPrivileges)
      .values({ userId: clerk.id, privilege: 'financeManage:pay' })
    const token = await t.login('payclerk')
    const office = (
      await upload(registrar, [
        ['purpose', 'pdf'],
        ['file', pdf(), 'board-minutes.pdf'],
      ])
    ).data.id
    const foreign = await t.call('POST', '/api/file/link', { token, body: { id: office } })
    expect(foreign.status).toBe(404)
    expect(foreign.data).toEqual({ ids: [office] })
    expect((await t.call('GET', `/api/file/downloadFile/${office}`, { token })).status).toBe(404)
    const own = await upload(token, [
      ['purpose', 'pdf'],
      ['file', pdf(), 'receipt.pdf'],
    ])
    expect(own.code).toBe(0)
    expect((await t.call('POST', '/api/file/link', { token, body: { id: own.data.id } })).code).toBe(0)
  })
})

describe('signed links', () => {
  let id: string
  let bytes: Buffer
  beforeAll(async () => {
    bytes = await png(100, 100)
    id = (
      await upload(registrar, [
        ['purpose', 'image'],
        ['file', bytes, 'signed.png'],
      ])
    ).data.id
  })

  it('issues links for several files at once, with an expiry', async () => {
    const other = (
      await upload(registrar, [
        ['purpose', 'pdf'],
        ['file', pdf(), 'b.pdf'],
      ])
    ).data.id
    const res = await t.call('POST', '/api/file/link', { token: registrar, body: { ids: [id, other] } })
    expect(res.data.links.map((l: { id: string }) => l.id)).toEqual([id, other])
    const expires = Date.parse(res.data.expiresAt)
    expect(expires).toBeGreaterThan(Date.now() + 250_000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 360_000)
    expect(res.data.links[0].url).toMatch(
      /^\/api\/file\/downloadFile\/[0-9a-f-]{36}\?disposition=attachment&exp=\d+&u=[0-9a-f-]{36}&s=[0-9a-f]{16}&sig=[\w-]{43}$/,
    )
  })

  it('refuses an expired link with 403 and the link message', async () => {
    const me = await t.call('GET', '/api/auth/me', { token: registrar })
    const url = signedUrl(t.deps.config.linkSecret, {
      target: 'file',
      fileId: id,
      disposition: 'attachment',
      exp: Math.floor(Date.now() / 1000) - 1,
      userId: me.data.user.id,
      sessionId: sessionIdOf(hashToken(registrar)),
    })
    const res = await t.call('GET', url)
    expect(res.status).toBe(403)
    expect(res.code).toBe(403)
    expect(res.msg).toBe('The download link is invalid or has expired')
  })

  it('refuses forged and altered links', async () => {
    const link = await linkFor(registrar, id)
    const url = new URL(link.url, 'http://x')
    const forgedSig = new URL(url)
    forgedSig.searchParams.set('sig', 'A'.repeat(43))
    expect((await t.call('GET', forgedSig.pathname + forgedSig.search)).code).toBe(403)
    const longer = new URL(url)
    longer.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600))
    expect((await t.call('GET', longer.pathname + longer.search)).code).toBe(403)
    const inline = new URL(url)
    inline.searchParams.set('disposition', 'inline')
    expect((await t.call('GET', inline.pathname + inline.search)).code).toBe(403)
    const otherFile = (
      await upload(registrar, [
        ['purpose', 'pdf'],
        ['file', pdf(), 'c.pdf'],
      ])
    ).data.id
    const moved = `/api/file/downloadFile/${otherFile}${url.search}`
    expect((await t.call('GET', moved)).code).toBe(403)
    // a thumbnail link cannot fetch the original
    const thumb = new URL(link.thumbnailUrl!, 'http://x')
    expect((await t.call('GET', `/api/file/downloadFile/${id}${thumb.search}`)).code).toBe(403)
    const secret = signedUrl('not-the-secret', {
      target: 'file',
      fileId: id,
      disposition: 'attachment',
      exp: Math.floor(Date.now() / 1000) + 60,
      userId: url.searchParams.get('u')!,
      sessionId: url.searchParams.get('s')!,
    })
    expect((await t.call('GET', secret)).code).toBe(403)
  })

  it('stops working when the user it was issued to is disabled', async () => {
    const [temp] = await t.deps.database.db
      .insert(users)
      .values({
        username: 'temp-reader',
        displayName: 'Temp',
        passwordHash: await hashPassword(TEST_PASSWORD),
      })
      .returning()
    await t.deps.database.db
      .insert(userPrivileges)
      .values({ userId: temp.id, privilege: 'artworkArchive:view' })
    const link = await linkFor(await t.login('temp-reader'), id)
    expect((await fetchRaw(link.url)).res.status).toBe(200)
    await t.deps.database.db.update(users).set({ enabled: false }).where(eq(users.id, temp.id))
    expect((await fetchRaw(link.url)).res.status).toBe(403)
  })

  it('ends with the session that issued it: signed out, ended by an administrator, idle, or another user’s', async () => {
    const here = await t.login('viewer')
    const elsewhere = await t.login('viewer')
    const mine = await linkFor(here, id, 'inline')
    const theirs = await linkFor(elsewhere, id, 'inline')
    expect((await fetchRaw(mine.url)).res.status).toBe(200)
    expect((await fetchRaw(mine.thumbnailUrl!)).res.status).toBe(200)
    expect((await t.call('POST', '/api/auth/logout', { token: here })).code).toBe(0)
    for (const url of [mine.url, mine.thumbnailUrl!]) {
      const refused = await t.call('GET', url)
      expect(refused.status).toBe(403)
      expect(refused.msg).toBe('The download link is invalid or has expired')
    }
    // The same user's other session keeps its own links.
    expect((await fetchRaw(theirs.url)).res.status).toBe(200)

    // Ended by an administrator (the session's public id, as the user screen shows it).
    const admin = await t.login('admin')
    const me = await t.call('GET', '/api/auth/me', { token: elsewhere })
    const ended = await t.call(
      'DELETE',
      `/api/auth/users/${me.data.user.id}/sessions/${sessionIdOf(hashToken(elsewhere))}`,
      { token: admin },
    )
    expect(ended.code).toBe(0)
    expect((await fetchRaw(theirs.url)).res.status).toBe(403)

    // Idle past SESSION_IDLE_MINUTES: the session has ended, and so have its links.
    const idle = await t.login('viewer')
    const idleLink = await linkFor(idle, id)
    await t.deps.database.raw(
      "update sessions set last_seen_at = now() - interval '1 day' where token_hash = $1",
      [hashToken(idle)],
    )
    expect((await fetchRaw(idleLink.url)).res.status).toBe(403)

    // A genuine signature over another user's live session names nobody.
    const registrarSession = sessionIdOf(hashToken(registrar))
    const crossed = signedUrl(t.deps.config.linkSecret, {
      target: 'file',
      fileId: id,
      disposition: 'attachment',
      exp: Math.floor(Date.now() / 1000) + 60,
      userId: me.data.user.id,
      sessionId: registrarSession,
    })
    expect((await fetchRaw(crossed)).res.status).toBe(403)
  })

  it('names the reader in the system log and never logs the signature', async () => {
    const link = await linkFor(viewer, id)
    const sig = new URL(link.url, 'http://x').searchParams.get('sig')!
    await fetchRaw(link.url)
    await t.deps.logWriter.flush()
    const rows = (await t.deps.database.raw(
      `select create_by, request_uri from system_logs where request_uri like '/api/file/downloadFile/${id}%' order by access_time desc limit 1`,
    )) as { create_by: string; request_uri: string }[]
    expect(rows[0].create_by).toBe('viewer')
    expect(rows[0].request_uri).not.toContain(sig)
  })
})

describe('unknown ids and path tricks', () => {
  it('answers 404 for an id that does not exist', async () => {
    const ghost = crypto.randomUUID()
    const link = await t.call('POST', '/api/file/link', { token: registrar, body: { ids: [ghost] } })
    expect(link.status).toBe(404)
    expect(link.msg).toBe('No such file')
    expect(link.data).toEqual({ ids: [ghost] })
    expect((await t.call('GET', `/api/file/downloadFile/${ghost}`, { token: registrar })).status).toBe(404)
    expect((await t.call('GET', `/api/file/thumbnail/${ghost}`, { token: registrar })).status).toBe(404)
  })

  it('answers 404 "unavailable preview" for the thumbnail of a PDF', async () => {
    const id = (
      await upload(registrar, [
        ['purpose', 'pdf'],
        ['file', pdf(), 'a.pdf'],
      ])
    ).data.id
    const res = await t.call('GET', `/api/file/thumbnail/${id}`, { token: registrar })
    expect(res.status).toBe(404)
    expect(res.msg).toBe('Unavailable preview format')
  })

  it('answers 400 for malformed ids and traversal attempts, 404 for paths that leave the API', async () => {
    const encoded = await t.call('GET', '/api/file/downloadFile/..%2F..%2Fetc%2Fpasswd', { token: registrar })
    expect(encoded.status).toBe(400)
    expect(encoded.data.fieldErrors).toEqual({ id: 'Invalid value' })
    const dotted = await t.call('GET', '/api/file/downloadFile/../../etc/passwd', { token: registrar })
    expect(dotted.status).toBe(404)
    expect(dotted.msg).toBe('No such API path')
    const batch = await t.call('GET', '/api/file/batchDownloadFile?ids=../../etc/passwd', {
      token: registrar,
    })
    expect(batch.status).toBe(400)
    expect(batch.data.fieldErrors).toEqual({ ids: 'Invalid value' })
    const link = await t.call('POST', '/api/file/link', { token: registrar, body: { id: '/etc/passwd' } })
    expect(link.status).toBe(400)
    const empty = await t.call('POST', '/api/file/link', { token: registrar, body: {} })
    expect(empty.data.fieldErrors).toEqual({ ids: 'Required' })
  })
})

describe('batch download', () => {
  it('streams a zip holding every file byte for byte, duplicate names made unique', async () => {
    const a = await png(30, 30)
    const b = await png(31, 31)
    const c = pdf()
    const ids: string[] = []
    for (const [bytes, name, purpose] of [
      [a, 'same.png', 'image'],
      [b, 'same.png', 'image'],
      [c, '合同.pdf', 'pdf'],
    ] as const) {
      ids.push(
        (
          await upload(registrar, [
            ['purpose', purpose],
            ['file', bytes, name],
          ])
        ).data.id,
      )
    }
    const { res, body } = await fetchRaw(`/api/file/batchDownloadFile?ids=${ids.join(',')}`, {
      'x-auth-token': viewer,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-length')).toBe(String(body.length))
    const entries = unzip(body)
    expect(entries.map((e) => e.name)).toEqual(['same.png', 'same (2).png', '合同.pdf'])
    expect(entries.map((e) => sha256(e.data))).toEqual([sha256(a), sha256(b), sha256(c)])
    // the parameter repeated works too, and an id asked twice is zipped once
    const repeated = await fetchRaw(`/api/file/batchDownloadFile?ids=${ids[0]}&ids=${ids[2]}&ids=${ids[0]}`, {
      'x-auth-token': viewer,
    })
    expect(unzip(repeated.body).map((e) => e.name)).toEqual(['same.png', '合同.pdf'])
  })

  it('answers 404 naming the unknown ids when one of them does not exist', async () => {
    const id = (
      await upload(registrar, [
        ['purpose', 'pdf'],
        ['file', pdf(), 'a.pdf'],
      ])
    ).data.id
    const ghost = crypto.randomUUID()
    const res = await t.call('GET', `/api/file/batchDownloadFile?ids=${id},${ghost}`, { token: registrar })
    expect(res.status).toBe(404)
    expect(res.data).toEqual({ ids: [ghost] })
    const none = await t.call('GET', '/api/file/batchDownloadFile?ids=', { token: registrar })
    expect(none.status).toBe(400)
  })
})

describe('OpenAPI document', () => {
  it('describes every file endpoint, the upload as multipart', async () => {
    const res = await t.app.request('/api/openapi.json')
    const doc = (await res.json()) as { paths: Record<string, Record<string, any>> }
    for (const p of [
      '/api/file/upload',
      '/api/file/link',
      '/api/file/downloadFile/{id}',
      '/api/file/thumbnail/{id}',
      '/api/file/batchDownloadFile',
    ]) {
      expect(doc.paths[p], p).toBeDefined()
    }
    expect(Object.keys(doc.paths['/api/file/upload'].post.requestBody.content)).toEqual([
      'multipart/form-data',
    ])
  })
})
