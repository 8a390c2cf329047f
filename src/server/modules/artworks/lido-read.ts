// A LIDO 1.1 file read into the archive's import layout: the file is first checked against the official
// schema with xmllint (standards/lido-schema/, no network); a file the schema refuses is a 400 naming
// xmllint's reason, and nothing is read. Then each lido:lido record becomes one row of the artworks sheet
// (excel-columns.ts), so the very checks of the Excel import run on it: the inventory number (the
// repository's workID, else the lidoRecID), both titles and the artist's names by xml:lang, the creation
// time and materials of the production event, the sizes of each measured part, and the type of work as
// the creation medium when it names one of the archive's. What LIDO does not carry is left to the record:
// an artwork already in the archive keeps it (excel-check.ts, `partial`); a new one gets the period its
// production years fall in and "not signed" (docs/decisions.md).
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { SaxesParser } from 'saxes'
import type { DimensionKind } from '../../../shared/artwork-rules'
import { AppError } from '../../http/app-error'
import { LIDO_NS } from '../standards/lido'
import { PART_NAMES, yearsOf } from '../standards/vocabulary'
import { MAIN_COLUMNS, MAIN_SHEET, NO } from './excel-columns'
import type { SheetText } from './excel-read'
import type { References } from './reference-lookup'

const run = promisify(execFile)
const LIDO_XSD = fileURLToPath(new URL('../standards/lido-schema/lido-v1.1.xsd', import.meta.url))
const XML_NS = 'http://www.w3.org/XML/1998/namespace'
/** Lines of xmllint's answer given back (the first errors say enough). */
const REASON_LINES = 3

// ---------------------------------------------------------------------------------------------------
// the schema

/** Check the file against LIDO 1.1; throws a 400 with xmllint's reason (its temporary path replaced by the file's name). */
export async function validateLido(bytes: Buffer, fileName: string): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-lido-'))
  const file = path.join(dir, 'upload.xml')
  try {
    await writeFile(file, bytes)
    await run('xmllint', ['--noout', '--nonet', '--schema', LIDO_XSD, file], { maxBuffer: 4 * 1024 * 1024 })
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? ''
    const reason = stderr
      .split('\n')
      .filter((line) => line.trim() && !/ fails to validate$/.test(line))
      .slice(0, REASON_LINES)
      .map((line) => line.replaceAll(file, fileName).trim())
      .join(' ')
    throw new AppError(400, 'lidoInvalid', { reason: reason || 'xmllint' })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------------
// a small element tree (names by namespace, so any prefix the sender chose reads the same)

interface Node {
  /** Local name, for elements of the LIDO namespace only ('' otherwise). */
  name: string
  lang: string
  attrs: Map<string, string>
  text: string
  children: Node[]
}

/** Every lido:lido record of the file as a tree; xml:lang is inherited from the ancestors. */
function lidoRecords(xml: string): Node[] {
  const parser = new SaxesParser({ xmlns: true })
  const records: Node[] = []
  const stack: Node[] = []
  parser.on('opentag', (tag) => {
    const parent = stack.at(-1)
    const attrs = new Map<string, string>()
    let lang = parent?.lang ?? ''
    for (const a of Object.values(tag.attributes)) {
      if (a.uri === XML_NS && a.local === 'lang') lang = a.value.toLowerCase()
      else attrs.set(a.local, a.value)
    }
    const node: Node = { name: tag.uri === LIDO_NS ? tag.local : '', lang, attrs, text: '', children: [] }
    if (parent) parent.children.push(node)
    if (node.name === 'lido' && !stack.some((n) => n.name === 'lido')) records.push(node)
    stack.push(node)
  })
  parser.on('text', (t) => {
    const top = stack.at(-1)
    if (top) top.text += t
  })
  parser.on('closetag', () => {
    stack.pop()
  })
  parser.write(xml).close()
  return records
}

/** The descendants along a path of LIDO names (each step any number of children deep only at '**'). */
function all(from: Node | undefined, ...names: string[]): Node[] {
  let level: Node[] = from ? [from] : []
  for (const name of names) level = level.flatMap((n) => n.children.filter((c) => c.name === name))
  return level
}
const first = (from: Node | undefined, ...names: string[]) => all(from, ...names)[0]
const textOf = (n: Node | undefined) => n?.text.trim() ?? ''

// ---------------------------------------------------------------------------------------------------
// a record into the cells of the artworks sheet

type Lang2 = 'zh' | 'en'

/** Which of the two languages a text is in: its xml:lang, else Chinese when it holds Han characters. */
function langOf(n: Node): Lang2 {
  if (n.lang.startsWith('zh')) return 'zh'
  if (n.lang.startsWith('en')) return 'en'
  return /\p{Script=Han}/u.test(n.text) ? 'zh' : 'en'
}

/** The Chinese and English among some texts (the first of each language). */
function byLang(nodes: Node[]): Record<Lang2, string> {
  const out: Record<Lang2, string> = { zh: '', en: '' }
  for (const n of nodes) {
    const l = langOf(n)
    if (!out[l] && textOf(n)) out[l] = textOf(n)
  }
  return out
}

/** The production event: typed as production (LIDO lido00007, or named so), else the first event. */
function productionOf(record: Node): Node | undefined {
  const events = all(record, 'descriptiveMetadata', 'eventWrap', 'eventSet', 'event')
  const isProduction = (e: Node) =>
    all(e, 'eventType', 'conceptID').some((c) => textOf(c).endsWith('lido00007')) ||
    all(e, 'eventType', 'term').some((t) => /^(production|制作|创作)$/i.test(textOf(t)))
  return events.find(isProduction) ?? events[0]
}

const PART_BY_NAME = new Map<string, DimensionKind>(
  (Object.entries(PART_NAMES) as [DimensionKind, { zh: string; en: string }][]).flatMap(([k, n]) => [
    [n.zh, k],
    [n.en.toLowerCase(), k],
  ]),
)
const SIZE_COLUMN: Record<DimensionKind, string> = {
  core: 'coreSize',
  picture: 'pictureSize',
  frame: 'frameSize',
  other: 'otherSize',
}
const AXIS_ORDER = ['height', 'width', 'depth']

/** Each measured part's sizes as the sheet writes them ("50 × 60 cm"); a part LIDO does not name is the picture. */
function sizesOf(record: Node): Record<string, string> {
  const cells: Record<string, string> = {}
  const sets = all(
    record,
    'descriptiveMetadata',
    'objectIdentificationWrap',
    'objectMeasurementsWrap',
  ).flatMap((w) => all(w, 'objectMeasurementsSet', 'objectMeasurements'))
  for (const m of sets) {
    const extent = all(m, 'extentMeasurements', 'term').map((t) => textOf(t).toLowerCase())
    const part =
      extent.map((e) => PART_BY_NAME.get(e)).find(Boolean) ?? (extent.length > 0 ? 'other' : 'picture')
    const measures = all(m, 'measurementsSet').map((s) => ({
      axis: textOf(first(s, 'measurementType', 'term')).toLowerCase(),
      unit: textOf(first(s, 'measurementUnit', 'term')).toLowerCase(),
      value: textOf(first(s, 'measurementValue')),
    }))
    if (measures.length === 0 || cells[SIZE_COLUMN[part]]) continue
    const rank = (axis: string) => (AXIS_ORDER.includes(axis) ? AXIS_ORDER.indexOf(axis) : 3)
    measures.sort((a, b) => rank(a.axis) - rank(b.axis))
    cells[SIZE_COLUMN[part]] = `${measures.map((x) => x.value).join(' × ')} ${measures[0].unit}`.trim()
  }
  return cells
}

/** The period tag (by its code) the production's earliest year falls in, for a new artwork. */
export function periodOfYear(year: number): string {
  if (year <= 1911) return 'PERIOD_PRE_1911'
  if (year <= 1949) return 'PERIOD_1912_1949'
  if (year <= 1979) return 'PERIOD_1950_1979'
  if (year <= 1999) return 'PERIOD_1980_1999'
  return 'PERIOD_2000_ON'
}

/** One record as cells of the artworks sheet, keyed by column. */
function recordCells(record: Node, refs: References): Record<string, string> {
  const d = first(record, 'descriptiveMetadata')
  const ident = first(d, 'objectIdentificationWrap')
  const workIds = all(ident, 'repositoryWrap', 'repositorySet', 'workID')
  const titles = byLang(all(ident, 'titleWrap', 'titleSet', 'appellationValue'))
  const event = productionOf(record)
  const artist = byLang(all(event, 'eventActor', 'actorInRole', 'actor', 'nameActorSet', 'appellationValue'))
  const materials = byLang(all(event, 'eventMaterialsTech', 'displayMaterialsTech'))
  const workType = all(d, 'objectClassificationWrap', 'objectWorkTypeWrap', 'objectWorkType', 'term')
  return {
    inventoryNo: textOf(workIds.find((w) => textOf(w))) || textOf(first(record, 'lidoRecID')),
    titleZh: titles.zh,
    titleEn: titles.en,
    artistZh: artist.zh,
    artistEn: artist.en,
    creationTime: textOf(first(event, 'eventDate', 'displayDate')),
    materialsZh: materials.zh,
    materialsEn: materials.en,
    medium: workType.map(textOf).find((term) => term && !MEDIUM.parse!(term, refs).refused) ?? '',
    ...sizesOf(record),
  }
}

// ---------------------------------------------------------------------------------------------------
// the file

/** The creation medium column: a term of the type of work that names a medium of the archive fills it. */
const MEDIUM = MAIN_COLUMNS.find((c) => c.key === 'medium')!

/** The columns a LIDO row fills (in the layout's order). */
const LIDO_COLUMNS = [
  'inventoryNo',
  'titleZh',
  'titleEn',
  'artistZh',
  'artistEn',
  'creationTime',
  'materialsZh',
  'materialsEn',
  'coreSize',
  'pictureSize',
  'frameSize',
  'otherSize',
  'medium',
]

export interface LidoSheet {
  sheet: SheetText
  /** Per row: the cells a new artwork takes for the columns LIDO does not carry. */
  defaults: Map<number, Record<string, string>>
}

/**
 * A LIDO file (already checked against the schema) as the artworks sheet: row n is the file's n-th record.
 * The type of work fills the creation medium when one of its terms names a medium the archive knows.
 */
export function lidoSheet(bytes: Buffer, refs: References): LidoSheet {
  const records = lidoRecords(bytes.toString('utf8'))
  if (records.length === 0) throw new AppError(400, 'lidoNoRecords')
  const header: string[] = []
  LIDO_COLUMNS.forEach((key, k) => {
    header[k + 1] = MAIN_COLUMNS.find((c) => c.key === key)!.en
  })
  const defaults = new Map<number, Record<string, string>>()
  const rows = records.map((record, k) => {
    const cells = recordCells(record, refs)
    const years = yearsOf(cells.creationTime)
    defaults.set(k + 1, {
      signed: NO.en,
      period: years ? periodOfYear(years.begin) : '',
    })
    return { row: k + 1, cells: ['', ...LIDO_COLUMNS.map((key) => cells[key] ?? '')] }
  })
  return { sheet: { name: MAIN_SHEET.en, header, rows }, defaults }
}
