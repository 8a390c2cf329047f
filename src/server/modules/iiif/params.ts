// IIIF Image API 3.0 (level 2) in pure functions: the path segments of an image request read into the
// pixels to cut, the size to scale to, the turn, the quality and the format, or the one segment at fault
// with the reason (a message key: the route answers 400 with it at that segment); and the info.json of an
// image of a given size. No I/O: tests/unit/iiif-params.test.ts covers every form and every refusal.

/** The largest image served: width, height and area (announced in info.json; above them is a 400). */
export const IIIF_MAX_WIDTH = 4096
export const IIIF_MAX_HEIGHT = 4096
export const IIIF_MAX_AREA = IIIF_MAX_WIDTH * IIIF_MAX_HEIGHT
export const IIIF_TILE = 512

export const IIIF_QUALITIES = ['default', 'color', 'gray'] as const
export type IiifQuality = (typeof IIIF_QUALITIES)[number]
export const IIIF_FORMATS = ['jpg', 'png', 'webp'] as const
export type IiifFormat = (typeof IIIF_FORMATS)[number]
export const IIIF_MIME: Record<IiifFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

export interface Region {
  x: number
  y: number
  w: number
  h: number
}

export interface ImageRequest {
  region: Region
  /** The size of the result before any turn. */
  width: number
  height: number
  /** Mirrored (left to right) before the turn. */
  mirror: boolean
  rotation: 0 | 90 | 180 | 270
  quality: IiifQuality
  format: IiifFormat
}

export type IiifField = 'region' | 'size' | 'rotation' | 'quality' | 'format'

/** Why a segment is refused: a key of the server's message catalogue. */
export type IiifReason =
  | 'iiifRegionSyntax'
  | 'iiifRegionOutside'
  | 'iiifSizeSyntax'
  | 'iiifSizeZero'
  | 'iiifSizeUpscale'
  | 'iiifSizeTooLarge'
  | 'iiifRotation'
  | 'iiifQuality'
  | 'iiifFormat'

export type Parsed<T> = { ok: true; value: T } | { ok: false; field: IiifField; reason: IiifReason }

/** A side worked out from a ratio: rounded, and never below one pixel (only a side asked as 0 is zero). */
const side = (n: number) => Math.max(1, Math.round(n))

const fail = (field: IiifField, reason: IiifReason) => ({ ok: false, field, reason }) as const

const INT = /^\d{1,9}$/
const NUM = /^(?:\d{1,9}(?:\.\d{1,9})?|\.\d{1,9})$/

export interface Limits {
  maxWidth: number
  maxHeight: number
  maxArea: number
}
export const DEFAULT_LIMITS: Limits = {
  maxWidth: IIIF_MAX_WIDTH,
  maxHeight: IIIF_MAX_HEIGHT,
  maxArea: IIIF_MAX_AREA,
}

/** `full`, `square`, `x,y,w,h` (pixels) or `pct:x,y,w,h`, cut at the image's edges. */
export function parseRegion(text: string, width: number, height: number): Parsed<Region> {
  if (text === 'full') return { ok: true, value: { x: 0, y: 0, w: width, h: height } }
  if (text === 'square') {
    const side = Math.min(width, height)
    return {
      ok: true,
      value: { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), w: side, h: side },
    }
  }
  const pct = text.startsWith('pct:')
  const parts = (pct ? text.slice(4) : text).split(',')
  if (parts.length !== 4 || !parts.every((p) => (pct ? NUM : INT).test(p)))
    return fail('region', 'iiifRegionSyntax')
  let [x, y, w, h] = parts.map(Number)
  if (pct) {
    if ([x, y, w, h].some((n) => n > 100)) return fail('region', 'iiifRegionSyntax')
    x = Math.round((x * width) / 100)
    y = Math.round((y * height) / 100)
    w = Math.round((w * width) / 100)
    h = Math.round((h * height) / 100)
  }
  if (w <= 0 || h <= 0 || x >= width || y >= height) return fail('region', 'iiifRegionOutside')
  return { ok: true, value: { x, y, w: Math.min(w, width - x), h: Math.min(h, height - y) } }
}

/**
 * `max`, `w,`, `,h`, `w,h`, `!w,h`, `pct:n`, each also with a leading `^` (larger than the region allowed).
 * Without `^` a result larger than the region is a 400; so is a zero size or one above the limits.
 */
export function parseSize(
  text: string,
  region: { w: number; h: number },
  limits: Limits = DEFAULT_LIMITS,
): Parsed<{ width: number; height: number }> {
  const upscale = text.startsWith('^')
  const body = upscale ? text.slice(1) : text
  const { w: rw, h: rh } = region
  let width: number
  let height: number
  if (body === 'max') {
    // As large as allowed: the region itself (or, with ^, the limits), scaled down to fit the limits.
    const scale = Math.min(
      upscale ? Number.POSITIVE_INFINITY : 1,
      limits.maxWidth / rw,
      limits.maxHeight / rh,
      Math.sqrt(limits.maxArea / (rw * rh)),
    )
    return {
      ok: true,
      value: {
        width: Math.max(1, Math.floor(rw * scale + 1e-9)),
        height: Math.max(1, Math.floor(rh * scale + 1e-9)),
      },
    }
  }
  if (body.startsWith('pct:')) {
    const n = body.slice(4)
    if (!NUM.test(n)) return fail('size', 'iiifSizeSyntax')
    const p = Number(n)
    if (p === 0) return fail('size', 'iiifSizeZero')
    width = side((rw * p) / 100)
    height = side((rh * p) / 100)
  } else {
    const confined = body.startsWith('!')
    const m = /^(\d{0,9}),(\d{0,9})$/.exec(confined ? body.slice(1) : body)
    if (!m || (m[1] === '' && m[2] === '') || (confined && (m[1] === '' || m[2] === '')))
      return fail('size', 'iiifSizeSyntax')
    const w = m[1] === '' ? null : Number(m[1])
    const h = m[2] === '' ? null : Number(m[2])
    if (w === 0 || h === 0) return fail('size', 'iiifSizeZero')
    if (confined) {
      const scale = Math.min(w! / rw, h! / rh)
      width = side(rw * scale)
      height = side(rh * scale)
    } else if (w !== null && h !== null) {
      width = w
      height = h
    } else if (w !== null) {
      width = w
      height = side((rh * w) / rw)
    } else {
      height = h!
      width = side((rw * h!) / rh)
    }
  }
  if (width === 0 || height === 0) return fail('size', 'iiifSizeZero')
  if (!upscale && (width > rw || height > rh)) return fail('size', 'iiifSizeUpscale')
  if (width > limits.maxWidth || height > limits.maxHeight || width * height > limits.maxArea)
    return fail('size', 'iiifSizeTooLarge')
  return { ok: true, value: { width, height } }
}

/** `0`, `90`, `180` or `270`, after an optional `!` (mirrored first). Other angles are not offered. */
export function parseRotation(text: string): Parsed<{ mirror: boolean; rotation: 0 | 90 | 180 | 270 }> {
  const mirror = text.startsWith('!')
  const body = mirror ? text.slice(1) : text
  if (!/^\d{1,3}(?:\.0+)?$/.test(body)) return fail('rotation', 'iiifRotation')
  const n = Number(body)
  if (n !== 0 && n !== 90 && n !== 180 && n !== 270) return fail('rotation', 'iiifRotation')
  return { ok: true, value: { mirror, rotation: n } }
}

/** `quality.format`: default | color | gray, then jpg | png | webp. */
export function parseQualityFormat(text: string): Parsed<{ quality: IiifQuality; format: IiifFormat }> {
  const dot = text.lastIndexOf('.')
  if (dot <= 0) return fail('format', 'iiifFormat')
  const quality = text.slice(0, dot)
  const format = text.slice(dot + 1)
  if (!(IIIF_QUALITIES as readonly string[]).includes(quality)) return fail('quality', 'iiifQuality')
  if (!(IIIF_FORMATS as readonly string[]).includes(format)) return fail('format', 'iiifFormat')
  return { ok: true, value: { quality: quality as IiifQuality, format: format as IiifFormat } }
}

export interface RequestSegments {
  region: string
  size: string
  rotation: string
  qualityFormat: string
}

/** A whole image request against an image of this size: the first segment at fault, or what to render. */
export function parseImageRequest(
  segments: RequestSegments,
  image: { width: number; height: number },
  limits: Limits = DEFAULT_LIMITS,
): Parsed<ImageRequest> {
  const region = parseRegion(segments.region, image.width, image.height)
  if (!region.ok) return region
  const size = parseSize(segments.size, region.value, limits)
  if (!size.ok) return size
  const rotation = parseRotation(segments.rotation)
  if (!rotation.ok) return rotation
  const qf = parseQualityFormat(segments.qualityFormat)
  if (!qf.ok) return qf
  return { ok: true, value: { region: region.value, ...size.value, ...rotation.value, ...qf.value } }
}

/**
 * The canonical form of a request (the region in pixels, the size as `w,h`): two requests that render the
 * same pixels have the same canonical form, which names the rendering in the cache.
 */
export function canonicalPath(r: ImageRequest): string {
  const { x, y, w, h } = r.region
  return `${x},${y},${w},${h}/${r.width},${r.height}/${r.mirror ? '!' : ''}${r.rotation}/${r.quality}.${r.format}`
}

/** Scale factors of the tile pyramid: 1, 2, 4, ... until the whole image fits in one tile. */
export function scaleFactors(width: number, height: number, tile = IIIF_TILE): number[] {
  const out = [1]
  while (Math.max(width, height) / out[out.length - 1] > tile) out.push(out[out.length - 1] * 2)
  return out
}

/** The info.json of an image service (`id` is its absolute base URI). */
export function imageInfo(id: string, width: number, height: number, limits: Limits = DEFAULT_LIMITS) {
  const factors = scaleFactors(width, height)
  const sizes = factors
    .map((f) => ({ width: Math.ceil(width / f), height: Math.ceil(height / f) }))
    .filter(
      (s) =>
        s.width <= limits.maxWidth && s.height <= limits.maxHeight && s.width * s.height <= limits.maxArea,
    )
    .reverse()
  return {
    '@context': 'http://iiif.io/api/image/3/context.json',
    id,
    type: 'ImageService3',
    protocol: 'http://iiif.io/api/image',
    profile: 'level2',
    width,
    height,
    maxWidth: limits.maxWidth,
    maxHeight: limits.maxHeight,
    maxArea: limits.maxArea,
    tiles: [{ width: IIIF_TILE, scaleFactors: factors }],
    sizes,
    extraFormats: ['webp'],
    extraQualities: ['color', 'gray'],
    extraFeatures: ['mirroring', 'sizeUpscaling'],
  }
}
