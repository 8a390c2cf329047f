// One condition report as a printed page: the artwork, the hand-over (departure, arrival, back from a loan,
// mounting or repair, warehousing), the condition, who reported, received and approved it, where from and
// to, the notes, and the photographs. A report is one of the artwork's hand-overs as the condition module
// assembles them (its key: the process and its history row), so it prints exactly what the screen shows.
import { eq, inArray } from 'drizzle-orm'
import type { ConditionReport } from '../../../shared/contracts/condition'
import type { Lang } from '../../../shared/errors'
import { officeTimeText } from '../../../shared/office-time'
import { PROCESS_TYPE_LABELS, type ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { artists, artworks, files } from '../../db/schema'
import { AppError } from '../../http/app-error'
import { dateText } from '../../pdf/format'
import { drawPicture, type PdfPicture, pictureForPdf } from '../../pdf/picture'
import { ensureSpace, facts, line, MUTED, type Report, section, titleBlock } from '../../pdf/report'
import type { Storage } from '../../storage'
import { conditionReports } from '../artworks/condition/reports'
import { HANDOVER_WORDS, pick, WORDS } from './words'

export interface ConditionSheetData {
  artwork: { inventoryNo: string; titleZh: string; titleEn: string; artistZh: string; artistEn: string }
  report: ConditionReport
  photos: { name: string; picture: PdfPicture }[]
}

export async function readConditionSheet(
  db: DbOrTx,
  storage: Storage,
  artworkId: string,
  key: string,
  lang: Lang,
): Promise<ConditionSheetData> {
  // Unknown artwork: 404 from the condition module itself.
  const { items } = await conditionReports(db, artworkId, lang)
  const report = items.find((r) => r.key === key)
  if (!report) throw new AppError(404, 'notFound', undefined, { fieldErrors: { report: 'notFound' } })
  const [[artwork], photoRows] = await Promise.all([
    db
      .select({
        inventoryNo: artworks.inventoryNo,
        titleZh: artworks.titleZh,
        titleEn: artworks.titleEn,
        artistZh: artists.nameZh,
        artistEn: artists.nameEn,
      })
      .from(artworks)
      .leftJoin(artists, eq(artists.id, artworks.artistId))
      .where(eq(artworks.id, artworkId)),
    report.photos.length
      ? db
          .select({
            id: files.id,
            mime: files.mime,
            size: files.size,
            storageKey: files.storageKey,
            thumbnailKey: files.thumbnailKey,
          })
          .from(files)
          .where(
            inArray(
              files.id,
              report.photos.map((p) => p.fileId),
            ),
          )
      : Promise.resolve([]),
  ])
  const byId = new Map(photoRows.map((f) => [f.id, f]))
  const photos = await Promise.all(
    report.photos.map(async (p) => {
      const file = byId.get(p.fileId)
      return {
        name: p.name,
        picture: file
          ? await pictureForPdf(storage, file, { asIsBytes: 800 * 1024, width: 1200 })
          : ({ ok: false } as const),
      }
    }),
  )
  return {
    artwork: {
      ...artwork,
      artistZh: artwork.artistZh ?? '',
      artistEn: artwork.artistEn ?? '',
    },
    report,
    photos,
  }
}

export function drawConditionSheet(r: Report, data: ConditionSheetData, timeZone: string) {
  const { doc, lang } = r
  const w = WORDS[lang].condition
  const { report, artwork } = data
  const title = pick(lang, artwork.titleZh, artwork.titleEn) || artwork.inventoryNo
  const kind = HANDOVER_WORDS[report.kind][lang]
  titleBlock(
    r,
    `${w.title} · ${kind}`,
    [artwork.inventoryNo, title, pick(lang, artwork.artistZh, artwork.artistEn)].filter(Boolean).join(' · '),
  )
  const condition = report.conditionOk === null ? w.unknown : report.conditionOk ? w.ok : w.notOk
  const type = PROCESS_TYPE_LABELS[report.processType as ProcessType]?.[lang] ?? ''
  facts(
    r,
    [
      [w.handover, kind],
      [
        w.condition,
        report.standing === 'awaitingApproval' ? `${condition} · ${w.awaitingApproval}` : condition,
      ],
      [w.on, dateText(report.on ?? report.at.slice(0, 10), lang)],
      [w.recordedAt, officeTimeText(report.at, lang, timeZone, 'long')],
      [w.by, report.byName],
      [w.receivedBy, report.receivedBy],
      [w.from, report.from],
      [w.to, report.to],
      [
        w.approvedBy,
        report.approvedBy
          ? `${report.approvedBy.name} · ${officeTimeText(report.approvedBy.at, lang, timeZone, 'long')}`
          : '',
      ],
      [w.process, type],
    ],
    { columns: 2 },
  )
  if (report.otherArtworks > 0) line(r, w.others(report.otherArtworks), { muted: true })

  section(r, w.note)
  if (report.note) line(r, report.note)
  else line(r, w.noNote, { muted: true })

  section(r, w.photos)
  if (data.photos.length === 0) {
    line(r, w.noPhotos, { muted: true })
    return
  }
  const gap = 12
  const width = (r.width - gap) / 2
  const height = 200
  for (let i = 0; i < data.photos.length; i += 2) {
    ensureSpace(r, height + 20)
    const top = doc.y
    data.photos.slice(i, i + 2).forEach((p, k) => {
      const x = r.left + k * (width + gap)
      const drawn = p.picture.ok && drawPicture(doc, p.picture.data, { x, y: top, width, height })
      if (!drawn) {
        doc.rect(x, top, width, height).lineWidth(0.5).strokeColor('#c9d1da').stroke()
        doc
          .fontSize(9)
          .fillColor(MUTED)
          .text(w.photoLeftOut(p.name), x + 10, top + height / 2 - 10, { width: width - 20, align: 'center' })
      }
      doc
        .fontSize(8)
        .fillColor(MUTED)
        .text(p.name, x, top + height + 3, { width, lineBreak: false, ellipsis: true })
    })
    doc.x = r.left
    doc.y = top + height + 18
  }
}
