// The pieces that move file bytes: the streaming multipart reader (whatever the chunking), byte ranges,
// Content-Disposition names, zip entry names and signed links.
import { describe, expect, it } from 'vitest'
import { linkExpiry, signedUrl, verifyLink } from '../../src/server/modules/files/links'
import {
  boundaryOf,
  MultipartError,
  parseDisposition,
  readMultipart,
  readText,
} from '../../src/server/modules/files/multipart'
import { contentDisposition, parseRange, uniqueNames } from '../../src/server/modules/files/serve'

const LIMITS = { maxHeaderBytes: 1024, maxParts: 10 }

async function* chunked(body: Buffer, size: number) {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size)
}

async function parts(body: Buffer, boundary: string, chunkSize: number, limits = LIMITS) {
  const out: { name: string; filename: string | null; contentType: string | null; data: Buffer }[] = []
  for await (const part of readMultipart(chunked(body, chunkSize), boundary, limits)) {
    const chunks: Buffer[] = []
    for await (const c of part.body) chunks.push(c)
    out.push({
      name: part.name,
      filename: part.filename,
      contentType: part.contentType,
      data: Buffer.concat(chunks),
    })
  }
  return out
}

/** A body the way a browser writes it (CRLF, boundary with dashes). */
function form(
  boundary: string,
  items: { name: string; filename?: string; type?: string; data: Buffer | string }[],
) {
  const pieces: Buffer[] = []
  for (const item of items) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${item.name}"`
    if (item.filename !== undefined) head += `; filename="${item.filename}"`
    head += '\r\n'
    if (item.type) head += `Content-Type: ${item.type}\r\n`
    pieces.push(Buffer.from(`${head}\r\n`), Buffer.from(item.data), Buffer.from('\r\n'))
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(pieces)
}

describe('readMultipart', () => {
  const boundary = '----WebKitFormBoundary7MA4YWxkTrZu0gW'
  // Binary data that contains CRLF, dashes and most of the delimiter, but never all of it.
  const tricky = Buffer.concat([
    Buffer.from('\r\n--'),
    Buffer.from(`\r\n--${boundary.slice(0, -1)}X`),
    Buffer.from([0, 255, 13, 10, 45, 45]),
    Buffer.alloc(3000, 0x41),
    Buffer.from('\r\n'),
  ])
  const body = form(boundary, [
    { name: 'purpose', data: 'image' },
    { name: 'empty', data: '' },
    { name: 'file', filename: '作品.png', type: 'image/png', data: tricky },
  ])

  it.each([1, 2, 7, 64, 1000, 1 << 20])(
    'gives the same parts whatever the chunk size (%i bytes)',
    async (size) => {
      const got = await parts(body, boundary, size)
      expect(got.map((p) => [p.name, p.filename, p.contentType])).toEqual([
        ['purpose', null, null],
        ['empty', null, null],
        ['file', '作品.png', 'image/png'],
      ])
      expect(got[0].data.toString()).toBe('image')
      expect(got[1].data.length).toBe(0)
      expect(got[2].data.equals(tricky)).toBe(true)
    },
  )

  it('skips a preamble and an epilogue, and parts the consumer did not read', async () => {
    const withExtras = Buffer.concat([Buffer.from('preamble text\r\n'), body, Buffer.from('epilogue')])
    const names: string[] = []
    for await (const part of readMultipart(chunked(withExtras, 5), boundary, LIMITS)) names.push(part.name)
    expect(names).toEqual(['purpose', 'empty', 'file'])
  })

  it('reads quoted names, escaped quotes and RFC 5987 file names', async () => {
    const raw = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="file"; filename="a%22b.pdf"\r\n\r\nx\r\n` +
        `--b\r\ncontent-disposition: form-data; name=file2; filename="old.pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C.pdf\r\n\r\ny\r\n--b--`,
    )
    const got = await parts(raw, 'b', 3)
    expect(got.map((p) => p.filename)).toEqual(['a"b.pdf', '合同.pdf'])
    expect(parseDisposition('form-data; name="a\\"b"; x=1').params).toEqual({ name: 'a"b', x: '1' })
  })

  it('refuses truncated bodies, huge headers, too many parts and parts without a name', async () => {
    const truncated = body.subarray(0, body.length - 40)
    await expect(parts(truncated, boundary, 100)).rejects.toMatchObject({ reason: 'truncated' })
    const bigHeader = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="${'n'.repeat(2000)}"\r\n\r\nx\r\n--b--`,
    )
    await expect(parts(bigHeader, 'b', 50)).rejects.toMatchObject({ reason: 'headerTooLarge' })
    const many = form(
      'b',
      Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
    )
    await expect(parts(many, 'b', 50)).rejects.toMatchObject({ reason: 'tooManyParts' })
    const nameless = Buffer.from('--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--')
    await expect(parts(nameless, 'b', 50)).rejects.toBeInstanceOf(MultipartError)
    await expect(parts(Buffer.from('no delimiter anywhere'), 'b', 50)).rejects.toBeInstanceOf(MultipartError)
  })

  it('finds the boundary of a multipart content type only', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc')).toBe('----abc')
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="quoted value"')).toBe('quoted value')
    expect(boundaryOf('application/json')).toBeNull()
    expect(boundaryOf('multipart/form-data')).toBeNull()
    expect(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull()
  })

  it('bounds a text field', async () => {
    expect(await readText(chunked(Buffer.from('hello'), 2), 5)).toBe('hello')
    expect(await readText(chunked(Buffer.from('hello!'), 2), 5)).toBeNull()
  })
})

describe('parseRange', () => {
  it('serves one satisfiable range and ignores the rest', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 })
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
    for (const header of [
      undefined,
      'bytes=1000-',
      'bytes=5-1',
      'bytes=0-1,5-6',
      'items=0-1',
      'bytes=-',
      'bytes=-0',
    ]) {
      expect(parseRange(header, 1000)).toBeNull()
    }
    expect(parseRange('bytes=0-0', 0)).toBeNull()
  })
})

describe('names sent back', () => {
  it('writes the RFC 5987 form and a safe ASCII fallback', () => {
    expect(contentDisposition('attachment', 'report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    )
    expect(contentDisposition('inline', '作品 (1)\'s "draft".png')).toBe(
      `inline; filename="__ (1)'s _draft_.png"; filename*=UTF-8''%E4%BD%9C%E5%93%81%20%281%29%27s%20%22draft%22.png`,
    )
  })

  it('makes zip entry names unique, ignoring case', () => {
    expect(uniqueNames(['a.jpg', 'A.jpg', 'a.jpg', 'b', 'b', 'a (2).jpg'])).toEqual([
      'a.jpg',
      'A (2).jpg',
      'a (3).jpg',
      'b',
      'b (2)',
      'a (2) (2).jpg',
    ])
  })
})

describe('signed links', () => {
  const secret = 'unit-test-secret'
  const fileId = '0b0e7a52-8c1e-4a43-9c51-0d5b8f0f7a11'
  const userId = '5d9f8a2e-1b3c-4e5f-8a7b-9c0d1e2f3a4b'
  const sessionId = '0123456789abcdef'
  const now = Date.UTC(2025, 0, 1, 12, 0, 0)
  const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

  it('round-trips and rejects every change', () => {
    const exp = linkExpiry(300, now)
    const url = signedUrl(secret, { target: 'file', fileId, disposition: 'inline', exp, userId, sessionId })
    const q = query(url)
    expect(q.s).toBe(sessionId)
    expect(verifyLink(secret, 'file', fileId, q, now)).toEqual({
      target: 'file',
      fileId,
      disposition: 'inline',
      exp,
      userId,
      sessionId,
    })
    expect(verifyLink('other', 'file', fileId, q, now)).toBeNull()
    expect(verifyLink(secret, 'thumbnail', fileId, q, now)).toBeNull()
    expect(verifyLink(secret, 'file', userId, q, now)).toBeNull()
    expect(verifyLink(secret, 'file', fileId, { ...q, disposition: 'attachment' }, now)).toBeNull()
    expect(verifyLink(secret, 'file', fileId, { ...q, u: fileId }, now)).toBeNull()
    // another session of the same user, a link without its session, a session id that is not one
    expect(verifyLink(secret, 'file', fileId, { ...q, s: 'fedcba9876543210' }, now)).toBeNull()
    expect(verifyLink(secret, 'file', fileId, { ...q, s: undefined }, now)).toBeNull()
    expect(verifyLink(secret, 'file', fileId, { ...q, s: `${sessionId}0` }, now)).toBeNull()
    expect(verifyLink(secret, 'file', fileId, { ...q, exp: String(exp + 60) }, now)).toBeNull()
    expect(verifyLink(secret, 'file', fileId, { ...q, sig: undefined }, now)).toBeNull()
    expect(verifyLink(secret, 'file', fileId, q, exp * 1000)).toBeNull() // expired at exp
  })

  it('expires after the TTL, rounded up to the minute', () => {
    const exp = linkExpiry(300, now + 10_000)
    expect(exp * 1000).toBe(now + 360_000)
    expect(linkExpiry(300, now)).toBe((now + 300_000) / 1000)
  })
})
