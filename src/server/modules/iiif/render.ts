// Rendering an IIIF image request with sharp, and the disk cache of renderings under DATA_DIR/iiif-cache:
// one file per file id and canonical request (params.ts canonicalPath), written to a temporary name and
// renamed, so a reader never sees half a tile; and, for a large image, a tiled copy its full-size tiles are
// cut from. Stored files never change, so a rendering never goes stale;
// deleting the folder only costs the time to render again.
import { createHash, randomBytes } from 'node:crypto'
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Storage } from '../../storage'
import { canonicalPath, type ImageRequest } from './params'

/** The stored bytes of an original, whole (sharp decodes from memory). */
async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The largest power of two, at most 8, by which the image may be shrunk before the cut (1: none). */
export function preShrink(r: Pick<ImageRequest, 'region' | 'width' | 'height'>): number {
  const factor = Math.min(r.region.w / r.width, r.region.h / r.height)
  let shrink = 1
  while (shrink < 8 && shrink * 2 <= factor) shrink *= 2
  return shrink
}

type Sharp = typeof import('sharp')['default']

/** The region of the upright image, scaled to the size asked, as raw pixels. */
async function cutAndScale(sharp: Sharp, original: Buffer | string, r: ImageRequest) {
  const shrink = preShrink(r)
  if (shrink === 1)
    return sharp(original, { failOn: 'error' })
      .autoOrient()
      .extract({ left: r.region.x, top: r.region.y, width: r.region.w, height: r.region.h })
      .resize(r.width, r.height, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true })
  // A tile of a lower level: the whole image shrunk first (a JPEG is then decoded at 1/2, 1/4 or 1/8 of its
  // size, far faster than whole), the region cut from that, then scaled to the exact size asked.
  const meta = await sharp(original).metadata()
  const turned = (meta.orientation ?? 1) >= 5
  const width = Math.max(1, Math.round((turned ? meta.height : meta.width) / shrink))
  const height = Math.max(1, Math.round((turned ? meta.width : meta.height) / shrink))
  const left = Math.min(width - 1, Math.floor(r.region.x / shrink))
  const top = Math.min(height - 1, Math.floor(r.region.y / shrink))
  const small = await sharp(original, { failOn: 'error' })
    .autoOrient()
    .resize(width, height, { fit: 'fill' })
    .extract({
      left,
      top,
      width: Math.max(1, Math.min(width - left, Math.round(r.region.w / shrink))),
      height: Math.max(1, Math.min(height - top, Math.round(r.region.h / shrink))),
    })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { channels } = small.info
  return sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels } })
    .resize(r.width, r.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true })
}

/** The pixels the request asks for, encoded, from the original's bytes or a file of the upright image. */
export async function renderImage(original: Buffer | string, r: ImageRequest): Promise<Buffer> {
  const { default: sharp } = await import('sharp') // loaded with the first rendering, not with every server
  // First the region (of the upright image, as its stored width and height are) and the size...
  const { data, info } = await cutAndScale(sharp, original, r)
  // ...then the mirror and the turn on the result, so that their order is the one the API names.
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  if (r.mirror) image = image.flop()
  if (r.rotation !== 0) image = image.rotate(r.rotation)
  if (r.quality === 'gray') image = image.grayscale()
  if (r.format === 'jpg') return image.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer()
  if (r.format === 'png') return image.png().toBuffer()
  return image.webp({ quality: 85 }).toBuffer()
}

/**
 * Above this many pixels, a full-size cut is made from a tiled copy of the upright image (`source.tif` beside
 * the renderings: 512-px tiles, JPEG at quality 90), read tile by tile, instead of decoding the original down
 * to the region's last row each time. The copy is made once, by the first full-size request of the image.
 */
export const TILED_SOURCE_PIXELS = 16_000_000

export class RenderCache {
  /** The tiled copies being made, by file id (one at a time per image, however many tiles ask). */
  private readonly building = new Map<string, Promise<string | null>>()

  constructor(readonly root: string) {}

  pathOf(fileId: string, r: ImageRequest): string {
    const name = createHash('sha256').update(canonicalPath(r)).digest('hex').slice(0, 32)
    return path.join(this.root, fileId.slice(0, 2), fileId, `${name}.${r.format}`)
  }

  sourcePathOf(fileId: string): string {
    return path.join(this.root, fileId.slice(0, 2), fileId, 'source.tif')
  }

  /** The cached rendering, or a new one (stored for next time). `hit` says which. */
  async get(
    storage: Storage,
    file: { id: string; storageKey: string; width: number; height: number },
    r: ImageRequest,
  ): Promise<{ bytes: Buffer; hit: boolean }> {
    const target = this.pathOf(file.id, r)
    try {
      return { bytes: await readFile(target), hit: true }
    } catch {
      // not rendered yet
    }
    const tiled =
      preShrink(r) === 1 && file.width * file.height > TILED_SOURCE_PIXELS
        ? await this.tiledSource(storage, file)
        : null
    const bytes = await renderImage(tiled ?? (await readAll(storage, file.storageKey)), r)
    await this.store(target, bytes)
    return { bytes, hit: false }
  }

  /** Written under a temporary name and renamed; a full disk costs the cache, not the answer. */
  private async store(target: string, bytes: Buffer): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true })
    const partial = `${target}.part-${randomBytes(6).toString('hex')}`
    try {
      await writeFile(partial, bytes, { flag: 'wx' })
      await rename(partial, target)
    } catch {
      await rm(partial, { force: true })
    }
  }

  /** The image's tiled copy, made now if missing; null when it cannot be written (the original serves). */
  private async tiledSource(
    storage: Storage,
    file: { id: string; storageKey: string },
  ): Promise<string | null> {
    const target = this.sourcePathOf(file.id)
    try {
      await access(target)
      return target
    } catch {
      // not made yet
    }
    let job = this.building.get(file.id)
    if (!job) {
      job = this.makeTiledSource(storage, file.storageKey, target).finally(() =>
        this.building.delete(file.id),
      )
      this.building.set(file.id, job)
    }
    return job
  }

  private async makeTiledSource(storage: Storage, key: string, target: string): Promise<string | null> {
    const { default: sharp } = await import('sharp')
    await mkdir(path.dirname(target), { recursive: true })
    const partial = `${target}.part-${randomBytes(6).toString('hex')}`
    try {
      await sharp(await readAll(storage, key), { failOn: 'error' })
        .autoOrient()
        .tiff({ tile: true, tileWidth: 512, tileHeight: 512, compression: 'jpeg', quality: 90 })
        .toFile(partial)
      await rename(partial, target)
      return target
    } catch {
      await rm(partial, { force: true })
      return null
    }
  }
}
