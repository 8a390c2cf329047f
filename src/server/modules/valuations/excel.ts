// Bulk revaluation from an Excel sheet: one valuation per row (inventory number, amount, currency, valued on,
// method, valuer, note). The whole sheet is checked first, with the rules of the form; one bad row and
// nothing is written, every bad row listed with its column and reason in the reader's language. A clean sheet
// is written in one transaction (write.ts). The template carries the headers in the chosen language and a
// sheet of the methods and currencies it accepts. Reading goes through the archive import's reader.

import { eq } from 'drizzle-orm'
import {
  VALUATION_METHOD_LABELS,
  VALUATION_METHODS,
  type ValuationImportResult,
  type ValuationImportRowError,
  type ValuationMethod,
  valuationAmount,
} from '../../../shared/contracts/valuations'
import { formatMessage, type Lang, type MessageKey } from '../../../shared/errors'
import { EXCEL_MAX_BYTES } from '../../../shared/file-types'
import { todayIn } from '../../../shared/office-time'
import { dateProblem, isCleanText } from '../../../shared/validation'
import { dictItems, files } from '../../db/schema'
import { AppError } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { safeCells } from '../../jobs/workbook-writer'
import { type ColumnDef, headerOf } from '../artworks/excel-columns'
import { XLSX_MIME } from '../artworks/excel-export'
import { readSheet, readWorkbookText } from '../artworks/excel-read'
import { mayReadFile } from '../files/file-access'
import { contentDisposition } from '../files/serve'
import {
  addValuations,
  artworksByInventoryNo,
  currencyCodes,
  type NewValuation,
  soldOrMissing,
} from './write'

export const VALUATION_COLUMNS: ColumnDef[] = [
  { key: 'inventoryNo', zh: '库存编号*', en: 'Inventory number*', width: 18 },
  { key: 'amount', zh: '估值金额*', en: 'Amount*', width: 16 },
  { key: 'currency', zh: '币种*', en: 'Currency*', width: 10 },
  { key: 'valuedOn', zh: '估值日期*', en: 'Valued on*', width: 14 },
  { key: 'method', zh: '估值方法*', en: 'Method*', width: 18 },
  { key: 'valuer', zh: '估值人*', en: 'Valuer*', width: 20 },
  { key: 'note', zh: '备注', en: 'Note', width: 30 },
]
const SHEET = { zh: '估值', en: 'Valuations' }
const OPTIONS_SHEET = { zh: '可选值', en: 'Options' }
export const MAX_IMPORT_ROWS = 20_000

const norm = (s: string) => s.normalize('NFKC').trim().toLowerCase()
const METHOD_WORDS = new Map<string, ValuationMethod>()
for (const m of VALUATION_METHODS) {
  METHOD_WORDS.set(norm(m), m)
  METHOD_WORDS.set(norm(VALUATION_METHOD_LABELS[m]['zh-CN']), m)
  METHOD_WORDS.set(norm(VALUATION_METHOD_LABELS[m].en), m)
}

async function readFileBytes(deps: Deps, user: AuthUser, fileId: string): Promise<Buffer> {
  const [file] = await deps.database.db.select().from(files).where(eq(files.id, fileId))
  if (!file || !mayReadFile(user, file)) throw new AppError(404, 'fileNotFound')
  if (file.kind !== 'xlsx') throw new AppError(415, 'incorrectFileFormat')
  if (file.size > EXCEL_MAX_BYTES) throw new AppError(413, 'fileTooLarge', { limit: '3 MB' })
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of deps.storage.read(file.storageKey)) {
    size += chunk.length
    if (size > EXCEL_MAX_BYTES) throw new AppError(413, 'fileTooLarge', { limit: '3 MB' })
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** Check the sheet; when every row is good, write them all in one transaction. */
export async function importValuations(
  deps: Deps,
  user: AuthUser,
  fileId: string,
  lang: Lang,
): Promise<ValuationImportResult> {
  const db = deps.database.db
  let sheets: Awaited<ReturnType<typeof readWorkbookText>>
  try {
    sheets = await readWorkbookText(await readFileBytes(deps, user, fileId))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(415, 'incorrectFileFormat')
  }
  const sheet = readSheet(sheets[0], VALUATION_COLUMNS)
  const errors: ValuationImportRowError[] = []
  const bad = (row: number, column: string, key: MessageKey, params?: Record<string, string | number>) => {
    const def = VALUATION_COLUMNS.find((c) => c.key === column)
    errors.push({
      row,
      column: def ? headerOf(def, lang).replace(/\*$/, '') : '',
      reason: formatMessage(key, lang, params),
    })
  }
  if (sheet.missing.length > 0) {
    for (const def of sheet.missing)
      bad(1, '', 'missingColumn', { column: headerOf(def, lang).replace(/\*$/, '') })
    return { status: 'refused', totalRows: sheet.rows.length, imported: 0, becameLatest: 0, errors }
  }
  if (sheet.rows.length === 0) {
    bad(2, '', 'noDataRows')
    return { status: 'refused', totalRows: 0, imported: 0, becameLatest: 0, errors }
  }
  if (sheet.rows.length > MAX_IMPORT_ROWS)
    throw new AppError(413, 'fileTooLarge', { limit: `${MAX_IMPORT_ROWS}` })
  const today = todayIn(deps.config.timeZone)
  const [currencies, found] = await Promise.all([
    currencyCodes(db),
    artworksByInventoryNo(
      db,
      sheet.rows.map((r) => r.cells.inventoryNo?.trim() ?? ''),
    ),
  ])
  const plan: NewValuation[] = []
  for (const { row, cells } of sheet.rows) {
    const before = errors.length
    const inventoryNo = (cells.inventoryNo ?? '').trim()
    const artwork = inventoryNo ? found.get(inventoryNo) : undefined
    if (!inventoryNo) bad(row, 'inventoryNo', 'required')
    else if (!artwork) bad(row, 'inventoryNo', 'unknownInventoryNo')
    const amount = valuationAmount.safeParse((cells.amount ?? '').replace(/[,，\s]/g, ''))
    if (!amount.success) bad(row, 'amount', amount.error.issues[0].message as MessageKey)
    const currency = (cells.currency ?? '').trim().toUpperCase()
    if (!currency) bad(row, 'currency', 'required')
    else if (!currencies.has(currency)) bad(row, 'currency', 'unknownCurrency')
    // As a date cell, or typed yyyy-MM-dd, yyyy/MM/dd or yyyy.MM.dd.
    const typed = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec((cells.valuedOn ?? '').trim())
    const valuedOn = typed
      ? `${typed[1]}-${typed[2].padStart(2, '0')}-${typed[3].padStart(2, '0')}`
      : (cells.valuedOn ?? '').trim()
    const dateWrong = valuedOn ? dateProblem(valuedOn) : null
    if (!valuedOn) bad(row, 'valuedOn', 'required')
    else if (dateWrong) bad(row, 'valuedOn', dateWrong)
    else if (valuedOn > today) bad(row, 'valuedOn', 'valuationInFuture')
    const methodText = (cells.method ?? '').trim()
    const method = METHOD_WORDS.get(norm(methodText))
    if (!methodText) bad(row, 'method', 'required')
    else if (!method) bad(row, 'method', 'unknownOption')
    const valuer = (cells.valuer ?? '').trim()
    if (!valuer) bad(row, 'valuer', 'required')
    else if (valuer.length > 100) bad(row, 'valuer', 'tooLong', { max: 100 })
    else if (!isCleanText(valuer)) bad(row, 'valuer', 'invalidText')
    const note = (cells.note ?? '').trim()
    if (note.length > 500) bad(row, 'note', 'tooLong', { max: 500 })
    else if (!isCleanText(note)) bad(row, 'note', 'invalidText')
    if (artwork && soldOrMissing(artwork) && !note)
      bad(row, 'note', 'valuationNeedsNote', { artworks: artwork.inventoryNo })
    if (errors.length === before && artwork && amount.success && method)
      plan.push({
        artworkId: artwork.id,
        amount: amount.data,
        currency,
        valuedOn,
        method,
        valuer,
        note,
        reportFileIds: [],
      })
  }
  if (errors.length > 0)
    return { status: 'refused', totalRows: sheet.rows.length, imported: 0, becameLatest: 0, errors }
  const result = await db.transaction((tx) => addValuations(tx, plan, user.id))
  return {
    status: 'done',
    totalRows: sheet.rows.length,
    imported: result.ids.length,
    becameLatest: result.becameLatest.length,
    errors: [],
  }
}

/** The template: the headers in the chosen language, one example row, and the accepted methods and currencies. */
export async function templateResponse(deps: Deps, lang: Lang): Promise<Response> {
  const excel = (await import('exceljs')).default
  const wb = new excel.Workbook()
  const ws = wb.addWorksheet(lang === 'en' ? SHEET.en : SHEET.zh, {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  ws.columns = VALUATION_COLUMNS.map((c) => ({ key: c.key, width: c.width ?? 14, style: { numFmt: '@' } }))
  const header = ws.addRow(VALUATION_COLUMNS.map((c) => headerOf(c, lang)))
  header.font = { bold: true }
  const currencies = await deps.database.db
    .select({ value: dictItems.value, labelZh: dictItems.labelZh, labelEn: dictItems.labelEn })
    .from(dictItems)
    .where(eq(dictItems.dictCode, 'CURRENCY'))
  const options = wb.addWorksheet(lang === 'en' ? OPTIONS_SHEET.en : OPTIONS_SHEET.zh)
  options.columns = [
    { header: lang === 'en' ? 'Method' : '估值方法', width: 24 },
    { header: lang === 'en' ? 'Currency' : '币种', width: 10 },
    { header: lang === 'en' ? 'Currency name' : '币种名称', width: 20 },
  ]
  options.getRow(1).font = { bold: true }
  const n = Math.max(VALUATION_METHODS.length, currencies.length)
  for (let i = 0; i < n; i++) {
    const m = VALUATION_METHODS[i]
    const c = currencies[i]
    options.addRow(
      safeCells([
        m ? VALUATION_METHOD_LABELS[m][lang] : '',
        c?.value ?? '',
        c ? (lang === 'en' ? c.labelEn : c.labelZh) : '',
      ]),
    )
  }
  const bytes = await wb.xlsx.writeBuffer()
  const name = lang === 'en' ? 'valuation-import-template.xlsx' : '估值导入模板.xlsx'
  return new Response(new Uint8Array(bytes as ArrayBuffer), {
    status: 200,
    headers: {
      'content-type': XLSX_MIME,
      'content-disposition': contentDisposition('attachment', name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  })
}
