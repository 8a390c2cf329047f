// Sending stored bytes back: one file (with its name in RFC 5987 form, its content type, its length,
// nosniff, and byte ranges for video seeking) or many as a zip. Everything streams from the storage with
// pull-based backpressure, so memory stays flat whatever the size.
import type { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import type { Disposition } from '../../../shared/contracts/files'
import type { ByteRange, Storage } from '../../storage'

/** A Node stream as a web stream that reads only when the HTTP response asks for more. */
export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next()
        if (next.done) controller.close()
        else
          controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength))
      },
      async cancel() {
        stream.destroy()
      },
    },
    { highWaterMark: 1 },
  )
}

/** `filename*` per RFC 5987 (UTF-8, percent-encoded) with a plain ASCII `filename` for old clients. */
export function contentDisposition(disposition: Disposition, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/**
 * The one satisfiable byte range of a Range header, or null to send the whole file (no header, several
 * ranges, or a range that cannot be served: a server may always answer 200 with everything).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header || size === 0) return null
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return null
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (start > end || start >= size) return null
  return { start, end }
}

export interface Servable {
  key: string
  name: string
  mime: string
  disposition: Disposition
}

/** The stored size, or an error that reaches the log (a row whose bytes are gone is a server fault). */
async function storedSize(storage: Storage, key: string): Promise<number> {
  try {
    return await storage.size(key)
  } catch (error) {
    throw new Error(`stored bytes missing for storage key ${key}: ${(error as Error).message}`)
  }
}

export async function fileResponse(
  storage: Storage,
  file: Servable,
  options: { range?: string; maxAgeSeconds: number },
): Promise<Response> {
  const size = await storedSize(storage, file.key)
  const range = parseRange(options.range, size)
  const headers = new Headers({
    'content-type': file.mime,
    'content-disposition': contentDisposition(file.disposition, file.name),
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    'cache-control': `private, max-age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
  })
  if (range) {
    headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`)
    headers.set('content-length', String(range.end - range.start + 1))
    return new Response(toWebStream(storage.read(file.key, range)), { status: 206, headers })
  }
  headers.set('content-length', String(size))
  return new Response(toWebStream(storage.read(file.key)), { status: 200, headers })
}

/** Names unique within a zip (case-insensitively): "a.jpg", "a (2).jpg", ... */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>()
  return names.map((name) => {
    const dot = name.lastIndexOf('.')
    const base = dot > 0 ? name.slice(0, dot) : name
    const ext = dot > 0 ? name.slice(dot) : ''
    let candidate = name
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`
    used.add(candidate.toLowerCase())
    return candidate
  })
}

export interface Zippable {
  key: string
  name: string
  createdAt: Date
}

/**
 * A zip of the files, streamed: each file is opened only when the zip reaches it and piped through
 * (stored, not deflated: photos, videos and office files are compressed already), so the total length is
 * known in advance and sent as Content-Length.
 */
export async function zipResponse(
  storage: Storage,
  items: readonly Zippable[],
  zipName: string,
): Promise<Response> {
  const sizes: number[] = []
  for (const item of items) sizes.push(await storedSize(storage, item.key))
  const zip = new ZipFile()
  const open = new Set<Readable>()
  const names = uniqueNames(items.map((i) => i.name))
  items.forEach((item, i) => {
    zip.addReadStreamLazy(names[i], { mtime: item.createdAt, compress: false, size: sizes[i] }, (cb) => {
      const stream = storage.read(item.key)
      open.add(stream)
      stream.once('close', () => open.delete(stream))
      cb(null, stream)
    })
  })
  const output = zip.outputStream as Readable
  zip.on('error', (error: Error) => output.destroy(error))
  output.once('close', () => {
    for (const stream of open) stream.destroy()
  })
  let total = -1
  ;(zip.end as (options: object, callback: (size: number) => void) => void)({}, (size) => {
    total = size
  })
  const headers = new Headers({
    'content-type': 'application/zip',
    'content-disposition': contentDisposition('attachment', zipName),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  })
  if (total >= 0) headers.set('content-length', String(total))
  return new Response(toWebStream(output), { status: 200, headers })
}
