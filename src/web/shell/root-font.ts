// docs/architecture.md § Page-wide behaviours and § Formats root font size: width / 14.4 up to 1440 px (100 px at the 1440 design width), 100 px above,
// and a mobile ratio at 991 px and below (width / 7.5: a 750-unit phone draft, 50 px on a 375 px phone; see
// docs/decisions.md). Mantine's --mantine-scale follows (16 / root size), so its components keep their
// designed pixel sizes whatever the root is; screen CSS uses rem for what should grow with the window.
export const DESIGN_WIDTH = 1440
export const NARROW_MAX_WIDTH = 991
export const DESKTOP_RATIO = 14.4
export const MOBILE_RATIO = 7.5
/** Mantine's components are drawn for a 16 px root. */
const MANTINE_BASE_PX = 16

export function rootFontSize(width: number): number {
  if (width > DESIGN_WIDTH) return 100
  if (width <= NARROW_MAX_WIDTH) return width / MOBILE_RATIO
  return width / DESKTOP_RATIO
}

export function mantineScale(fontSizePx: number): number {
  return MANTINE_BASE_PX / fontSizePx
}

export function applyRootFont(root: HTMLElement, width: number): number {
  const size = Math.round(rootFontSize(width) * 1000) / 1000
  root.style.fontSize = `${size}px`
  root.style.setProperty('--mantine-scale', String(mantineScale(size)))
  return size
}

/** Apply now and on every resize; returns a function that stops listening. */
export function installRootFont(win: Window = window): () => void {
  const update = () => applyRootFont(win.document.documentElement, win.innerWidth)
  update()
  win.addEventListener('resize', update)
  win.addEventListener('orientationchange', update)
  return () => {
    win.removeEventListener('resize', update)
    win.removeEventListener('orientationchange', update)
  }
}
