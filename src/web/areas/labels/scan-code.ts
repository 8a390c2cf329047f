// What a scan says, read without asking the server: a printed label's QR code (the artwork's page URL,
// src/shared/label-code.ts: its id), an inventory number (typed by hand, or a barcode that carries one), or
// text that is neither (shown as unexpected, with what was read). Lenient where scanners are: any host (the
// public URL may have changed since printing), letter case (a scanner on Caps Lock), stray control
// characters and whitespace.
import { LABEL_PATH } from '../../../shared/label-code'

export type ScanCode =
  | { kind: 'artwork'; id: string; text: string }
  | { kind: 'inventoryNo'; value: string; text: string }
  | { kind: 'unreadable'; text: string }

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Inventory numbers as the archive writes them: letters, digits and a few separators, at most 64. */
const INVENTORY_RE = /^[\p{L}\p{N}][\p{L}\p{N}\-_./#() ]{0,63}$/u
/** Longer than any label or inventory number: shown cut. */
const MAX_TEXT = 200

function clean(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a scanner's prefix/suffix characters
  return raw.replace(/[\u0000-\u001f\u007f]/g, '').trim()
}

function shown(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text
}

/** The artwork id of a label URL, or null when the text is a URL of something else. */
function idOfUrl(text: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  const pathname = url.pathname.replace(/\/+$/, '').toLowerCase()
  if (!pathname.endsWith(LABEL_PATH.toLowerCase())) return null
  for (const [key, value] of url.searchParams) {
    if (key.toLowerCase() === 'id' && UUID_RE.test(value)) return value.toLowerCase()
  }
  return null
}

/** A scan (or a typed line) as an artwork reference; null for nothing at all. */
export function parseScanCode(raw: string): ScanCode | null {
  const text = clean(raw)
  if (text === '') return null
  if (/^https?:\/\//i.test(text)) {
    const id = idOfUrl(text)
    return id ? { kind: 'artwork', id, text } : { kind: 'unreadable', text: shown(text) }
  }
  if (UUID_RE.test(text)) return { kind: 'artwork', id: text.toLowerCase(), text }
  const value = text.replace(/\s+/g, ' ')
  if (INVENTORY_RE.test(value)) return { kind: 'inventoryNo', value, text }
  return { kind: 'unreadable', text: shown(text) }
}

/** Inventory numbers compared as people read them: case and runs of spaces do not matter. */
export function inventoryKey(value: string): string {
  return value.replace(/\s+/g, ' ').trim().toUpperCase()
}

/** The same thing scanned twice has the same key (a label and its number typed by hand do not). */
export function scanKey(code: ScanCode): string {
  switch (code.kind) {
    case 'artwork':
      return `id:${code.id}`
    case 'inventoryNo':
      return `no:${inventoryKey(code.value)}`
    default:
      return `text:${code.text}`
  }
}
