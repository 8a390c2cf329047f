// The archive import's text formats beside Excel: a CSV in the layout of the artworks sheet (excel-columns.ts,
// headers in either language) and a LIDO 1.1 XML file (lido-read.ts). What a file is comes from its bytes:
// text that starts with "<" is XML, other text is CSV, anything else (a workbook, a picture, bytes that are
// not UTF-8 text) is refused with a 400 before anything is read.
import { Readable } from 'node:stream'
import { CsvError, parse } from 'csv-parse/sync'
import { type ImportFormat, importFileFields } from '../../../shared/contracts/artworks'
import { EXCEL_MAX_BYTES, sanitiseFileName, sniffHead } from '../../../shared/file-types'
import { AppError, invalid } from '../../http/app-error'
import { boundaryOf, MultipartError, readMultipart, readText } from '../files/multipart'
import { MAIN_SHEET } from './excel-columns'
import type { SheetText } from './excel-read'

export type TextFormat = Exclude<ImportFormat, 'excel'>

const FORMAT_NAMES: Record<TextFormat, string> = { csv: 'CSV', lido: 'LIDO XML' }

/** The text of a file, or null when its bytes are not UTF-8 text (a NUL, an invalid sequence, a known binary head). */
function textOf(bytes: Buffer): string | null {
  if (sniffHead(bytes.subarray(0, 64)) !== null || bytes.includes(0)) return null
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    return null
  }
}

/** What the file is (CSV or LIDO), checked against the format the user chose when one was chosen. */
export function detectTextFormat(bytes: Buffer, chosen: TextFormat | undefined): TextFormat {
  const text = textOf(bytes)
  if (text === null || text.trim() === '') throw new AppError(400, 'importFormatUnknown')
  const found: TextFormat = text.trimStart().startsWith('<') ? 'lido' : 'csv'
  if (chosen && chosen !== found)
    throw new AppError(400, 'importFormatMismatch', { format: FORMAT_NAMES[chosen] })
  return found
}

/**
 * A CSV file as the artworks sheet: the first record is the header (the sheet's headers in either
 * language), each further record a row numbered as a spreadsheet shows it (the header is row 1). Commas
 * separate the fields; quotes follow RFC 4180. A record that cannot be read is a 400 naming its line.
 */
export function csvSheet(bytes: Buffer): SheetText {
  let records: string[][]
  try {
    records = parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true })
  } catch (error) {
    if (error instanceof CsvError)
      throw new AppError(400, 'csvUnreadable', {
        line: typeof error.lines === 'number' ? error.lines : 1,
      })
    throw error
  }
  const [head = [], ...body] = records
  const header = ['', ...head]
  const rows = body.map((cells, k) => ({ row: k + 2, cells: ['', ...cells] }))
  return { name: MAIN_SHEET.en, header, rows }
}

/** Room for the one text field (`format`) and the part headers. */
const MULTIPART_LIMITS = { maxHeaderBytes: 16 * 1024, maxParts: 4 }
const tooLarge = () => new AppError(413, 'importTooLargeText', { limit: '3 MB' })

export interface ImportUpload {
  bytes: Buffer
  fileName: string
  format: TextFormat | undefined
}

/**
 * The multipart body of POST /api/artworks/import/file, read with the upload's reader (files/multipart.ts):
 * the text field `format` (optional) then one `file`, held in memory up to the Excel import's 3 MB.
 */
export async function receiveImportFile(request: Request): Promise<ImportUpload> {
  const boundary = boundaryOf(request.headers.get('content-type'))
  if (!boundary || !request.body) throw new AppError(400, 'multipartExpected')
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > EXCEL_MAX_BYTES + 64 * 1024) throw tooLarge()
  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
  const fields: Record<string, string> = {}
  let file: { bytes: Buffer; name: string } | null = null
  try {
    for await (const part of readMultipart(source, boundary, MULTIPART_LIMITS)) {
      if (part.filename !== null) {
        if (part.name !== 'file') throw invalid({ [part.name]: 'unknownField' })
        if (file) throw new AppError(400, 'oneFileOnly')
        const chunks: Buffer[] = []
        let size = 0
        for await (const chunk of part.body) {
          size += chunk.length
          if (size > EXCEL_MAX_BYTES) throw tooLarge()
          chunks.push(chunk)
        }
        file = { bytes: Buffer.concat(chunks), name: sanitiseFileName(part.filename) }
        continue
      }
      if (part.name !== 'format' || 'format' in fields) throw invalid({ [part.name]: 'unknownField' })
      const value = await readText(part.body, 64)
      if (value === null) throw invalid({ format: 'invalidValue' })
      fields.format = value
    }
  } catch (error) {
    source.destroy()
    if (error instanceof MultipartError) {
      throw new AppError(400, error.reason === 'noBoundary' ? 'multipartExpected' : 'malformedUpload')
    }
    throw error
  }
  const parsed = importFileFields.safeParse(fields)
  if (!parsed.success) throw invalid({ format: 'invalidValue' })
  if (!file) throw invalid({ file: 'required' })
  return { bytes: file.bytes, fileName: file.name, format: parsed.data.format }
}
