// A streaming multipart/form-data reader (RFC 7578): parts come one at a time and a file part's bytes
// flow through in chunks, so an upload of any size passes through the server without being held in
// memory. (Hono's parseBody and Request.formData() buffer the whole body.)

export class MultipartError extends Error {
  constructor(readonly reason: 'noBoundary' | 'malformed' | 'truncated' | 'headerTooLarge' | 'tooManyParts') {
    super(`multipart: ${reason}`)
  }
}

export interface Part {
  /** The form field name. */
  name: string
  /** The client's file name for a file part (possibly empty); null for a text field. */
  filename: string | null
  contentType: string | null
  /**
   * The part's bytes. Read it to the end or not at all: the reader skips what is left of a part when
   * the next part is asked for.
   */
  body: AsyncGenerator<Buffer, void, undefined>
}

export interface MultipartLimits {
  /** Largest header block of one part. */
  maxHeaderBytes: number
  /** Most parts (fields and files together). */
  maxParts: number
}

/** The boundary of a multipart/form-data content type, or null when it is not one. */
export function boundaryOf(contentType: string | undefined | null): string | null {
  if (!contentType) return null
  const [type, ...params] = contentType.split(';')
  if (type.trim().toLowerCase() !== 'multipart/form-data') return null
  for (const param of params) {
    const eq = param.indexOf('=')
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue
    let value = param.slice(eq + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
    return /^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(value) && !value.endsWith(' ') ? value : null
  }
  return null
}

/**
 * A Content-Disposition header value: its type, plain parameters (quoted strings with backslash escapes)
 * and extended parameters (RFC 5987 `name*=UTF-8''...`, decoded).
 */
export function parseDisposition(value: string): {
  type: string
  params: Record<string, string>
  extended: Record<string, string>
} {
  const params: Record<string, string> = {}
  const extended: Record<string, string> = {}
  const semi = value.indexOf(';')
  const type = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase()
  let rest = semi < 0 ? '' : value.slice(semi + 1)
  const token = /^\s*([^\s=;]+)\s*=\s*/
  while (rest.length > 0) {
    const m = token.exec(rest)
    if (!m) break
    const key = m[1].toLowerCase()
    rest = rest.slice(m[0].length)
    let v = ''
    if (rest.startsWith('"')) {
      let i = 1
      for (; i < rest.length && rest[i] !== '"'; i++) {
        if (rest[i] === '\\' && i + 1 < rest.length) i++
        v += rest[i]
      }
      rest = rest.slice(i + 1)
    } else {
      const end = rest.indexOf(';')
      v = (end < 0 ? rest : rest.slice(0, end)).trim()
      rest = end < 0 ? '' : rest.slice(end)
    }
    const next = rest.indexOf(';')
    rest = next < 0 ? '' : rest.slice(next + 1)
    if (!key.endsWith('*')) {
      params[key] = v
      continue
    }
    const ext = /^([\w-]+)'[\w-]*'(.*)$/.exec(v)
    if (ext && ext[1].toLowerCase() === 'utf-8') {
      try {
        extended[key.slice(0, -1)] = decodeURIComponent(ext[2])
      } catch {
        // an undecodable extended value is ignored; the plain parameter (if any) stays
      }
    }
  }
  return { type, params, extended }
}

/** Browsers write `"`, CR and LF in a multipart file name as %22, %0D and %0A (WHATWG HTML). */
function unescapeBrowserName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n')
}

function parseHeaders(block: Buffer): { name: string; filename: string | null; contentType: string | null } {
  let disposition: string | null = null
  let contentType: string | null = null
  for (const line of block.toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) throw new MultipartError('malformed')
    const header = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (header === 'content-disposition') disposition = value
    else if (header === 'content-type') contentType = value
  }
  if (!disposition) throw new MultipartError('malformed')
  const { type, params, extended } = parseDisposition(disposition)
  if (type !== 'form-data' || params.name === undefined) throw new MultipartError('malformed')
  const filename =
    extended.filename ?? (params.filename !== undefined ? unescapeBrowserName(params.filename) : null)
  return { name: params.name, filename, contentType }
}

const CRLF = Buffer.from('\r\n')
const HEADER_END = Buffer.from('\r\n\r\n')

/** Read the parts of a multipart body one after the other. */
export async function* readMultipart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
): AsyncGenerator<Part, void, undefined> {
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  const iterator = source[Symbol.asyncIterator]()
  // A CRLF in front lets the first delimiter (which has none before it) match like the others.
  let buffer: Buffer = Buffer.from(CRLF)
  let ended = false

  const pull = async (): Promise<boolean> => {
    if (ended) return false
    const next = await iterator.next()
    if (next.done) {
      ended = true
      return false
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength)
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk])
    return true
  }
  const ensure = async (bytes: number): Promise<void> => {
    while (buffer.length < bytes) if (!(await pull())) throw new MultipartError('truncated')
  }

  // The preamble (usually empty) up to the first delimiter is skipped.
  for (;;) {
    const at = buffer.indexOf(delimiter)
    if (at >= 0) {
      buffer = buffer.subarray(at + delimiter.length)
      break
    }
    buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1))
    if (!(await pull())) throw new MultipartError('malformed')
  }

  let parts = 0
  let partDone = true
  /** The next chunk of the current part's body, or null at its end (the delimiter is consumed). */
  const nextChunk = async (): Promise<Buffer | null> => {
    while (!partDone) {
      const at = buffer.indexOf(delimiter)
      if (at >= 0) {
        partDone = true
        const chunk = buffer.subarray(0, at)
        buffer = buffer.subarray(at + delimiter.length)
        return chunk.length > 0 ? chunk : null
      }
      const safe = buffer.length - delimiter.length + 1
      if (safe > 0) {
        const chunk = buffer.subarray(0, safe)
        buffer = buffer.subarray(safe)
        return chunk
      }
      if (!(await pull())) throw new MultipartError('truncated')
    }
    return null
  }

  for (;;) {
    // After a delimiter: "--" closes the body; otherwise optional padding, CRLF, then the part's headers.
    await ensure(2)
    if (buffer[0] === 0x2d && buffer[1] === 0x2d) return // the epilogue is ignored
    for (let padding = 0; padding < 64; padding++) {
      await ensure(1)
      if (buffer[0] !== 0x20 && buffer[0] !== 0x09) break
      buffer = buffer.subarray(1)
    }
    await ensure(2)
    if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw new MultipartError('malformed')
    buffer = buffer.subarray(2)

    let headerBlock: Buffer
    await ensure(2)
    if (buffer[0] === 0x0d && buffer[1] === 0x0a) {
      throw new MultipartError('malformed') // a part without Content-Disposition has no name
    }
    for (;;) {
      const end = buffer.indexOf(HEADER_END)
      if (end >= 0) {
        if (end > limits.maxHeaderBytes) throw new MultipartError('headerTooLarge')
        headerBlock = buffer.subarray(0, end)
        buffer = buffer.subarray(end + HEADER_END.length)
        break
      }
      if (buffer.length > limits.maxHeaderBytes) throw new MultipartError('headerTooLarge')
      if (!(await pull())) throw new MultipartError('truncated')
    }
    if (++parts > limits.maxParts) throw new MultipartError('tooManyParts')

    partDone = false
    const body = (async function* () {
      for (;;) {
        const chunk = await nextChunk()
        if (chunk === null) return
        yield chunk
      }
    })()
    yield { ...parseHeaders(headerBlock), body }
    while ((await nextChunk()) !== null) {
      // skip what the consumer left unread
    }
  }
}

/** A text field's value as UTF-8, refusing more than `maxBytes`. */
export async function readText(body: AsyncIterable<Buffer>, maxBytes: number): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > maxBytes) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
