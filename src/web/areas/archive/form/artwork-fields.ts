// The artwork form's plain fields described as data, as the process steps' forms are (field-spec.ts there):
// each field's kind, label, limit (the shared rules' ARTWORK_LIMITS) and where its choices come from, in
// the rows the form draws them in. One renderer draws every one of them (ArtworkFields.tsx); the parts
// that are more than a field (the artist, dimensions, signature, whereabouts, records lists, media) are
// components of their own.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ARTWORK_LIMITS } from '../../../../shared/artwork-rules'
import type { ArchiveDict, ArchiveTagParent } from '../reference-data'
import type { ArtworkFormValues } from './form-values'

const L = ARTWORK_LIMITS

/** The values held as text. */
export type TextPath = {
  [K in keyof ArtworkFormValues]-?: ArtworkFormValues[K] extends string | undefined ? K : never
}[keyof ArtworkFormValues]
/** The values holding one tag (its id). */
export type TagPath = 'mediumTagId' | 'periodTagId' | 'investMarketTagId' | 'incomeStageTagId'

interface Base {
  label: MessageDescriptor
  required?: boolean
}

export type ArtworkField = Base &
  (
    | { kind: 'text'; path: TextPath; max: number }
    | { kind: 'textarea'; path: TextPath; max: number }
    /** Digits only, at most `max` of them. */
    | { kind: 'digits'; path: TextPath; max: number; placeholder?: string }
    /** A decimal number (digits and one point), kept to what the record takes as it is typed. */
    | { kind: 'decimal'; path: TextPath }
    /** One tag under `parent`. */
    | { kind: 'tag'; path: TagPath; parent: ArchiveTagParent }
    /** Several tags under `parent`, at most `max`. */
    | { kind: 'tags'; path: 'labelTagIds'; parent: ArchiveTagParent; max: number }
    /** A value of dictionary `dict`. */
    | { kind: 'dict'; path: TextPath; dict: ArchiveDict }
    /** One of a fixed list of values, each shown as its label (or as itself). */
    | { kind: 'choice'; path: TextPath; options: { value: string; label?: MessageDescriptor }[] }
  )

/** Fields side by side: one column on a phone, `sm` (and `md`) beside each other on wider screens. */
export interface FieldRow {
  cols: { base: number; sm: number; md?: number }
  fields: ArtworkField[]
}

const pair = (cols: FieldRow['cols'], ...fields: ArtworkField[]): FieldRow => ({ cols, fields })
const TWO = { base: 1, sm: 2 }

/** The work: its number, time and titles (above the artist). */
export const WORK_ROWS: FieldRow[] = [
  pair(
    TWO,
    { kind: 'text', path: 'inventoryNo', label: msg`Inventory number`, max: L.inventoryNo, required: true },
    { kind: 'text', path: 'creationTime', label: msg`Time created`, max: L.creationTime },
    { kind: 'text', path: 'titleZh', label: msg`Title in Chinese`, max: L.title },
    { kind: 'text', path: 'titleEn', label: msg`Title in English`, max: L.title },
  ),
]

/** The work's materials (below the artist). */
export const MATERIALS_ROWS: FieldRow[] = [
  pair(
    TWO,
    { kind: 'text', path: 'materialsZh', label: msg`Materials in Chinese`, max: L.materials },
    { kind: 'text', path: 'materialsEn', label: msg`Materials in English`, max: L.materials },
  ),
]

export const CLASSIFICATION_ROWS: FieldRow[] = [
  pair(
    TWO,
    { kind: 'tag', path: 'periodTagId', label: msg`Period of creation`, parent: 'PERIOD', required: true },
    { kind: 'tag', path: 'mediumTagId', label: msg`Creation medium`, parent: 'CREATION_MEDIUM' },
    { kind: 'tag', path: 'investMarketTagId', label: msg`Invest market`, parent: 'INVEST_MARKET' },
    { kind: 'tag', path: 'incomeStageTagId', label: msg`Income stage`, parent: 'INCOME_STAGE' },
  ),
  pair(
    { base: 1, sm: 1 },
    { kind: 'tags', path: 'labelTagIds', label: msg`Labels`, parent: 'ARTWORK_LABEL', max: L.labels },
  ),
]

export const ACQUISITION_ROWS: FieldRow[] = [
  pair(
    TWO,
    { kind: 'text', path: 'sourceZh', label: msg`Source in Chinese`, max: L.source },
    { kind: 'text', path: 'sourceEn', label: msg`Source in English`, max: L.source },
  ),
  pair(
    { base: 1, sm: 2, md: 4 },
    { kind: 'digits', path: 'buyYear', label: msg`Buy year`, max: 4, placeholder: 'yyyy' },
    { kind: 'dict', path: 'packagingType', label: msg`Packaging`, dict: 'PACKAGING_TYPE' },
    { kind: 'decimal', path: 'volumeWeight', label: msg`Volume weight (kg)` },
    { kind: 'decimal', path: 'actualWeight', label: msg`Actual weight (kg)` },
  ),
  pair(
    TWO,
    { kind: 'textarea', path: 'remarkZh', label: msg`Remarks in Chinese`, max: L.remark },
    { kind: 'textarea', path: 'remarkEn', label: msg`Remarks in English`, max: L.remark },
  ),
]

/** Emergency planning: the order in which the work is saved from its room, and how it is handled. */
export const EMERGENCY_ROWS: FieldRow[] = [
  pair(
    { base: 1, sm: 2 },
    {
      kind: 'choice',
      path: 'salvagePriority',
      label: msg`Salvage priority`,
      options: [
        { value: '1', label: msg`1 — saved first` },
        { value: '2' },
        { value: '3' },
        { value: '4' },
        { value: '5', label: msg`5 — saved last` },
      ],
    },
  ),
  pair(
    TWO,
    {
      kind: 'textarea',
      path: 'handlingNotesZh',
      label: msg`Handling notes in Chinese`,
      max: L.handlingNotes,
    },
    {
      kind: 'textarea',
      path: 'handlingNotesEn',
      label: msg`Handling notes in English`,
      max: L.handlingNotes,
    },
  ),
]

/** Where a new artwork is, outside a room or at a place in one. */
export const locationField = (inWarehouse: boolean): ArtworkField => ({
  kind: 'text',
  path: 'locationText',
  label: inWarehouse ? msg`Place in the room` : msg`Where it is`,
  max: L.location,
})
/** An edited artwork's place in its room. */
export const positionField: ArtworkField = {
  kind: 'text',
  path: 'position',
  label: msg`Place in the room`,
  max: L.location,
}
