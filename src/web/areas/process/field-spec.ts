// A step's form described as data: its fields (kind, label, where the choices come from), in sections. The
// rules are the step's zod schema's: a field's length limit, required mark and the values of a fixed choice
// are read from it (schema-rules.ts, `resolveSpec`) unless the field states them itself (a field shown only
// for some values is required when shown, which the schema says in a refinement). One renderer draws every
// form from this (StepFields), one draws the read-only record (StepRecord), and values become the payload
// the shared schema checks (toPayload). A form is therefore a short list per step key, and a new process
// type adds its lists and nothing else.
import type { MessageDescriptor } from '@lingui/core'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import type { ProcessContext } from '../../../../machines/types'
import type { DictCode, VendorKind, VendorOption } from '../../../shared/contracts/reference'
import type { UploadPurpose } from '../../../shared/file-types'
import type { FormApi } from '../../forms/use-form'
import { schemaRules } from './schema-rules'

export type Values = Record<string, unknown>

interface Base {
  /** The payload key (a dotted path for nested values). */
  path: string
  label: MessageDescriptor
  description?: MessageDescriptor
  /** The required mark; read from the schema when absent (a key that cannot be left out, a list of at least one). */
  required?: boolean
  /** Columns of 12 the field takes (default 6). */
  span?: number
  /** Shown (and sent) only when this holds for the current values. */
  when?: (values: Values) => boolean
}

export type FieldSpec = Base &
  /** `max`: the length limit, read from the schema when absent. */
  (
    | { kind: 'text'; max?: number }
    | { kind: 'textarea'; max?: number }
    | { kind: 'money' }
    /** `max`: the largest count, read from the schema when absent. */
    | { kind: 'count'; max?: number }
    /** `upToToday`: a day that has happened (a report), no day after the office's today offered. */
    | { kind: 'date'; upToToday?: boolean }
    /** `only`: the dictionary's values offered, when the step takes some of them (the schema checks it too). */
    | { kind: 'dict'; dict: DictCode; only?: readonly string[] }
    | { kind: 'tree'; dict: DictCode }
    | { kind: 'country' }
    | { kind: 'room' }
    /** A family company (enterprise); the value is its name. */
    | { kind: 'enterprise' }
    /**
     * A vendor's name, typed or chosen; `idPath` gets the chosen vendor's id; `vendorKind`: only vendors of
     * that kind are offered (shippers for a transport, insurers for insurance).
     */
    | { kind: 'vendor'; max?: number; idPath?: string; vendorKind?: VendorKind }
    | { kind: 'files'; purpose: Exclude<UploadPurpose, 'video'> }
    | { kind: 'boolean' }
    /**
     * A fixed choice: the values of the schema's enum, each worded by `labels`; or `options` where the
     * schema takes any text (a list kept by the form until a dictionary holds it).
     */
    | {
        kind: 'choice'
        options?: ChoiceOption[]
        labels?: Record<string, MessageDescriptor>
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

/** The reference records a form's defaults may read (loaded before an untouched form is drawn). */
export interface DefaultRefs {
  vendors: readonly VendorOption[]
  /** The context of the process this one follows (`previousProcessId`: the cover a renewal renews). */
  previous?: ProcessContext
}

export interface ChoiceOption {
  value: string
  label: MessageDescriptor
}

export interface Section {
  title?: MessageDescriptor
  fields: FieldSpec[]
}

export interface StepFormSpec {
  sections: Section[]
  /** A line above the form (the contract amount a payment may not exceed). */
  intro?: (props: { context: ProcessContext | undefined; values: Values }) => ReactNode
  /**
   * What an untouched form starts with, taken from earlier steps (the contract's amount for its payment)
   * and the records they name (`refs`: the vendor chosen as insurer, for its bank details).
   */
  defaults?: (context: ProcessContext | undefined, refs?: DefaultRefs) => Values
  /** The records `defaults` reads beyond the context (the form waits for them when untouched). */
  defaultsRead?: readonly (keyof DefaultRefs)[]
  /**
   * Required keys of the schema that no field of this form fills, with where they come from instead (a
   * part that sets two keys at once, a value the screen adds). The forms test holds every other required
   * key to a field.
   */
  filledElsewhere?: Record<string, string>
}

export function fieldsOf(spec: StepFormSpec): FieldSpec[] {
  return spec.sections.flatMap((s) => s.fields)
}

/** A choice's options: the form's own list, or the schema's values worded by the field's labels. */
export function choiceOptions(field: FieldSpec & { kind: 'choice' }): ChoiceOption[] {
  if (field.options) return field.options
  return Object.entries(field.labels ?? {}).map(([value, label]) => ({ value, label }))
}

const resolved = new WeakMap<StepFormSpec, WeakMap<z.ZodType, StepFormSpec>>()

/**
 * The form with the schema's rules filled in where its fields do not state them: limits, required marks,
 * and a choice's values in the schema's order. Done once per form and schema.
 */
export function resolveSpec(spec: StepFormSpec, schema: z.ZodType | undefined): StepFormSpec {
  if (!schema) return spec
  let bySchema = resolved.get(spec)
  const known = bySchema?.get(schema)
  if (known) return known
  const rules = schemaRules(schema)
  const fill = (field: FieldSpec): FieldSpec => {
    const rule = rules.get(field.path)
    if (!rule) return field
    const required = field.required ?? rule.required
    switch (field.kind) {
      case 'text':
      case 'textarea':
      case 'vendor':
        return { ...field, required, max: field.max ?? rule.maxLength }
      case 'count':
        return { ...field, required, max: field.max ?? rule.maximum }
      case 'choice': {
        if (field.options || !rule.values) return { ...field, required }
        const labels = field.labels ?? {}
        return {
          ...field,
          required,
          options: rule.values.map((value) => ({
            value,
            label: labels[value] ?? { id: value, message: value },
          })),
        }
      }
      default:
        return { ...field, required }
    }
  }
  const out: StepFormSpec = {
    ...spec,
    sections: spec.sections.map((section) => ({ ...section, fields: section.fields.map(fill) })),
  }
  if (!bySchema) {
    bySchema = new WeakMap()
    resolved.set(spec, bySchema)
  }
  bySchema.set(schema, out)
  return out
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
