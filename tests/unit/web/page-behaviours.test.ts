// @vitest-environment happy-dom
// Page-wide behaviours of docs/architecture.md § Page-wide behaviours and § Formats: the root font size, blocked shortcuts outside development, broken
// images falling back to the pictures shipped with the app.
import { afterEach, describe, expect, it } from 'vitest'
import {
  devtoolsBlockingEnabled,
  installDevtoolsGuard,
  isBlockedShortcut,
} from '../../../src/web/shell/devtools-guard'
import { FALLBACK_IMAGES, installImageFallback } from '../../../src/web/shell/image-fallback'
import { applyRootFont, mantineScale, rootFontSize } from '../../../src/web/shell/root-font'

const cleanups: (() => void)[] = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.()
  document.body.innerHTML = ''
})

describe('root font size', () => {
  it('is width / 14.4 up to 1440, 100 px above, a mobile ratio at 991 and below', () => {
    expect(rootFontSize(1440)).toBe(100)
    expect(rootFontSize(1200)).toBeCloseTo(83.333, 3)
    expect(rootFontSize(992)).toBeCloseTo(68.889, 3)
    expect(rootFontSize(2560)).toBe(100)
    expect(rootFontSize(1441)).toBe(100)
    expect(rootFontSize(991)).toBeCloseTo(132.133, 3)
    expect(rootFontSize(375)).toBe(50)
  })
  it('keeps Mantine at its own sizes through --mantine-scale', () => {
    const size = applyRootFont(document.documentElement, 1200)
    expect(document.documentElement.style.fontSize).toBe(`${size}px`)
    expect(Number(document.documentElement.style.getPropertyValue('--mantine-scale')) * size).toBeCloseTo(
      16,
      6,
    )
    expect(mantineScale(100)).toBe(0.16)
  })
})

describe('blocked shortcuts', () => {
  it('are blocked in production builds unless turned off at build time', () => {
    expect(devtoolsBlockingEnabled({ PROD: true })).toBe(true)
    expect(devtoolsBlockingEnabled({ PROD: true, VITE_BLOCK_DEVTOOLS: '1' })).toBe(true)
    expect(devtoolsBlockingEnabled({ PROD: true, VITE_BLOCK_DEVTOOLS: '0' })).toBe(false)
    expect(devtoolsBlockingEnabled({ PROD: false })).toBe(false)
  })
  it('are F12, Ctrl+S, Ctrl+U and Ctrl+Shift+I (Cmd on a Mac)', () => {
    const k = (key: string, mods: Partial<KeyboardEvent> = {}) =>
      isBlockedShortcut({ key, ctrlKey: false, metaKey: false, shiftKey: false, ...mods })
    expect(k('F12')).toBe(true)
    expect(k('s', { ctrlKey: true })).toBe(true)
    expect(k('S', { metaKey: true })).toBe(true)
    expect(k('u', { ctrlKey: true })).toBe(true)
    expect(k('I', { ctrlKey: true, shiftKey: true })).toBe(true)
    expect(k('s')).toBe(false)
    expect(k('c', { ctrlKey: true })).toBe(false)
    expect(k('v', { ctrlKey: true })).toBe(false)
    expect(k('i', { ctrlKey: true })).toBe(false)
    expect(k('S', { ctrlKey: true, shiftKey: true })).toBe(false)
  })
  it('have their default prevented once the guard is installed', () => {
    cleanups.push(installDevtoolsGuard(window))
    const key = new KeyboardEvent('keydown', { key: 'F12', bubbles: true, cancelable: true })
    document.body.dispatchEvent(key)
    expect(key.defaultPrevented).toBe(true)
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true })
    document.body.dispatchEvent(menu)
    expect(menu.defaultPrevented).toBe(true)
    const typing = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true })
    document.body.dispatchEvent(typing)
    expect(typing.defaultPrevented).toBe(false)
  })
})

describe('image fallback', () => {
  function brokenImage(fallback?: string, src = '/missing.jpg'): HTMLImageElement {
    const img = document.createElement('img')
    if (fallback) img.dataset.fallback = fallback
    img.setAttribute('src', src)
    document.body.appendChild(img)
    img.dispatchEvent(new Event('error'))
    return img
  }

  it('picks the default artwork, avatar or auction image', () => {
    cleanups.push(installImageFallback(document))
    expect(brokenImage().getAttribute('src')).toBe(FALLBACK_IMAGES.artwork)
    expect(brokenImage('avatar').getAttribute('src')).toBe(FALLBACK_IMAGES.avatar)
    expect(brokenImage('auction').getAttribute('src')).toBe(FALLBACK_IMAGES.auction)
    expect(brokenImage('nonsense').getAttribute('src')).toBe(FALLBACK_IMAGES.artwork)
  })

  it('leaves images marked none alone and never loops on a broken fallback', () => {
    cleanups.push(installImageFallback(document))
    expect(brokenImage('none').getAttribute('src')).toBe('/missing.jpg')
    const img = brokenImage('avatar')
    img.dispatchEvent(new Event('error'))
    expect(img.getAttribute('src')).toBe(FALLBACK_IMAGES.avatar)
    expect(img.dataset.fallbackApplied).toBe('1')
  })
})
