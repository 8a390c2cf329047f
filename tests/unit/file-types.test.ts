// Deciding a file's kind by its bytes (src/shared/file-types.ts): magic numbers, MP4 brands, the central
// directory of office packages, the directory of OLE2 workbooks, and safe names.
import { describe, expect, it } from 'vitest'
import {
  cfbStreamNames,
  findZipDirectory,
  headFitsPurpose,
  IMAGE_EXTENSIONS,
  isImageKind,
  isMp4Head,
  isXlsStreams,
  KIND_MIME,
  kindOfZipEntries,
  nameForKind,
  PURPOSE_ACCEPT,
  PURPOSE_KINDS,
  sanitiseFileName,
  sniffHead,
  ZIP_TAIL_BYTES,
  zipEntryNames,
} from '../../src/shared/file-types'
import { cfb, docx, jpeg, mp4, pdf, png, xlsx, zipOf } from '../fixtures/file-samples'

function directoryNames(zip: Buffer): string[] | null {
  const tail = zip.subarray(Math.max(0, zip.length - ZIP_TAIL_BYTES))
  const dir = findZipDirectory(tail, zip.length)
  if (!dir) return null
  return zipEntryNames(zip.subarray(dir.offset, dir.offset + dir.size))
}

describe('sniffHead', () => {
  it('recognises each kind by its first bytes', async () => {
    expect(sniffHead(await png(4, 4))).toBe('png')
    expect(sniffHead(await jpeg(4, 4))).toBe('jpeg')
    expect(sniffHead(pdf())).toBe('pdf')
    expect(sniffHead(mp4(16))).toBe('mp4')
    expect(sniffHead(await xlsx(1))).toBe('zip')
    expect(sniffHead(cfb(['Workbook']))).toBe('ole2')
  })

  it('treats JFIF as JPEG', () => {
    const jfif = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
    expect(sniffHead(jfif)).toBe('jpeg')
  })

  it('knows nothing of text, HTML, SVG, GIF or empty files, whatever they are called', () => {
    expect(sniffHead(Buffer.from('just some text pretending to be a .jpg'))).toBeNull()
    expect(sniffHead(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull()
    expect(sniffHead(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffHead(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull()
    expect(sniffHead(Buffer.alloc(0))).toBeNull()
    expect(sniffHead(Buffer.from([0xff, 0xd8]))).toBeNull() // too short for a JPEG
    expect(sniffHead(Buffer.from(' %PDF-1.4'))).toBeNull() // not at the start
  })
})

describe('isMp4Head', () => {
  it('accepts MP4 brands as major or compatible brand', () => {
    expect(isMp4Head(mp4(0, 'mp42'))).toBe(true)
    expect(isMp4Head(mp4(0, 'XYZW'))).toBe(true) // unknown major, but compatible isom
  })

  it('refuses QuickTime, audio-only and HEIF/AVIF images, and broken boxes', () => {
    expect(isMp4Head(mp4(0, 'qt  '))).toBe(false)
    expect(isMp4Head(mp4(0, 'M4A '))).toBe(false)
    expect(isMp4Head(mp4(0, 'heic'))).toBe(false)
    expect(isMp4Head(mp4(0, 'avif'))).toBe(false)
    const broken = mp4(0)
    broken.writeUInt32BE(5, 0) // box smaller than its own header
    expect(isMp4Head(broken)).toBe(false)
    const noBrands = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypabcd\0\0\0\0', 'latin1')])
    expect(isMp4Head(noBrands)).toBe(false)
  })
})

describe('ZIP containers', () => {
  it('reads the entry names of an exceljs workbook and calls it xlsx', async () => {
    const names = directoryNames(await xlsx(3))
    expect(names).toContain('xl/workbook.xml')
    expect(kindOfZipEntries(names!)).toBe('xlsx')
  })

  it('tells a Word document and a plain zip apart', async () => {
    expect(kindOfZipEntries(directoryNames(await docx())!)).toBe('docx')
    const plain = await zipOf({ 'photo.jpg': 'x', 'notes.txt': 'y' })
    expect(kindOfZipEntries(directoryNames(plain)!)).toBe('zip')
    // an xl/ folder without a content-types part is not an office package
    expect(kindOfZipEntries(['xl/workbook.xml'])).toBe('zip')
  })

  it('finds the directory behind a zip comment', async () => {
    const zip = await zipOf({ 'a.txt': 'a' }, 'a comment at the very end')
    expect(directoryNames(zip)).toEqual(['a.txt'])
  })

  it('returns null for truncated or non-zip bytes', async () => {
    const zip = await xlsx(1)
    expect(findZipDirectory(zip.subarray(0, zip.length - 10), zip.length - 10)).toBeNull()
    expect(findZipDirectory(Buffer.from('PK\x03\x04 not really a zip at all'), 29)).toBeNull()
    expect(zipEntryNames(Buffer.from('garbage that is long enough to be read as a header.....'))).toBeNull()
  })
})

describe('OLE2 compound files', () => {
  it('lists the streams and recognises an Excel 97 workbook', () => {
    const names = cfbStreamNames(cfb(['Workbook', '\u0005SummaryInformation']))
    expect(names).toEqual(['Workbook', '\u0005SummaryInformation'])
    expect(isXlsStreams(names!)).toBe(true)
    expect(isXlsStreams(cfbStreamNames(cfb(['Book']))!)).toBe(true)
  })

  it('does not take a Word 97 document for a workbook', () => {
    expect(isXlsStreams(cfbStreamNames(cfb(['WordDocument', '1Table']))!)).toBe(false)
  })

  it('returns null for a broken structure instead of looping or throwing', () => {
    const file = cfb(['Workbook'])
    const selfLoop = Buffer.from(file)
    selfLoop.writeUInt32LE(1, 512 + 4) // the directory sector points at itself
    expect(cfbStreamNames(selfLoop)).toBeNull()
    const badShift = Buffer.from(file)
    badShift.writeUInt16LE(7, 0x1e)
    expect(cfbStreamNames(badShift)).toBeNull()
    expect(cfbStreamNames(file.subarray(0, 600))).toBeNull()
  })
})

describe('purposes', () => {
  it('accepts for each purpose exactly the kinds the input rules allow', () => {
    expect(PURPOSE_KINDS.image).toEqual(['jpeg', 'png', 'mp4'])
    expect(PURPOSE_KINDS.pdf).toEqual(['pdf'])
    expect(PURPOSE_KINDS.excel).toEqual(['xlsx', 'xls'])
    expect(headFitsPurpose('png', 'pdf')).toBe(false)
    expect(headFitsPurpose('zip', 'excel')).toBe(true) // its directory decides later
    expect(headFitsPurpose('ole2', 'attachment')).toBe(false)
    expect(headFitsPurpose('mp4', 'video')).toBe(true)
    expect(headFitsPurpose(null, 'attachment')).toBe(false)
  })

  it('names pictures by every extension their kinds carry, jpe included, in checks and pickers alike', () => {
    expect([...IMAGE_EXTENSIONS].sort()).toEqual(['jfif', 'jpe', 'jpeg', 'jpg', 'png'])
    expect(isImageKind('png')).toBe(true)
    expect(isImageKind('mp4')).toBe(false)
    const image = PURPOSE_ACCEPT.image.split(',')
    for (const ext of [...IMAGE_EXTENSIONS, 'mp4', 'm4v']) expect(image).toContain(`.${ext}`)
    expect(image).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'video/mp4']))
    expect(PURPOSE_ACCEPT.excel.split(',')).toEqual(
      expect.arrayContaining(['.xlsx', '.xls', KIND_MIME.xlsx, KIND_MIME.xls]),
    )
    expect(PURPOSE_ACCEPT.pdf).toBe('.pdf,application/pdf')
  })
})

describe('names', () => {
  it('keeps a plain name and removes folders, control and bidi characters', () => {
    expect(sanitiseFileName('作品 图.png')).toBe('作品 图.png')
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd')
    expect(sanitiseFileName('C:\\Users\\me\\scan.pdf')).toBe('scan.pdf')
    expect(sanitiseFileName('invoice\u202Egpj.exe')).toBe('invoicegpj.exe')
    expect(sanitiseFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf')
    expect(sanitiseFileName('  two   spaces\t.pdf ')).toBe('two spaces.pdf')
    expect(sanitiseFileName('what?"*.pdf')).toBe('what___.pdf')
    expect(sanitiseFileName('..')).toBe('file')
    expect(sanitiseFileName('')).toBe('file')
    expect(sanitiseFileName(null)).toBe('file')
  })

  it('shortens long names to 200 characters keeping the extension', () => {
    const long = sanitiseFileName(`${'长'.repeat(300)}.xlsx`)
    expect([...long].length).toBe(200)
    expect(long.endsWith('.xlsx')).toBe(true)
  })

  it('adds the extension of the real content when the name claims another', () => {
    expect(nameForKind('photo.jfif', 'jpeg')).toBe('photo.jfif')
    expect(nameForKind('photo.JPG', 'jpeg')).toBe('photo.JPG')
    expect(nameForKind('scan.pdf', 'png')).toBe('scan.pdf.png')
    expect(nameForKind('README', 'pdf')).toBe('README.pdf')
  })
})
