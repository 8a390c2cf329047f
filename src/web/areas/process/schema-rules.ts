// What a step's zod schema says about each of its fields, read from the schema itself (zod 4's `_zod.def`):
// whether the field may be left out, its length limit (text) or largest value (counts), the values of a
// fixed choice (z.enum). The step forms take their limits, required marks and choices from here, so a rule
// lives once, in the schema the runtime applies (src/shared/process-steps/*).
import type { z } from 'zod'
import { checksOf, defOf, fieldsOf, maxLengthOf, unwrapWith } from '../../../shared/zod-walk'

export interface FieldRule {
  /** The key cannot be left out (and a list needs at least one item). */
  required: boolean
  /** Longest text, in characters. */
  maxLength?: number
  /** Largest number. */
  maximum?: number
  /** The values a fixed choice allows. */
  values?: string[]
}

/** Schemas that say nothing of a value's shape. */
const OPAQUE = ['transform', 'custom', 'any', 'unknown']

/** The schema that says what a value is, and whether the value may be left out on the way there. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  // The side of a pipe that says what the value is: a transform's input is what the client sends, a
  // preprocess hands its result to `out`, and a form's values turned into the payload (`custom → transform
  // → step schema`) are described by the step schema.
  return unwrapWith(
    schema,
    (pipe) =>
      (OPAQUE.includes(defOf(unwrap(pipe.in as z.ZodType).inner).type) ? pipe.out : pipe.in) as z.ZodType,
  )
}

function ruleOf(schema: z.ZodType): FieldRule {
  const { inner, optional } = unwrap(schema)
  const def = defOf(inner)
  const checks = checksOf(inner)
  const rule: FieldRule = { required: !optional }
  if (def.type === 'string') {
    const max = maxLengthOf(inner)
    if (max !== undefined) rule.maxLength = max
  } else if (def.type === 'number') {
    for (const c of checks)
      if (c.check === 'less_than' && typeof c.value === 'number')
        rule.maximum = Math.min(rule.maximum ?? c.value, c.inclusive ? c.value : c.value - 1)
  } else if (def.type === 'array') {
    const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0
    rule.required = !optional && min > 0
  } else if (def.type === 'enum') {
    rule.values = Object.values(def.entries ?? {}).map(String)
  } else if (def.type === 'literal') {
    rule.values = (def.values ?? []).map(String)
  }
  return rule
}

/** Every field of an object schema (or a union or intersection of objects, refined or not), by key. */
const shapeOf = (schema: z.ZodType) => fieldsOf(schema, (s) => unwrap(s).inner)

/** One rule from the rules a key has in several options of a union: required only where all require it. */
function merge(rules: FieldRule[]): FieldRule {
  const [first, ...rest] = rules
  return rest.reduce<FieldRule>(
    (a, b) => ({
      required: a.required && b.required,
      maxLength:
        a.maxLength === undefined || b.maxLength === undefined
          ? undefined
          : Math.max(a.maxLength, b.maxLength),
      maximum:
        a.maximum === undefined || b.maximum === undefined ? undefined : Math.max(a.maximum, b.maximum),
      values: a.values && b.values ? [...new Set([...a.values, ...b.values])] : undefined,
    }),
    first,
  )
}

const cache = new WeakMap<z.ZodType, Map<string, FieldRule>>()

/**
 * The rules of every field of a step's schema, by dotted path (`conditionReport.note` for a nested object's
 * field, `details.*.note` for a field of a list's rows). A schema that names no fields gives an empty map.
 */
export function schemaRules(schema: z.ZodType): Map<string, FieldRule> {
  let rules = cache.get(schema)
  if (rules) return rules
  rules = new Map()
  const walk = (s: z.ZodType, prefix: string, parentRequired: boolean) => {
    for (const [key, schemas] of shapeOf(s)) {
      const path = `${prefix}${key}`
      const rule = merge(schemas.map(ruleOf))
      rule.required = rule.required && parentRequired
      rules?.set(path, rule)
      if (schemas.length !== 1) continue
      const inner = defOf(unwrap(schemas[0]).inner)
      if (inner.type === 'object') walk(schemas[0], `${path}.`, rule.required)
      // The fields of a list's rows, as `details.*.note` (required within their row).
      else if (
        inner.type === 'array' &&
        inner.element &&
        defOf(unwrap(inner.element).inner).type === 'object'
      )
        walk(inner.element, `${path}.*.`, true)
    }
  }
  walk(schema, '', true)
  cache.set(schema, rules)
  return rules
}
