// A step's form described as data: its fields (kind, label, limits, where the choices come from), in
// sections. One renderer draws every form from this (StepFields), one draws the read-only record
// (StepRecord), and values become the payload the shared schema checks (toPayload). A form is therefore
// a short list per step key, and a new process type adds its lists and nothing else.
import type { MessageDescriptor } from '@lingui/core'
import type { ReactNode } from 'react'
import type { DictCode } from '../../../shared/contracts/reference'
import type { UploadPurpose } from '../../../shared/file-types'
import type { FormApi } from '../../forms/use-form'

export type Values = Record<string, unknown>

interface Base {
  /** The payload key (a dotted path for nested values). */
  path: string
  label: MessageDescriptor
  description?: MessageDescriptor
  required?: boolean
  /** Columns of 12 the field takes (default 6). */
  span?: number
  /** Shown (and sent) only when this holds for the current values. */
  when?: (values: Values) => boolean
}

export type FieldSpec = Base &
  (
    | { kind: 'text'; max: number }
    | { kind: 'textarea'; max: number }
    | { kind: 'money' }
    | { kind: 'count'; max: number }
    | { kind: 'date' }
    | { kind: 'dict'; dict: DictCode }
    | { kind: 'tree'; dict: DictCode }
    | { kind: 'country' }
    | { kind: 'room' }
    /** A family company (enterprise); the value is its name. */
    | { kind: 'enterprise' }
    /** A vendor's name, typed or chosen; `idPath` gets the chosen vendor's id. */
    | { kind: 'vendor'; max: number; idPath?: string }
    | { kind: 'files'; purpose: Exclude<UploadPurpose, 'video'> }
    | { kind: 'boolean' }
    | {
        kind: 'choice'
        options: { value: string; label: MessageDescriptor }[]
        display?: 'segmented' | 'select'
      }
    /** A part drawn by the step itself (payment details). */
    | {
        kind: 'custom'
        render: (props: { form: FormApi; values: Values; readOnly: boolean }) => ReactNode
        record?: (values: Values) => ReactNode
        empty: unknown
        /** Values as the schema takes them (numbers from text, empty rows dropped). */
        toPayload?: (value: unknown) => unknown
      }
  )

export interface Section {
  title?: MessageDescriptor
  fields: FieldSpec[]
}

export interface StepFormSpec {
  sections: Section[]
  /** A line above the form (the contract amount a payment may not exceed). */
  intro?: (props: { context: unknown; values: Values }) => ReactNode
  /** What an untouched form starts with, taken from earlier steps (the contract's amount for its payment). */
  defaults?: (context: unknown) => Values
}

export function fieldsOf(spec: StepFormSpec): FieldSpec[] {
  return spec.sections.flatMap((s) => s.fields)
}

function emptyOf(field: FieldSpec): unknown {
  switch (field.kind) {
    case 'files':
      return []
    case 'boolean':
      return null
    case 'custom':
      return field.empty
    default:
      return ''
  }
}

/** The form's starting values: every field present (inputs stay controlled), then what was saved. */
export function initialValues(spec: StepFormSpec, saved: Values | undefined): Values {
  const out: Values = {}
  for (const f of fieldsOf(spec)) {
    out[f.path] = emptyOf(f)
    if (f.kind === 'vendor' && f.idPath) out[f.idPath] = ''
  }
  for (const [key, value] of Object.entries(saved ?? {})) {
    if (value === undefined || value === null) continue
    out[key] = typeof value === 'number' ? String(value) : value
  }
  return out
}

function isEmpty(value: unknown): boolean {
  return value === '' || value === null || value === undefined
}

/**
 * Values as the payload: empty fields left out (optional fields are absent, required ones fail as
 * "Required"), whole numbers as numbers, fields hidden by `when` left out, custom parts converted.
 */
export function toPayload(spec: StepFormSpec, values: Values): Values {
  const out: Values = {}
  for (const f of fieldsOf(spec)) {
    if (f.when && !f.when(values)) continue
    const value = values[f.path]
    if (f.kind === 'vendor' && f.idPath && !isEmpty(values[f.idPath])) out[f.idPath] = values[f.idPath]
    if (f.kind === 'custom') {
      const converted = f.toPayload ? f.toPayload(value) : value
      if (!isEmpty(converted)) out[f.path] = converted
      continue
    }
    if (isEmpty(value)) continue
    if (f.kind === 'count') {
      out[f.path] = countValue(value)
      continue
    }
    if (f.kind === 'files' && Array.isArray(value) && value.length === 0 && !f.required) continue
    out[f.path] = typeof value === 'string' ? value.trim() : value
  }
  return out
}

/** A count as typed: a number when it is digits, else the text (which the schema then refuses, at the field). */
function countValue(value: unknown): unknown {
  const text = String(value).trim()
  return /^\d+$/.test(text) ? Number(text) : text
}

/**
 * A draft keeps what has been typed, even incomplete (SAVE takes any subset of the form's fields); counts go
 * as numbers, as the draft schema keeps each field's kind.
 */
export function toDraft(spec: StepFormSpec, values: Values): Values {
  const out: Values = {}
  for (const f of fieldsOf(spec)) {
    const value = values[f.path]
    if (f.kind === 'vendor' && f.idPath && !isEmpty(values[f.idPath])) out[f.idPath] = values[f.idPath]
    if (isEmpty(value) || (Array.isArray(value) && value.length === 0)) continue
    out[f.path] = f.kind === 'count' ? countValue(value) : value
  }
  return out
}
