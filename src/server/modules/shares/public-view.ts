// What a recipient sees: the link's works as they are now (sold or removed ones left out), their images
// through signed links that name the link and live SHARE_IMAGE_TTL_SECONDS, values only when the link shows
// them and its creator may still see them.
import { and, asc, eq, inArray } from 'drizzle-orm'
import { mainSizeText } from '../../../shared/artwork-rules'
import type { PublicShare, PublicShareArtwork } from '../../../shared/contracts/shares'
import type { Db } from '../../db/client'
import { artists, artworkMedia, artworks, files, shareArtworks } from '../../db/schema'
import { linkExpiry, signedShareUrl } from '../files/links'
import { type CreatorStanding, liveArtworksOf, type ShareRow } from './store'

/** How long a share's image links live: long enough to look through the page, short enough to go stale. */
export const SHARE_IMAGE_TTL_SECONDS = 900

async function imagesOf(db: Db, artworkIds: string[]) {
  if (artworkIds.length === 0) return []
  return db
    .select({ artworkId: artworkMedia.artworkId, fileId: files.id, thumbnailKey: files.thumbnailKey })
    .from(artworkMedia)
    .innerJoin(files, eq(files.id, artworkMedia.fileId))
    .where(and(inArray(artworkMedia.artworkId, artworkIds), eq(artworkMedia.kind, 'image')))
    .orderBy(asc(artworkMedia.artworkId), asc(artworkMedia.seq))
}

export async function publicShareOf(
  db: Db,
  secret: string,
  share: ShareRow,
  standing: CreatorStanding,
): Promise<PublicShare> {
  const rows = await db
    .select({
      id: artworks.id,
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
      artistZh: artists.nameZh,
      artistEn: artists.nameEn,
      year: artworks.creationTime,
      materialsZh: artworks.materialsZh,
      materialsEn: artworks.materialsEn,
      dimensions: artworks.dimensions,
      sizeText: artworks.sizeText,
      value: artworks.latestValuation,
      currency: artworks.latestValuationCurrency,
    })
    .from(shareArtworks)
    .innerJoin(artworks, eq(artworks.id, shareArtworks.artworkId))
    .leftJoin(artists, eq(artists.id, artworks.artistId))
    .where(liveArtworksOf(share.id))
    .orderBy(asc(shareArtworks.seq))
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  )
  const exp = linkExpiry(SHARE_IMAGE_TTL_SECONDS)
  const showValues = share.showValues && standing.maySeeValues
  const artworksOut = rows.map((r): PublicShareArtwork => {
    const mine = images.filter((i) => i.artworkId === r.id)
    const link = (fileId: string, target: 'file' | 'thumbnail') =>
      signedShareUrl(secret, { target, fileId, shareId: share.id, exp })
    return {
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      artist: r.artistZh === null ? null : { nameZh: r.artistZh, nameEn: r.artistEn ?? '' },
      year: r.year,
      medium: { zh: r.materialsZh, en: r.materialsEn },
      dimensions: mainSizeText(r.dimensions) || r.sizeText,
      images: mine.map((i) => link(i.fileId, 'file')),
      thumbnails: mine.map((i) => link(i.fileId, i.thumbnailKey ? 'thumbnail' : 'file')),
      ...(showValues && r.value !== null ? { value: r.value, currency: r.currency ?? '' } : {}),
    }
  })
  return {
    recipient: share.recipient,
    expiresAt: share.expiresAt.toISOString(),
    note: share.note,
    artworks: artworksOut,
  }
}

/** The stored file behind a share's image link, while the link's works still include it; null otherwise. */
export async function sharedImage(db: Db, shareId: string, fileId: string) {
  const [row] = await db
    .select({
      storageKey: files.storageKey,
      thumbnailKey: files.thumbnailKey,
      originalName: files.originalName,
      mime: files.mime,
    })
    .from(shareArtworks)
    .innerJoin(artworks, eq(artworks.id, shareArtworks.artworkId))
    .innerJoin(artworkMedia, and(eq(artworkMedia.artworkId, artworks.id), eq(artworkMedia.kind, 'image')))
    .innerJoin(files, eq(files.id, artworkMedia.fileId))
    .where(and(liveArtworksOf(shareId), eq(files.id, fileId)))
    .limit(1)
  return row ?? null
}
