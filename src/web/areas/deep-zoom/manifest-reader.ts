// Reading a IIIF Presentation 3.0 manifest for the deep-zoom viewer: the words of a language map in the
// language shown, and each canvas's image service (the info.json a viewer tiles from) with the signed query
// its image carries (docs/iiif.md § Who may read: the same file link opens the image's service).
import type { LanguageMap, PresentationManifest } from '../../../shared/contracts/iiif'
import { IIIF_API } from '../../../shared/contracts/iiif'
import type { Lang } from '../../../shared/errors'

/** The IIIF language tags read for each language of the app, in order of preference. */
const TAGS: Record<Lang, string[]> = { 'zh-CN': ['zh', 'zh-CN', 'zh-Hans'], en: ['en', 'en-GB', 'en-US'] }

/** The words of a language map in `lang`, else in no language (`none`), else in any; '' when empty. */
export function languageText(map: LanguageMap | undefined, lang: Lang): string {
  if (!map) return ''
  for (const tag of [...TAGS[lang], 'none']) {
    const words = map[tag]?.filter((w) => w.trim() !== '')
    if (words && words.length > 0) return words.join(' · ')
  }
  for (const words of Object.values(map)) if (words.some((w) => w.trim() !== '')) return words.join(' · ')
  return ''
}

/** Where a viewer tiles one image from. */
export interface TileSourceRef {
  /** The image service's base URI (absolute, or from the root of this origin). */
  service: string
  /** The signed query (without `?`) every request to the service carries; '' when none. */
  query: string
}

export interface CanvasImage extends TileSourceRef {
  canvasId: string
  width: number
  height: number
  label: LanguageMap | undefined
}

/** The query of a URL (without `?`), '' when it has none. */
export function queryOf(url: string): string {
  const at = url.indexOf('?')
  return at < 0 ? '' : url.slice(at + 1)
}

/** `info.json` of a service, with the query. */
export function infoUrl(ref: TileSourceRef): string {
  return `${ref.service.replace(/\/$/, '')}/info.json${ref.query ? `?${ref.query}` : ''}`
}

/** Every canvas painted by an image that has an image service, in the manifest's order. */
export function canvasImages(manifest: PresentationManifest): CanvasImage[] {
  return manifest.items.flatMap((canvas) => {
    const bodies = canvas.items.flatMap((page) =>
      page.items.filter((a) => a.motivation === undefined || a.motivation === 'painting').map((a) => a.body),
    )
    for (const body of bodies) {
      const service = (body.service ?? []).find((s) => /ImageService/.test(s.type ?? s['@type'] ?? ''))
      const id = service?.id ?? service?.['@id']
      if (!id) continue
      return [
        {
          canvasId: canvas.id,
          width: canvas.width,
          height: canvas.height,
          label: canvas.label,
          service: id,
          query: queryOf(body.id),
        },
      ]
    }
    return []
  })
}

/** The canvas whose image is the stored file `fileId` (its service ends with the file's image address). */
export function canvasOfFile(images: CanvasImage[], fileId: string): CanvasImage | undefined {
  const suffix = IIIF_API.image(fileId)
  return images.find((image) => image.service.replace(/\/$/, '').endsWith(suffix))
}
