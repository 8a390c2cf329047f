// The font of every printed PDF, label sheets and reports (VITRINE_PDF_FONT, config.ts): read once per server
// and handed to each PDF, which embeds only the glyphs it uses (pdfkit subsets). A missing or unreadable font
// is reported when a PDF is asked for, with a message that says what to install or set, and never stops the
// server. pdfkit itself is loaded with the first font (it was a tenth of every server start, PDFs or not).
import { readFile } from 'node:fs/promises'
import type PDFDocument from 'pdfkit'
import { AppError } from '../http/app-error'

export interface PdfFont {
  /** The font file's bytes (a .ttc collection holds every face). */
  data: Buffer
  /** The face to use from a collection (its PostScript name), or undefined for a single-font file. */
  face: string | undefined
  /** pdfkit's document class, loaded with the font: every PDF starts from here. */
  PDFDocument: typeof PDFDocument
}

const loaded = new Map<string, Promise<PdfFont>>()

/** `path` or `path#Face` as VITRINE_PDF_FONT writes it. */
export function parseFontSetting(setting: string): { path: string; face: string | undefined } {
  const hash = setting.lastIndexOf('#')
  if (hash <= 0) return { path: setting, face: undefined }
  return { path: setting.slice(0, hash), face: setting.slice(hash + 1) || undefined }
}

export function loadPdfFont(setting: string): Promise<PdfFont> {
  let font = loaded.get(setting)
  if (!font) {
    const { path, face } = parseFontSetting(setting)
    font = Promise.all([
      readFile(path).catch(() => {
        throw new AppError(500, 'labelsFontMissing', { path })
      }),
      import('pdfkit'),
    ]).then(([data, kit]) => {
      if (/\.ttc$/i.test(path) && !face) throw new AppError(500, 'labelsFontMissing', { path: setting })
      return { data, face, PDFDocument: kit.default }
    })
    // A failure is not kept: the font may be installed while the server runs.
    font.catch(() => loaded.delete(setting))
    loaded.set(setting, font)
  }
  return font
}

const parsed = new WeakMap<PdfFont, object>()

/**
 * The font parsed once per server (pdfkit's font object), handed to each document instead of the bytes:
 * finding the face in a collection of ten and reading its tables took longer than drawing a tear sheet.
 * Documents share it safely (each makes its own subset of the glyphs it uses).
 */
export function parsedFont(font: PdfFont): object {
  let face = parsed.get(font)
  if (!face) {
    const probe = new font.PDFDocument({ autoFirstPage: false })
    probe.registerFont('probe', font.data, font.face as string)
    probe.font('probe')
    face = (probe as typeof probe & { _font: { font: object } })._font.font
    parsed.set(font, face)
  }
  return face
}
