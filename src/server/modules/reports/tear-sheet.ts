// The artwork tear sheet: the preview picture beside the main facts, then the record (materials, size,
// signature, source, where it is now), provenance (private collections and auctions, by date), exhibitions,
// literature, and the valuation — the latest one and the history from the valuations table. Read whole
// before the first byte (it is one artwork), drawn on one or two pages.
import { count, desc, eq } from 'drizzle-orm'
import type { RecordEntry } from '../../../shared/artwork-rules'
import {
  ARTWORK_STATUS_LABELS,
  type ArtworkDetail,
  INSURANCE_STATUS_LABELS,
} from '../../../shared/contracts/artworks'
import { VALUATION_METHOD_LABELS } from '../../../shared/contracts/valuations'
import type { Lang } from '../../../shared/errors'
import { moneyText } from '../../../shared/money-text'
import type { DbOrTx } from '../../db/client'
import { files, rooms, valuations } from '../../db/schema'
import { dateText } from '../../pdf/format'
import { drawPicture, type PdfPicture, pictureForPdf } from '../../pdf/picture'
import { facts, line, MUTED, type Report, section, table, titleBlock } from '../../pdf/report'
import type { Storage } from '../../storage'
import { loadDetail } from '../artworks/detail'
import { pick, WORDS } from './words'

const HISTORY_ROWS = 12

export interface TearSheetData {
  detail: ArtworkDetail
  room: { nameZh: string; nameEn: string } | null
  picture: { name: string; picture: PdfPicture } | null
  valuations: {
    amount: string
    currency: string
    valuedOn: string
    method: keyof typeof VALUATION_METHOD_LABELS
    valuer: string
  }[]
  valuationCount: number
  /** False: the reader may not see values; the valuation, its history and auction prices are left out. */
  values: boolean
}

export async function readTearSheet(
  db: DbOrTx,
  storage: Storage,
  id: string,
  lang: Lang,
  viewerId: string,
  values: boolean,
): Promise<TearSheetData> {
  const detail = await loadDetail(db, id, lang, viewerId)
  const [roomRows, fileRows, history, [{ n }]] = await Promise.all([
    detail.roomId
      ? db
          .select({ nameZh: rooms.nameZh, nameEn: rooms.nameEn })
          .from(rooms)
          .where(eq(rooms.id, detail.roomId))
      : Promise.resolve([]),
    detail.previewFileId
      ? db
          .select({
            name: files.originalName,
            mime: files.mime,
            size: files.size,
            storageKey: files.storageKey,
            thumbnailKey: files.thumbnailKey,
          })
          .from(files)
          .where(eq(files.id, detail.previewFileId))
      : Promise.resolve([]),
    db
      .select({
        amount: valuations.amount,
        currency: valuations.currency,
        valuedOn: valuations.valuedOn,
        method: valuations.method,
        valuer: valuations.valuer,
      })
      .from(valuations)
      .where(eq(valuations.artworkId, id))
      .orderBy(desc(valuations.valuedOn), desc(valuations.createdAt))
      .limit(HISTORY_ROWS),
    db.select({ n: count() }).from(valuations).where(eq(valuations.artworkId, id)),
  ])
  const file = fileRows[0]
  return {
    detail,
    room: roomRows[0] ?? null,
    picture: file ? { name: file.name, picture: await pictureForPdf(storage, file) } : null,
    valuations: values ? history : [],
    valuationCount: values ? Number(n) : 0,
    values,
  }
}

function entryText(e: RecordEntry, lang: Lang, lot: (l: string) => string, values: boolean): string {
  return [
    dateText(e.date, lang),
    pick(lang, e.titleZh, e.titleEn),
    pick(lang, e.placeZh, e.placeEn),
    e.lot ? lot(e.lot) : '',
    values && e.price ? moneyText(e.price, e.currency) : '',
    e.note,
  ]
    .filter(Boolean)
    .join(' · ')
}

export async function drawTearSheet(r: Report, data: TearSheetData) {
  const { doc, lang } = r
  const w = WORDS[lang].tearSheet
  const d = data.detail
  const title = pick(lang, d.titleZh, d.titleEn) || d.inventoryNo
  const other = lang === 'en' ? d.titleZh : d.titleEn
  titleBlock(
    r,
    title,
    [other !== title ? other : '', d.artistName, d.creationTime].filter(Boolean).join(' · '),
  )

  // The picture on the left, the main facts on the right.
  const top = doc.y
  const boxWidth = r.width * 0.48
  const boxHeight = 250
  let pictureNote = ''
  if (!data.picture) pictureNote = w.noPicture
  else if (
    !data.picture.picture.ok ||
    !drawPicture(doc, data.picture.picture.data, { x: r.left, y: top, width: boxWidth, height: boxHeight })
  )
    pictureNote = w.pictureNotEmbeddable(data.picture.name)
  if (pictureNote) {
    doc.rect(r.left, top, boxWidth, boxHeight).lineWidth(0.5).strokeColor('#c9d1da').stroke()
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(pictureNote, r.left + 12, top + boxHeight / 2 - 10, { width: boxWidth - 24, align: 'center' })
  }
  const tag = (id: number | null) => (id === null ? '' : (d.tags.find((t) => t.id === id)?.label ?? ''))
  const where = data.room ? pick(lang, data.room.nameZh, data.room.nameEn) : d.locationText
  const insurance = [
    INSURANCE_STATUS_LABELS[d.insuranceStatus][lang],
    d.insuredUntil ? dateText(d.insuredUntil, lang) : '',
  ]
    .filter(Boolean)
    .join(' · ')
  doc.y = top
  facts(
    r,
    [
      [w.inventoryNo, d.inventoryNo],
      [w.artist, d.artistName],
      [w.creationTime, d.creationTime],
      [w.medium, tag(d.mediumTagId)],
      [w.size, d.sizeText],
      [w.status, ARTWORK_STATUS_LABELS[d.status][lang]],
      [w.whereNow, where],
      [w.insurance, insurance],
      ...(data.values ? [[w.latestValuation, moneyText(d.latestValuation, d.latestValuationCurrency)]] : []),
    ] as [string, string][],
    { columns: 1, left: r.left + boxWidth + 16, width: r.width - boxWidth - 16 },
  )
  doc.y = Math.max(doc.y, top + boxHeight) + 8
  doc.x = r.left

  section(r, w.record)
  const rec = d.record
  facts(
    r,
    [
      [w.titleZh, d.titleZh],
      [w.titleEn, d.titleEn],
      [w.materials, pick(lang, rec.materialsZh, rec.materialsEn)],
      [w.period, tag(d.periodTagId)],
      [
        w.signature,
        // not recorded yet (a purchase's record): left blank rather than printed as "not signed"
        !d.signatureRecorded
          ? ''
          : rec.signature.signed
            ? w.signed(rec.signature.position, rec.signature.content)
            : w.unsigned,
      ],
      [w.source, pick(lang, rec.sourceZh, rec.sourceEn)],
      [w.buyYear, d.buyYear ? String(d.buyYear) : ''],
      [w.remark, pick(lang, rec.remarkZh, rec.remarkEn)],
    ],
    { columns: 2 },
  )

  section(r, w.provenance)
  const provenance = [
    ...rec.privateCollections.map((e) => ({ e: e as RecordEntry, kind: w.privateCollection })),
    ...rec.auctions.map((e) => ({ e: e as RecordEntry, kind: w.auctions })),
  ].sort((a, b) => a.e.date.localeCompare(b.e.date))
  if (provenance.length === 0) line(r, w.provenanceNone, { muted: true })
  for (const { e, kind } of provenance) line(r, `${kind} · ${entryText(e, lang, w.lot, data.values)}`)

  section(r, w.exhibitions)
  if (rec.exhibitions.length === 0) line(r, w.exhibitionsNone, { muted: true })
  for (const e of [...rec.exhibitions].sort((a, b) => a.date.localeCompare(b.date)))
    line(r, entryText(e as RecordEntry, lang, w.lot, data.values))

  if (rec.literature.length > 0) {
    section(r, w.literature)
    for (const e of [...rec.literature].sort((a, b) => a.date.localeCompare(b.date)))
      line(r, entryText(e as RecordEntry, lang, w.lot, data.values))
  }

  if (!data.values) return
  section(r, w.valuation)
  if (data.valuations.length === 0) {
    if (d.latestValuation)
      facts(r, [
        [w.latestValuation, moneyText(d.latestValuation, d.latestValuationCurrency)],
        [w.valuedOn, dateText(d.valuationDate, lang)],
      ])
    else line(r, w.valuationNone, { muted: true })
    return
  }
  const latest = data.valuations[0]
  facts(
    r,
    [
      [w.latestValuation, moneyText(latest.amount, latest.currency)],
      [w.valuedOn, dateText(latest.valuedOn, lang)],
      [w.method, VALUATION_METHOD_LABELS[latest.method]?.[lang] ?? ''],
      [w.valuer, latest.valuer],
    ],
    { columns: 4 },
  )
  if (data.valuations.length > 1) {
    line(r, w.history, { size: 9 })
    await table(
      r,
      [
        { header: w.valuedOn, weight: 2 },
        { header: w.amount, weight: 3, align: 'right' },
        { header: w.method, weight: 2 },
        { header: w.valuer, weight: 3 },
      ],
      data.valuations.map((v) => [
        dateText(v.valuedOn, lang),
        moneyText(v.amount, v.currency),
        VALUATION_METHOD_LABELS[v.method]?.[lang] ?? '',
        v.valuer,
      ]),
    )
    if (data.valuationCount > data.valuations.length)
      line(r, w.moreValuations(data.valuationCount - data.valuations.length), { muted: true })
  }
}
