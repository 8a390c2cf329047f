// The Mantine theme: a restrained ink-blue palette with a bronze accent (an art office, not a dashboard
// toy), system fonts with the Chinese faces each platform ships, and the scale that root-font.ts adjusts.
import { createTheme, type MantineColorsTuple } from '@mantine/core'

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
  // The starting value before root-font.ts measures the window (100 px root at the 1440 design width).
  scale: 0.16,
})
