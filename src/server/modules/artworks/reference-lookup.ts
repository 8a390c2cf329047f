// The reference data an artwork record points at (tags, the dictionaries it uses, rooms), loaded in one go
// so a save or a whole Excel import checks every id and value without a query per field, and so the
// sheet's words ("布面油画", "Oil on canvas", "WOODEN_CRATE") can be turned back into ids and values.
import { inArray } from 'drizzle-orm'
import type { TagParentCode } from '../../../shared/contracts/reference'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { dictItems, rooms, tags } from '../../db/schema'

export const ARTWORK_DICTS = ['PACKAGING_TYPE', 'ART_PIC_TYPE', 'LITERATU_RECORD_TYPERE', 'CURRENCY'] as const
export type ArtworkDict = (typeof ARTWORK_DICTS)[number]

export interface Named {
  nameZh: string
  nameEn: string
}
export interface TagInfo extends Named {
  id: number
  code: string | null
  parentId: number | null
  /** The code of the top tag it sits under (CREATION_MEDIUM, PERIOD, ...). */
  rootCode: string | null
}
export interface RoomInfo extends Named {
  id: string
  code: string
}

export interface References {
  tags: Map<number, TagInfo>
  dicts: Record<ArtworkDict, Map<string, Named>>
  rooms: Map<string, RoomInfo>
  /** Words as typed in a sheet (names in either language, codes, values), normalised, to what they name. */
  words: {
    tags: Map<string, Map<string, TagInfo>>
    dicts: Record<ArtworkDict, Map<string, string>>
    rooms: Map<string, RoomInfo>
  }
}

export async function loadReferences(db: DbOrTx): Promise<References> {
  const [tagRows, dictRows, roomRows] = await Promise.all([
    db.select().from(tags),
    db
      .select({
        dictCode: dictItems.dictCode,
        value: dictItems.value,
        labelZh: dictItems.labelZh,
        labelEn: dictItems.labelEn,
      })
      .from(dictItems)
      .where(inArray(dictItems.dictCode, [...ARTWORK_DICTS])),
    db.select({ id: rooms.id, code: rooms.code, nameZh: rooms.nameZh, nameEn: rooms.nameEn }).from(rooms),
  ])
  const byId = new Map(tagRows.map((t) => [t.id, t]))
  const rootOf = (id: number): string | null => {
    let t = byId.get(id)
    for (let guard = 0; t?.parentId != null && guard < 20; guard++) t = byId.get(t.parentId)
    return t?.code ?? null
  }
  const tagMap = new Map<number, TagInfo>()
  for (const t of tagRows) {
    tagMap.set(t.id, {
      id: t.id,
      code: t.code,
      parentId: t.parentId,
      rootCode: rootOf(t.id),
      nameZh: t.nameZh,
      nameEn: t.nameEn,
    })
  }
  const dicts = Object.fromEntries(
    ARTWORK_DICTS.map((c) => [c, new Map<string, Named>()]),
  ) as References['dicts']
  for (const d of dictRows) {
    dicts[d.dictCode as ArtworkDict].set(d.value, { nameZh: d.labelZh, nameEn: d.labelEn })
  }
  const words: References['words'] = {
    tags: new Map(),
    dicts: Object.fromEntries(
      ARTWORK_DICTS.map((c) => [c, new Map<string, string>()]),
    ) as References['words']['dicts'],
    rooms: new Map(),
  }
  for (const t of tagMap.values()) {
    if (t.parentId === null || !t.rootCode) continue
    const byWord = words.tags.get(t.rootCode) ?? new Map<string, TagInfo>()
    words.tags.set(t.rootCode, byWord)
    for (const w of [t.code, t.nameEn, t.nameZh]) if (w && !byWord.has(norm(w))) byWord.set(norm(w), t)
  }
  for (const code of ARTWORK_DICTS) {
    for (const [value, named] of dicts[code]) {
      for (const w of [named.nameEn, named.nameZh, value]) words.dicts[code].set(norm(w), value)
    }
  }
  for (const r of roomRows) for (const w of [r.nameEn, r.nameZh, r.code]) words.rooms.set(norm(w), r)
  return { tags: tagMap, dicts, rooms: new Map(roomRows.map((r) => [r.id, r])), words }
}

/** Is the tag a child (at any depth) of the parent tag with this code? */
export function tagUnder(refs: References, id: number | null | undefined, parent: TagParentCode): boolean {
  if (id == null) return false
  const t = refs.tags.get(id)
  return !!t && t.parentId !== null && t.rootCode === parent
}

export function nameIn(named: Named | undefined, lang: Lang): string {
  if (!named) return ''
  return lang === 'en' ? named.nameEn || named.nameZh : named.nameZh || named.nameEn
}

const norm = (s: string) => s.normalize('NFKC').trim().toLowerCase()

/** Find a child tag of `parent` by its Chinese or English name or its code, as typed in a sheet. */
export function tagByWord(refs: References, parent: TagParentCode, word: string): TagInfo | undefined {
  return refs.words.tags.get(parent)?.get(norm(word))
}

/** Find a dictionary value by the value itself or its label in either language. */
export function dictValueByWord(refs: References, dict: ArtworkDict, word: string): string | undefined {
  return refs.words.dicts[dict].get(norm(word))
}

export function roomByWord(refs: References, word: string): RoomInfo | undefined {
  return refs.words.rooms.get(norm(word))
}
