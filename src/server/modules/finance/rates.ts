// Dated exchange rates: listed, added, edited, deleted, and imported from an Excel sheet or CSV
// text. Every write is checked the same way: a rate above zero with at most ten decimals, two different
// currencies of the CURRENCY dictionary, no second rate for the same pair and date. An import is checked
// whole first: one bad row and nothing is written, every bad row listed (row, column, reason).
import { and, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm'
import {
  RATE_IMPORT_MAX_ROWS,
  type RateImportError,
  type RateImportResult,
  type RateListQuery,
  type RateView,
  rateInput,
} from '../../../shared/contracts/finance'
import { formatMessage, type Lang, type MessageKey } from '../../../shared/errors'
import { EXCEL_MAX_BYTES } from '../../../shared/file-types'
import type { DbOrTx } from '../../db/client'
import { dictItems, exchangeRates, files, users } from '../../db/schema'
import { AppError, invalid, notFound } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { isUniqueViolation } from '../../http/envelope'
import { readWorkbookText } from '../artworks/excel-read'
import { forgetValueSnapshots } from '../datacentre/snapshot'
import { mayReadFile } from '../files/file-access'
import { trimRate } from './convert'

/** The currencies of the CURRENCY dictionary. */
export async function knownCurrencies(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .select({ value: dictItems.value })
    .from(dictItems)
    .where(eq(dictItems.dictCode, 'CURRENCY'))
  return new Set(rows.map((r) => r.value))
}

const columns = {
  id: exchangeRates.id,
  base: exchangeRates.base,
  quote: exchangeRates.quote,
  on: sql<string>`${exchangeRates.on}::text`,
  rate: sql<string>`${exchangeRates.rate}::text`,
  source: exchangeRates.source,
  createdByName: users.displayName,
  createdAt: exchangeRates.createdAt,
}
const toView = (r: {
  id: string
  base: string
  quote: string
  on: string
  rate: string
  source: string
  createdByName: string | null
  createdAt: Date
}): RateView => ({
  ...r,
  rate: trimRate(r.rate),
  createdByName: r.createdByName ?? null,
  createdAt: new Date(r.createdAt).toISOString(),
})

export async function listRates(db: DbOrTx, q: RateListQuery) {
  const page = Number(q.page)
  const pageSize = Number(q.pageSize)
  const where: SQL[] = []
  if (q.currency) where.push(or(eq(exchangeRates.base, q.currency), eq(exchangeRates.quote, q.currency))!)
  if (q.from) where.push(gte(exchangeRates.on, q.from))
  if (q.to) where.push(lte(exchangeRates.on, q.to))
  const cond = where.length ? and(...where) : undefined
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(exchangeRates)
      .leftJoin(users, eq(users.id, exchangeRates.createdBy))
      .where(cond)
      .orderBy(desc(exchangeRates.on), exchangeRates.base, exchangeRates.quote)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(exchangeRates).where(cond),
  ])
  return { list: rows.map(toView), total: Number(total), page, pageSize }
}

export async function rateById(db: DbOrTx, id: string): Promise<RateView> {
  const [row] = await db
    .select(columns)
    .from(exchangeRates)
    .leftJoin(users, eq(users.id, exchangeRates.createdBy))
    .where(eq(exchangeRates.id, id))
  if (!row) throw notFound()
  return toView(row)
}

interface CheckedRate {
  base: string
  quote: string
  on: string
  rate: string
  source: string
}

/** Field errors of one rate (message keys), or the rate ready to store. */
function checkRate(
  input: unknown,
  currencies: Set<string>,
): { ok: true; rate: CheckedRate } | { ok: false; errors: Record<string, MessageKey> } {
  const parsed = rateInput.safeParse(input)
  const errors: Record<string, MessageKey> = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || '_'
      if (!(key in errors))
        errors[key] = (issue.message in MESSAGE_KEYS ? issue.message : 'invalidValue') as MessageKey
    }
  }
  const raw = (input ?? {}) as Record<string, unknown>
  for (const side of ['base', 'quote'] as const) {
    const v = typeof raw[side] === 'string' ? (raw[side] as string).trim() : ''
    if (!errors[side] && v && !currencies.has(v)) errors[side] = 'unknownCurrency'
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors }
  const d = parsed.data
  return { ok: true, rate: { base: d.base, quote: d.quote, on: d.on, rate: d.rate, source: d.source ?? '' } }
}
// Keys the shared schema may use (anything else worded as "invalid value").
const MESSAGE_KEYS: Record<string, true> = {
  required: true,
  invalidDate: true,
  noSuchDate: true,
  invalidRate: true,
  rateNotPositive: true,
  unknownCurrency: true,
  sameCurrency: true,
  tooLong: true,
  invalidText: true,
}

const word = (errors: Record<string, MessageKey>, lang: Lang) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, formatMessage(v, lang)]))

/** Whether the pair already has a rate on that date (another row than `exceptId`). */
async function taken(db: DbOrTx, r: CheckedRate, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exchangeRates.id })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.base, r.base), eq(exchangeRates.quote, r.quote), eq(exchangeRates.on, r.on)))
  return !!row && row.id !== exceptId
}

export async function createRate(db: DbOrTx, input: unknown, user: AuthUser, lang: Lang): Promise<RateView> {
  const checked = checkRate(input, await knownCurrencies(db))
  if (!checked.ok) throw invalid(word(checked.errors, lang))
  if (await taken(db, checked.rate)) throw invalid({ on: formatMessage('duplicateRate', lang) })
  try {
    const [row] = await db
      .insert(exchangeRates)
      .values({ ...checked.rate, createdBy: user.id })
      .returning({ id: exchangeRates.id })
    await forgetValueSnapshots(db)
    return rateById(db, row.id)
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ on: formatMessage('duplicateRate', lang) })
    throw error
  }
}

export async function editRate(db: DbOrTx, id: string, input: unknown, lang: Lang): Promise<RateView> {
  await rateById(db, id)
  const checked = checkRate(input, await knownCurrencies(db))
  if (!checked.ok) throw invalid(word(checked.errors, lang))
  if (await taken(db, checked.rate, id)) throw invalid({ on: formatMessage('duplicateRate', lang) })
  try {
    await db.update(exchangeRates).set(checked.rate).where(eq(exchangeRates.id, id))
    await forgetValueSnapshots(db)
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ on: formatMessage('duplicateRate', lang) })
    throw error
  }
  return rateById(db, id)
}

export async function deleteRate(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db
    .delete(exchangeRates)
    .where(eq(exchangeRates.id, id))
    .returning({ id: exchangeRates.id })
  if (deleted.length === 0) throw notFound()
  await forgetValueSnapshots(db)
}

// ---- Import ----------------------------------------------------------------------------------------------

/** Headers a sheet may use for each column, in either language (compared without case or spaces). */
const HEADERS: Record<keyof CheckedRate, string[]> = {
  base: ['base', 'basecurrency', 'from', '基准币种', '币种', '源币种'],
  quote: ['quote', 'quotecurrency', 'to', '报价币种', '目标币种', '兑换币种'],
  on: ['date', 'on', 'ratedate', '日期', '汇率日期'],
  rate: ['rate', '汇率'],
  source: ['source', 'note', '来源', '备注'],
}
const norm = (h: string) => h.toLowerCase().replaceAll(/[\s_*]/g, '')

interface TableText {
  header: string[]
  rows: { row: number; cells: string[] }[]
}

/** CSV text (comma, semicolon or tab separated; quotes as Excel writes them) as rows of cells. */
export function parseCsv(text: string): TableText {
  const body = text.replace(/^\uFEFF/, '')
  const firstLine = body.split(/\r?\n/, 1)[0] ?? ''
  const sep = [',', ';', '\t'].reduce((best, s) =>
    firstLine.split(s).length > firstLine.split(best).length ? s : best,
  )
  const lines: string[][] = []
  let cell = ''
  let line: string[] = []
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"' && cell === '') quoted = true
    else if (ch === sep) {
      line.push(cell.trim())
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++
      line.push(cell.trim())
      lines.push(line)
      line = []
      cell = ''
    } else cell += ch
  }
  if (cell !== '' || line.length > 0) {
    line.push(cell.trim())
    lines.push(line)
  }
  const [header = [], ...rest] = lines
  return {
    header,
    rows: rest.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((c) => c !== '')),
  }
}

async function workbookTable(deps: Deps, user: AuthUser, fileId: string): Promise<TableText> {
  const [file] = await deps.database.db.select().from(files).where(eq(files.id, fileId))
  if (!file || !mayReadFile(user, file)) throw new AppError(404, 'fileNotFound')
  if (file.kind !== 'xlsx') throw new AppError(415, 'incorrectFileFormat')
  if (file.size > EXCEL_MAX_BYTES) throw new AppError(413, 'fileTooLarge', { limit: '3 MB' })
  const chunks: Buffer[] = []
  for await (const chunk of deps.storage.read(file.storageKey)) chunks.push(chunk as Buffer)
  let sheets: Awaited<ReturnType<typeof readWorkbookText>>
  try {
    sheets = await readWorkbookText(Buffer.concat(chunks))
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(415, 'incorrectFileFormat')
  }
  const sheet = sheets.find((s) => s.rows.length > 0) ?? sheets[0]
  if (!sheet) return { header: [], rows: [] }
  // readWorkbookText numbers cells from 1 (Excel's columns); make them start at 0 like the CSV's.
  const shift = (cells: string[]) =>
    Array.from({ length: Math.max(0, cells.length - 1) }, (_, i) => cells[i + 1] ?? '')
  return { header: shift(sheet.header), rows: sheet.rows.map((r) => ({ row: r.row, cells: shift(r.cells) })) }
}

/**
 * Check every row, then (only when all are right) write them in one transaction. A row repeating a pair and
 * date of another row, or of a rate already stored, is refused as a duplicate.
 */
export async function importRates(
  deps: Deps,
  user: AuthUser,
  input: { fileId?: string; csv?: string },
  lang: Lang,
): Promise<RateImportResult> {
  const db = deps.database.db
  if ((input.fileId ? 1 : 0) + (input.csv?.trim() ? 1 : 0) !== 1)
    throw invalid({ fileId: formatMessage('rateImportSource', lang) })
  const table = input.fileId ? await workbookTable(deps, user, input.fileId) : parseCsv(input.csv ?? '')
  const errors: RateImportError[] = []
  const at: Partial<Record<keyof CheckedRate, number>> = {}
  table.header.forEach((h, i) => {
    const key = (Object.keys(HEADERS) as (keyof CheckedRate)[]).find((k) =>
      HEADERS[k].includes(norm(h ?? '')),
    )
    if (key && at[key] === undefined) at[key] = i
  })
  for (const key of ['base', 'quote', 'on', 'rate'] as const)
    if (at[key] === undefined)
      errors.push({
        row: 1,
        column: key,
        message: formatMessage('missingColumn', lang, { column: HEADERS[key][0] }),
      })
  if (errors.length > 0) return { rows: table.rows.length, imported: 0, errors }
  if (table.rows.length === 0)
    return {
      rows: 0,
      imported: 0,
      errors: [{ row: 1, column: 'row', message: formatMessage('noDataRows', lang) }],
    }
  if (table.rows.length > RATE_IMPORT_MAX_ROWS)
    return {
      rows: table.rows.length,
      imported: 0,
      errors: [
        {
          row: 1,
          column: 'row',
          message: formatMessage('rateImportTooMany', lang, { max: RATE_IMPORT_MAX_ROWS }),
        },
      ],
    }
  const currencies = await knownCurrencies(db)
  const good: { row: number; rate: CheckedRate }[] = []
  const seen = new Map<string, number>()
  for (const r of table.rows) {
    const cell = (k: keyof CheckedRate) => (at[k] === undefined ? '' : (r.cells[at[k]!] ?? '').trim())
    const checked = checkRate(
      {
        base: cell('base').toUpperCase(),
        quote: cell('quote').toUpperCase(),
        on: cell('on').replaceAll(/[./]/g, '-'),
        rate: cell('rate').replaceAll(',', ''),
        source: cell('source'),
      },
      currencies,
    )
    if (!checked.ok) {
      for (const [column, key] of Object.entries(checked.errors))
        errors.push({ row: r.row, column, message: formatMessage(key, lang) })
      continue
    }
    const key = `${checked.rate.base}/${checked.rate.quote}/${checked.rate.on}`
    if (seen.has(key)) {
      errors.push({ row: r.row, column: 'on', message: formatMessage('duplicateRate', lang) })
      continue
    }
    seen.set(key, r.row)
    good.push({ row: r.row, rate: checked.rate })
  }
  // Pairs and dates already stored.
  if (good.length > 0) {
    const json = JSON.stringify(good.map((g) => ({ base: g.rate.base, quote: g.rate.quote, on: g.rate.on })))
    const existing = (await db.execute(sql`select x.base, x.quote, x."on"::text as "on"
        from json_to_recordset(${json}::json) as x(base text, quote text, "on" date)
        join exchange_rates e on e.base = x.base and e.quote = x.quote and e."on" = x."on"`)) as unknown
    const rows = (Array.isArray(existing) ? existing : (existing as { rows: unknown[] }).rows) as {
      base: string
      quote: string
      on: string
    }[]
    for (const e of rows)
      errors.push({
        row: seen.get(`${e.base}/${e.quote}/${String(e.on).slice(0, 10)}`) ?? 0,
        column: 'on',
        message: formatMessage('duplicateRate', lang),
      })
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row)
    return { rows: table.rows.length, imported: 0, errors }
  }
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < good.length; i += 500)
        await tx
          .insert(exchangeRates)
          .values(good.slice(i, i + 500).map((g) => ({ ...g.rate, createdBy: user.id })))
      await forgetValueSnapshots(tx)
    })
  } catch (error) {
    // A rate stored meanwhile by someone else: nothing was written.
    if (isUniqueViolation(error))
      return {
        rows: table.rows.length,
        imported: 0,
        errors: [{ row: 1, column: 'on', message: formatMessage('duplicateRate', lang) }],
      }
    throw error
  }
  return { rows: table.rows.length, imported: good.length, errors: [] }
}
