// Reading a IIIF Presentation 3.0 manifest for the deep-zoom viewer: the words of language maps in either
// language (with the fallbacks), each canvas's image service and the signed query its image carries, the
// canvas of a stored file; and how far a lower-level tile's image is shrunk before its region is cut.
import { describe, expect, it } from 'vitest'
import { preShrink } from '../../../src/server/modules/iiif/render'
import { presentationManifest } from '../../../src/shared/contracts/iiif'
import {
  canvasImages,
  canvasOfFile,
  infoUrl,
  languageText,
  queryOf,
} from '../../../src/web/areas/deep-zoom/manifest-reader'

const FILE_A = '11111111-1111-4111-8111-111111111111'
const FILE_B = '22222222-2222-4222-8222-222222222222'
const ORIGIN = 'https://vitrine.example'

const canvas = (n: number, fileId: string, extra: Record<string, unknown> = {}) => ({
  id: `${ORIGIN}/iiif/presentation/artworks/x/canvas/${n}`,
  type: 'Canvas',
  width: 4000,
  height: 3000,
  ...extra,
  items: [
    {
      id: `${ORIGIN}/c${n}/page`,
      type: 'AnnotationPage',
      items: [
        {
          id: `${ORIGIN}/c${n}/page/painting`,
          type: 'Annotation',
          motivation: 'painting',
          target: `${ORIGIN}/c${n}`,
          body: {
            id: `${ORIGIN}/iiif/3/${fileId}/full/!1024,1024/0/default.jpg?exp=1&u=u&s=s&sig=abc&disposition=inline`,
            type: 'Image',
            service: [{ id: `${ORIGIN}/iiif/3/${fileId}`, type: 'ImageService3', profile: 'level2' }],
          },
        },
      ],
    },
  ],
})

const manifest = presentationManifest.parse({
  '@context': 'http://iiif.io/api/presentation/3/context.json',
  id: `${ORIGIN}/iiif/presentation/artworks/x/manifest.json`,
  type: 'Manifest',
  label: { zh: ['春江花月夜'], en: ['Spring River'] },
  metadata: [{ label: { zh: ['艺术家'], en: ['Artist'] }, value: { zh: ['周春芽'], en: ['Zhou Chunya'] } }],
  items: [canvas(1, FILE_A, { label: { zh: ['正面'], en: ['Front'] } }), canvas(2, FILE_B)],
})

describe('the manifest as the viewer reads it', () => {
  it('words a language map in the language shown, else in none, else in any', () => {
    expect(languageText(manifest.label, 'zh-CN')).toBe('春江花月夜')
    expect(languageText(manifest.label, 'en')).toBe('Spring River')
    expect(languageText({ none: ['2012'] }, 'en')).toBe('2012')
    expect(languageText({ fr: ['Printemps'] }, 'zh-CN')).toBe('Printemps')
    expect(languageText({ en: [''], zh: ['题'] }, 'en')).toBe('题')
    expect(languageText(undefined, 'en')).toBe('')
  })

  it('finds each canvas’s image service and the signed query of its image', () => {
    const images = canvasImages(manifest)
    expect(images.map((i) => i.service)).toEqual([`${ORIGIN}/iiif/3/${FILE_A}`, `${ORIGIN}/iiif/3/${FILE_B}`])
    expect(images[0].query).toBe('exp=1&u=u&s=s&sig=abc&disposition=inline')
    expect(infoUrl(images[0])).toBe(
      `${ORIGIN}/iiif/3/${FILE_A}/info.json?exp=1&u=u&s=s&sig=abc&disposition=inline`,
    )
    expect(languageText(images[0].label, 'en')).toBe('Front')
    expect(canvasOfFile(images, FILE_B)?.canvasId).toBe(`${ORIGIN}/iiif/presentation/artworks/x/canvas/2`)
    expect(canvasOfFile(images, '33333333-3333-4333-8333-333333333333')).toBeUndefined()
  })

  it('reads a version 2 style service (@id, @type) and passes over a canvas without one', () => {
    const other = presentationManifest.parse({
      id: 'm',
      type: 'Manifest',
      label: { none: ['x'] },
      items: [
        {
          ...canvas(1, FILE_A),
          items: [
            {
              items: [
                {
                  body: {
                    id: 'https://x/img.jpg',
                    service: [{ '@id': 'https://x/iiif/img', '@type': 'ImageService2' }],
                  },
                },
              ],
            },
          ],
        },
        { ...canvas(2, FILE_B), items: [{ items: [{ body: { id: 'https://x/plain.jpg' } }] }] },
      ],
    })
    expect(canvasImages(other).map((i) => [i.service, i.query])).toEqual([['https://x/iiif/img', '']])
    expect(queryOf('https://x/a?b=c')).toBe('b=c')
  })

  it('refuses what is not a manifest', () => {
    expect(
      presentationManifest.safeParse({ type: 'Collection', id: 'x', label: {}, items: [] }).success,
    ).toBe(false)
  })
})

describe('the shrink before the cut of a lower-level tile', () => {
  const tile = (w: number, h: number, width: number, height: number) => ({
    region: { x: 0, y: 0, w, h },
    width,
    height,
  })
  it('is the largest power of two up to 8 within the scale factor', () => {
    expect(preShrink(tile(512, 512, 512, 512))).toBe(1)
    expect(preShrink(tile(1024, 1024, 512, 512))).toBe(2)
    expect(preShrink(tile(1500, 1500, 512, 512))).toBe(2)
    expect(preShrink(tile(4096, 4096, 512, 512))).toBe(8)
    expect(preShrink(tile(7744, 5164, 484, 323))).toBe(8)
    // An upscale, or a squeeze in one direction only, shrinks nothing.
    expect(preShrink(tile(256, 256, 512, 512))).toBe(1)
    expect(preShrink(tile(2048, 512, 512, 512))).toBe(1)
  })
})
