// What a process is about, in a few words of each language, for the lines that name a process without
// opening it (the bell, the inbox, the home page, the message centre): the stocktake's room; else the
// artworks it holds (the first title, and how many); else, for a purchase whose works are not in the archive
// yet, the titles it describes; else, for a payment of another process's cost, that process's subject; else
// the note it was started with. Read in one pass for a page of processes.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { firstAndMore } from '../../../shared/subject-words'
import type { DbOrTx } from '../../db/client'
import { artworks, processArtworks, processes, rooms } from '../../db/schema'

export interface SubjectWords {
  zh: string
  en: string
}

interface Titled {
  titleZh: string
  titleEn: string
  inventoryNo?: string
}

const NOTE_WORDS = 40

/** "秋山行旅图 及另外 2 件" / "Travellers among Autumn Mountains and 2 more": the first title and the others. */
export function titlesWords(list: Titled[], count = list.length): SubjectWords {
  if (list.length === 0) return { zh: '', en: '' }
  const first = list[0]
  const zh = first.titleZh || first.titleEn || first.inventoryNo || ''
  const en = first.titleEn || first.titleZh || first.inventoryNo || ''
  return { zh: firstAndMore(zh, count, 'zh-CN'), en: firstAndMore(en, count, 'en') }
}

type Input = Record<string, unknown>

function candidatesOf(input: Input): Titled[] {
  const list = Array.isArray(input.artworks) ? input.artworks : []
  return list.flatMap((item) => {
    const a = (item ?? {}) as Input
    const titleZh = typeof a.titleZh === 'string' ? a.titleZh.trim() : ''
    const titleEn = typeof a.titleEn === 'string' ? a.titleEn.trim() : ''
    return titleZh || titleEn ? [{ titleZh, titleEn }] : []
  })
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

function shortNote(note: string): SubjectWords {
  const line = note.split('\n')[0]
  const cut = line.length > NOTE_WORDS ? `${line.slice(0, NOTE_WORDS - 1)}…` : line
  return { zh: cut, en: cut }
}

/** The subject of each process named (absent ones are left out); `depth` follows a payment to its process. */
export async function processSubjects(
  db: DbOrTx,
  processIds: string[],
  depth = 0,
): Promise<Map<string, SubjectWords>> {
  const ids = [...new Set(processIds)]
  const out = new Map<string, SubjectWords>()
  if (ids.length === 0) return out
  const rows = await db
    .select({
      id: processes.id,
      type: processes.type,
      // the start input alone, not the whole snapshot
      input: sql<Input | null>`${processes.snapshot} -> 'context' -> 'subject'`,
    })
    .from(processes)
    .where(inArray(processes.id, ids))
  // a stocktake is named by its room: the works of the room it counts are not read
  const others = rows.filter((r) => r.type !== 'INVENTORY_CHECK').map((r) => r.id)
  const linked =
    others.length > 0
      ? await db
          .select({
            processId: processArtworks.processId,
            inventoryNo: artworks.inventoryNo,
            titleZh: artworks.titleZh,
            titleEn: artworks.titleEn,
          })
          .from(processArtworks)
          .innerJoin(artworks, eq(artworks.id, processArtworks.artworkId))
          .where(inArray(processArtworks.processId, others))
          .orderBy(asc(artworks.inventoryNo))
      : []
  const works = new Map<string, Titled[]>()
  for (const { processId, ...a } of linked) {
    const list = works.get(processId) ?? []
    list.push(a)
    works.set(processId, list)
  }
  const inputOf = new Map(rows.map((r) => [r.id, r.input ?? {}]))
  const roomIds = rows
    .filter((r) => r.type === 'INVENTORY_CHECK')
    .map((r) => text(inputOf.get(r.id)?.roomId))
    .filter(Boolean)
  const roomRows =
    roomIds.length > 0
      ? await db
          .select({ id: rooms.id, nameZh: rooms.nameZh, nameEn: rooms.nameEn })
          .from(rooms)
          .where(inArray(rooms.id, roomIds))
      : []
  const roomOf = new Map(roomRows.map((r) => [r.id, { zh: r.nameZh || r.nameEn, en: r.nameEn || r.nameZh }]))
  const paying = new Map<string, string>()
  for (const r of rows) {
    const input = inputOf.get(r.id) ?? {}
    const room = r.type === 'INVENTORY_CHECK' ? roomOf.get(text(input.roomId)) : undefined
    const held = works.get(r.id) ?? []
    const described = candidatesOf(input)
    if (room) out.set(r.id, room)
    else if (held.length > 0) out.set(r.id, titlesWords(held))
    else if (described.length > 0) out.set(r.id, titlesWords(described))
    else if (text(input.forProcessId) && depth === 0) paying.set(r.id, text(input.forProcessId))
    else out.set(r.id, shortNote(text(input.note)))
  }
  if (paying.size > 0) {
    const paid = await processSubjects(db, [...paying.values()], depth + 1)
    for (const [id, forId] of paying) out.set(id, paid.get(forId) ?? { zh: '', en: '' })
  }
  return out
}
