// The artwork rules shared by the form and the server (sizes, digits-only numbers, record dates, the
// preview image, period and signature requirements) and the search tokenizer the archive's full text uses.
import { describe, expect, it } from 'vitest'
import { documentTokens, searchQuery } from '../../src/server/modules/artworks/search-tokens'
import {
  artworkRecord,
  artworkRecordValues,
  blankRecord,
  createArtworkInput,
  importedArtworkRecord,
  isRealPartialDate,
  mainSizeText,
  normaliseDecimal,
  parseSizeText,
  sizeTextOf,
} from '../../src/shared/artwork-rules'
import { issuesToFieldErrors } from '../../src/shared/validation'

const FILE = '11111111-1111-4111-8111-111111111111'
const base = {
  inventoryNo: 'VT-1',
  titleZh: '山水',
  periodTagId: 3,
  signature: { signed: false },
  media: [{ fileId: FILE, kind: 'image', picType: 'FRONT', isPreview: true }],
}
const errorsOf = (schema: typeof artworkRecord, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : issuesToFieldErrors(r.error.issues, 'en')
}

describe('sizes', () => {
  it('writes 1, 2 or 3 values with the unit', () => {
    expect(sizeTextOf({ values: ['60', '80'], unit: 'cm' })).toBe('60 × 80 cm')
    expect(sizeTextOf({ values: ['60', '80', '5'], unit: 'cm' })).toBe('60 × 80 × 5 cm')
    expect(sizeTextOf({ values: ['30'], unit: 'in' })).toBe('30 in')
    expect(sizeTextOf(undefined)).toBe('')
  })
  it('shows the picture size first, then core, frame, other', () => {
    expect(
      mainSizeText({
        frame: { values: ['90', '110'], unit: 'cm' },
        core: { values: ['60', '80'], unit: 'cm' },
      }),
    ).toBe('60 × 80 cm')
    expect(mainSizeText({ other: { values: ['12'], unit: 'mm' } })).toBe('12 mm')
    expect(mainSizeText({})).toBe('')
  })
  it('reads a size text back however it is typed', () => {
    expect(parseSizeText('60 × 80 cm')).toEqual({ values: ['60', '80'], unit: 'cm' })
    expect(parseSizeText('60x80x5cm')).toEqual({ values: ['60', '80', '5'], unit: 'cm' })
    expect(parseSizeText('60.50 * 80 IN')).toEqual({ values: ['60.5', '80'], unit: 'in' })
    expect(parseSizeText('60 by 80 cm')).toBeNull()
    expect(parseSizeText('60 × 80')).toBeNull()
    expect(parseSizeText('1 × 2 × 3 × 4 cm')).toBeNull()
  })
  it('normalises decimals so equal values compare equal', () => {
    expect(normaliseDecimal('060.50')).toBe('60.5')
    expect(normaliseDecimal('12.00')).toBe('12')
    expect(normaliseDecimal('0.5')).toBe('0.5')
  })
})

describe('the blank record', () => {
  it('reads back as a stored record and lacks just what the form then asks for', () => {
    const blank = blankRecord({ inventoryNo: 'VT-9', titleZh: '新购入作品' })
    expect(artworkRecordValues.parse(blank)).toEqual(blank)
    expect(blank).toMatchObject({ inventoryNo: 'VT-9', titleZh: '新购入作品', periodTagId: null, media: [] })
    expect(Object.keys(errorsOf(artworkRecord, blank)).sort()).toEqual(['media', 'periodTagId'])
    expect(errorsOf(artworkRecord, { ...blank, periodTagId: 3, media: base.media })).toEqual({})
  })
  it('is a new object each time (a form edits its own)', () => {
    const a = blankRecord()
    a.labelTagIds.push(1)
    expect(blankRecord().labelTagIds).toEqual([])
  })
})

describe('record dates', () => {
  it('take a year, a month or a day that exists', () => {
    for (const ok of ['1998', '1998-02', '2024-02-29']) expect(isRealPartialDate(ok)).toBe(true)
    for (const bad of ['1998-13', '2023-02-29', '1998-00']) expect(isRealPartialDate(bad)).toBe(false)
  })
})

describe('the record rules', () => {
  it('accepts a minimal complete record and fills the defaults', () => {
    const r = artworkRecord.parse(base)
    expect(r).toMatchObject({ titleEn: '', labelTagIds: [], exhibitions: [], buyYear: '', zipFileId: null })
  })
  it('requires a preview image with its picture type', () => {
    expect(errorsOf(artworkRecord, { ...base, media: [] })).toEqual({
      media: 'An artwork preview image and its picture type are required',
    })
    expect(errorsOf(artworkRecord, { ...base, media: [{ ...base.media[0], picType: '' }] })).toEqual({
      'media.0.picType': 'Required',
    })
    expect(
      errorsOf(artworkRecord, { ...base, media: [{ fileId: FILE, kind: 'video', isPreview: true }] }),
    ).toMatchObject({
      'media.0.isPreview': 'Invalid value',
      media: 'An artwork preview image and its picture type are required',
    })
  })
  it('lets an imported row go without images, but not without period or signature', () => {
    expect(importedArtworkRecord.safeParse({ ...base, media: [] }).success).toBe(true)
    const { periodTagId: _p, signature: _s, ...rest } = base
    expect(errorsOf(importedArtworkRecord as never, rest)).toEqual({
      periodTagId: 'Required',
      signature: 'Required',
    })
  })
  it('requires the signature position and content when signed', () => {
    expect(errorsOf(artworkRecord, { ...base, signature: { signed: true, position: '右下' } })).toEqual({
      'signature.content': 'Required',
    })
  })
  it('takes digits only in numeric fields, numbers included', () => {
    expect(
      errorsOf(artworkRecord, { ...base, buyYear: '2O15', volumeWeight: '-3', actualWeight: '1e3' }),
    ).toEqual({
      buyYear: 'Digits only',
      volumeWeight: 'Digits only',
      actualWeight: 'Digits only',
    })
    expect(artworkRecord.parse({ ...base, buyYear: 2015, actualWeight: 12.5 })).toMatchObject({
      buyYear: '2015',
      actualWeight: '12.5',
    })
    expect(errorsOf(artworkRecord, { ...base, buyYear: '15' })).toEqual({
      buyYear: 'Years are written with four digits',
    })
  })
  it('refuses over-long text with its limit', () => {
    expect(errorsOf(artworkRecord, { ...base, inventoryNo: 'A'.repeat(41) })).toEqual({
      inventoryNo: 'At most 40 characters',
    })
    expect(errorsOf(artworkRecord, { ...base, inventoryNo: 'A B' })).toEqual({
      inventoryNo: 'Inventory numbers take letters, digits and . _ / - only',
    })
  })
  it('needs an auction price to name its currency', () => {
    const auction = { date: '2015', titleEn: 'Sale', price: '100' }
    expect(errorsOf(artworkRecord, { ...base, auctions: [auction] })).toEqual({
      'auctions.0.currency': 'Required',
    })
    expect(
      artworkRecord.parse({ ...base, auctions: [{ ...auction, currency: 'HKD' }] }).auctions[0].price,
    ).toBe('100.00')
  })
  it('keeps a new artwork in a room only when it is in the warehouse', () => {
    const r = createArtworkInput.safeParse({ ...base, inWarehouse: true })
    expect(r.success ? {} : issuesToFieldErrors(r.error.issues, 'en')).toEqual({ roomId: 'Required' })
  })
})

describe('search tokens', () => {
  it('makes Chinese characters and bigrams, and lower-case words', () => {
    expect(documentTokens('齐白石', 'Qi Baishi')).toEqual(['齐', '白', '石', '齐白', '白石', 'qi', 'baishi'])
  })
  it('keeps an inventory number findable whole and in parts', () => {
    expect(documentTokens('VT-2019-0001')).toEqual(['vt', '2019', '0001', 'vt20190001', '20190001'])
    expect(searchQuery('VT-2019-0001')).toBe("'vt20190001':*")
    expect(searchQuery('2019-00')).toBe("'201900':*")
    expect(documentTokens('Still Life No. 7')).toEqual(['still', 'life', 'no', '7'])
  })
  it('asks for bigrams of a Chinese query and prefixes of words', () => {
    expect(searchQuery('春江花')).toBe("'春江' & '江花'")
    expect(searchQuery('虾')).toBe("'虾'")
    expect(searchQuery("Monet's  garden no")).toBe("'monet':* & 's' & 'garden':* & 'no'")
    expect(searchQuery('  -- ')).toBeNull()
  })
  it('never lets quotes or operators through', () => {
    const q = searchQuery("a' | b & !c:*")!
    expect(q).toBe("'a' & 'b' & 'c'")
  })
})
