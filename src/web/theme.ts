// The Mantine theme: a restrained ink-blue palette with a bronze accent (an art office, not a dashboard
// toy), system fonts with the Chinese faces each platform ships, and the scale that root-font.ts adjusts.
// Held to WCAG 2.1 AA: dimmed text dark enough to read on the page's greys, pagination arrows named.
import { msg } from '@lingui/core/macro'
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineTheme,
  type PaginationProps,
} from '@mantine/core'
import { i18n } from './i18n/i18n'

const ink: MantineColorsTuple = [
  '#eef3fb',
  '#dce4f2',
  '#b5c6e3',
  '#8ca6d4',
  '#6a8bc7',
  '#5479bf',
  '#4870bc',
  '#3a5fa6',
  '#315495',
  '#2a4273',
]
const bronze: MantineColorsTuple = [
  '#fbf5ec',
  '#f2e7d6',
  '#e5cdaa',
  '#d8b27a',
  '#cd9b52',
  '#c78d39',
  '#c4862b',
  '#ad731f',
  '#9a6618',
  '#86570f',
]

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', Roboto, 'Helvetica Neue', Arial, sans-serif"

export const theme = createTheme({
  primaryColor: 'ink',
  primaryShade: 7,
  colors: { ink, bronze },
  fontFamily: FONT,
  headings: { fontFamily: FONT, fontWeight: '600' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  // Someone whose system asks for less motion gets dialogs, menus and drawers without their transitions.
  respectReducedMotion: true,
  // The starting value before root-font.ts measures the window (100 px root at the 1440 design width).
  scale: 0.16,
  components: {
    // A badge says a word, a name or a title as it is written: never upper-cased (Mantine's default would
    // turn "Claimed by Lin Mei" into "CLAIMED BY LIN MEI").
    Badge: { defaultProps: { tt: 'none' } },
    // The arrows of every pager say where they go (read at render, so in the language shown). A plain
    // object, not Pagination.extend(…): the theme is in the first download, the pager is not.
    Pagination: {
      defaultProps: {
        getControlProps: (control: Parameters<NonNullable<PaginationProps['getControlProps']>>[0]) => ({
          'aria-label': i18n._(
            {
              first: msg`First page`,
              previous: msg`Previous page`,
              next: msg`Next page`,
              last: msg`Last page`,
            }[control],
          ),
        }),
      } satisfies Partial<PaginationProps>,
    },
  },
})

/** WCAG's contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/** AA for normal text (badges and buttons use small text). */
const AA = 4.5

/** `color`, darkened just enough to read on every one of `backgrounds`. */
export function readableOn(color: string, backgrounds: string[]): string {
  let c = color
  for (let i = 0; i < 20 && backgrounds.some((b) => contrast(c, b) < AA); i++)
    c = darken(color, 0.05 * (i + 1))
  return c
}

/**
 * Mantine's dimmed text is gray 6 (#868e96): 3.3:1 on white, 3.2:1 on the page's grey. This one reads at
 * 5.8:1 and 5.5:1 (AA asks 4.5:1) and still sits clearly below the body text.
 */
export const DIMMED = '#5f666d'

/**
 * Per colour, the variables Mantine's variants read, moved to where their text passes AA: a filled
 * background dark enough for white text (teal 7 is 3.1:1, yellow 7 2.1:1), outline and coloured text
 * readable on white and on the page's grey, light badges' text readable on their tint and its hover.
 */
export function readableColorVariables(theme: MantineTheme): Record<string, string> {
  const white = theme.white
  const page = theme.colors.gray[0]
  const out: Record<string, string> = { '--mantine-color-dimmed': DIMMED }
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray') continue
    const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light
    const filled = shades.slice(shade).find((c) => contrast(white, c) >= AA) ?? readableOn(shades[9], [white])
    const hover =
      shades.slice(shade).find((c) => contrast(white, c) >= AA && c !== filled) ?? darken(filled, 0.1)
    const onPage = readableOn(filled, [white, page])
    out[`--mantine-color-${name}-filled`] = filled
    out[`--mantine-color-${name}-filled-hover`] = hover
    out[`--mantine-color-${name}-outline`] = onPage
    out[`--mantine-color-${name}-text`] = onPage
    out[`--mantine-color-${name}-light-color`] = readableOn(shades[9], [shades[1], shades[2]])
  }
  out['--mantine-color-error'] = out['--mantine-color-red-text']
  out['--mantine-color-anchor'] = out[`--mantine-color-${theme.primaryColor}-text`]
  return out
}

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: readableColorVariables(theme),
  dark: {},
})
