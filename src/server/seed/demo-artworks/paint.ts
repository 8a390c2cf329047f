// Pictures for the demo artworks, made by the project: an abstract composition per artwork drawn as SVG
// (ink landscapes, colour fields, collages, a bronze on its plinth, a vessel, a photograph's horizon),
// rendered to JPEG with sharp, with the 320 px thumbnail the files module serves to list pages.
// The seed writes the file rows (it has no storage); the painter fills in the bytes after start-up, in the
// background, and is idempotent: a file is painted while its row still says size 0.
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, eq, like } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { files } from '../../db/schema'
import type { Deps } from '../../http/context'
import { THUMBNAIL_WIDTH } from '../../modules/files/upload'
import { writeDemoDocuments } from '../demo-documents'

export const DEMO_KEY_PREFIX = 'demoart'
export const DEMO_STYLES = ['ink', 'field', 'grid', 'collage', 'bronze', 'vessel', 'photo', 'lines'] as const
export type DemoStyle = (typeof DEMO_STYLES)[number]

/** A small deterministic random source, so a key always paints the same picture. */
export function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
function seedOf(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32LE(0)
}

const f = (n: number) => n.toFixed(1)

function inkLandscape(r: () => number, w: number, h: number): string {
  let out = `<rect width="${w}" height="${h}" fill="#f3ede0"/>`
  for (let layer = 0; layer < 4; layer++) {
    const base = h * (0.35 + layer * 0.15)
    let d = `M0 ${f(h)} L0 ${f(base)}`
    for (let x = 0; x <= w; x += w / 12) d += ` L${f(x)} ${f(base - r() * h * 0.25)}`
    d += ` L${w} ${f(h)} Z`
    const grey = 40 + layer * 35
    out += `<path d="${d}" fill="rgb(${grey},${grey},${grey + 5})" opacity="${f(0.35 + layer * 0.15)}"/>`
  }
  for (let i = 0; i < 18; i++) {
    out += `<circle cx="${f(r() * w)}" cy="${f(h * 0.5 + r() * h * 0.4)}" r="${f(2 + r() * 5)}" fill="#2b2b2b" opacity="0.6"/>`
  }
  out += `<rect x="${f(w * 0.84)}" y="${f(h * 0.08)}" width="${f(w * 0.06)}" height="${f(w * 0.06)}" fill="#b3261e"/>`
  return out
}

function palette(r: () => number): string[] {
  const hue = Math.floor(r() * 360)
  return [0, 25, 160, 200, 330].map(
    (d, i) => `hsl(${(hue + d) % 360},${45 + i * 8}%,${35 + ((i * 13) % 40)}%)`,
  )
}

function colourField(r: () => number, w: number, h: number): string {
  const p = palette(r)
  let out = `<rect width="${w}" height="${h}" fill="${p[0]}"/>`
  const bands = 2 + Math.floor(r() * 2)
  for (let i = 0; i < bands; i++) {
    const y = h * (0.08 + (i * 0.86) / bands)
    const bh = (h * 0.8) / bands
    out += `<rect x="${f(w * 0.07)}" y="${f(y - 4)}" width="${f(w * 0.86)}" height="${f(bh + 8)}" rx="18" fill="${p[i + 1]}" opacity="0.35"/>`
    out += `<rect x="${f(w * 0.08)}" y="${f(y)}" width="${f(w * 0.84)}" height="${f(bh)}" rx="12" fill="${p[i + 1]}" opacity="0.85"/>`
  }
  return out
}

function grid(r: () => number, w: number, h: number): string {
  const p = ['#f5f1e8', '#c8102e', '#1d3f94', '#f2c400', '#111111']
  let out = `<rect width="${w}" height="${h}" fill="#f5f1e8"/>`
  const xs = [0, ...Array.from({ length: 3 }, () => r() * w).sort((a, b) => a - b), w]
  const ys = [0, ...Array.from({ length: 3 }, () => r() * h).sort((a, b) => a - b), h]
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const fill = r() < 0.3 ? p[1 + Math.floor(r() * 3)] : p[0]
      out += `<rect x="${f(xs[i])}" y="${f(ys[j])}" width="${f(xs[i + 1] - xs[i])}" height="${f(ys[j + 1] - ys[j])}" fill="${fill}" stroke="#111" stroke-width="8"/>`
    }
  }
  return out
}

function collage(r: () => number, w: number, h: number): string {
  const p = palette(r)
  let out = `<rect width="${w}" height="${h}" fill="#e9e4da"/>`
  for (let i = 0; i < 14; i++) {
    const cw = w * (0.1 + r() * 0.35)
    const ch = h * (0.1 + r() * 0.35)
    out += `<rect x="${f(r() * (w - cw))}" y="${f(r() * (h - ch))}" width="${f(cw)}" height="${f(ch)}" fill="${p[i % p.length]}" opacity="${f(0.55 + r() * 0.4)}" transform="rotate(${f(r() * 30 - 15)} ${f(w / 2)} ${f(h / 2)})"/>`
  }
  for (let i = 0; i < 5; i++) {
    out += `<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(10 + r() * h * 0.15)}" fill="none" stroke="#222" stroke-width="${f(2 + r() * 6)}"/>`
  }
  return out
}

function bronze(r: () => number, w: number, h: number): string {
  const cx = w / 2
  let out = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9d9d6"/><stop offset="1" stop-color="#8e8e8a"/></linearGradient>
    <radialGradient id="metal" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#c79a5b"/><stop offset="1" stop-color="#4a3117"/></radialGradient></defs>`
  out += `<rect width="${w}" height="${h}" fill="url(#bg)"/>`
  out += `<rect x="${f(cx - w * 0.16)}" y="${f(h * 0.78)}" width="${f(w * 0.32)}" height="${f(h * 0.22)}" fill="#f4f4f2"/>`
  let d = `M${f(cx - w * 0.08)} ${f(h * 0.78)}`
  for (let i = 0; i < 6; i++)
    d += ` Q${f(cx + (r() - 0.5) * w * 0.5)} ${f(h * (0.7 - i * 0.1))} ${f(cx + (r() - 0.5) * w * 0.2)} ${f(h * (0.65 - i * 0.1))}`
  d += ` L${f(cx + w * 0.08)} ${f(h * 0.78)} Z`
  out += `<path d="${d}" fill="url(#metal)"/>`
  return out
}

function vessel(r: () => number, w: number, h: number): string {
  const cx = w / 2
  const glaze = r() < 0.5 ? '#9fbfa7' : r() < 0.5 ? '#e8e4d8' : '#3f5e7a'
  const belly = w * (0.18 + r() * 0.08)
  const neck = w * (0.06 + r() * 0.04)
  const top = h * 0.2
  const bottom = h * 0.85
  const d = `M${f(cx - neck)} ${f(top)} C${f(cx - neck)} ${f(top + h * 0.1)} ${f(cx - belly * 1.3)} ${f(h * 0.45)} ${f(cx - belly)} ${f(h * 0.7)} L${f(cx - belly * 0.6)} ${f(bottom)} L${f(cx + belly * 0.6)} ${f(bottom)} L${f(cx + belly)} ${f(h * 0.7)} C${f(cx + belly * 1.3)} ${f(h * 0.45)} ${f(cx + neck)} ${f(top + h * 0.1)} ${f(cx + neck)} ${f(top)} Z`
  return `<rect width="${w}" height="${h}" fill="#2a2a2a"/><ellipse cx="${f(cx)}" cy="${f(bottom)}" rx="${f(belly * 1.1)}" ry="${f(h * 0.03)}" fill="#111"/><path d="${d}" fill="${glaze}"/><path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.15" stroke-width="3"/>`
}

function photo(r: () => number, w: number, h: number): string {
  const dusk = r() < 0.5
  const horizon = h * (0.5 + r() * 0.2)
  let out = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dusk ? '#1b2a4a' : '#b9c6cf'}"/><stop offset="1" stop-color="${dusk ? '#e08a4f' : '#eef1f2'}"/></linearGradient></defs>`
  out += `<rect width="${w}" height="${h}" fill="url(#sky)"/><rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${dusk ? '#10151f' : '#6f7b80'}"/>`
  let x = 0
  while (x < w) {
    const bw = w * (0.03 + r() * 0.07)
    const bh = h * (0.05 + r() * 0.3)
    out += `<rect x="${f(x)}" y="${f(horizon - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${dusk ? '#0b0f17' : '#55605f'}"/>`
    x += bw + w * 0.005
  }
  return out
}

function lines(r: () => number, w: number, h: number): string {
  const p = palette(r)
  let out = `<rect width="${w}" height="${h}" fill="#f7f3ea"/>`
  for (let i = 0; i < 40; i++) {
    const y = (h / 40) * i + r() * 6
    out += `<path d="M0 ${f(y)} Q${f(w / 2)} ${f(y + (r() - 0.5) * 60)} ${w} ${f(y)}" stroke="${p[i % 3]}" stroke-width="${f(1 + r() * 4)}" fill="none"/>`
  }
  return out
}

const DRAW: Record<DemoStyle, (r: () => number, w: number, h: number) => string> = {
  ink: inkLandscape,
  field: colourField,
  grid,
  collage,
  bronze,
  vessel,
  photo,
  lines,
}

/** The SVG of a demo picture; a detail shows a third of it, enlarged. */
export function demoSvg(
  style: DemoStyle,
  seedText: string,
  width: number,
  height: number,
  detail = false,
): string {
  const r = rng(seedOf(seedText))
  const body = DRAW[style](r, width, height)
  const view = detail
    ? `${f(width * 0.3)} ${f(height * 0.3)} ${f(width / 3)} ${f(height / 3)}`
    : `0 0 ${width} ${height}`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${view}">${body}</svg>`
}

/** `demoart-<style>-<seed>[-d]`: everything the painter needs is in the key. */
export function demoKey(style: DemoStyle, seed: string, detail = false): string {
  return `${DEMO_KEY_PREFIX}-${style}-${seed.replace(/[^A-Za-z0-9]/g, '')}${detail ? '-d' : ''}`
}
function parseKey(key: string): { style: DemoStyle; seed: string; detail: boolean } | null {
  const m = key.match(/^demoart-([a-z]+)-([A-Za-z0-9]+)(-d)?$/)
  if (!m || !(DEMO_STYLES as readonly string[]).includes(m[1])) return null
  return { style: m[1] as DemoStyle, seed: m[2], detail: !!m[3] }
}

/** Paint every demo picture still waiting for its bytes; returns how many were painted. */
export async function paintDemoImages(
  deps: Pick<Deps, 'database' | 'storage'>,
  options: { limit?: number } = {},
) {
  const db: Db = deps.database.db
  const waiting = await db
    .select({
      id: files.id,
      key: files.storageKey,
      thumb: files.thumbnailKey,
      width: files.width,
      height: files.height,
    })
    .from(files)
    .where(and(like(files.storageKey, `${DEMO_KEY_PREFIX}-%`), eq(files.size, 0)))
    .limit(options.limit ?? 100_000)
  if (waiting.length === 0) return 0
  let painted = 0
  const { default: sharp } = await import('sharp') // loaded when there is something to paint, not with every server
  for (const file of waiting) {
    const parsed = parseKey(file.key)
    if (!parsed) continue
    const svg = Buffer.from(
      demoSvg(parsed.style, parsed.seed, file.width ?? 800, file.height ?? 600, parsed.detail),
    )
    const image = await sharp(svg).jpeg({ quality: 82, mozjpeg: false }).toBuffer()
    await deps.storage.write(file.key, Readable.from([image]))
    if (file.thumb) {
      const thumb = await sharp(image)
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer()
      await deps.storage.write(file.thumb, Readable.from([thumb]))
    }
    await db
      .update(files)
      .set({ size: image.length, sha256: createHash('sha256').update(image).digest('hex') })
      .where(eq(files.id, file.id))
    painted++
  }
  return painted
}

const started = new WeakSet<object>()
/** Start the painter (pictures, and the demo processes' documents) once per database, in the background. */
export function startDemoPainter(deps: Pick<Deps, 'database' | 'storage'>): void {
  if (started.has(deps.database)) return
  started.add(deps.database)
  const t0 = performance.now()
  void writeDemoDocuments(deps).catch((error) =>
    console.error('demo documents could not be written', (error as Error).message),
  )
  void paintDemoImages(deps)
    .then((n) => {
      if (n > 0)
        console.info(`demo artworks: ${n} pictures painted in ${Math.round(performance.now() - t0)} ms`)
    })
    .catch((error) => console.error('demo pictures could not be painted', (error as Error).message))
}
