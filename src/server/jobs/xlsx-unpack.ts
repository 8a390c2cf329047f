// An .xlsx is a ZIP of XML parts, and a few hundred kilobytes of ZIP can unpack to gigabytes (a shared-string
// bomb). Every workbook the server reads is unpacked here first, with limits at the unzip layer: the sizes
// the ZIP declares are checked before anything is inflated, and the bytes actually inflated are counted as
// they come (a part stops inflating the moment it passes its limit, whatever its header said). While the
// XML streams past, no text run, shared string or tag may pass Excel's own cell limit of 32,767 characters.
// What the parser is then given is a fresh ZIP of exactly the parts checked here (stored, the workbook's
// own parts first), so it never meets bytes this reader did not count.
import { createInflateRaw } from 'node:zlib'
import { ZipFile } from 'yazl'
import { findZipDirectory, ZIP_TAIL_BYTES } from '../../shared/file-types'
import { AppError } from '../http/app-error'

const MB = 1024 * 1024

export const WORKBOOK_LIMITS = {
  /** All parts together, inflated. */
  unpackedBytes: 50 * MB,
  /** Any one part, inflated. */
  partBytes: 40 * MB,
  parts: 1000,
  /** Excel's own limit for the text of one cell. */
  textChars: 32_767,
} as const

/** The parameters of the refusals' messages (also used when a failed import job is worded). */
export const WORKBOOK_LIMIT_PARAMS = {
  unpacked: `${WORKBOOK_LIMITS.unpackedBytes / MB} MB`,
  part: `${WORKBOOK_LIMITS.partBytes / MB} MB`,
  chars: WORKBOOK_LIMITS.textChars,
}

/** A tag's attributes hold no more than a cell's text, at four UTF-8 bytes a character. */
const TAG_BYTES = WORKBOOK_LIMITS.textChars * 4

const tooLarge = () => new AppError(413, 'workbookUnpacksTooLarge', WORKBOOK_LIMIT_PARAMS)
const textTooLong = () => new AppError(400, 'workbookTextTooLong', WORKBOOK_LIMIT_PARAMS)
const malformed = () => new AppError(415, 'incorrectFileFormat')

interface Entry {
  name: string
  method: number
  compressedSize: number
  declaredSize: number
  dataStart: number
}

const u16 = (b: Buffer, at: number) => b.readUInt16LE(at)
const u32 = (b: Buffer, at: number) => b.readUInt32LE(at)

/** The central directory's entries, each with where its data starts; refuses what is not a plain ZIP. */
function entriesOf(bytes: Buffer): Entry[] {
  const tail = bytes.subarray(Math.max(0, bytes.length - ZIP_TAIL_BYTES))
  const directory = findZipDirectory(tail, bytes.length)
  if (!directory || directory.entries > WORKBOOK_LIMITS.parts) throw malformed()
  const entries: Entry[] = []
  let at = directory.offset
  const end = directory.offset + directory.size
  while (at < end) {
    if (at + 46 > end || u32(bytes, at) !== 0x02014b50) throw malformed()
    const flags = u16(bytes, at + 8)
    const nameLength = u16(bytes, at + 28)
    const skip = nameLength + u16(bytes, at + 30) + u16(bytes, at + 32)
    const entry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      declaredSize: u32(bytes, at + 24),
      dataStart: localDataStart(bytes, u32(bytes, at + 42), directory.offset),
    }
    // encrypted, ZIP64 or neither stored nor deflated: no workbook of ours looks like this
    if (flags & 1 || entry.compressedSize === 0xffffffff || entry.declaredSize === 0xffffffff)
      throw malformed()
    if (entry.method !== 0 && entry.method !== 8) throw malformed()
    if (entry.dataStart + entry.compressedSize > directory.offset) throw malformed()
    entries.push(entry)
    at += 46 + skip
  }
  if (entries.length !== directory.entries) throw malformed()
  return entries
}

function localDataStart(bytes: Buffer, offset: number, directoryOffset: number): number {
  if (offset + 30 > directoryOffset || u32(bytes, offset) !== 0x04034b50) throw malformed()
  return offset + 30 + u16(bytes, offset + 26) + u16(bytes, offset + 28)
}

/**
 * Watches XML as it streams past: no text run, no string item (`<si>`, `<is>`: the runs of one cell's text
 * together) over the cell limit, and no tag longer than a cell's text could make it. Characters are counted,
 * not bytes (UTF-8 continuation bytes skipped, an entity counted once).
 */
class TextWatch {
  private inTag = false
  private tagBytes = 0
  private tagName = ''
  private nameDone = false
  private last = 0
  private text = 0
  private stringText = 0
  private inString = false
  private inEntity = false

  feed(chunk: Buffer) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]
      if (this.inTag) {
        if (b === 0x3e) {
          this.endTag()
          continue
        }
        this.last = b
        if (++this.tagBytes > TAG_BYTES) throw textTooLong()
        if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) this.nameDone = true
        else if (!this.nameDone && this.tagName.length < 8) this.tagName += String.fromCharCode(b)
        continue
      }
      if (b === 0x3c) {
        this.inTag = true
        this.tagBytes = 0
        this.tagName = ''
        this.nameDone = false
        this.text = 0
        this.inEntity = false
        continue
      }
      if ((b & 0xc0) === 0x80) continue
      if (this.inEntity) {
        if (b === 0x3b) this.inEntity = false
        continue
      }
      if (b === 0x26) this.inEntity = true
      this.text += 1
      if (this.inString) this.stringText += 1
      if (this.text > WORKBOOK_LIMITS.textChars || this.stringText > WORKBOOK_LIMITS.textChars)
        throw textTooLong()
    }
  }

  private endTag() {
    this.inTag = false
    const closing = this.tagName.startsWith('/')
    const name = (closing ? this.tagName.slice(1) : this.tagName).replace(/^[^:]*:/, '').split('/')[0]
    if (name !== 'si' && name !== 'is') return
    if (closing) this.inString = false
    else if (this.last !== 0x2f) {
      this.inString = true
      this.stringText = 0
    }
  }
}

interface Budget {
  left: number
}

/** One part's bytes as they inflate, counted against the part's and the whole file's limits. */
async function* inflated(bytes: Buffer, entry: Entry, budget: Budget): AsyncGenerator<Buffer> {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize)
  let size = 0
  const count = (chunk: Buffer) => {
    size += chunk.length
    budget.left -= chunk.length
    if (size > WORKBOOK_LIMITS.partBytes || budget.left < 0) throw tooLarge()
  }
  if (entry.method === 0) {
    count(data)
    yield data
  } else {
    const inflater = createInflateRaw()
    inflater.end(data)
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        count(chunk)
        yield chunk
      }
    } catch (error) {
      if (error instanceof AppError) throw error
      throw malformed()
    } finally {
      inflater.destroy()
    }
  }
  if (size !== entry.declaredSize) throw malformed()
}

const isXml = (name: string) => /\.(xml|rels|vml)$/i.test(name)

/**
 * Check a workbook package against the limits (413 too large unpacked, 400 text over the cell limit, 415
 * not a plain ZIP). With `keep`, the checked parts are returned; without, nothing is held (an upload's check).
 */
export async function unpackWorkbook(bytes: Buffer, keep: boolean): Promise<Map<string, Buffer>> {
  const entries = entriesOf(bytes)
  // the sizes the ZIP admits to, before anything is inflated
  let declared = 0
  for (const e of entries) {
    if (e.declaredSize > WORKBOOK_LIMITS.partBytes) throw tooLarge()
    declared += e.declaredSize
  }
  if (declared > WORKBOOK_LIMITS.unpackedBytes) throw tooLarge()
  const parts = new Map<string, Buffer>()
  const budget = { left: WORKBOOK_LIMITS.unpackedBytes }
  for (const entry of entries) {
    const watch = isXml(entry.name) ? new TextWatch() : null
    const chunks: Buffer[] = []
    for await (const chunk of inflated(bytes, entry, budget)) {
      watch?.feed(chunk)
      if (keep) chunks.push(chunk)
    }
    if (keep && !entry.name.endsWith('/')) parts.set(entry.name, Buffer.concat(chunks))
  }
  return parts
}

/** The package's own parts first: a streaming reader then meets the workbook before its sheets. */
const FIRST = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels']
const rank = (name: string) => {
  const at = FIRST.indexOf(name)
  if (at >= 0) return at
  if (name === 'xl/sharedStrings.xml' || name === 'xl/styles.xml') return FIRST.length
  return FIRST.length + 1
}

/** The checked workbook, packed again (stored, not compressed) for the parser. */
export async function checkedWorkbook(bytes: Buffer): Promise<Buffer> {
  const parts = await unpackWorkbook(bytes, true)
  const zip = new ZipFile()
  const names = [...parts.keys()].sort((a, b) => rank(a) - rank(b))
  for (const name of names) zip.addBuffer(parts.get(name) as Buffer, name, { compressionLevel: 0 })
  zip.end()
  const out: Buffer[] = []
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) out.push(chunk)
  return Buffer.concat(out)
}
