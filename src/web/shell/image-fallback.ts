// docs/architecture.md § Page-wide behaviours: a broken image falls back to the default avatar, artwork image or auction image shipped with the
// app (public/images). One listener for the whole document, so every <img> is covered, Mantine's included:
// `data-fallback="avatar" | "artwork" | "auction" | "none"` picks the picture (artwork when absent).
export const FALLBACK_IMAGES = {
  avatar: '/images/default-avatar.svg',
  artwork: '/images/default-artwork.svg',
  auction: '/images/default-auction.svg',
} as const
export type FallbackKind = keyof typeof FALLBACK_IMAGES

export function fallbackFor(img: HTMLImageElement): string | null {
  const wanted = img.dataset.fallback ?? 'artwork'
  if (wanted === 'none') return null
  const kind: FallbackKind = wanted in FALLBACK_IMAGES ? (wanted as FallbackKind) : 'artwork'
  const target = FALLBACK_IMAGES[kind]
  // Never loop: a fallback that fails itself stays broken.
  if (img.dataset.fallbackApplied === '1' || img.getAttribute('src') === target) return null
  return target
}

export function installImageFallback(doc: Document = document): () => void {
  const onError = (event: Event) => {
    const img = event.target
    if (!(img instanceof HTMLImageElement)) return
    const target = fallbackFor(img)
    if (!target) return
    img.dataset.fallbackApplied = '1'
    img.removeAttribute('srcset')
    img.src = target
  }
  doc.addEventListener('error', onError, true)
  return () => doc.removeEventListener('error', onError, true)
}
