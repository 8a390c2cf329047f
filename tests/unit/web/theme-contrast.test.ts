// The theme's colours as text: every variant's text passes WCAG AA (4.5:1) on what it is drawn on.
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { contrast, DIMMED, readableColorVariables, readableOn, theme } from '../../../src/web/theme'

const merged = mergeMantineTheme(DEFAULT_THEME, theme)
const vars = readableColorVariables(merged)
const names = Object.keys(merged.colors).filter((n) => n !== 'dark' && n !== 'gray')

describe('theme contrast', () => {
  it('dims text to a grey readable on white and on the page', () => {
    expect(vars['--mantine-color-dimmed']).toBe(DIMMED)
    expect(contrast(DIMMED, '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(contrast(DIMMED, merged.colors.gray[0])).toBeGreaterThanOrEqual(4.5)
    // Mantine's own grey would not be.
    expect(contrast(merged.colors.gray[6], merged.colors.gray[0])).toBeLessThan(4.5)
  })

  it.each(names)('%s: filled, outline, text and light variants read at 4.5:1', (name) => {
    const c = merged.colors[name]
    const v = (k: string) => vars[`--mantine-color-${name}-${k}`]
    expect(contrast('#ffffff', v('filled'))).toBeGreaterThanOrEqual(4.5)
    expect(contrast('#ffffff', v('filled-hover'))).toBeGreaterThanOrEqual(4.5)
    expect(contrast('#ffffff', v('outline'))).toBeGreaterThanOrEqual(4.5)
    expect(contrast(merged.colors.gray[0], v('text'))).toBeGreaterThanOrEqual(4.5)
    expect(contrast(c[1], v('light-color'))).toBeGreaterThanOrEqual(4.5)
    expect(contrast(c[2], v('light-color'))).toBeGreaterThanOrEqual(4.5)
  })

  it('darkens only as far as needed', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000')
    const teal = readableOn(merged.colors.teal[6], ['#ffffff'])
    expect(contrast(teal, '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(contrast(teal, '#ffffff')).toBeLessThan(6)
  })
})
