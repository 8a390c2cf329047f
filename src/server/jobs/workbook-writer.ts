// What every Excel the server writes shares: text a spreadsheet would run as a formula (it starts with =, +,
// -, @, a tab or a carriage return) is written with a leading apostrophe, so a title like
// =HYPERLINK("http://…") stays text when the file is opened (formula injection); a plain number written as
// text ("-5.00") is left alone. Our imports read that apostrophe back off (`readBackCell`), so an export
// imports back unchanged. A streamed workbook is written a few rows at a time, yielding to the event loop
// between them and waiting while the download is not being read, so one export never stalls the server
// nor piles the file up in memory.
import { once } from 'node:events'
import { PassThrough, type Writable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type ExcelJS from 'exceljs'
import { contentDisposition, toWebStream } from '../modules/files/serve'

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Starts a formula in Excel, LibreOffice or Sheets; apostrophes before it are escaped with it. */
const FORMULA_START = /^'*[=+\-@\t\r]/
const PLAIN_NUMBER = /^[+-]?(\d[\d,]*)(\.\d+)?$/
const ESCAPED = /^'+[=+\-@\t\r]/

/** A cell's value as written: formula-like text gets a leading apostrophe; anything else as it is. */
export function safeCell<T>(value: T): T | string {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value
  return `'${value}`
}

export function safeCells<T>(values: readonly T[]): (T | string)[] {
  return values.map(safeCell)
}

/** An object row (column key → value) with its text made safe. */
export function safeRecord<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, safeCell(v)])) as T
}

/** A cell's text as read by an import: the apostrophe `safeCell` added is taken off again. */
export function readBackCell(text: string): string {
  return ESCAPED.test(text) ? text.slice(1) : text
}

/** Rows written between two turns of the event loop. */
const ROWS_A_TURN = 50

/**
 * Call after each row: every few rows the event loop gets a turn, and while the download's buffer is full
 * (the client reads slower than the rows come) the writing waits, until it drains or the client went away.
 */
export function pacer(out: Writable): () => Promise<void> {
  let rows = 0
  return async () => {
    rows += 1
    if (rows % ROWS_A_TURN !== 0) return
    await nextTurn()
    if (!out.writableNeedDrain || out.destroyed) return
    const stop = new AbortController()
    await Promise.race([
      once(out, 'drain', { signal: stop.signal }),
      once(out, 'close', { signal: stop.signal }),
    ]).finally(() => stop.abort())
  }
}

export type StreamWriter = ExcelJS.stream.xlsx.WorkbookWriter

/**
 * A workbook streamed as a download: `write` adds the sheets (calling `pace` after each row); errors before
 * the first byte are thrown by `write` only if it throws synchronously, later ones cut the download short.
 */
export async function streamedWorkbook(
  fileName: string,
  what: string,
  write: (wb: StreamWriter, pace: () => Promise<void>) => Promise<void>,
): Promise<Response> {
  const pass = new PassThrough()
  // exceljs loads with the first export rather than with the server (most of a second of a start).
  const excel = (await import('exceljs')).default
  const wb = new excel.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false })
  const pace = pacer(pass)
  void (async () => {
    try {
      await write(wb, pace)
      await wb.commit()
    } catch (error) {
      console.error(`${what} failed`, error)
      pass.destroy(error as Error)
    }
  })()
  return new Response(toWebStream(pass), {
    status: 200,
    headers: {
      'content-type': XLSX_MIME,
      'content-disposition': contentDisposition('attachment', fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  })
}
