// Receiving an upload: the multipart body streams into the storage while its sha256 and size are
// counted; the content decides the kind (magic bytes, then the container's directory for xlsx/docx/xls; a
// workbook for an import is unpacked within limits too); images get a thumbnail and their real dimensions; a
// video's cover frame becomes a file of its own.
// Any refusal removes every byte written and writes no row.
import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { type UploadFields, type UploadResponse, uploadFields } from '../../../shared/contracts/files'
import {
  COVER_MAX_BYTES,
  cfbStreamNames,
  EXCEL_MAX_BYTES,
  type FileKind,
  type FilePurpose,
  findZipDirectory,
  headFitsPurpose,
  type ImageKind,
  isImageKind,
  isXlsStreams,
  KIND_MIME,
  kindOfZipEntries,
  nameForKind,
  PURPOSE_KINDS,
  PURPOSE_MAX_BYTES,
  SNIFF_BYTES,
  sanitiseFileName,
  sniffHead,
  type UploadPurpose,
  ZIP_TAIL_BYTES,
  zipEntryNames,
} from '../../../shared/file-types'
import { issuesToFieldErrors } from '../../../shared/validation'
import type { Db } from '../../db/client'
import { type FileRow, files } from '../../db/schema'
import { AppError, invalid } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { unpackWorkbook } from '../../jobs/xlsx-unpack'
import type { Storage } from '../../storage'
import { boundaryOf, MultipartError, readMultipart, readText } from './multipart'
import { toFileView } from './queries'

/** Thumbnails: this wide, JPEG, never enlarged. */
export const THUMBNAIL_WIDTH = 320

export const newStorageKey = () => randomBytes(16).toString('hex')
export const thumbnailKeyOf = (storageKey: string) => `${storageKey}_t${THUMBNAIL_WIDTH}`

/** Room for the text fields (a base64 cover frame is the largest) on top of the file itself. */
const COVER_FIELD_MAX = Math.ceil((COVER_MAX_BYTES * 4) / 3) + 200
const FIELD_MAX: Record<string, number> = {
  purpose: 64,
  width: 64,
  height: 64,
  cover: COVER_FIELD_MAX,
  cover_file_base64: COVER_FIELD_MAX,
}
const MULTIPART_LIMITS = { maxHeaderBytes: 16 * 1024, maxParts: 12 }

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
}

function limitOf(purpose: FilePurpose | undefined, maxUploadBytes: number): number {
  const own = purpose ? PURPOSE_MAX_BYTES[purpose] : undefined
  return own !== undefined ? Math.min(own, maxUploadBytes) : maxUploadBytes
}

function tooLarge(purpose: FilePurpose | undefined, limit: number): AppError {
  if (purpose === 'excel') return new AppError(413, 'importTooLarge', { limit: megabytes(EXCEL_MAX_BYTES) })
  return new AppError(413, 'fileTooLarge', { limit: megabytes(limit) })
}

const wrongFormat = () => new AppError(415, 'incorrectFileFormat')

interface StoredBytes {
  key: string
  size: number
  sha256: string
  head: Buffer
}

/**
 * Stream chunks into the storage under `key`, counting size and sha256 and keeping the first bytes.
 * Throws (and the storage keeps nothing) past `limit` bytes or as soon as `checkHead` refuses the head.
 */
export async function storeChunks(
  storage: Storage,
  key: string,
  chunks: AsyncIterable<Buffer>,
  options: { limit: number; onLimit: () => Error; checkHead?: (head: Buffer) => void },
): Promise<StoredBytes> {
  const hash = createHash('sha256')
  let size = 0
  let head = Buffer.alloc(0)
  let checked = !options.checkHead
  async function* counted() {
    for await (const chunk of chunks) {
      size += chunk.length
      if (size > options.limit) throw options.onLimit()
      hash.update(chunk)
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)])
      if (!checked && head.length >= SNIFF_BYTES) {
        checked = true
        options.checkHead?.(head)
      }
      yield chunk
    }
    if (!checked) options.checkHead?.(head)
  }
  await storage.write(key, Readable.from(counted(), { objectMode: false }))
  return { key, size, sha256: hash.digest('hex'), head }
}

async function readBytes(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += chunk.length
    if (size > max) {
      stream.destroy()
      throw new Error('more bytes than expected')
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

const ZIP_DIRECTORY_MAX = 16 * 1024 * 1024

/** The kind of the stored bytes, by content; null when they are none of the kinds the office keeps. */
export async function detectStoredKind(
  storage: Storage,
  stored: StoredBytes,
  purpose: FilePurpose,
): Promise<FileKind | null> {
  const sniff = sniffHead(stored.head)
  if (sniff === 'zip') {
    if (stored.size < 22) return null
    const tailStart = stored.size - Math.min(stored.size, ZIP_TAIL_BYTES)
    const tail = await readBytes(
      storage.read(stored.key, { start: tailStart, end: stored.size - 1 }),
      ZIP_TAIL_BYTES,
    )
    const directory = findZipDirectory(tail, stored.size)
    if (!directory || directory.size > ZIP_DIRECTORY_MAX) return null
    const bytes =
      directory.offset >= tailStart
        ? tail.subarray(directory.offset - tailStart, directory.offset - tailStart + directory.size)
        : directory.size === 0
          ? Buffer.alloc(0)
          : await readBytes(
              storage.read(stored.key, {
                start: directory.offset,
                end: directory.offset + directory.size - 1,
              }),
              directory.size,
            )
    const names = zipEntryNames(bytes)
    return names ? kindOfZipEntries(names) : null
  }
  if (sniff === 'ole2') {
    // Only Excel imports take OLE2 files, and those are at most 3 MB: read the whole file.
    if (!PURPOSE_KINDS[purpose].includes('xls') || stored.size > EXCEL_MAX_BYTES) return null
    const names = cfbStreamNames(await readBytes(storage.read(stored.key), EXCEL_MAX_BYTES))
    return names && isXlsStreams(names) ? 'xls' : null
  }
  return sniff
}

interface ImageFacts {
  width: number
  height: number
  thumbnail: Buffer
}

/** Decode an image (stream or bytes): its upright dimensions and a thumbnail. Null when it does not decode. */
export async function imageFacts(input: Readable | Buffer, kind: ImageKind): Promise<ImageFacts | null> {
  const { default: sharp } = await import('sharp') // loaded with the first image, not with every server
  const pipeline = Buffer.isBuffer(input) ? sharp(input, { failOn: 'error' }) : sharp({ failOn: 'error' })
  const thumbnail = pipeline
    .clone()
    .autoOrient()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer()
  const metadata = pipeline.metadata()
  if (!Buffer.isBuffer(input)) {
    input.once('error', (error) => pipeline.destroy(error))
    input.pipe(pipeline)
  }
  try {
    const [meta, thumb] = await Promise.all([metadata, thumbnail])
    if (meta.format !== kind) return null
    return { width: meta.autoOrient.width, height: meta.autoOrient.height, thumbnail: thumb }
  } catch {
    return null
  }
}

/** A base64 JPEG/PNG (optionally a data: URL) decoded, or null when it is not one. */
export function decodeCover(text: string): Buffer | null {
  const prefix = /^data:image\/(?:jpeg|jpg|png);base64,/i.exec(text)
  const body = (prefix ? text.slice(prefix[0].length) : text).replace(/\s+/g, '')
  if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null
  const bytes = Buffer.from(body, 'base64')
  return bytes.length > 0 && bytes.length <= COVER_MAX_BYTES ? bytes : null
}

interface Received {
  fields: Record<string, string>
  file: (StoredBytes & { name: string }) | null
}

/** Read the multipart body: text fields in memory (bounded), the one file part into the storage. */
async function receive(deps: Deps, request: Request, written: string[]): Promise<Received> {
  const boundary = boundaryOf(request.headers.get('content-type'))
  if (!boundary || !request.body) throw new AppError(400, 'multipartExpected')
  const { maxUploadBytes } = deps.config
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  const overhead = COVER_FIELD_MAX * 2 + 64 * 1024
  if (Number.isFinite(declared) && declared > maxUploadBytes + overhead) {
    throw tooLarge(undefined, maxUploadBytes)
  }
  const fields: Record<string, string> = {}
  let file: Received['file'] = null
  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
  try {
    for await (const part of readMultipart(source, boundary, MULTIPART_LIMITS)) {
      if (part.filename !== null) {
        if (part.name !== 'file') throw invalid({ [part.name]: 'unknownField' })
        if (file) throw new AppError(400, 'oneFileOnly')
        const purpose = (uploadFields.shape.purpose.safeParse(fields.purpose).data ?? undefined) as
          | UploadPurpose
          | undefined
        const limit = limitOf(purpose, maxUploadBytes)
        const key = newStorageKey()
        written.push(key)
        const stored = await storeChunks(deps.storage, key, part.body, {
          limit,
          onLimit: () => tooLarge(purpose, limit),
          checkHead: purpose
            ? (head) => {
                if (!headFitsPurpose(sniffHead(head), purpose)) throw wrongFormat()
              }
            : undefined,
        })
        file = { ...stored, name: part.filename }
        continue
      }
      if (!(part.name in FIELD_MAX)) throw invalid({ [part.name]: 'unknownField' })
      if (part.name in fields) throw invalid({ [part.name]: 'invalidValue' })
      const value = await readText(part.body, FIELD_MAX[part.name])
      if (value === null) {
        throw invalid({ [part.name]: part.name.startsWith('cover') ? 'coverInvalid' : 'invalidValue' })
      }
      fields[part.name] = value
    }
  } catch (error) {
    source.destroy()
    if (error instanceof MultipartError) {
      throw new AppError(400, error.reason === 'noBoundary' ? 'multipartExpected' : 'malformedUpload')
    }
    throw error
  }
  return { fields, file }
}

function validateFields(raw: Record<string, string>, lang: Parameters<typeof issuesToFieldErrors>[1]) {
  const { cover_file_base64: spelledBySpec, ...rest } = raw
  if (spelledBySpec !== undefined && rest.cover !== undefined) throw invalid({ cover: 'invalidValue' })
  const parsed = uploadFields.safeParse(
    spelledBySpec !== undefined ? { ...rest, cover: spelledBySpec } : rest,
  )
  if (!parsed.success) {
    throw new AppError(400, 'invalidInput', undefined, {
      fieldErrors: issuesToFieldErrors(parsed.error.issues, lang),
    })
  }
  return parsed.data
}

async function storeBuffer(storage: Storage, key: string, bytes: Buffer, written: string[]): Promise<void> {
  written.push(key)
  await storage.write(key, Readable.from([bytes]))
}

/** Handle POST /api/file/upload end to end; returns the stored file (and its cover). */
export async function receiveUpload(
  deps: Deps,
  request: Request,
  user: AuthUser,
  lang: Parameters<typeof issuesToFieldErrors>[1],
): Promise<UploadResponse> {
  const { storage } = deps
  const db: Db = deps.database.db
  const written: string[] = []
  try {
    const { fields: rawFields, file } = await receive(deps, request, written)
    const fields: UploadFields = validateFields(rawFields, lang)
    const purpose = fields.purpose
    if (!file) throw invalid({ file: 'required' })
    const limit = limitOf(purpose, deps.config.maxUploadBytes)
    if (file.size > limit) throw tooLarge(purpose, limit)
    if (!headFitsPurpose(sniffHead(file.head), purpose)) throw wrongFormat()
    const kind = await detectStoredKind(storage, file, purpose)
    if (!kind || !PURPOSE_KINDS[purpose].includes(kind)) throw wrongFormat()
    // A workbook for an import is unpacked within the limits now (nothing held): a ZIP bomb or a cell
    // past Excel's limit is refused here, before anyone imports it.
    if (purpose === 'excel' && kind === 'xlsx')
      await unpackWorkbook(await readBytes(storage.read(file.key), EXCEL_MAX_BYTES), false)

    const name = nameForKind(sanitiseFileName(file.name), kind)
    let width: number | null = null
    let height: number | null = null
    let thumbnailKey: string | null = null
    let cover: typeof files.$inferInsert | null = null

    if (isImageKind(kind)) {
      if (fields.width !== undefined || fields.height !== undefined || fields.cover !== undefined) {
        throw invalid(
          Object.fromEntries(
            (['width', 'height', 'cover'] as const)
              .filter((f) => fields[f] !== undefined)
              .map((f) => [f, 'unknownField']),
          ),
        )
      }
      const facts = await imageFacts(storage.read(file.key), kind)
      if (!facts) throw wrongFormat()
      ;({ width, height } = facts)
      thumbnailKey = thumbnailKeyOf(file.key)
      await storeBuffer(storage, thumbnailKey, facts.thumbnail, written)
    } else if (kind === 'mp4') {
      // All three or none: a browser that cannot decode the video uploads it without (no thumbnail then).
      const missing = (['width', 'height', 'cover'] as const).filter((f) => fields[f] === undefined)
      if (missing.length > 0 && missing.length < 3) {
        throw invalid(Object.fromEntries(missing.map((f) => [f, 'required'])))
      }
      width = fields.width ?? null
      height = fields.height ?? null
      if (fields.cover !== undefined) {
        const bytes = decodeCover(fields.cover)
        const coverKind = bytes ? sniffHead(bytes) : null
        if (!bytes || !coverKind || !isImageKind(coverKind)) throw invalid({ cover: 'coverInvalid' })
        const facts = await imageFacts(bytes, coverKind)
        if (!facts) throw invalid({ cover: 'coverInvalid' })
        const coverKey = newStorageKey()
        await storeBuffer(storage, coverKey, bytes, written)
        thumbnailKey = thumbnailKeyOf(coverKey)
        await storeBuffer(storage, thumbnailKey, facts.thumbnail, written)
        const baseName = name.replace(/\.[^.]*$/, '')
        cover = {
          originalName: `${baseName}-cover.${coverKind === 'png' ? 'png' : 'jpg'}`,
          mime: KIND_MIME[coverKind],
          kind: coverKind,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storageKey: coverKey,
          uploadedBy: user.id,
          purpose: 'cover',
          width: facts.width,
          height: facts.height,
          thumbnailKey,
        }
      }
    } else if (fields.width !== undefined || fields.height !== undefined || fields.cover !== undefined) {
      throw invalid({ cover: 'unknownField' })
    }

    const { row, coverRow } = await db.transaction(async (tx) => {
      let coverRow: FileRow | null = null
      if (cover) [coverRow] = await tx.insert(files).values(cover).returning()
      const [row] = await tx
        .insert(files)
        .values({
          originalName: name,
          mime: KIND_MIME[kind],
          kind,
          size: file.size,
          sha256: file.sha256,
          storageKey: file.key,
          uploadedBy: user.id,
          purpose,
          width,
          height,
          coverFileId: coverRow?.id ?? null,
          thumbnailKey,
        })
        .returning()
      return { row, coverRow }
    })
    return { ...toFileView(row), cover: coverRow ? toFileView(coverRow) : null }
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)))
    throw error
  }
}
