// Checks on picked files before upload (docs/architecture.md § Input rules): extension per purpose, the 3 MB Excel limit, one Excel
// file at a time, and the first bytes (a renamed file is refused as the server would refuse it).
import { describe, expect, it } from 'vitest'
import {
  acceptedExtensions,
  checkExcelSelection,
  checkFile,
  formatBytes,
  headFits,
} from '../../../src/web/forms/file-checks'

const MB = 1024 * 1024
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0])
const PDF = new TextEncoder().encode('%PDF-1.7\n')

describe('Excel selection', () => {
  it('takes one .xlsx or .xls file of at most 3 MB', () => {
    expect(checkExcelSelection([{ name: 'artworks.xlsx', size: 3 * MB }])).toBeNull()
    expect(checkExcelSelection([{ name: 'OLD.XLS', size: 10 }])).toBeNull()
  })
  it('refuses two files, another format, and more than 3 MB, with the catalogue’s fixed words', () => {
    expect(
      checkExcelSelection([
        { name: 'a.xlsx', size: 1 },
        { name: 'b.xlsx', size: 1 },
      ]),
    ).toEqual({ key: 'oneFileOnly' })
    expect(checkExcelSelection([{ name: 'a.csv', size: 1 }])).toEqual({ key: 'incorrectFileFormat' })
    expect(checkExcelSelection([{ name: 'xlsx', size: 1 }])).toEqual({ key: 'incorrectFileFormat' })
    expect(checkExcelSelection([{ name: 'a.xlsx', size: 3 * MB + 1 }])).toEqual({
      key: 'fileTooLarge',
      limit: '3 MB',
    })
    expect(checkExcelSelection([])).toBeNull()
  })
})

describe('other uploads', () => {
  it('accept images as JPG, JPEG, PNG, JFIF and MP4, and PDF-only fields only PDF', () => {
    expect(acceptedExtensions('image').sort()).toEqual(['jfif', 'jpe', 'jpeg', 'jpg', 'm4v', 'mp4', 'png'])
    expect(checkFile({ name: 'scan.jfif', size: 1 }, 'image')).toBeNull()
    expect(checkFile({ name: 'photo.gif', size: 1 }, 'image')).toEqual({ key: 'incorrectFileFormat' })
    expect(checkFile({ name: 'contract.pdf', size: 1 }, 'pdf')).toBeNull()
    expect(checkFile({ name: 'contract.docx', size: 1 }, 'pdf')).toEqual({ key: 'incorrectFileFormat' })
  })
  it('judge by the first bytes, not the name', async () => {
    await expect(headFits(new Blob([PNG]), 'image')).resolves.toBe(true)
    await expect(headFits(new Blob([PDF]), 'image')).resolves.toBe(false)
    await expect(headFits(new Blob([ZIP]), 'excel')).resolves.toBe(true)
    await expect(headFits(new Blob([PNG]), 'excel')).resolves.toBe(false)
    await expect(headFits(new Blob([PDF]), 'pdf')).resolves.toBe(true)
  })
  it('word sizes', () => {
    expect(formatBytes(3 * MB)).toBe('3 MB')
    expect(formatBytes(1536)).toBe('2 KB')
    expect(formatBytes(12)).toBe('12 B')
  })
})
