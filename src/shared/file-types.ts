// What a file is, decided by its bytes and never by its name (docs/architecture.md § Input rules: images only JPG/JPEG/PNG/JFIF and
// MP4, some uploads PDF only, imports Excel only). Pure functions over byte arrays, so the server decides
// with them and the browser can pre-check a picked file with the very same rules before uploading it.

/** Every kind of file the office keeps. JFIF is JPEG; xlsx/docx are ZIP containers, xls is OLE2. */
export const FILE_KINDS = ['jpeg', 'png', 'pdf', 'mp4', 'xlsx', 'xls', 'docx', 'zip'] as const
export type FileKind = (typeof FILE_KINDS)[number]

export const KIND_MIME: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
}

/** Extensions a name may carry for each kind; the first is the one added when a name carries none of them. */
export const KIND_EXTENSIONS: Record<FileKind, readonly string[]> = {
  jpeg: ['jpg', 'jpeg', 'jfif', 'jpe'],
  png: ['png'],
  pdf: ['pdf'],
  mp4: ['mp4', 'm4v'],
  xlsx: ['xlsx'],
  xls: ['xls'],
  docx: ['docx'],
  zip: ['zip'],
}

/** The kinds that are still pictures (a video is not): what an image-only field, a cover or an inline picture takes. */
export const IMAGE_KINDS = ['jpeg', 'png'] as const satisfies readonly FileKind[]
export type ImageKind = (typeof IMAGE_KINDS)[number]
export function isImageKind(kind: string): kind is ImageKind {
  return (IMAGE_KINDS as readonly string[]).includes(kind)
}
/** Every extension a picture's name may carry (jpg, jpeg, jfif, jpe, png): the ones of its kinds above. */
export const IMAGE_EXTENSIONS: readonly string[] = IMAGE_KINDS.flatMap((kind) => KIND_EXTENSIONS[kind])

/** Kinds a browser may show inline (preview); everything else is always downloaded. */
export const INLINE_KINDS: ReadonlySet<FileKind> = new Set<FileKind>(['jpeg', 'png', 'pdf', 'mp4'])
/** Kinds the server makes a thumbnail for (a video gets one from its cover frame). */
export const THUMBNAIL_KINDS: ReadonlySet<FileKind> = new Set<FileKind>(['jpeg', 'png', 'mp4'])

/** Why a file is uploaded; each purpose accepts some kinds. `cover` is set by the server for video frames. */
export const UPLOAD_PURPOSES = ['image', 'pdf', 'excel', 'video', 'attachment', 'archive'] as const
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number]
export const FILE_PURPOSES = [...UPLOAD_PURPOSES, 'cover'] as const
export type FilePurpose = (typeof FILE_PURPOSES)[number]

export const PURPOSE_KINDS: Record<FilePurpose, readonly FileKind[]> = {
  image: ['jpeg', 'png', 'mp4'],
  video: ['mp4'],
  pdf: ['pdf'],
  excel: ['xlsx', 'xls'],
  attachment: ['pdf', 'jpeg', 'png', 'mp4', 'xlsx', 'docx'],
  archive: ['zip'],
  cover: ['jpeg', 'png'],
}

/** Excel imports are at most 3 MB (docs/architecture.md § Formats). Other purposes are bounded by the server's upload limit. */
export const EXCEL_MAX_BYTES = 3 * 1024 * 1024
/** A video's cover frame (decoded) is at most 5 MB. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024
export const PURPOSE_MAX_BYTES: Partial<Record<FilePurpose, number>> = {
  excel: EXCEL_MAX_BYTES,
  cover: COVER_MAX_BYTES,
}

/** A file input's `accept` attribute for some kinds: their extensions and media types (a hint only). */
export function acceptOf(kinds: readonly FileKind[]): string {
  return [
    ...kinds.flatMap((kind) => KIND_EXTENSIONS[kind].map((ext) => `.${ext}`)),
    ...kinds.map((k) => KIND_MIME[k]),
  ].join(',')
}

/** The `accept` attribute of a file input for each purpose (a hint only: the server decides by content). */
export const PURPOSE_ACCEPT: Record<UploadPurpose, string> = {
  image: acceptOf(PURPOSE_KINDS.image),
  video: acceptOf(PURPOSE_KINDS.video),
  pdf: acceptOf(PURPOSE_KINDS.pdf),
  excel: acceptOf(PURPOSE_KINDS.excel),
  attachment: acceptOf(PURPOSE_KINDS.attachment),
  archive: acceptOf(PURPOSE_KINDS.archive),
}

/** How many leading bytes `sniffHead` needs to decide (an ftyp box lists its brands within these). */
export const SNIFF_BYTES = 64

/** What the first bytes say: a final kind, or a container ('zip', 'ole2') whose directory must be read. */
export type HeadSniff = 'jpeg' | 'png' | 'pdf' | 'mp4' | 'zip' | 'ole2' | null

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false
  return signature.every((b, i) => bytes[at + i] === b)
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  let out = ''
  for (let i = start; i < end && i < bytes.length; i++) out += String.fromCharCode(bytes[i])
  return out
}

/** ISO base media brands that mean an MP4 video. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'dash',
  'mmp4',
  'MSNV',
])
/** Major brands that are ISO media but not an MP4 video: QuickTime, audio, HEIF/AVIF images. */
const NOT_VIDEO_BRANDS = new Set([
  'qt  ',
  'M4A ',
  'M4B ',
  'M4P ',
  'heic',
  'heix',
  'hevc',
  'mif1',
  'msf1',
  'avif',
  'avis',
])

/** An MP4 starts with an `ftyp` box naming a major brand and compatible brands. */
export function isMp4Head(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false
  const boxSize = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0
  if (boxSize < 16 || boxSize > 4096 || boxSize % 4 !== 0) return false
  const major = ascii(bytes, 8, 12)
  if (NOT_VIDEO_BRANDS.has(major)) return false
  if (MP4_BRANDS.has(major)) return true
  for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4) {
    if (MP4_BRANDS.has(ascii(bytes, at, at + 4))) return true
  }
  return false
}

/** Decide from the first bytes (at least SNIFF_BYTES of them when the file is that long). */
export function sniffHead(bytes: Uint8Array): HeadSniff {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png'
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf' // %PDF-
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip' // PK\3\4: a local file header
  if (startsWith(bytes, OLE2_SIGNATURE)) return 'ole2'
  if (isMp4Head(bytes)) return 'mp4'
  return null
}

/** Could a file starting with these bytes be accepted for the purpose? (containers are checked later) */
export function headFitsPurpose(sniff: HeadSniff, purpose: FilePurpose): boolean {
  const kinds = PURPOSE_KINDS[purpose]
  if (sniff === null) return false
  if (sniff === 'zip') return kinds.some((k) => k === 'xlsx' || k === 'docx' || k === 'zip')
  if (sniff === 'ole2') return kinds.includes('xls')
  return kinds.includes(sniff)
}

// ---- ZIP containers (xlsx, docx): read the central directory at the end of the file ----

/** Bytes to read from the end of a ZIP to find its end-of-central-directory record (22 + longest comment). */
export const ZIP_TAIL_BYTES = 22 + 0xffff

export interface ZipDirectory {
  /** Offset of the central directory from the start of the file. */
  offset: number
  size: number
  entries: number
}

function u16(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8)
}
function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0
}

/**
 * Find the central directory from the last bytes of a ZIP (`tail` ends at the file's end; `fileSize` is
 * the whole file's size). Null when there is no valid record (not a ZIP, truncated, or ZIP64).
 */
export function findZipDirectory(tail: Uint8Array, fileSize: number): ZipDirectory | null {
  const tailStart = fileSize - tail.length
  for (let at = tail.length - 22; at >= 0; at--) {
    if (u32(tail, at) !== 0x06054b50) continue
    const commentLength = u16(tail, at + 20)
    if (at + 22 + commentLength !== tail.length) continue // the comment must run to the end
    const entries = u16(tail, at + 10)
    const size = u32(tail, at + 12)
    const offset = u32(tail, at + 16)
    if (offset === 0xffffffff || size === 0xffffffff || entries === 0xffff) return null // ZIP64
    if (offset + size > tailStart + at) return null
    return { offset, size, entries }
  }
  return null
}

/** The entry names of a central directory, or null when it is malformed. */
export function zipEntryNames(directory: Uint8Array, maxEntries = 100_000): string[] | null {
  const names: string[] = []
  const decoder = new TextDecoder('utf-8', { fatal: false })
  let at = 0
  while (at + 46 <= directory.length) {
    if (u32(directory, at) !== 0x02014b50) return null
    const nameLength = u16(directory, at + 28)
    const extraLength = u16(directory, at + 30)
    const commentLength = u16(directory, at + 32)
    const end = at + 46 + nameLength
    if (end > directory.length) return null
    names.push(decoder.decode(directory.subarray(at + 46, end)))
    if (names.length > maxEntries) return null
    at = end + extraLength + commentLength
  }
  return at === directory.length ? names : null
}

/** Office Open XML packages are ZIPs with a content-types part and a workbook or a document. */
export function kindOfZipEntries(names: readonly string[]): 'xlsx' | 'docx' | 'zip' {
  const set = new Set(names)
  if (set.has('[Content_Types].xml')) {
    if (set.has('xl/workbook.xml') || names.some((n) => /^xl\/workbook\d*\.xml$/.test(n))) return 'xlsx'
    if (set.has('word/document.xml')) return 'docx'
  }
  return 'zip'
}

// ---- OLE2 compound files (xls): read the directory to find the workbook stream ----

const CFB_END_OF_CHAIN = 0xfffffffe
const CFB_FREE = 0xffffffff

/**
 * The names of the streams in an OLE2 compound file held whole in memory (only Excel imports, at most
 * 3 MB, are read this way), or null when the structure is broken.
 */
export function cfbStreamNames(bytes: Uint8Array): string[] | null {
  if (!startsWith(bytes, OLE2_SIGNATURE) || bytes.length < 512) return null
  if (u16(bytes, 0x1c) !== 0xfffe) return null // byte order mark
  const shift = u16(bytes, 0x1e)
  if (shift !== 9 && shift !== 12) return null
  const sectorSize = 1 << shift
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize)
  const sectorAt = (n: number) => (n + 1) * sectorSize
  const validSector = (n: number) => n < sectorCount

  // FAT sector numbers: 109 in the header, the rest in a chain of DIFAT sectors.
  const fatSectorTotal = u32(bytes, 0x2c)
  if (fatSectorTotal > sectorCount) return null
  const fatSectors: number[] = []
  for (let i = 0; i < 109 && fatSectors.length < fatSectorTotal; i++)
    fatSectors.push(u32(bytes, 0x4c + i * 4))
  let difat = u32(bytes, 0x44)
  for (let guard = 0; fatSectors.length < fatSectorTotal && difat !== CFB_END_OF_CHAIN; guard++) {
    if (!validSector(difat) || guard > sectorCount) return null
    const base = sectorAt(difat)
    const perSector = sectorSize / 4 - 1
    for (let i = 0; i < perSector && fatSectors.length < fatSectorTotal; i++) {
      fatSectors.push(u32(bytes, base + i * 4))
    }
    difat = u32(bytes, base + perSector * 4)
  }
  if (fatSectors.length < fatSectorTotal || !fatSectors.every(validSector)) return null
  const nextSector = (n: number): number => {
    const perSector = sectorSize / 4
    const fatSector = fatSectors[Math.floor(n / perSector)]
    if (fatSector === undefined) return CFB_FREE
    return u32(bytes, sectorAt(fatSector) + (n % perSector) * 4)
  }

  const names: string[] = []
  let sector = u32(bytes, 0x30)
  for (let guard = 0; sector !== CFB_END_OF_CHAIN; guard++) {
    if (!validSector(sector) || guard > sectorCount) return null
    const base = sectorAt(sector)
    for (let entry = base; entry + 128 <= base + sectorSize; entry += 128) {
      const type = bytes[entry + 0x42]
      const nameBytes = u16(bytes, entry + 0x40)
      if (type !== 2 || nameBytes < 2 || nameBytes > 64) continue // 2 = stream
      let name = ''
      for (let i = 0; i < nameBytes - 2; i += 2) name += String.fromCharCode(u16(bytes, entry + i))
      names.push(name)
    }
    sector = nextSector(sector)
  }
  return names
}

/** An Excel 97–2003 workbook keeps its sheets in a `Workbook` stream (`Book` in Excel 5/95). */
export function isXlsStreams(names: readonly string[]): boolean {
  return names.some((n) => n.toLowerCase() === 'workbook' || n.toLowerCase() === 'book')
}

// ---- names ----

/** C0/C1 control characters and the bidi marks and overrides that can disguise an extension. */
function isControlOrBidi(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0
  return (
    c <= 0x1f ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069)
  )
}

/**
 * A client's file name made safe to keep and to send back: no folders, no control or bidi-override
 * characters, no characters Windows refuses, at most 200 characters with the extension kept.
 */
export function sanitiseFileName(raw: string | null | undefined): string {
  let name = (raw ?? '').normalize('NFC')
  name = name.split(/[/\\]/).pop() ?? ''
  name = [...name]
    .filter((ch) => !isControlOrBidi(ch))
    .join('')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '')
  if (!name) return 'file'
  const chars = [...name]
  if (chars.length <= 200) return name
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : ''
  return chars.slice(0, 200 - [...ext].length).join('') + ext
}

/** The name with an extension that matches its content, so the saved file opens with the right program. */
export function nameForKind(name: string, kind: FileKind): string {
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (KIND_EXTENSIONS[kind].includes(ext)) return name
  return `${name}.${KIND_EXTENSIONS[kind][0]}`
}
