// A room's emergency grab sheet: the artworks the room holds now in the order they are saved — salvage priority
// 1 first, works without a priority last, then by inventory number — each with its thumbnail, its place in the
// room, its handling notes in the request's language (the other language when that one is empty) and a box to
// tick, so whoever clears the room in an emergency takes the right works first and handles them as told.
import { sql } from 'drizzle-orm'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { notFound } from '../../http/app-error'
import { numberText } from '../../pdf/format'
import { drawPicture, type PdfPicture, pictureForPdf } from '../../pdf/picture'
import { ensureSpace, facts, INK, MUTED, pause, type Report, titleBlock } from '../../pdf/report'
import type { Storage } from '../../storage'
import { rowsOf } from '../process/process-store'

export const EMERGENCY_WORDS = {
  'zh-CN': {
    title: '库房应急抢救清单',
    fileName: '抢救清单',
    subtitle: (room: string) => `${room} · 按抢救优先级排列（1 为最先）`,
    room: '库房',
    code: '编号',
    location: '位置',
    liaison: '联系人',
    artworks: '作品数',
    prioritised: '已定优先级',
    priority: (n: number | null) => (n === null ? '未定' : `优先级 ${n}`),
    place: '库内位置',
    noPlace: '未记录库内位置',
    handling: '搬运说明',
    noHandling: '无搬运说明',
    noPicture: '无图片',
    empty: '该库房目前没有作品。',
    taken: '已移出',
  },
  en: {
    title: 'Emergency grab sheet',
    fileName: 'grab-sheet',
    subtitle: (room: string) => `${room} · in salvage priority order (1 first)`,
    room: 'Room',
    code: 'Code',
    location: 'Location',
    liaison: 'Contact',
    artworks: 'Artworks',
    prioritised: 'With a priority',
    priority: (n: number | null) => (n === null ? 'No priority' : `Priority ${n}`),
    place: 'Place in the room',
    noPlace: 'No place in the room recorded',
    handling: 'Handling',
    noHandling: 'No handling notes',
    noPicture: 'No picture',
    empty: 'The room holds no artworks now.',
    taken: 'Taken out',
  },
} as const satisfies Record<Lang, unknown>

export interface GrabItem {
  id: string
  inventoryNo: string
  titleZh: string
  titleEn: string
  artistZh: string
  artistEn: string
  priority: number | null
  place: string
  handlingZh: string
  handlingEn: string
  picture: PdfPicture
}

export interface GrabSheet {
  room: { code: string; nameZh: string; nameEn: string; location: string; liaison: string }
  items: GrabItem[]
}

/** A small picture for the sheet: the stored thumbnail when there is one, else the picture brought down. */
async function thumbnail(
  storage: Storage,
  file: { mime: string; size: number; storageKey: string; thumbnailKey: string | null },
): Promise<PdfPicture> {
  if (file.thumbnailKey) {
    const thumb = await pictureForPdf(storage, { ...file, mime: '' })
    if (thumb.ok) return thumb
  }
  return pictureForPdf(storage, file, { asIsBytes: 200 * 1024, width: 400 })
}

/** Everything the sheet prints, read before the first byte (an unknown room is a 404 envelope). */
export async function readGrabSheet(db: DbOrTx, storage: Storage, roomId: string): Promise<GrabSheet> {
  const [room] = rowsOf<GrabSheet['room']>(
    await db.execute(sql`select code, name_zh as "nameZh", name_en as "nameEn", location, liaison
      from rooms where id = ${roomId}`),
  )
  if (!room) throw notFound()
  const rows = rowsOf<{
    id: string
    inventory_no: string
    title_zh: string
    title_en: string
    artist_zh: string | null
    artist_en: string | null
    salvage_priority: number | null
    location_text: string
    handling_notes_zh: string
    handling_notes_en: string
    mime: string | null
    size: number | null
    storage_key: string | null
    thumbnail_key: string | null
  }>(
    await db.execute(sql`select a.id::text as id, a.inventory_no, a.title_zh, a.title_en,
        ar.name_zh as artist_zh, ar.name_en as artist_en, a.salvage_priority, a.location_text,
        a.handling_notes_zh, a.handling_notes_en, f.mime, f.size, f.storage_key, f.thumbnail_key
      from artworks a
        left join artists ar on ar.id = a.artist_id
        left join files f on f.id = a.preview_file_id
      where a.room_id = ${roomId} and a.in_warehouse
      order by a.salvage_priority asc nulls last, a.inventory_no`),
  )
  const items: GrabItem[] = []
  for (const r of rows) {
    const picture: PdfPicture =
      r.storage_key && r.mime
        ? await thumbnail(storage, {
            mime: r.mime,
            size: Number(r.size ?? 0),
            storageKey: r.storage_key,
            thumbnailKey: r.thumbnail_key,
          })
        : { ok: false }
    items.push({
      id: r.id,
      inventoryNo: r.inventory_no,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      artistZh: r.artist_zh ?? '',
      artistEn: r.artist_en ?? '',
      priority: r.salvage_priority === null ? null : Number(r.salvage_priority),
      place: r.location_text,
      handlingZh: r.handling_notes_zh,
      handlingEn: r.handling_notes_en,
      picture,
    })
  }
  return { room, items }
}

const inLang = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en || zh : zh || en)

export async function drawGrabSheet(r: Report, sheet: GrabSheet) {
  const { doc, lang } = r
  const w = EMERGENCY_WORDS[lang]
  const roomName = inLang(lang, sheet.room.nameZh, sheet.room.nameEn) || sheet.room.code
  titleBlock(r, w.title, w.subtitle(roomName))
  facts(
    r,
    [
      [w.code, sheet.room.code],
      [w.location, sheet.room.location],
      [w.liaison, sheet.room.liaison],
      [w.artworks, numberText(sheet.items.length, lang)],
      [w.prioritised, numberText(sheet.items.filter((i) => i.priority !== null).length, lang)],
    ],
    { columns: 5 },
  )
  doc.moveDown(0.4)
  if (sheet.items.length === 0) {
    doc.fontSize(10).fillColor(MUTED).text(w.empty, r.left, doc.y, { width: r.width }).fillColor(INK)
    return
  }
  const pic = 64
  const badge = 58
  const gap = 10
  const textLeft = r.left + badge + gap + pic + gap
  const textWidth = r.width - (textLeft - r.left) - 40
  for (const item of sheet.items) {
    const title = inLang(lang, item.titleZh, item.titleEn)
    const artist = inLang(lang, item.artistZh, item.artistEn)
    const handling = inLang(lang, item.handlingZh, item.handlingEn)
    const heading = `${title}${artist ? ` · ${artist}` : ''}`
    const placeLine = item.place ? `${w.place}: ${item.place}` : w.noPlace
    const handlingLine = handling ? `${w.handling}: ${handling}` : w.noHandling
    doc.fontSize(11)
    const h1 = doc.heightOfString(heading, { width: textWidth })
    doc.fontSize(9)
    const h2 = doc.heightOfString(`${item.inventoryNo}\n${placeLine}`, { width: textWidth })
    const h3 = doc.heightOfString(handlingLine, { width: textWidth })
    const height = Math.max(pic, h1 + h2 + h3 + 8) + 12
    if (ensureSpace(r, height)) await pause()
    const top = doc.y
    // The priority, large, on the left.
    doc
      .rect(r.left, top, badge, pic)
      .lineWidth(item.priority === null ? 0.5 : 1.2)
      .strokeColor(item.priority === null ? MUTED : INK)
      .stroke()
    doc
      .fontSize(item.priority === null ? 8 : 9)
      .fillColor(item.priority === null ? MUTED : INK)
      .text(w.priority(item.priority), r.left + 2, top + pic / 2 - 6, { width: badge - 4, align: 'center' })
    const px = r.left + badge + gap
    const shown =
      item.picture.ok && drawPicture(doc, item.picture.data, { x: px, y: top, width: pic, height: pic })
    if (!shown) {
      doc.rect(px, top, pic, pic).lineWidth(0.5).strokeColor('#c9d1da').stroke()
      doc
        .fontSize(7)
        .fillColor(MUTED)
        .text(w.noPicture, px, top + pic / 2 - 4, { width: pic, align: 'center' })
    }
    doc.fontSize(11).fillColor(INK).text(heading, textLeft, top, { width: textWidth })
    doc.fontSize(9).fillColor(MUTED).text(item.inventoryNo, textLeft, doc.y, { width: textWidth })
    doc.fillColor(INK).text(placeLine, textLeft, doc.y, { width: textWidth })
    doc.fillColor(handling ? INK : MUTED).text(handlingLine, textLeft, doc.y + 2, { width: textWidth })
    // A box to tick once the work is out.
    const boxX = r.left + r.width - 28
    doc
      .rect(boxX, top + 2, 14, 14)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke()
    doc
      .fontSize(6.5)
      .fillColor(MUTED)
      .text(w.taken, boxX - 12, top + 19, { width: 38, align: 'center' })
    doc.fillColor(INK)
    const bottom = top + height
    doc
      .moveTo(r.left, bottom - 5)
      .lineTo(r.left + r.width, bottom - 5)
      .lineWidth(0.3)
      .strokeColor('#c9d1da')
      .stroke()
    doc.x = r.left
    doc.y = bottom
  }
}
