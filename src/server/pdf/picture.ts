// A stored picture made ready for a PDF (pdfkit embeds JPEG and PNG only). A JPEG or PNG of moderate size goes
// in as stored (print quality, no decoding); a larger one is brought down to PRINT_WIDTH pixels (sharp, as the
// thumbnails are made) so a tear sheet stays small and quick; a thumbnail is the fallback when the original
// cannot be read. Anything else (a video, a PDF) has no picture, and the report says so.
import type { Readable } from 'node:stream'
import type { Storage } from '../storage'

/** Stored pictures up to this size are embedded as they are. */
const AS_IS_BYTES = 3 * 1024 * 1024
/** Pixels across of a picture brought down for print (about 14 cm at 300 dpi). */
const PRINT_WIDTH = 1600
/** Never read more than this from the storage for one picture. */
const READ_MAX = 64 * 1024 * 1024

export interface StoredPicture {
  mime: string
  size: number
  storageKey: string
  thumbnailKey: string | null
}

export type PdfPicture = { ok: true; data: Buffer } | { ok: false }

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) {
      stream.destroy()
      throw new Error('picture larger than expected')
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

const embeddable = (mime: string) => mime === 'image/jpeg' || mime === 'image/png'

/**
 * The picture's bytes for a PDF, or `ok: false` when there is none a PDF can hold. `asIsBytes` and `width`
 * trade print quality for size (several photographs on a page need less than one picture on a tear sheet).
 */
export async function pictureForPdf(
  storage: Storage,
  file: StoredPicture,
  options: { asIsBytes?: number; width?: number } = {},
): Promise<PdfPicture> {
  if (embeddable(file.mime)) {
    try {
      // The recorded size is not trusted as a limit (a file whose bytes are written after its row has 0).
      const bytes = await readAll(storage.read(file.storageKey), READ_MAX)
      if (bytes.length <= (options.asIsBytes ?? AS_IS_BYTES)) return { ok: true, data: bytes }
      const width = options.width ?? PRINT_WIDTH
      const { default: sharp } = await import('sharp') // loaded with the first picture, not with every server
      const data = await sharp(bytes, { failOn: 'error' })
        .autoOrient()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer()
      return { ok: true, data }
    } catch {
      // fall back to the thumbnail
    }
  }
  if (file.thumbnailKey) {
    try {
      return { ok: true, data: await readAll(storage.read(file.thumbnailKey), READ_MAX) }
    } catch {
      return { ok: false }
    }
  }
  return { ok: false }
}

/** Draw `data` fitted into the box, centred; false when pdfkit cannot read it after all. */
export function drawPicture(
  doc: PDFKit.PDFDocument,
  data: Buffer,
  box: { x: number; y: number; width: number; height: number },
): boolean {
  try {
    doc.image(data, box.x, box.y, {
      fit: [box.width, box.height],
      align: 'center',
      valign: 'center',
    })
    return true
  } catch {
    return false
  }
}
