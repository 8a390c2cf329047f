// The Excel template (headers, the options to pick from, how to fill it in) and the export of the current
// search with the very same columns, written with exceljs's streaming writer and read from the database
// in pages, so a large export keeps memory flat and an exported file imports back unchanged. The rows are
// written a few at a time, the event loop served between them (jobs/workbook-writer.ts).
import { and, asc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm'
import type ExcelJS from 'exceljs'
import { RECORD_KINDS, type RecordKind } from '../../../shared/artwork-rules'
import type { ArtworkFilters, ArtworkSort } from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { artists, artworkOwnerships, artworkRecords, artworks, legalEntities } from '../../db/schema'
import { safeCells, streamedWorkbook } from '../../jobs/workbook-writer'
import type { ArtworkScope } from '../auth/scope'
import {
  type ColumnDef,
  GUIDE_SHEET,
  headerOf,
  MAIN_COLUMNS,
  MAIN_SHEET,
  mainRowCells,
  NO,
  OPTIONS_SHEET,
  RECORD_SHEETS,
  recordRowCells,
  sheetNameOf,
  YES,
} from './excel-columns'
import { filterWhere, orderOf } from './list-query'
import { entryOf, readSnapshots } from './record-store'
import { loadReferences, nameIn, type References } from './reference-lookup'

export { XLSX_MIME } from '../../jobs/workbook-writer'

const PAGE = 500

type Writer = ExcelJS.stream.xlsx.WorkbookWriter
type Sheet = ReturnType<Writer['addWorksheet']>
type Pace = () => Promise<void>

function addSheet(wb: Writer, name: string, columns: ColumnDef[], lang: Lang): Sheet {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
  // Text cells throughout: Excel must not turn "2019-05" into a date or "007" into 7.
  ws.columns = columns.map((c) => ({ key: c.key, width: c.width ?? 14, style: { numFmt: '@' } }))
  const header = ws.addRow(columns.map((c) => headerOf(c, lang)))
  header.font = { bold: true }
  columns.forEach((c, i) => {
    header.getCell(i + 1).fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: c.readOnly ? 'FFE7E6E6' : 'FFDDEBF7' },
    }
  })
  header.commit()
  return ws
}

async function addCells(
  ws: Sheet,
  columns: ColumnDef[],
  cells: Record<string, string | number | null>,
  pace: Pace,
) {
  ws.addRow(safeCells(columns.map((c) => cells[c.key] ?? ''))).commit()
  await pace()
}

const GUIDE = {
  'zh-CN': [
    '带 * 的列必填。每行一件作品；库存编号已存在时更新该作品，不存在时新建。',
    '尺寸写作“60 × 80 cm”或“60 × 80 × 5 cm”（1 至 3 个数值，单位 cm、mm、m 或 in），按高 × 宽 × 深。',
    '创作媒介、创作时期、投资市场、收益阶段、作品标签、包装方式、库房和著录类型从“可选值”表中选择，中英文均可；多个标签用分号分隔。',
    '数值列（购入年份、重量）只能填数字；日期写作 yyyy、yyyy-MM 或 yyyy-MM-dd。',
    '是否在库、库房、所在位置只用于新建作品；作品的移动请走运维流程。标“只读”的列导入时忽略。',
    '展览、拍卖、私人收藏和出版著录各占一张表，按库存编号对应作品；文件中有某张记录表时，文件中作品的该类记录以表中为准。',
    '图片不能通过表格导入：导入后在档案中为作品补充预览图。',
    '导入时先检查整份文件，列出每一处错误（表、行、列、原因）；确认后所有正确的行在一个事务中导入。文件须为 .xlsx，不超过 3 MB。',
  ],
  en: [
    'Columns marked * are required. One artwork per row; an inventory number that exists updates that artwork, a new one creates it.',
    'Sizes are written "60 × 80 cm" or "60 × 80 × 5 cm" (1 to 3 values, unit cm, mm, m or in), height × width × depth.',
    'Creation medium, period, invest market, income stage, labels, packaging, room and record type come from the Options sheet, in either language; separate several labels with semicolons.',
    'Numeric columns (buy year, weights) take digits only; dates are written yyyy, yyyy-MM or yyyy-MM-dd.',
    'In the warehouse, room and location are used for new artworks only; artworks move through operations. Read-only columns are ignored on import.',
    'Exhibitions, auctions, private collections and literature each have a sheet, linked to the artwork by inventory number; when the file has one of these sheets, it replaces that list for the artworks in the file.',
    'Images cannot travel in a sheet: add the preview image in the archive after the import.',
    'The whole file is checked first and every error is listed (sheet, row, column, reason); once confirmed, all valid rows are imported in one transaction. Files are .xlsx, at most 3 MB.',
  ],
} as const

function writeOptions(wb: Writer, refs: References, lang: Lang) {
  const tagNames = (parent: string) =>
    [...refs.tags.values()]
      .filter((t) => t.parentId !== null && t.rootCode === parent)
      .map((t) => nameIn(t, lang))
  const dictNames = (dict: keyof References['dicts']) =>
    [...refs.dicts[dict].values()].map((d) => nameIn(d, lang))
  const lists: [ColumnDef, string[]][] = [
    [MAIN_COLUMNS.find((c) => c.key === 'medium')!, tagNames('CREATION_MEDIUM')],
    [MAIN_COLUMNS.find((c) => c.key === 'period')!, tagNames('PERIOD')],
    [MAIN_COLUMNS.find((c) => c.key === 'investMarket')!, tagNames('INVEST_MARKET')],
    [MAIN_COLUMNS.find((c) => c.key === 'incomeStage')!, tagNames('INCOME_STAGE')],
    [MAIN_COLUMNS.find((c) => c.key === 'labels')!, tagNames('ARTWORK_LABEL')],
    [MAIN_COLUMNS.find((c) => c.key === 'packaging')!, dictNames('PACKAGING_TYPE')],
    [MAIN_COLUMNS.find((c) => c.key === 'room')!, [...refs.rooms.values()].map((r) => nameIn(r, lang))],
    [
      RECORD_SHEETS.literature.columns.find((c) => c.key === 'literatureType')!,
      dictNames('LITERATU_RECORD_TYPERE'),
    ],
    [RECORD_SHEETS.auctions.columns.find((c) => c.key === 'currency')!, [...refs.dicts.CURRENCY.keys()]],
    [MAIN_COLUMNS.find((c) => c.key === 'signed')!, [YES[lang], NO[lang]]],
  ]
  const columns = lists.map(([c]) => ({ ...c, width: 24 }))
  const ws = addSheet(wb, sheetNameOf(OPTIONS_SHEET, lang), columns, lang)
  const depth = Math.max(...lists.map(([, v]) => v.length))
  for (let i = 0; i < depth; i++) ws.addRow(safeCells(lists.map(([, v]) => v[i] ?? ''))).commit()
  ws.commit()
  const guide = wb.addWorksheet(sheetNameOf(GUIDE_SHEET, lang))
  guide.columns = [{ width: 140 }]
  for (const line of GUIDE[lang]) guide.addRow([line]).commit()
  guide.commit()
}

export interface WorkbookRequest {
  db: DbOrTx
  lang: Lang
  fileName: string
  /** Absent: the empty template. */
  search?: ArtworkFilters & { sort?: ArtworkSort; order?: 'asc' | 'desc' }
  /** The asker's scope (auth/scope.ts): only the works in it are written. */
  scope?: ArtworkScope | null
}

async function writeRows(wb: Writer, req: WorkbookRequest, refs: References, pace: Pace) {
  const { db, lang, search } = req
  const main = addSheet(wb, sheetNameOf(MAIN_SHEET, lang), MAIN_COLUMNS, lang)
  const where = search ? filterWhere(search, req.scope) : undefined
  const order = orderOf(search?.sort, search?.order)
  const { searchVector: _unused, ...columns } = getTableColumns(artworks)
  if (search) {
    for (let offset = 0; ; offset += PAGE) {
      const rows = await db
        .select({ a: columns, nameZh: artists.nameZh, nameEn: artists.nameEn })
        .from(artworks)
        .leftJoin(artists, eq(artists.id, artworks.artistId))
        .where(where)
        .orderBy(...order)
        .limit(PAGE)
        .offset(offset)
      if (rows.length === 0) break
      const full = rows.map((r) => ({ ...r.a, searchVector: null }))
      const snapshots = await readSnapshots(db, full)
      const owners = await currentOwnersText(
        db,
        full.map((a) => a.id),
        lang,
      )
      for (const [i, r] of rows.entries()) {
        const src = {
          row: full[i],
          snapshot: snapshots.get(r.a.id)!,
          artist: r.nameZh !== null ? { nameZh: r.nameZh, nameEn: r.nameEn ?? '' } : null,
          owners: owners.get(r.a.id),
        }
        await addCells(main, MAIN_COLUMNS, mainRowCells(src, refs, lang), pace)
      }
      if (rows.length < PAGE) break
    }
  }
  main.commit()
  for (const kind of RECORD_KINDS) await writeRecordSheet(wb, req, refs, { kind, where, order }, pace)
}

/** The current owners of each artwork as one cell: "name share%" by name, separated by semicolons. */
async function currentOwnersText(db: DbOrTx, ids: string[], lang: Lang): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  if (ids.length === 0) return out
  const rows = await db
    .select({
      artworkId: artworkOwnerships.artworkId,
      share: artworkOwnerships.sharePercent,
      nameZh: legalEntities.nameZh,
      nameEn: legalEntities.nameEn,
    })
    .from(artworkOwnerships)
    .innerJoin(legalEntities, eq(legalEntities.id, artworkOwnerships.entityId))
    .where(and(inArray(artworkOwnerships.artworkId, ids), isNull(artworkOwnerships.validTo)))
  rows.sort((a, b) => nameIn(a, lang).localeCompare(nameIn(b, lang)))
  for (const r of rows) {
    const part = `${nameIn(r, lang)} ${r.share}%`
    const before = out.get(r.artworkId)
    out.set(r.artworkId, before ? `${before}; ${part}` : part)
  }
  return out
}

async function writeRecordSheet(
  wb: Writer,
  req: WorkbookRequest,
  refs: References,
  {
    kind,
    where,
    order,
  }: { kind: RecordKind; where: ReturnType<typeof filterWhere>; order: ReturnType<typeof orderOf> },
  pace: Pace,
) {
  const sheet = RECORD_SHEETS[kind]
  const ws = addSheet(wb, sheetNameOf(sheet, req.lang), sheet.columns, req.lang)
  const dbKind = {
    exhibitions: 'exhibition',
    auctions: 'auction',
    privateCollections: 'private_collection',
    literature: 'literature',
  } as const
  if (req.search) {
    for (let offset = 0; ; offset += PAGE * 4) {
      const rows = await req.db
        .select({ r: artworkRecords, inventoryNo: artworks.inventoryNo })
        .from(artworkRecords)
        .innerJoin(artworks, eq(artworks.id, artworkRecords.artworkId))
        .where(and(where, eq(artworkRecords.kind, dbKind[kind])))
        .orderBy(...order, asc(artworkRecords.seq))
        .limit(PAGE * 4)
        .offset(offset)
      for (const { r, inventoryNo } of rows) {
        await addCells(ws, sheet.columns, recordRowCells(kind, inventoryNo, entryOf(r), refs, req.lang), pace)
      }
      if (rows.length < PAGE * 4) break
    }
  }
  ws.commit()
}

/** The workbook as a streamed download. Errors before the first byte still reach the caller as envelopes. */
export async function workbookResponse(req: WorkbookRequest): Promise<Response> {
  const refs = await loadReferences(req.db)
  return streamedWorkbook(req.fileName, 'artwork workbook', async (wb, pace) => {
    await writeRows(wb, req, refs, pace)
    writeOptions(wb, refs, req.lang)
  })
}
