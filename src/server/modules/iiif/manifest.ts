// The IIIF Presentation 3.0 manifest of an artwork: its label and metadata (title, artist, year, medium,
// dimensions) as language maps in Chinese and English, and one canvas per image of the artwork, painted
// by that image (a JPEG of at most 1024 px a side) whose service is the image's IIIF Image API service.
import { and, asc, eq, inArray } from 'drizzle-orm'
import { IIIF_API } from '../../../shared/contracts/iiif'
import { IMAGE_KINDS } from '../../../shared/file-types'
import type { DbOrTx } from '../../db/client'
import { artists, artworkMedia, artworks, files, tags } from '../../db/schema'
import { notFound } from '../../http/app-error'
import { parseSize } from './params'

/** The largest side of the image a canvas is painted with (viewers zoom further through the service). */
export const BODY_SIDE = 1024

type LanguageMap = { zh: string[]; en: string[] }

/** Both languages, each falling back to the other when empty; null when both are. */
function languageMap(zh: string, en: string): LanguageMap | null {
  const z = zh.trim()
  const e = en.trim()
  if (!z && !e) return null
  return { zh: [z || e], en: [e || z] }
}

const LABELS = {
  title: { zh: ['标题'], en: ['Title'] },
  artist: { zh: ['艺术家'], en: ['Artist'] },
  year: { zh: ['年代'], en: ['Year'] },
  medium: { zh: ['材质'], en: ['Medium'] },
  dimensions: { zh: ['尺寸'], en: ['Dimensions'] },
}

export interface ManifestUrls {
  /** Scheme, host and port the client called: IIIF ids are absolute. */
  origin: string
  /** The signed query (without `?`) that opens one image, or '' when none is given. */
  imageQuery: (fileId: string) => string
}

/** The artwork's manifest; 404 when there is no such artwork. */
export async function artworkManifest(db: DbOrTx, artworkId: string, urls: ManifestUrls) {
  const [row] = await db
    .select({
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
      creationTime: artworks.creationTime,
      materialsZh: artworks.materialsZh,
      materialsEn: artworks.materialsEn,
      sizeText: artworks.sizeText,
      artistZh: artists.nameZh,
      artistEn: artists.nameEn,
      mediumZh: tags.nameZh,
      mediumEn: tags.nameEn,
    })
    .from(artworks)
    .leftJoin(artists, eq(artists.id, artworks.artistId))
    .leftJoin(tags, eq(tags.id, artworks.mediumTagId))
    .where(eq(artworks.id, artworkId))
    .limit(1)
  if (!row) throw notFound()
  const images = await db
    .select({ id: files.id, width: files.width, height: files.height, caption: artworkMedia.caption })
    .from(artworkMedia)
    .innerJoin(files, eq(files.id, artworkMedia.fileId))
    .where(
      and(
        eq(artworkMedia.artworkId, artworkId),
        eq(artworkMedia.kind, 'image'),
        inArray(files.kind, [...IMAGE_KINDS]),
      ),
    )
    .orderBy(asc(artworkMedia.seq))

  const id = `${urls.origin}${IIIF_API.manifest(artworkId)}`
  const metadata = [
    ['title', languageMap(row.titleZh, row.titleEn)],
    ['artist', languageMap(row.artistZh ?? '', row.artistEn ?? '')],
    ['year', languageMap(row.creationTime, row.creationTime)],
    ['medium', languageMap(row.materialsZh || (row.mediumZh ?? ''), row.materialsEn || (row.mediumEn ?? ''))],
    ['dimensions', languageMap(row.sizeText, row.sizeText)],
  ] as const
  const items = images
    .filter((image) => image.width && image.height)
    .map((image, i) => {
      const width = image.width!
      const height = image.height!
      const canvas = `${id.replace(/\/manifest\.json$/, '')}/canvas/${i + 1}`
      const service = `${urls.origin}${IIIF_API.image(image.id)}`
      const fits = width <= BODY_SIDE && height <= BODY_SIDE
      const sizeText = fits ? 'max' : `!${BODY_SIDE},${BODY_SIDE}`
      const size = parseSize(sizeText, { w: width, h: height })
      const body = size.ok ? size.value : { width, height }
      const query = urls.imageQuery(image.id)
      return {
        id: canvas,
        type: 'Canvas',
        width,
        height,
        ...(image.caption ? { label: languageMap(image.caption, image.caption) } : {}),
        items: [
          {
            id: `${canvas}/page`,
            type: 'AnnotationPage',
            items: [
              {
                id: `${canvas}/page/painting`,
                type: 'Annotation',
                motivation: 'painting',
                target: canvas,
                body: {
                  id: `${service}/full/${sizeText}/0/default.jpg${query ? `?${query}` : ''}`,
                  type: 'Image',
                  format: 'image/jpeg',
                  width: body.width,
                  height: body.height,
                  service: [{ id: service, type: 'ImageService3', profile: 'level2' }],
                },
              },
            ],
          },
        ],
      }
    })
  return {
    '@context': 'http://iiif.io/api/presentation/3/context.json',
    id,
    type: 'Manifest',
    label: languageMap(row.titleZh, row.titleEn) ?? { zh: ['无题'], en: ['Untitled'] },
    metadata: metadata.flatMap(([key, value]) => (value ? [{ label: LABELS[key], value }] : [])),
    items,
  }
}
