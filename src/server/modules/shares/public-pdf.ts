// A share link's works as a PDF, for the recipient to keep: the works the page shows (sold or removed ones
// left out), each with its first image, its names, artist, year, medium and size, and its value only when the
// page shows values. Every page says whom the works were shared with, as the page's images do.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { PublicShare } from '../../../shared/contracts/shares'
import type { Lang } from '../../../shared/errors'
import { moneyText } from '../../../shared/money-text'
import type { Db } from '../../db/client'
import { artworkMedia, artworks, files, shareArtworks } from '../../db/schema'
import { dateText } from '../../pdf/format'
import { drawPicture, type PdfPicture, pictureForPdf } from '../../pdf/picture'
import { ensureSpace, facts, line, type Report, section, titleBlock } from '../../pdf/report'
import type { Storage } from '../../storage'
import { liveArtworksOf } from './store'

export const SHARE_PDF_WORDS = {
  'zh-CN': {
    title: (recipient: string) => `与 ${recipient} 分享的作品`,
    subtitle: (count: number, until: string) => `共 ${count} 件作品 · 链接有效至 ${until}`,
    fileName: '分享作品',
    forRecipient: (recipient: string) => `仅供 ${recipient} 查阅`,
    artist: '艺术家',
    year: '创作时间',
    medium: '材质',
    size: '尺寸',
    value: '估值',
    none: '此处分享的作品已无法再显示。',
  },
  en: {
    title: (recipient: string) => `Works shared with ${recipient}`,
    subtitle: (count: number, until: string) => `${count} works · this link works until ${until}`,
    fileName: 'shared-works',
    forRecipient: (recipient: string) => `For ${recipient} only`,
    artist: 'Artist',
    year: 'Year',
    medium: 'Medium',
    size: 'Size',
    value: 'Value',
    none: 'None of the works shared here can be shown any longer.',
  },
} as const

/** The first image of each of the link's live works, in the link's order (null: none a PDF can hold). */
export async function sharePictures(
  db: Db,
  storage: Storage,
  shareId: string,
): Promise<(PdfPicture | null)[]> {
  const works = await db
    .select({ id: shareArtworks.artworkId })
    .from(shareArtworks)
    .innerJoin(artworks, eq(artworks.id, shareArtworks.artworkId))
    .where(liveArtworksOf(shareId))
    .orderBy(asc(shareArtworks.seq))
  const ids = works.map((w) => w.id)
  if (ids.length === 0) return []
  const images = await db
    .select({
      artworkId: artworkMedia.artworkId,
      mime: files.mime,
      storageKey: files.storageKey,
      thumbnailKey: files.thumbnailKey,
      size: files.size,
      name: files.originalName,
    })
    .from(artworkMedia)
    .innerJoin(files, eq(files.id, artworkMedia.fileId))
    .where(and(inArray(artworkMedia.artworkId, ids), eq(artworkMedia.kind, 'image')))
    .orderBy(asc(artworkMedia.artworkId), asc(artworkMedia.seq))
  const out: (PdfPicture | null)[] = []
  for (const id of ids) {
    const first = images.find((i) => i.artworkId === id)
    out.push(first ? await pictureForPdf(storage, first, { asIsBytes: 400_000, width: 900 }) : null)
  }
  return out
}

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en || zh : zh || en)

export async function drawSharedWorks(r: Report, share: PublicShare, pictures: (PdfPicture | null)[]) {
  const { doc, lang } = r
  const w = SHARE_PDF_WORDS[lang]
  const until = dateText(share.expiresAt.slice(0, 10), lang)
  titleBlock(r, w.title(share.recipient), w.subtitle(share.artworks.length, until))
  line(r, w.forRecipient(share.recipient), { muted: true, size: 9 })
  if (share.note) line(r, share.note)
  if (share.artworks.length === 0) line(r, w.none, { muted: true })
  for (const [k, work] of share.artworks.entries()) {
    ensureSpace(r, 260)
    section(r, pick(lang, work.titleZh, work.titleEn))
    const other = lang === 'en' ? work.titleZh : work.titleEn
    if (other && other !== pick(lang, work.titleZh, work.titleEn)) line(r, other, { muted: true })
    const picture = pictures[k]
    if (picture?.ok) {
      const top = doc.y + 4
      if (drawPicture(doc, picture.data, { x: r.left, y: top, width: r.width * 0.5, height: 180 }))
        doc.y = top + 184
      doc.x = r.left
    }
    facts(
      r,
      [
        [w.artist, work.artist ? pick(lang, work.artist.nameZh, work.artist.nameEn) : ''],
        [w.year, work.year],
        [w.medium, pick(lang, work.medium.zh, work.medium.en)],
        [w.size, work.dimensions],
        ...(work.value ? [[w.value, moneyText(work.value, work.currency)] as [string, string]] : []),
      ].filter(([, v]) => v) as [string, string][],
      { columns: 2 },
    )
  }
}
