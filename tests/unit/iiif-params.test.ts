// The IIIF Image API request syntax (src/server/modules/iiif/params.ts): every region, size, rotation,
// quality and format form against a 1000 × 600 image, each refusal naming its segment and reason, the
// canonical form, and the info.json pyramid.
import { describe, expect, it } from 'vitest'
import {
  canonicalPath,
  imageInfo,
  parseImageRequest,
  parseQualityFormat,
  parseRegion,
  parseRotation,
  parseSize,
  scaleFactors,
} from '../../src/server/modules/iiif/params'

const W = 1000
const H = 600
const value = <T>(p: { ok: true; value: T } | { ok: false }) => {
  if (!p.ok) throw new Error(`refused: ${JSON.stringify(p)}`)
  return p.value
}

describe('region', () => {
  it('reads full, square, pixels and percentages, cut at the edges', () => {
    expect(value(parseRegion('full', W, H))).toEqual({ x: 0, y: 0, w: 1000, h: 600 })
    expect(value(parseRegion('square', W, H))).toEqual({ x: 200, y: 0, w: 600, h: 600 })
    expect(value(parseRegion('square', 300, 500))).toEqual({ x: 0, y: 100, w: 300, h: 300 })
    expect(value(parseRegion('10,20,300,400', W, H))).toEqual({ x: 10, y: 20, w: 300, h: 400 })
    expect(value(parseRegion('900,500,300,300', W, H))).toEqual({ x: 900, y: 500, w: 100, h: 100 })
    expect(value(parseRegion('pct:10,50,50,50', W, H))).toEqual({ x: 100, y: 300, w: 500, h: 300 })
    expect(value(parseRegion('pct:0.5,.5,99.5,10', W, H))).toEqual({ x: 5, y: 3, w: 995, h: 60 })
  })

  it('refuses bad syntax and regions outside the image or of no size', () => {
    for (const bad of [
      '',
      'Full',
      '1,2,3',
      '1,2,3,4,5',
      '-1,0,10,10',
      '1.5,0,10,10',
      'pct:1,2,3',
      'pct:0,0,101,10',
      'a,b,c,d',
      'pct:',
    ])
      expect(parseRegion(bad, W, H), bad).toEqual({ ok: false, field: 'region', reason: 'iiifRegionSyntax' })
    for (const out of [
      '1000,0,10,10',
      '0,600,10,10',
      '0,0,0,10',
      '0,0,10,0',
      'pct:100,0,10,10',
      'pct:0,0,0,50',
    ])
      expect(parseRegion(out, W, H), out).toEqual({ ok: false, field: 'region', reason: 'iiifRegionOutside' })
  })
})

describe('size', () => {
  const region = { w: 1000, h: 600 }
  it('reads max, w, ,h, w,h, !w,h and pct:n, keeping the ratio where one side is free', () => {
    expect(value(parseSize('max', region))).toEqual({ width: 1000, height: 600 })
    expect(value(parseSize('500,', region))).toEqual({ width: 500, height: 300 })
    expect(value(parseSize(',300', region))).toEqual({ width: 500, height: 300 })
    expect(value(parseSize('200,200', region))).toEqual({ width: 200, height: 200 })
    expect(value(parseSize('!500,500', region))).toEqual({ width: 500, height: 300 })
    expect(value(parseSize('pct:25', region))).toEqual({ width: 250, height: 150 })
  })

  it('enlarges only after ^, and never above the limits', () => {
    expect(parseSize('2000,', region)).toEqual({ ok: false, field: 'size', reason: 'iiifSizeUpscale' })
    expect(parseSize('pct:150', region)).toEqual({ ok: false, field: 'size', reason: 'iiifSizeUpscale' })
    expect(parseSize('!2000,2000', region)).toEqual({ ok: false, field: 'size', reason: 'iiifSizeUpscale' })
    expect(value(parseSize('^2000,', region))).toEqual({ width: 2000, height: 1200 })
    expect(value(parseSize('^pct:150', region))).toEqual({ width: 1500, height: 900 })
    expect(value(parseSize('^!2000,2000', region))).toEqual({ width: 2000, height: 1200 })
    expect(value(parseSize('^max', region))).toEqual({ width: 4096, height: 2457 })
    expect(parseSize('^5000,', region)).toEqual({ ok: false, field: 'size', reason: 'iiifSizeTooLarge' })
    expect(parseSize('^4096,4096', region)).toEqual({ ok: true, value: { width: 4096, height: 4096 } })
    const small = { maxWidth: 800, maxHeight: 800, maxArea: 300_000 }
    expect(value(parseSize('max', region, small))).toEqual({ width: 707, height: 424 })
    expect(parseSize('800,', region, small)).toEqual({ ok: false, field: 'size', reason: 'iiifSizeTooLarge' })
  })

  it('refuses zero sizes and bad syntax', () => {
    for (const zero of ['0,', ',0', '0,10', 'pct:0', '!0,10', '1,'])
      expect(parseSize(zero, zero === '1,' ? { w: 1000, h: 1 } : region), zero).toMatchObject(
        zero === '1,' ? { ok: true } : { ok: false, field: 'size', reason: 'iiifSizeZero' },
      )
    for (const bad of [
      '',
      ',',
      'full',
      'MAX',
      '!10,',
      '!,10',
      '-5,',
      '1.5,',
      'pct:x',
      '^',
      '^^max',
      '10,10,10',
    ])
      expect(parseSize(bad, region), bad).toEqual({ ok: false, field: 'size', reason: 'iiifSizeSyntax' })
  })
})

describe('rotation, quality and format', () => {
  it('turns by quarter turns, mirrored after !', () => {
    expect(value(parseRotation('0'))).toEqual({ mirror: false, rotation: 0 })
    expect(value(parseRotation('!90'))).toEqual({ mirror: true, rotation: 90 })
    expect(value(parseRotation('180'))).toEqual({ mirror: false, rotation: 180 })
    expect(value(parseRotation('270.0'))).toEqual({ mirror: false, rotation: 270 })
    for (const bad of ['45', '-90', '360.5', '!', '', 'abc', '!!90', '1000'])
      expect(parseRotation(bad), bad).toEqual({ ok: false, field: 'rotation', reason: 'iiifRotation' })
  })

  it('reads quality.format', () => {
    expect(value(parseQualityFormat('default.jpg'))).toEqual({ quality: 'default', format: 'jpg' })
    expect(value(parseQualityFormat('gray.webp'))).toEqual({ quality: 'gray', format: 'webp' })
    expect(value(parseQualityFormat('color.png'))).toEqual({ quality: 'color', format: 'png' })
    expect(parseQualityFormat('bitonal.jpg')).toMatchObject({ field: 'quality', reason: 'iiifQuality' })
    expect(parseQualityFormat('default.gif')).toMatchObject({ field: 'format', reason: 'iiifFormat' })
    expect(parseQualityFormat('default')).toMatchObject({ field: 'format', reason: 'iiifFormat' })
    expect(parseQualityFormat('.jpg')).toMatchObject({ field: 'format', reason: 'iiifFormat' })
  })
})

describe('a whole request', () => {
  it('names the first segment at fault', () => {
    const seg = { region: 'full', size: 'max', rotation: '0', qualityFormat: 'default.jpg' }
    expect(parseImageRequest({ ...seg, region: 'x' }, { width: W, height: H })).toMatchObject({
      field: 'region',
    })
    expect(parseImageRequest({ ...seg, size: '0,' }, { width: W, height: H })).toMatchObject({
      field: 'size',
    })
    expect(parseImageRequest({ ...seg, rotation: '45' }, { width: W, height: H })).toMatchObject({
      field: 'rotation',
    })
    expect(
      parseImageRequest({ ...seg, qualityFormat: 'default.tif' }, { width: W, height: H }),
    ).toMatchObject({
      field: 'format',
    })
  })

  it('gives the same canonical form to requests for the same pixels', () => {
    const a = value(
      parseImageRequest(
        { region: 'pct:0,0,50,50', size: '250,', rotation: '!90', qualityFormat: 'gray.png' },
        { width: W, height: H },
      ),
    )
    const b = value(
      parseImageRequest(
        { region: '0,0,500,300', size: '!250,250', rotation: '!90', qualityFormat: 'gray.png' },
        { width: W, height: H },
      ),
    )
    expect(canonicalPath(a)).toBe('0,0,500,300/250,150/!90/gray.png')
    expect(canonicalPath(b)).toBe(canonicalPath(a))
  })
})

describe('info.json', () => {
  it('announces the pyramid, the sizes and the limits', () => {
    expect(scaleFactors(1000, 600)).toEqual([1, 2])
    expect(scaleFactors(512, 512)).toEqual([1])
    expect(scaleFactors(5000, 300)).toEqual([1, 2, 4, 8, 16])
    const info = imageInfo('https://example.org/api/iiif/3/x', 1000, 600)
    expect(info).toMatchObject({
      '@context': 'http://iiif.io/api/image/3/context.json',
      id: 'https://example.org/api/iiif/3/x',
      type: 'ImageService3',
      protocol: 'http://iiif.io/api/image',
      profile: 'level2',
      width: 1000,
      height: 600,
      tiles: [{ width: 512, scaleFactors: [1, 2] }],
      sizes: [
        { width: 500, height: 300 },
        { width: 1000, height: 600 },
      ],
    })
    // An image larger than the limits lists only the sizes it may be asked for.
    expect(imageInfo('x', 10_000, 8000).sizes.every((s) => s.width <= 4096 && s.height <= 4096)).toBe(true)
  })
})
