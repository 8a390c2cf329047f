// Reading a workbook as text: every cell as the string a person sees (dates as yyyy-MM-dd, formulas by their
// result, rich text joined), streamed so a large file never exists as a whole object model, and a sheet's
// rows keyed by the columns its header names. Used by the archive import; any later sheet import reads
// through here too. The package is unpacked within limits first (jobs/xlsx-unpack.ts) and every cell's
// text is held to Excel's cell limit again while the rows are parsed; the apostrophe our exports put before
// formula-like text is taken off (jobs/workbook-writer.ts), so an export imports back unchanged.
import { Readable } from 'node:stream'
import type ExcelJS from 'exceljs'
import { AppError } from '../../http/app-error'
import { readBackCell } from '../../jobs/workbook-writer'
import { checkedWorkbook, WORKBOOK_LIMIT_PARAMS, WORKBOOK_LIMITS } from '../../jobs/xlsx-unpack'
import { type ColumnDef, columnOfHeader } from './excel-columns'

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10)
}

/** A cell as text, refused (400) past Excel's own cell limit. */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  const text = anyCellText(v)
  if (text.length > WORKBOOK_LIMITS.textChars)
    throw new AppError(400, 'workbookTextTooLong', WORKBOOK_LIMIT_PARAMS)
  return text
}

function anyCellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return readBackCell(v.trim())
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(6)))
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (v instanceof Date) return isoDay(v)
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return readBackCell(
        v.richText
          .map((t) => t.text)
          .join('')
          .trim(),
      )
    if ('formula' in v || 'sharedFormula' in v)
      return anyCellText((v as { result?: ExcelJS.CellValue }).result)
    if ('text' in v) return anyCellText((v as { text: ExcelJS.CellValue }).text)
    if ('error' in v) return ''
  }
  return String(v).trim()
}

export interface SheetRows {
  present: boolean
  /** column key → column number */
  columns: Map<string, number>
  missing: ColumnDef[]
  rows: { row: number; cells: Record<string, string> }[]
}

/** A sheet as plain text: the header row and the data rows, cell texts by column number. */
export interface SheetText {
  name: string
  header: string[]
  rows: { row: number; cells: string[] }[]
}

/**
 * Read a workbook with exceljs's streaming reader: rows become plain strings as they are parsed, so a
 * 3 MB file never exists as a full object model in memory. Refusals of the limits are AppErrors (413, 400,
 * 415); anything else the parser throws means the file is not a workbook it can read.
 */
export async function readWorkbookText(bytes: Buffer): Promise<SheetText[]> {
  const checked = await checkedWorkbook(bytes)
  try {
    return await streamWorkbookText(checked)
  } catch (error) {
    if (error instanceof AppError) throw error
    // exceljs's streaming reader fails on packages whose workbook part comes after the sheets (the repacking
    // puts it first) and on a few other shapes; the whole-model reader takes them.
    return loadWorkbookText(checked)
  }
}

/** exceljs, loaded with the first import rather than with the server (most of a second of a start). */
const exceljs = async () => (await import('exceljs')).default

async function loadWorkbookText(bytes: Buffer): Promise<SheetText[]> {
  const excel = await exceljs()
  const wb = new excel.Workbook()
  await wb.xlsx.load(new Uint8Array(bytes).buffer)
  return wb.worksheets.map((ws) => {
    const sheet: SheetText = { name: ws.name, header: [], rows: [] }
    ws.eachRow({ includeEmpty: false }, (row, n) => {
      const cells: string[] = []
      row.eachCell((cell, c) => {
        cells[c] = cellText(cell.value)
      })
      if (n === 1) sheet.header = cells
      else if (cells.some(Boolean)) sheet.rows.push({ row: n, cells })
    })
    return sheet
  })
}

async function streamWorkbookText(bytes: Buffer): Promise<SheetText[]> {
  const excel = await exceljs()
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  })
  const sheets: (SheetText & { id: number })[] = []
  for await (const ws of reader) {
    const sheet = {
      id: Number((ws as typeof ws & { id: number }).id),
      name: (ws as typeof ws & { name: string }).name,
      header: [] as string[],
      rows: [] as SheetText['rows'],
    }
    for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[]
      const cells: string[] = []
      for (let c = 1; c < values.length; c++) cells[c] = cellText(values[c])
      if (row.number === 1) sheet.header = cells
      else if (cells.some(Boolean)) sheet.rows.push({ row: row.number, cells })
    }
    sheets.push(sheet)
  }
  return sheets.sort((a, b) => a.id - b.id)
}

export function readSheet(ws: SheetText | undefined, defs: ColumnDef[]): SheetRows {
  if (!ws) return { present: false, columns: new Map(), missing: [], rows: [] }
  const columns = new Map<string, number>()
  ws.header.forEach((text, col) => {
    const def = text ? columnOfHeader(text, defs) : undefined
    if (def && !columns.has(def.key)) columns.set(def.key, col)
  })
  const missing = defs.filter((d) => d.key === 'inventoryNo' || (d.zh.endsWith('*') && !d.readOnly))
  const rows: SheetRows['rows'] = []
  for (const r of ws.rows) {
    const cells: Record<string, string> = {}
    let any = false
    for (const [key, col] of columns) {
      const text = r.cells[col] ?? ''
      cells[key] = text
      if (text) any = true
    }
    if (any) rows.push({ row: r.row, cells })
  }
  return { present: true, columns, missing: missing.filter((d) => !columns.has(d.key)), rows }
}
