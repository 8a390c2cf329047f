// One A4 sheet layout of artwork labels, 3 × 8 to a page (70 × 37 mm cells, the common pre-cut label
// sheet): the QR code on the left, drawn as vector runs (sharp at any printer resolution, a few hundred
// bytes a label), the inventory number in large type and the title (and artist) beside it. Pages are written
// one at a time with a pause between them, so a room of thousands streams out while it is drawn.
import type PDFDocument from 'pdfkit'
import QRCode from 'qrcode'

export interface LabelRow {
  /** What the QR code says (labelCodeOf). */
  code: string
  inventoryNo: string
  title: string
  artist: string
}

const MM = 72 / 25.4
export const PAGE = { width: 210 * MM, height: 297 * MM }
export const GRID = { columns: 3, rows: 8 }
const CELL = { width: PAGE.width / GRID.columns, height: PAGE.height / GRID.rows }
/** Inside each cell: a printer's unprintable edge and the sheet's cutting tolerance. */
const PAD = 4 * MM
const QR_SIZE = CELL.height - 2 * PAD
const GAP = 3 * MM
export const LABELS_PER_PAGE = GRID.columns * GRID.rows

/** The QR code as filled rectangles, one per run of dark modules in a row, with its 4-module quiet zone. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  // One byte-mode segment and one fixed mask: searching the best segmentation and the best of eight masks
  // was most of a label's time, and a URL gains next to nothing from either (any mask is valid).
  const qr = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    maskPattern: 2,
  })
  const n = qr.modules.size
  const unit = size / (n + 8)
  const x0 = x + 4 * unit
  const y0 = y + 4 * unit
  for (let r = 0; r < n; r++) {
    let c = 0
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++
        continue
      }
      const start = c
      while (c < n && qr.modules.get(r, c)) c++
      // A hair taller than a module: no pale seams between rows when rasterised.
      doc.rect(x0 + start * unit, y0 + r * unit, (c - start) * unit, unit * 1.02)
    }
  }
  doc.fill('#000000')
}

/** The largest size (≤ `max`, ≥ `min`) at which `text` fits `width` on one line (width grows with size). */
function fittingSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number) {
  doc.fontSize(max)
  const natural = doc.widthOfString(text)
  const size = natural <= width ? max : Math.max(min, Math.floor(((max * width) / natural) * 2) / 2)
  doc.fontSize(size)
  return size
}

function drawLabel(doc: PDFKit.PDFDocument, font: string, label: LabelRow, cellX: number, cellY: number) {
  const qrX = cellX + PAD
  const qrY = cellY + PAD
  drawQr(doc, label.code, qrX, qrY, QR_SIZE)
  const textX = qrX + QR_SIZE + GAP
  const width = cellX + CELL.width - PAD - textX
  let y = cellY + PAD + 2
  doc.font(font).fillColor('#000000')
  const size = fittingSize(doc, label.inventoryNo, width, 14, 7)
  doc.text(label.inventoryNo, textX, y, { width, lineBreak: false })
  y += size * 1.35 + 2
  doc.fontSize(8.5)
  doc.text(label.title, textX, y, { width, height: 8.5 * 1.3 * 3, ellipsis: true })
  y = doc.y + 2
  if (label.artist && y + 9 < cellY + CELL.height - PAD) {
    doc.fontSize(7).fillColor('#555555')
    doc.text(label.artist, textX, y, { width, height: 9, ellipsis: true, lineBreak: false })
  }
}

/** Every label, a page at a time; resolves when the document is ended. */
export async function writeLabels(
  doc: PDFKit.PDFDocument,
  font: string,
  labels: readonly LabelRow[],
): Promise<void> {
  for (let i = 0; i < labels.length; i++) {
    const onPage = i % LABELS_PER_PAGE
    if (onPage === 0 && i > 0) {
      doc.addPage()
      // Let what is written so far leave before the next page is drawn.
      await new Promise((resolve) => setImmediate(resolve))
    }
    const col = onPage % GRID.columns
    const row = Math.floor(onPage / GRID.columns)
    drawLabel(doc, font, labels[i], col * CELL.width, row * CELL.height)
  }
  doc.end()
}

export type PdfDocument = InstanceType<typeof PDFDocument>
