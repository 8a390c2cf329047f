// One LIDO record on its own (no database): the official LIDO 1.1 schema (src/server/modules/standards/lido-schema) accepts the
// records the export writes for a full record and for a bare one, text is escaped and characters XML cannot
// carry are dropped, and the sizes read as height, width, depth or a diameter.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  escapeXml,
  LIDO_HEAD,
  LIDO_TAIL,
  type LidoRow,
  lidoRecord,
} from '../../src/server/modules/standards/lido'
import { measuresOf, yearsOf } from '../../src/server/modules/standards/vocabulary'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrine-lido-unit-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const XSD = path.join(__dirname, '../../src/server/modules/standards/lido-schema/lido-v1.1.xsd')
const o = { publicUrl: 'https://vitrine.example', sourceName: 'Office & Co' }

function row(over: Partial<LidoRow['artwork']>, rest: Partial<LidoRow> = {}): LidoRow {
  return {
    artwork: {
      id: '3f1c2a4e-0000-4000-8000-000000000001',
      inventoryNo: 'A-001',
      titleZh: '虾',
      titleEn: 'Shrimps',
      artistId: '3f1c2a4e-0000-4000-8000-000000000002',
      creationTime: '1985–1987',
      materialsZh: '纸本',
      materialsEn: 'paper',
      dimensions: {},
      ...over,
    } as LidoRow['artwork'],
    artistZh: '齐白石',
    artistEn: 'Qi Baishi',
    mediumZh: '国画',
    mediumEn: 'Chinese painting',
    images: [],
    ...rest,
  }
}

function validates(records: LidoRow[]): boolean {
  const file = path.join(tmp, `r${Math.random()}.xml`)
  writeFileSync(file, LIDO_HEAD + records.map((r) => lidoRecord(r, o)).join('\n') + LIDO_TAIL)
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', XSD, file], { stdio: 'pipe' })
    return true
  } catch {
    return false
  }
}

describe('a LIDO record', () => {
  it('is valid LIDO 1.1 full or bare', () => {
    const full = row(
      {
        dimensions: { picture: { values: ['60', '80'], unit: 'cm' }, other: { values: ['30'], unit: 'in' } },
      },
      { images: [{ fileId: 'f1', mime: 'image/jpeg' }] },
    )
    const bare = row(
      { titleEn: '', creationTime: '', materialsZh: '', materialsEn: '', artistId: null },
      { artistZh: null, artistEn: null, mediumZh: '', mediumEn: '' },
    )
    expect(validates([full, bare])).toBe(true)
    const xml = lidoRecord(full, o)
    expect(xml).toContain(
      '<lido:earliestDate>1985</lido:earliestDate><lido:latestDate>1987</lido:latestDate>',
    )
    expect(xml).toContain('<lido:appellationValue>Office &amp; Co</lido:appellationValue>')
    expect(xml).toContain('https://vitrine.example/api/file/downloadFile/f1')
    expect(lidoRecord(bare, o)).not.toContain('eventActor')
  })

  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml('a<b>&"c\'\u0001\u0008d')).toBe('a&lt;b&gt;&amp;&quot;c&apos;d')
    expect(validates([row({ titleZh: '<虾>\u0002 & "墨"' })])).toBe(true)
  })

  it('catches a record the schema does not allow', () => {
    const broken = row({})
    const file = path.join(tmp, 'broken.xml')
    writeFileSync(
      file,
      LIDO_HEAD + lidoRecord(broken, o).replace(/<lido:lidoRecID[^<]*<\/lido:lidoRecID>/, '') + LIDO_TAIL,
    )
    expect(() =>
      execFileSync('xmllint', ['--noout', '--nonet', '--schema', XSD, file], { stdio: 'pipe' }),
    ).toThrow()
  })
})

describe('sizes and years', () => {
  it('read height, width, depth, or one value as a diameter', () => {
    expect(
      measuresOf({
        frame: { values: ['75', '95', '4.5'], unit: 'cm' },
        core: { values: ['30'], unit: 'mm' },
      }).map((m) => `${m.part} ${m.axis} ${m.value} ${m.unit}`),
    ).toEqual(['core diameter 30 mm', 'frame height 75 cm', 'frame width 95 cm', 'frame depth 4.5 cm'])
  })

  it('take the earliest and latest four-digit year', () => {
    expect(yearsOf('约1920年')).toEqual({ begin: 1920, end: 1920 })
    expect(yearsOf('1987–1985')).toEqual({ begin: 1985, end: 1987 })
    expect(yearsOf('清代')).toBeNull()
  })
})
