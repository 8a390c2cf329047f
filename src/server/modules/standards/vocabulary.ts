// The Getty AAT terms both exports classify with (Linked Art's published patterns use them; LIDO's
// conceptID elements carry the same URIs), and the artwork's sizes read as height, width and depth.
import type { Dimension, DimensionKind, Dimensions, DimensionUnit } from '../../../shared/artwork-rules'
import { DIMENSION_KINDS } from '../../../shared/artwork-rules'

export const AAT = 'http://vocab.getty.edu/aat/'

export const TERMS = {
  accessionNumber: { id: `${AAT}300312355`, label: 'Accession Number' },
  primaryName: { id: `${AAT}300404670`, label: 'Primary Name' },
  worksOfArt: { id: `${AAT}300133025`, label: 'Works of Art' },
  typeOfWork: { id: `${AAT}300435443`, label: 'Type of Work' },
  materialStatement: { id: `${AAT}300435429`, label: 'Material Statement' },
  briefText: { id: `${AAT}300418049`, label: 'Brief Text' },
  remarks: { id: `${AAT}300435416`, label: 'Description' },
  chinese: { id: `${AAT}300388113`, label: 'Chinese' },
  english: { id: `${AAT}300388277`, label: 'English' },
  height: { id: `${AAT}300055644`, label: 'Height' },
  width: { id: `${AAT}300055647`, label: 'Width' },
  depth: { id: `${AAT}300072633`, label: 'Depth' },
  diameter: { id: `${AAT}300055624`, label: 'Diameter' },
  artist: { id: `${AAT}300025103`, label: 'Artists' },
} as const

export const UNITS: Record<DimensionUnit, { id: string; label: string }> = {
  cm: { id: `${AAT}300379098`, label: 'centimeters' },
  mm: { id: `${AAT}300379097`, label: 'millimeters' },
  m: { id: `${AAT}300379099`, label: 'meters' },
  in: { id: `${AAT}300379100`, label: 'inches' },
}

/** What each measured part of the artwork is called, in both languages. */
export const PART_NAMES: Record<DimensionKind, { zh: string; en: string }> = {
  core: { zh: '画芯', en: 'core' },
  picture: { zh: '画面', en: 'picture' },
  frame: { zh: '画框', en: 'frame' },
  other: { zh: '其他', en: 'other' },
}

export type Axis = 'height' | 'width' | 'depth' | 'diameter'

export interface Measure {
  part: DimensionKind
  axis: Axis
  value: string
  unit: DimensionUnit
}

/**
 * The sizes as single measurements: the record keeps height × width × depth (1 to 3 values); a single value
 * is a diameter or a single extent, given here as a diameter.
 */
export function measuresOf(dims: Dimensions | null | undefined): Measure[] {
  const out: Measure[] = []
  for (const part of DIMENSION_KINDS) {
    const d: Dimension | undefined = dims?.[part]
    if (!d || d.values.length === 0) continue
    const axes: Axis[] = d.values.length === 1 ? ['diameter'] : ['height', 'width', 'depth']
    d.values.forEach((value, k) => {
      out.push({ part, axis: axes[k], value, unit: d.unit })
    })
  }
  return out
}

/** The years a creation time names: its earliest and latest four-digit year ("约1920年" → 1920 to 1920). */
export function yearsOf(creationTime: string): { begin: number; end: number } | null {
  const years = [...creationTime.matchAll(/(\d{4})/g)].map((m) => Number(m[1]))
  if (years.length === 0) return null
  return { begin: Math.min(...years), end: Math.max(...years) }
}
