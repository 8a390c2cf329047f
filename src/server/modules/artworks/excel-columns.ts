// The Excel layout shared by the template, the export and the import, so an exported sheet imports back
// unchanged: an artworks sheet (one row per artwork) and one sheet per records list keyed by inventory
// number. Headers exist in both languages and either is recognised on import; tags, dictionary values
// and rooms are written as names in the chosen language and read back from names in either language
// or from their codes. Each column carries how the import reads it (its parser, excel-cells.ts) and the
// field of the record it fills, so the import's check is driven by this layout.
import type { Dimensions, RecordEntry, RecordKind } from '../../../shared/artwork-rules'
import { ARTWORK_STATUS_LABELS, INSURANCE_STATUS_LABELS } from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import {
  amountCell,
  type CellParser,
  dictCell,
  limitedTextCell,
  roomCell,
  sizeTextCell,
  tagCell,
  tagListCell,
  textCell,
  upperCell,
  yesNoCell,
} from './excel-cells'
import type { ArtworkRow, Snapshot } from './record-store'
import { nameIn, type References } from './reference-lookup'

export interface ColumnDef {
  key: string
  zh: string
  en: string
  width?: number
  /** Written by the export for reading; ignored by the import. */
  readOnly?: boolean
  /** Where the import puts the cell's value: a field of the record, or a dotted path into one. */
  field?: string
  /** How the import reads the cell (excel-cells.ts); a column without one is not read into the record. */
  parse?: CellParser
  /** Read for a new artwork only: an artwork already in the archive moves through operations. */
  newOnly?: boolean
}

/** The import reads the column into `field` with `parse` (text as it stands unless said). */
const to = (field: string, parse: CellParser = textCell) => ({ field, parse })

export const MAIN_SHEET = { zh: '作品', en: 'Artworks' }
export const OPTIONS_SHEET = { zh: '可选值', en: 'Options' }
export const GUIDE_SHEET = { zh: '填写说明', en: 'How to fill in' }

export const MAIN_COLUMNS: ColumnDef[] = [
  { key: 'inventoryNo', zh: '库存编号*', en: 'Inventory number*', width: 18, ...to('inventoryNo') },
  { key: 'titleZh', zh: '作品名称（中文）', en: 'Title (Chinese)', width: 24, ...to('titleZh') },
  { key: 'titleEn', zh: '作品名称（英文）', en: 'Title (English)', width: 28, ...to('titleEn') },
  // the artist is found (or created) from both names together: read by the row, limited here
  { key: 'artistZh', zh: '艺术家（中文）', en: 'Artist (Chinese)', width: 14, parse: limitedTextCell(100) },
  { key: 'artistEn', zh: '艺术家（英文）', en: 'Artist (English)', width: 20, parse: limitedTextCell(100) },
  { key: 'creationTime', zh: '创作时间', en: 'Time created', width: 12, ...to('creationTime') },
  { key: 'materialsZh', zh: '材质（中文）', en: 'Materials (Chinese)', width: 16, ...to('materialsZh') },
  { key: 'materialsEn', zh: '材质（英文）', en: 'Materials (English)', width: 20, ...to('materialsEn') },
  { key: 'coreSize', zh: '画芯尺寸', en: 'Core size', width: 16, ...to('dimensions.core', sizeTextCell) },
  {
    key: 'pictureSize',
    zh: '画面尺寸',
    en: 'Picture size',
    width: 16,
    ...to('dimensions.picture', sizeTextCell),
  },
  { key: 'frameSize', zh: '装框尺寸', en: 'Frame size', width: 16, ...to('dimensions.frame', sizeTextCell) },
  { key: 'otherSize', zh: '其他尺寸', en: 'Other size', width: 16, ...to('dimensions.other', sizeTextCell) },
  {
    key: 'signed',
    zh: '是否签名*',
    en: 'Signed*',
    width: 10,
    ...to('signature.signed', yesNoCell(undefined)),
  },
  {
    key: 'signaturePosition',
    zh: '签名位置',
    en: 'Signature position',
    width: 14,
    ...to('signature.position'),
  },
  {
    key: 'signatureContent',
    zh: '签名内容',
    en: 'Signature content',
    width: 18,
    ...to('signature.content'),
  },
  {
    key: 'medium',
    zh: '创作媒介',
    en: 'Creation medium',
    width: 16,
    ...to('mediumTagId', tagCell('CREATION_MEDIUM')),
  },
  { key: 'period', zh: '创作时期*', en: 'Period*', width: 18, ...to('periodTagId', tagCell('PERIOD')) },
  {
    key: 'investMarket',
    zh: '投资市场',
    en: 'Invest market',
    width: 18,
    ...to('investMarketTagId', tagCell('INVEST_MARKET')),
  },
  {
    key: 'incomeStage',
    zh: '收益阶段',
    en: 'Income stage',
    width: 14,
    ...to('incomeStageTagId', tagCell('INCOME_STAGE')),
  },
  {
    key: 'labels',
    zh: '作品标签',
    en: 'Labels',
    width: 20,
    ...to('labelTagIds', tagListCell('ARTWORK_LABEL')),
  },
  { key: 'sourceZh', zh: '来源（中文）', en: 'Source (Chinese)', width: 20, ...to('sourceZh') },
  { key: 'sourceEn', zh: '来源（英文）', en: 'Source (English)', width: 24, ...to('sourceEn') },
  { key: 'buyYear', zh: '购入年份', en: 'Buy year', width: 10, ...to('buyYear') },
  {
    key: 'packaging',
    zh: '包装方式',
    en: 'Packaging',
    width: 16,
    ...to('packagingType', dictCell('PACKAGING_TYPE')),
  },
  { key: 'volumeWeight', zh: '体积重（kg）', en: 'Volume weight (kg)', width: 12, ...to('volumeWeight') },
  { key: 'actualWeight', zh: '实际重量（kg）', en: 'Actual weight (kg)', width: 12, ...to('actualWeight') },
  {
    key: 'inWarehouse',
    zh: '是否在库',
    en: 'In the warehouse',
    width: 10,
    ...to('inWarehouse', yesNoCell(false)),
    newOnly: true,
  },
  { key: 'room', zh: '库房', en: 'Room', width: 20, ...to('roomId', roomCell), newOnly: true },
  { key: 'location', zh: '所在位置', en: 'Location', width: 20, ...to('locationText'), newOnly: true },
  { key: 'remarkZh', zh: '备注（中文）', en: 'Remarks (Chinese)', width: 24, ...to('remarkZh') },
  { key: 'remarkEn', zh: '备注（英文）', en: 'Remarks (English)', width: 24, ...to('remarkEn') },
  {
    key: 'latestValuation',
    zh: '最新估值（只读）',
    en: 'Latest valuation (read-only)',
    width: 16,
    readOnly: true,
  },
  {
    key: 'valuationCurrency',
    zh: '估值币种（只读）',
    en: 'Valuation currency (read-only)',
    width: 10,
    readOnly: true,
  },
  {
    key: 'valuationDate',
    zh: '估值日期（只读）',
    en: 'Valuation date (read-only)',
    width: 12,
    readOnly: true,
  },
  { key: 'status', zh: '状态（只读）', en: 'Status (read-only)', width: 12, readOnly: true },
  { key: 'insurance', zh: '保险状态（只读）', en: 'Insurance (read-only)', width: 12, readOnly: true },
  // read by the row (legal entities by name, shares adding up to 100), written as an ownership period
  { key: 'owners', zh: '所有者', en: 'Owners', width: 30 },
]

const inventoryNoColumn: ColumnDef = {
  key: 'inventoryNo',
  zh: '库存编号*',
  en: 'Inventory number*',
  width: 18,
}
const dateColumn: ColumnDef = { key: 'date', zh: '日期*', en: 'Date*', width: 12, ...to('date') }
const noteColumn: ColumnDef = { key: 'note', zh: '备注', en: 'Note', width: 24, ...to('note') }
const pair = (key: string, zh: string, en: string, width = 22): ColumnDef[] => [
  { key: `${key}Zh`, zh: `${zh}（中文）`, en: `${en} (Chinese)`, width, ...to(`${key}Zh`) },
  { key: `${key}En`, zh: `${zh}（英文）`, en: `${en} (English)`, width, ...to(`${key}En`) },
]

export const RECORD_SHEETS: Record<RecordKind, { zh: string; en: string; columns: ColumnDef[] }> = {
  exhibitions: {
    zh: '展览记录',
    en: 'Exhibitions',
    columns: [
      inventoryNoColumn,
      dateColumn,
      ...pair('title', '展览名称', 'Exhibition'),
      ...pair('place', '展览地点', 'Venue'),
      noteColumn,
    ],
  },
  auctions: {
    zh: '拍卖记录',
    en: 'Auctions',
    columns: [
      inventoryNoColumn,
      dateColumn,
      ...pair('title', '拍卖专场', 'Sale'),
      ...pair('place', '拍卖行', 'Auction house'),
      { key: 'lot', zh: '拍品编号', en: 'Lot', width: 8, ...to('lot') },
      { key: 'price', zh: '成交价', en: 'Price', width: 14, ...to('price', amountCell) },
      { key: 'currency', zh: '币种', en: 'Currency', width: 8, ...to('currency', upperCell) },
      noteColumn,
    ],
  },
  privateCollections: {
    zh: '私人收藏记录',
    en: 'Private collections',
    columns: [
      inventoryNoColumn,
      dateColumn,
      ...pair('title', '收藏者', 'Collector'),
      ...pair('place', '地点', 'Place'),
      noteColumn,
    ],
  },
  literature: {
    zh: '出版著录',
    en: 'Literature',
    columns: [
      inventoryNoColumn,
      dateColumn,
      {
        key: 'literatureType',
        zh: '著录类型*',
        en: 'Record type*',
        width: 16,
        ...to('literatureType', dictCell('LITERATU_RECORD_TYPERE')),
      },
      ...pair('title', '出版物', 'Publication'),
      ...pair('place', '出版方', 'Publisher'),
      noteColumn,
    ],
  },
}

export function headerOf(col: ColumnDef, lang: Lang): string {
  return lang === 'en' ? col.en : col.zh
}
export function sheetNameOf(sheet: { zh: string; en: string }, lang: Lang): string {
  return lang === 'en' ? sheet.en : sheet.zh
}

const normHeader = (s: string) => s.normalize('NFKC').replace(/[*\s]/g, '').toLowerCase()

/** Which column a header cell names (either language, with or without the required mark). */
export function columnOfHeader(text: string, columns: ColumnDef[]): ColumnDef | undefined {
  const h = normHeader(text)
  return columns.find((c) => normHeader(c.zh) === h || normHeader(c.en) === h)
}
export function sheetMatches(name: string, sheet: { zh: string; en: string }): boolean {
  const n = normHeader(name)
  return n === normHeader(sheet.zh) || n === normHeader(sheet.en)
}

export const YES = { 'zh-CN': '是', en: 'Yes' }
export const NO = { 'zh-CN': '否', en: 'No' }
export interface ExportSource {
  row: ArtworkRow
  snapshot: Snapshot
  artist: { nameZh: string; nameEn: string } | null
  /** The current owners with their shares, as written in the owners column ("A 60.00%; B 40.00%"). */
  owners?: string
}

const sizeCell = (dims: Dimensions, kind: keyof Dimensions) => {
  const d = dims[kind]
  return d ? `${d.values.join(' × ')} ${d.unit}` : ''
}

/** One artwork as the cells of the artworks sheet, keyed by column. */
export function mainRowCells(
  src: ExportSource,
  refs: References,
  lang: Lang,
): Record<string, string | number | null> {
  const s = src.snapshot
  const r = src.row
  const tag = (id: number | null) => (id === null ? '' : nameIn(refs.tags.get(id), lang))
  const dims = (s.dimensions ?? {}) as Dimensions
  return {
    inventoryNo: s.inventoryNo,
    titleZh: s.titleZh,
    titleEn: s.titleEn,
    artistZh: src.artist?.nameZh ?? '',
    artistEn: src.artist?.nameEn ?? '',
    creationTime: s.creationTime,
    materialsZh: s.materialsZh,
    materialsEn: s.materialsEn,
    coreSize: sizeCell(dims, 'core'),
    pictureSize: sizeCell(dims, 'picture'),
    frameSize: sizeCell(dims, 'frame'),
    otherSize: sizeCell(dims, 'other'),
    signed: r.signed === null ? '' : r.signed ? YES[lang] : NO[lang],
    signaturePosition: s.signature.position,
    signatureContent: s.signature.content,
    medium: tag(s.mediumTagId),
    period: tag(s.periodTagId),
    investMarket: tag(s.investMarketTagId),
    incomeStage: tag(s.incomeStageTagId),
    labels: s.labelTagIds.map(tag).join('; '),
    sourceZh: s.sourceZh,
    sourceEn: s.sourceEn,
    buyYear: s.buyYear,
    packaging: s.packagingType
      ? nameIn(refs.dicts.PACKAGING_TYPE.get(s.packagingType), lang) || s.packagingType
      : '',
    volumeWeight: s.volumeWeight,
    actualWeight: s.actualWeight,
    inWarehouse: r.inWarehouse ? YES[lang] : NO[lang],
    room: r.roomId ? nameIn(refs.rooms.get(r.roomId), lang) : '',
    location: r.locationText,
    remarkZh: s.remarkZh,
    remarkEn: s.remarkEn,
    latestValuation: r.latestValuation ?? '',
    valuationCurrency: r.latestValuationCurrency ?? '',
    valuationDate: r.valuationDate ?? '',
    status: ARTWORK_STATUS_LABELS[r.status][lang],
    insurance: INSURANCE_STATUS_LABELS[r.insuranceStatus][lang],
    owners: src.owners ?? '',
  }
}

/** One entry of a records list as the cells of its sheet. */
export function recordRowCells(
  kind: RecordKind,
  inventoryNo: string,
  e: RecordEntry,
  refs: References,
  lang: Lang,
): Record<string, string | number | null> {
  const cells: Record<string, string | number | null> = {
    inventoryNo,
    date: e.date,
    titleZh: e.titleZh,
    titleEn: e.titleEn,
    placeZh: e.placeZh,
    placeEn: e.placeEn,
    note: e.note,
  }
  if (kind === 'auctions') {
    cells.lot = e.lot ?? ''
    cells.price = e.price ?? ''
    cells.currency = e.currency ?? ''
  }
  if (kind === 'literature') {
    cells.literatureType =
      nameIn(refs.dicts.LITERATU_RECORD_TYPERE.get(e.literatureType ?? ''), lang) || e.literatureType || ''
  }
  return cells
}
