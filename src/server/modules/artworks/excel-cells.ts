// Reading one cell of an imported sheet: every column of the layout (excel-columns.ts) names the parser that
// turns its text into the record's value, or gives the reason the cell is refused. A refused cell still
// gives a value (none, or the words it could read), so the rest of the row is checked as well and every bad
// cell of it is listed at once. Words name tags, dictionary values and rooms in either language or by code.
import { type Dimension, parseSizeText } from '../../../shared/artwork-rules'
import type { TagParentCode } from '../../../shared/contracts/reference'
import type { MessageKey } from '../../../shared/errors'
import { type ArtworkDict, dictValueByWord, type References, roomByWord, tagByWord } from './reference-lookup'

/** Why a cell (or a row) is refused, worded when shown. */
export interface Reason {
  key: MessageKey
  params?: Record<string, string | number>
}

/** A cell as read: the value it gives the record (`undefined`: none), and why it was refused if it was. */
export interface CellRead<T = unknown> {
  value: T
  refused?: Reason
}

/** Reads a cell's text (empty for an empty cell) with the reference data its words may name. */
export type CellParser<T = unknown> = (text: string, refs: References) => CellRead<T>

const unknownOption: Reason = { key: 'unknownOption' }

const YES_WORDS = new Set(['是', 'yes', 'y', 'true', '1', '有', '已签名', 'signed'])
const NO_WORDS = new Set(['否', 'no', 'n', 'false', '0', '无', '未签名', 'unsigned'])
/** true / false, or undefined when the word is neither. */
export function yesNo(word: string): boolean | undefined {
  const w = word.trim().toLowerCase()
  if (YES_WORDS.has(w)) return true
  if (NO_WORDS.has(w)) return false
  return undefined
}

/** Labels in one cell: separated by ; , 、 or new lines. */
export function splitList(text: string): string[] {
  return text
    .split(/[;；,，、\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Text as it stands; the record's rules check it. */
export const textCell: CellParser<string> = (text) => ({ value: text })

/** Text with a length limit of its own (a name the record does not hold as text). */
export function limitedTextCell(max: number): CellParser<string> {
  return (text) =>
    text.length > max ? { value: text, refused: { key: 'tooLong', params: { max } } } : { value: text }
}

/** Upper case (a currency code). */
export const upperCell: CellParser<string> = (text) => ({ value: text.toUpperCase() })

/** A money amount, thousands separators taken out; empty is no amount (null). */
export const amountCell: CellParser<string | null> = (text) => ({
  value: text ? text.replaceAll(',', '') : null,
})

/** A size text ("60 × 80 cm"); empty is no size. */
export const sizeTextCell: CellParser<Dimension | undefined> = (text) => {
  if (!text) return { value: undefined }
  const d = parseSizeText(text)
  return d ? { value: d } : { value: undefined, refused: { key: 'invalidSize' } }
}

/** Yes or no in either language; empty (or refused) is `fallback`. */
export function yesNoCell<F extends boolean | undefined>(fallback: F): CellParser<boolean | F> {
  return (text) => {
    if (!text) return { value: fallback }
    const v = yesNo(text)
    return v === undefined ? { value: fallback, refused: { key: 'yesOrNo' } } : { value: v }
  }
}

/** A tag under `parent` by name or code; empty is none (null). */
export function tagCell(parent: TagParentCode): CellParser<number | null> {
  return (text, refs) => {
    if (!text) return { value: null }
    const t = tagByWord(refs, parent, text)
    return t ? { value: t.id } : { value: null, refused: unknownOption }
  }
}

/** Several tags under `parent`, one per word of the list; the known ones are kept when some are not. */
export function tagListCell(parent: TagParentCode): CellParser<number[]> {
  return (text, refs) => {
    const ids: number[] = []
    let refused: Reason | undefined
    for (const word of splitList(text)) {
      const t = tagByWord(refs, parent, word)
      if (t) ids.push(t.id)
      else refused = unknownOption
    }
    return refused ? { value: ids, refused } : { value: ids }
  }
}

/** A value of dictionary `dict` by the value or its label; empty is none (''). */
export function dictCell(dict: ArtworkDict): CellParser<string> {
  return (text, refs) => {
    if (!text) return { value: '' }
    const value = dictValueByWord(refs, dict, text)
    return value ? { value } : { value: '', refused: unknownOption }
  }
}

/** A room by name or code; empty is none (null). */
export const roomCell: CellParser<string | null> = (text, refs) => {
  if (!text) return { value: null }
  const room = roomByWord(refs, text)
  return room ? { value: room.id } : { value: null, refused: unknownOption }
}

/** A legal entity as the owners column names it: by its Chinese or English name. */
export interface NamedEntity {
  id: string
  nameZh: string
  nameEn: string
}
export interface OwnerShareRead {
  entityId: string
  /** Two decimals ("60.00"). */
  sharePercent: string
}

const normName = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase()

/** The entities by their names in either language, normalised (a name two entities share names neither). */
export function entitiesByName(rows: NamedEntity[]): Map<string, NamedEntity | null> {
  const out = new Map<string, NamedEntity | null>()
  for (const e of rows) {
    for (const name of new Set([normName(e.nameZh), normName(e.nameEn)].filter(Boolean))) {
      out.set(name, out.has(name) && out.get(name)?.id !== e.id ? null : e)
    }
  }
  return out
}

const SHARE_PART = /^(.+?)\s*[:：]?\s*(\d{1,3}(?:\.\d{1,2})?)\s*[%％]$/

/**
 * The owners column: "Entity name 60%; Other 40%" (semicolons, either language's names, shares in per cent
 * with at most two decimals). Refused, as the ownership API refuses it: a part not written so, an unknown
 * entity, an entity twice, shares not adding up to exactly 100.00. Empty: no owners given (none changed).
 */
export function ownersCell(
  text: string,
  entities: Map<string, NamedEntity | null>,
): CellRead<OwnerShareRead[] | null> {
  if (text.trim() === '') return { value: null }
  const owners: OwnerShareRead[] = []
  for (const part of text
    .split(/[;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = SHARE_PART.exec(part)
    const share = m ? Number(m[2]) : Number.NaN
    if (!m || !(share > 0 && share <= 100))
      return { value: null, refused: { key: 'ownerBadPart', params: { part } } }
    const entity = entities.get(normName(m[1]))
    if (!entity) return { value: null, refused: { key: 'ownerUnknown', params: { name: m[1].trim() } } }
    if (owners.some((o) => o.entityId === entity.id)) return { value: null, refused: { key: 'ownerTwice' } }
    owners.push({ entityId: entity.id, sharePercent: share.toFixed(2) })
  }
  const cents = owners.reduce((n, o) => n + Math.round(Number(o.sharePercent) * 100), 0)
  if (cents !== 10_000)
    return { value: null, refused: { key: 'sharesNotHundred', params: { total: (cents / 100).toFixed(2) } } }
  return { value: owners }
}
