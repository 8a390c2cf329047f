// The scan parser of the counting form: a label's QR code back to its artwork, an inventory number typed or
// scanned, and anything else kept as text for the "unexpected" list.
import { describe, expect, it } from 'vitest'
import { labelCodeOf } from '../../../src/shared/label-code'
import { inventoryKey, parseScanCode, scanKey } from '../../../src/web/areas/labels/scan-code'

const ID = '0b8d7f0e-4a5b-4c3d-9e8f-0123456789ab'

describe('parseScanCode', () => {
  it('reads a printed label back to its artwork, whatever the host it was printed with', () => {
    expect(parseScanCode(labelCodeOf('https://vitrine.example.com', ID))).toMatchObject({
      kind: 'artwork',
      id: ID,
    })
    expect(parseScanCode(labelCodeOf('http://localhost:8080', ID))).toMatchObject({ kind: 'artwork', id: ID })
    expect(
      parseScanCode(`https://office.example/vitrine/artworkArchive/detail/?tab=media&id=${ID}`),
    ).toMatchObject({
      kind: 'artwork',
      id: ID,
    })
  })

  it('survives what scanners add: Caps Lock, a trailing newline or tab, control characters', () => {
    const upper = labelCodeOf('HTTP://LOCALHOST:8080', ID).toUpperCase()
    expect(parseScanCode(upper)).toMatchObject({ kind: 'artwork', id: ID })
    expect(parseScanCode(`\u0002${labelCodeOf('http://x', ID)}\r\n`)).toMatchObject({
      kind: 'artwork',
      id: ID,
    })
    expect(parseScanCode(`  ${ID.toUpperCase()}\t`)).toMatchObject({ kind: 'artwork', id: ID })
  })

  it('takes an inventory number typed by hand, spaces tidied', () => {
    expect(parseScanCode(' VT-2024-0001 ')).toEqual({
      kind: 'inventoryNo',
      value: 'VT-2024-0001',
      text: 'VT-2024-0001',
    })
    expect(parseScanCode('藏 2019/07')).toMatchObject({ kind: 'inventoryNo', value: '藏 2019/07' })
    expect(parseScanCode('A  12')).toMatchObject({ kind: 'inventoryNo', value: 'A 12' })
  })

  it('keeps anything else as unreadable text (never throws), and ignores an empty line', () => {
    expect(parseScanCode('')).toBeNull()
    expect(parseScanCode(' \r\n')).toBeNull()
    expect(parseScanCode('https://example.com/somewhere?id=1')).toEqual({
      kind: 'unreadable',
      text: 'https://example.com/somewhere?id=1',
    })
    expect(parseScanCode(`http://x/artworkArchive/detail?id=not-an-id`)).toMatchObject({ kind: 'unreadable' })
    expect(parseScanCode('<script>')).toEqual({ kind: 'unreadable', text: '<script>' })
    const long = parseScanCode(`#${'x'.repeat(500)}`)
    expect(long?.kind).toBe('unreadable')
    expect(long?.text.length).toBeLessThanOrEqual(201)
  })
})

describe('scanKey', () => {
  it('gives a repeated scan the same key, however it was typed', () => {
    const a = parseScanCode(labelCodeOf('http://a', ID))!
    const b = parseScanCode(labelCodeOf('https://b', ID).toUpperCase())!
    expect(scanKey(a)).toBe(scanKey(b))
    expect(scanKey(parseScanCode('vt-2024-0001')!)).toBe(scanKey(parseScanCode('VT-2024-0001 ')!))
    expect(scanKey(parseScanCode('VT-2024-0001')!)).not.toBe(scanKey(a))
    expect(inventoryKey(' vt  1 ')).toBe('VT 1')
  })
})
