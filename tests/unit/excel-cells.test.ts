// The Excel import's cell parsers (excel-cells.ts) and the columns that carry them (excel-columns.ts): what
// each turns a cell's text into, and the reason it refuses one.
import { describe, expect, it } from 'vitest'
import {
  amountCell,
  dictCell,
  limitedTextCell,
  roomCell,
  sizeTextCell,
  splitList,
  tagCell,
  tagListCell,
  textCell,
  upperCell,
  yesNo,
  yesNoCell,
} from '../../src/server/modules/artworks/excel-cells'
import { readCells } from '../../src/server/modules/artworks/excel-check'
import { MAIN_COLUMNS, RECORD_SHEETS } from '../../src/server/modules/artworks/excel-columns'
import type { References, TagInfo } from '../../src/server/modules/artworks/reference-lookup'

const tag = (
  id: number,
  rootCode: string,
  nameZh: string,
  nameEn: string,
  code: string | null = null,
): TagInfo => ({
  id,
  code,
  parentId: 1,
  rootCode,
  nameZh,
  nameEn,
})
const oil = tag(11, 'CREATION_MEDIUM', '布面油画', 'Oil on canvas', 'OIL')
const modern = tag(21, 'PERIOD', '现代', 'Modern')
const core = tag(31, 'ARTWORK_LABEL', '核心藏品', 'Core')
const published = tag(32, 'ARTWORK_LABEL', '已出版', 'Published')
const room = { id: 'room-1', code: 'SH-01', nameZh: '上海库房', nameEn: 'Shanghai vault' }

/** The words as loadReferences keeps them: normalised to lower case. */
const words = (pairs: [string, string][]) => new Map(pairs.map(([w, v]) => [w.toLowerCase(), v]))
const refs: References = {
  tags: new Map([oil, modern, core, published].map((t) => [t.id, t])),
  dicts: {
    PACKAGING_TYPE: new Map([['WOODEN_CRATE', { nameZh: '木箱', nameEn: 'Wooden crate' }]]),
    ART_PIC_TYPE: new Map(),
    LITERATU_RECORD_TYPERE: new Map([['JOURNAL', { nameZh: '期刊文章', nameEn: 'Journal article' }]]),
    CURRENCY: new Map(),
  },
  rooms: new Map([[room.id, room]]),
  words: {
    tags: new Map(
      [oil, modern, core, published].map((t) => [
        t.rootCode ?? '',
        new Map([t.nameZh, t.nameEn, t.code ?? t.nameEn].map((w) => [w.toLowerCase(), t])),
      ]),
    ),
    dicts: {
      PACKAGING_TYPE: words([
        ['WOODEN_CRATE', 'WOODEN_CRATE'],
        ['Wooden crate', 'WOODEN_CRATE'],
        ['木箱', 'WOODEN_CRATE'],
      ]),
      ART_PIC_TYPE: new Map(),
      LITERATU_RECORD_TYPERE: words([
        ['Journal article', 'JOURNAL'],
        ['期刊文章', 'JOURNAL'],
      ]),
      CURRENCY: new Map(),
    },
    rooms: new Map([room.nameZh, room.nameEn, room.code].map((w) => [w.toLowerCase(), room])),
  },
}
// the two labels sit under the same root: one map for both
refs.words.tags.set(
  'ARTWORK_LABEL',
  new Map([core, published].flatMap((t) => [t.nameZh, t.nameEn].map((w) => [w.toLowerCase(), t]))),
)

describe('the cell parsers', () => {
  it('keep text as it stands, upper-case a code, and take thousands separators out of an amount', () => {
    expect(textCell('  kept as is ', refs)).toEqual({ value: '  kept as is ' })
    expect(upperCell('hkd', refs)).toEqual({ value: 'HKD' })
    expect(amountCell('1,250,000.50', refs)).toEqual({ value: '1250000.50' })
    expect(amountCell('', refs)).toEqual({ value: null })
  })

  it('refuse text over its own limit with the limit named', () => {
    expect(limitedTextCell(5)('12345', refs)).toEqual({ value: '12345' })
    expect(limitedTextCell(5)('123456', refs)).toEqual({
      value: '123456',
      refused: { key: 'tooLong', params: { max: 5 } },
    })
  })

  it('read a size text, nothing for an empty cell, and refuse one that is not a size', () => {
    expect(sizeTextCell('40 × 70 cm', refs)).toEqual({ value: { values: ['40', '70'], unit: 'cm' } })
    expect(sizeTextCell('60x80x5in', refs)).toEqual({ value: { values: ['60', '80', '5'], unit: 'in' } })
    expect(sizeTextCell('', refs)).toEqual({ value: undefined })
    expect(sizeTextCell('big', refs)).toEqual({ value: undefined, refused: { key: 'invalidSize' } })
  })

  it('read yes or no in either language, the fallback for an empty or refused cell', () => {
    expect(yesNo(' Yes ')).toBe(true)
    expect(yesNo('否')).toBe(false)
    expect(yesNo('perhaps')).toBeUndefined()
    expect(yesNoCell(undefined)('是', refs)).toEqual({ value: true })
    expect(yesNoCell(undefined)('', refs)).toEqual({ value: undefined })
    expect(yesNoCell(false)('', refs)).toEqual({ value: false })
    expect(yesNoCell(false)('perhaps', refs)).toEqual({ value: false, refused: { key: 'yesOrNo' } })
  })

  it('find a tag under its parent by either name or its code, and refuse a word under another parent', () => {
    expect(tagCell('CREATION_MEDIUM')('oil on canvas', refs)).toEqual({ value: 11 })
    expect(tagCell('CREATION_MEDIUM')('布面油画', refs)).toEqual({ value: 11 })
    expect(tagCell('CREATION_MEDIUM')('OIL', refs)).toEqual({ value: 11 })
    expect(tagCell('PERIOD')('', refs)).toEqual({ value: null })
    expect(tagCell('PERIOD')('Oil on canvas', refs)).toEqual({
      value: null,
      refused: { key: 'unknownOption' },
    })
  })

  it('split a list of labels and keep the known ones when one is not', () => {
    expect(splitList('Core; 已出版，x、\n y')).toEqual(['Core', '已出版', 'x', 'y'])
    expect(tagListCell('ARTWORK_LABEL')('Core; 已出版', refs)).toEqual({ value: [31, 32] })
    expect(tagListCell('ARTWORK_LABEL')('', refs)).toEqual({ value: [] })
    expect(tagListCell('ARTWORK_LABEL')('Core, Famous', refs)).toEqual({
      value: [31],
      refused: { key: 'unknownOption' },
    })
  })

  it('find a dictionary value or a room by its words, empty when the cell is', () => {
    expect(dictCell('PACKAGING_TYPE')('木箱', refs)).toEqual({ value: 'WOODEN_CRATE' })
    expect(dictCell('PACKAGING_TYPE')('', refs)).toEqual({ value: '' })
    expect(dictCell('PACKAGING_TYPE')('Cardboard', refs)).toEqual({
      value: '',
      refused: { key: 'unknownOption' },
    })
    expect(roomCell('sh-01', refs)).toEqual({ value: 'room-1' })
    expect(roomCell('', refs)).toEqual({ value: null })
    expect(roomCell('Attic', refs)).toEqual({ value: null, refused: { key: 'unknownOption' } })
  })
})

describe('a row read by its columns', () => {
  it('fills the record fields the columns name and lists every refused cell by its column', () => {
    const { fields, refused } = readCells(
      MAIN_COLUMNS,
      {
        inventoryNo: 'IMP-1',
        titleEn: 'A work',
        pictureSize: '40 × 70 cm',
        coreSize: 'big',
        signed: 'perhaps',
        signaturePosition: 'lower right',
        medium: 'Oil on canvas',
        period: 'Bronze Age',
        labels: 'Core',
        packaging: 'Wooden crate',
        inWarehouse: 'yes',
        room: 'Shanghai vault',
        latestValuation: '100',
      },
      refs,
      { dimensions: {} },
    )
    expect(fields).toMatchObject({
      inventoryNo: 'IMP-1',
      titleEn: 'A work',
      titleZh: '',
      dimensions: { picture: { values: ['40', '70'], unit: 'cm' } },
      signature: { position: 'lower right', content: '' },
      mediumTagId: 11,
      periodTagId: null,
      labelTagIds: [31],
      packagingType: 'WOODEN_CRATE',
      inWarehouse: true,
      roomId: 'room-1',
      locationText: '',
    })
    expect(fields).not.toHaveProperty('dimensions.core')
    expect(fields).not.toHaveProperty('signature.signed')
    // read-only columns and the artist's names fill no field
    expect(Object.keys(fields)).not.toContain('latestValuation')
    expect(Object.keys(fields)).not.toContain('artistZh')
    expect(refused).toEqual([
      { column: 'coreSize', reason: { key: 'invalidSize' } },
      { column: 'signed', reason: { key: 'yesOrNo' } },
      { column: 'period', reason: { key: 'unknownOption' } },
    ])
  })

  it('skips the columns it is told to (an existing artwork’s whereabouts)', () => {
    const { fields, refused } = readCells(
      MAIN_COLUMNS,
      { inWarehouse: 'perhaps', room: 'Attic' },
      refs,
      {},
      (column) => column.newOnly === true,
    )
    expect(refused).toEqual([])
    expect(fields).not.toHaveProperty('roomId')
    expect(fields).not.toHaveProperty('inWarehouse')
  })

  it('reads a records sheet’s row without its inventory number, the record type by its words', () => {
    const { fields, refused } = readCells(
      RECORD_SHEETS.literature.columns,
      { inventoryNo: 'IMP-1', date: '2020', literatureType: '期刊文章', titleEn: 'Ink Quarterly' },
      refs,
      {},
    )
    expect(fields).toEqual({
      date: '2020',
      literatureType: 'JOURNAL',
      titleZh: '',
      titleEn: 'Ink Quarterly',
      placeZh: '',
      placeEn: '',
      note: '',
    })
    expect(refused).toEqual([])
    const auction = readCells(RECORD_SHEETS.auctions.columns, { price: '1,000', currency: 'hkd' }, refs, {})
    expect(auction.fields).toMatchObject({ price: '1000', currency: 'HKD', lot: '' })
    const unknown = readCells(RECORD_SHEETS.literature.columns, { literatureType: 'Blog' }, refs, {})
    expect(unknown.fields).toMatchObject({ literatureType: '' })
    expect(unknown.refused).toEqual([{ column: 'literatureType', reason: { key: 'unknownOption' } }])
  })
})
