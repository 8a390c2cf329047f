// The printed report: an A4 document in the request's language with the office's name and the report's title
// at the top of every page and the date it was generated and the page number at the foot, plus the few
// layouts the reports share (a title block, section headings, facts as label and value, a table whose header
// comes back on every page). The font is the one of every PDF (font.ts), embedded as a subset. The document
// streams out as it is drawn: a table pauses after each page so what is written leaves first, and a long
// report never sits whole in memory (no page buffering, so the foot says "page N", not "N of M").
import { z } from '@hono/zod-openapi'
import type { Lang } from '../../shared/errors'
import { officeTimeText } from '../../shared/office-time'
import type { Config } from '../config'
import { AppError } from '../http/app-error'
import { errorEnvelope } from '../http/envelope'
import { contentDisposition, toWebStream } from '../modules/files/serve'
import { loadPdfFont, parsedFont } from './font'

export const PDF_MIME = 'application/pdf'

/** The OpenAPI answers of a route that sends a PDF: the document (described), or the error envelope. */
export const pdfResponses = (description: string) => ({
  200: { description, content: { [PDF_MIME]: { schema: z.string().openapi({ format: 'binary' }) } } },
  default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
})

const MM = 72 / 25.4
const A4 = { width: 210 * MM, height: 297 * MM }
const MARGIN = { top: 22 * MM, bottom: 20 * MM, left: 16 * MM, right: 16 * MM }

export const INK = '#1f2328'
export const MUTED = '#5f6b7a'
const RULE = '#c9d1da'
const BAND = '#eef2f6'

const FOOT = {
  'zh-CN': { generated: (at: string) => `生成于 ${at}`, page: (n: number) => `第 ${n} 页` },
  en: { generated: (at: string) => `Generated ${at}`, page: (n: number) => `Page ${n}` },
} as const

export interface ReportOptions {
  lang: Lang
  /** The report's title, also the header of every page and the PDF's Title. */
  title: string
  landscape?: boolean
  now?: Date
}

export interface Report {
  doc: PDFKit.PDFDocument
  lang: Lang
  /** Left edge and width of the text area. */
  left: number
  width: number
  /** The lowest y a line may end at on a page. */
  bottom: () => number
}

type DocState = PDFKit.PDFDocument & { _fontSize: number }

/**
 * A new report, its first page begun. The font is read first (once per server): a server without it says so
 * (500, what to install or set) before anything is drawn. Office name (VITRINE_OFFICE_NAME) and time zone
 * come from the configuration.
 */
export async function openReport(
  config: Pick<Config, 'pdfFont' | 'officeName' | 'timeZone'>,
  options: ReportOptions,
): Promise<Report> {
  const font = await loadPdfFont(config.pdfFont)
  const size = options.landscape ? [A4.height, A4.width] : [A4.width, A4.height]
  const doc = new font.PDFDocument({
    size,
    margins: MARGIN,
    lang: options.lang,
    autoFirstPage: false,
    info: { Title: options.title, Creator: 'Vitrine', Producer: 'Vitrine (pdfkit)' },
  })
  try {
    doc.registerFont('body', parsedFont(font) as unknown as Buffer)
    doc.font('body')
  } catch {
    throw new AppError(500, 'labelsFontMissing', { path: config.pdfFont })
  }
  const generated = FOOT[options.lang].generated(
    officeTimeText(options.now ?? new Date(), options.lang, config.timeZone, 'long'),
  )
  let pageNo = 0
  doc.on('pageAdded', () => {
    pageNo += 1
    const d = doc as DocState
    const fontSize = d._fontSize
    const { x, y } = doc
    const page = doc.page
    const right = page.width - MARGIN.right
    const inner = right - MARGIN.left
    const keepBottom = page.margins.bottom
    page.margins.bottom = 0 // the foot lies below the text area: no new page for it
    doc.save()
    doc.fontSize(8).fillColor(MUTED)
    const top = MARGIN.top - 11 * MM
    if (config.officeName)
      doc.text(config.officeName, MARGIN.left, top, { width: inner / 2, lineBreak: false, ellipsis: true })
    doc.text(options.title, MARGIN.left + inner / 2, top, {
      width: inner / 2,
      align: 'right',
      lineBreak: false,
      ellipsis: true,
    })
    doc
      .moveTo(MARGIN.left, MARGIN.top - 6 * MM)
      .lineTo(right, MARGIN.top - 6 * MM)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    const foot = page.height - MARGIN.bottom + 8 * MM
    doc.fillColor(MUTED).text(generated, MARGIN.left, foot, { width: inner * 0.7, lineBreak: false })
    doc.text(FOOT[options.lang].page(pageNo), MARGIN.left + inner * 0.7, foot, {
      width: inner * 0.3,
      align: 'right',
      lineBreak: false,
    })
    doc.restore()
    page.margins.bottom = keepBottom
    doc.fontSize(fontSize).fillColor(INK)
    doc.x = x
    doc.y = y
  })
  doc.addPage()
  const report: Report = {
    doc,
    lang: options.lang,
    left: MARGIN.left,
    width: doc.page.width - MARGIN.left - MARGIN.right,
    bottom: () => doc.page.height - MARGIN.bottom,
  }
  return report
}

/**
 * The response that streams the report while `draw` writes it. Everything that may refuse (404, 4031) is
 * read before this is called: once the first byte leaves, a failure can only cut the download short.
 */
export function reportResponse(
  report: Report,
  fileName: string,
  draw: (report: Report) => Promise<void> | void,
  headers: Record<string, string> = {},
): Response {
  const { doc } = report
  void (async () => {
    await draw(report)
    doc.end()
  })().catch((error) => {
    console.error('report failed', error)
    doc.destroy(error as Error)
  })
  return new Response(toWebStream(doc), {
    status: 200,
    headers: {
      'content-type': PDF_MIME,
      'content-disposition': contentDisposition('attachment', fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      ...headers,
    },
  })
}

/** Let what is written so far leave before the next page is drawn. */
export const pause = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A new page when less than `height` is left on this one. */
export function ensureSpace(r: Report, height: number): boolean {
  if (r.doc.y + height <= r.bottom()) return false
  r.doc.addPage()
  return true
}

/** The title block of the first page: the title, and a line under it (what the report is of). */
export function titleBlock(r: Report, title: string, subtitle?: string) {
  const { doc } = r
  doc.fillColor(INK).fontSize(18).text(title, r.left, doc.y, { width: r.width })
  if (subtitle)
    doc.moveDown(0.15).fontSize(10.5).fillColor(MUTED).text(subtitle, r.left, doc.y, { width: r.width })
  doc.moveDown(0.6).fillColor(INK)
}

export function section(r: Report, heading: string) {
  const { doc } = r
  doc.moveDown(0.5)
  ensureSpace(r, 48)
  doc.fontSize(12).fillColor(INK).text(heading, r.left, doc.y, { width: r.width })
  const y = doc.y + 2
  doc
    .moveTo(r.left, y)
    .lineTo(r.left + r.width, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke()
  doc.y = y + 6
  doc.x = r.left
}

/** A line of text in the body style (`muted`: smaller and grey, for "none recorded" and notes). */
export function line(r: Report, text: string, options: { muted?: boolean; size?: number } = {}) {
  const { doc } = r
  const size = options.size ?? (options.muted ? 9 : 10)
  doc.fontSize(size)
  ensureSpace(r, doc.heightOfString(text, { width: r.width }) + 2)
  doc
    .fillColor(options.muted ? MUTED : INK)
    .text(text, r.left, doc.y, { width: r.width })
    .fillColor(INK)
  doc.moveDown(0.2)
}

/** Facts as label above value, `columns` to a row, left to right; empty values show a dash. */
export function facts(
  r: Report,
  pairs: readonly (readonly [string, string])[],
  options: { columns?: number; left?: number; width?: number } = {},
) {
  const { doc } = r
  const columns = options.columns ?? 2
  const left = options.left ?? r.left
  const width = options.width ?? r.width
  const gap = 12
  const colWidth = (width - gap * (columns - 1)) / columns
  for (let i = 0; i < pairs.length; i += columns) {
    const row = pairs.slice(i, i + columns)
    const heights = row.map(([label, value]) => {
      doc.fontSize(8)
      const h = doc.heightOfString(label, { width: colWidth })
      doc.fontSize(10)
      return h + doc.heightOfString(value || '—', { width: colWidth })
    })
    const height = Math.max(...heights) + 6
    ensureSpace(r, height)
    const top = doc.y
    row.forEach(([label, value], k) => {
      const x = left + k * (colWidth + gap)
      doc.fontSize(8).fillColor(MUTED).text(label, x, top, { width: colWidth })
      doc
        .fontSize(10)
        .fillColor(INK)
        .text(value || '—', x, doc.y, { width: colWidth })
    })
    doc.x = left
    doc.y = top + height
  }
}

export interface Column {
  header: string
  /** Share of the table's width. */
  weight: number
  align?: 'left' | 'right' | 'center'
}

/**
 * A table: its header on a tinted band, repeated at the top of each page it runs onto; a row never splits
 * across pages; the `total` row (if any) in a band under a rule. Pauses after each page it fills.
 */
export async function table(
  r: Report,
  columns: readonly Column[],
  rows: Iterable<readonly string[]>,
  options: { total?: readonly string[]; size?: number } = {},
) {
  const { doc } = r
  const size = options.size ?? 8.5
  const pad = 3
  const sum = columns.reduce((s, c) => s + c.weight, 0)
  const widths = columns.map((c) => (c.weight / sum) * r.width)
  const xs = widths.map((_, i) => r.left + widths.slice(0, i).reduce((s, w) => s + w, 0))
  const heightOf = (cells: readonly string[]) => {
    doc.fontSize(size)
    const oneLine = doc.currentLineHeight(true)
    // Most cells hold one short line: measured by width (cheap), wrapped only when they do not fit.
    const fits = (text: string, i: number) =>
      !text.includes('\n') && doc.widthOfString(text) <= widths[i] - 2 * pad - 0.5
    return (
      Math.max(
        ...cells.map((text, i) =>
          fits(text, i) ? oneLine : doc.heightOfString(text || ' ', { width: widths[i] - 2 * pad }),
        ),
      ) +
      2 * pad
    )
  }
  const drawRow = (cells: readonly string[], height: number, fill?: string, color = INK) => {
    const top = doc.y
    if (fill) doc.rect(r.left, top, r.width, height).fill(fill)
    doc.fontSize(size).fillColor(color)
    cells.forEach((text, i) => {
      doc.text(text, xs[i] + pad, top + pad, {
        width: widths[i] - 2 * pad,
        align: columns[i].align ?? 'left',
      })
    })
    doc.fillColor(INK)
    doc.y = top + height
    doc.x = r.left
  }
  const headers = columns.map((c) => c.header)
  const headerHeight = heightOf(headers)
  const drawHeader = () => drawRow(headers, headerHeight, BAND, MUTED)
  ensureSpace(r, headerHeight + 24)
  drawHeader()
  for (const cells of rows) {
    const height = heightOf(cells)
    if (doc.y + height > r.bottom()) {
      doc.addPage()
      await pause()
      drawHeader()
    }
    drawRow(cells, height)
    doc
      .moveTo(r.left, doc.y)
      .lineTo(r.left + r.width, doc.y)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke()
  }
  if (options.total) {
    const height = heightOf(options.total)
    if (doc.y + height > r.bottom()) {
      doc.addPage()
      drawHeader()
    }
    doc
      .moveTo(r.left, doc.y)
      .lineTo(r.left + r.width, doc.y)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke()
    drawRow(options.total, height, BAND)
  }
  doc.moveDown(0.4)
}
