// Reading a zod 4 schema from its definition (`_zod.def`): the wrappers around the schema that says what a
// value is, the fields an object (or a union or intersection of objects) names, a text's or list's length
// limit. Shared by the draft of a step's form (process-steps/draft.ts) and the step forms' field rules
// (web/areas/process/schema-rules.ts), so both read a schema the same way.
import type { z } from 'zod'

export interface CheckDef {
  check?: string
  maximum?: number
  minimum?: number
  value?: number
  inclusive?: boolean
}

export interface Def {
  type: string
  checks?: { _zod: { def: CheckDef } }[]
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  element?: z.ZodType
  shape?: Record<string, z.ZodType>
  left?: z.ZodType
  right?: z.ZodType
  entries?: Record<string, string | number>
  values?: unknown[]
}

export function defOf(schema: z.ZodType): Def {
  return (schema as z.ZodType & { _zod: { def: Def } })._zod.def
}

export function checksOf(schema: z.ZodType): CheckDef[] {
  return (defOf(schema).checks ?? []).map((c) => c._zod.def)
}

/** The smallest `max_length` a text or list schema carries (none: undefined). */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let max: number | undefined
  for (const c of checksOf(schema))
    if (c.check === 'max_length' && typeof c.maximum === 'number') max = Math.min(max ?? c.maximum, c.maximum)
  return max
}

const WRAPPERS = ['nullable', 'readonly', 'nonoptional', 'catch']
const LEAVE_OUT = ['optional', 'default', 'prefault']

/**
 * The schema that says what a value is, through its wrappers and pipes, and whether the value may be left
 * out on the way there. `pipeSide` picks which side of a pipe describes the value.
 */
export function unwrapWith(
  schema: z.ZodType,
  pipeSide: (pipe: Def) => z.ZodType,
): { inner: z.ZodType; optional: boolean } {
  let current = schema
  let optional = false
  for (let i = 0; i < 20; i++) {
    const def = defOf(current)
    if (LEAVE_OUT.includes(def.type)) {
      optional = true
      current = def.innerType as z.ZodType
    } else if (WRAPPERS.includes(def.type)) {
      current = def.innerType as z.ZodType
    } else if (def.type === 'pipe') {
      current = pipeSide(def)
    } else break
  }
  return { inner: current, optional }
}

/** Every field an object schema (or a union or intersection of objects) names, with each one's schemas. */
export function fieldsOf(
  schema: z.ZodType,
  unwrap: (schema: z.ZodType) => z.ZodType,
  into = new Map<string, z.ZodType[]>(),
): Map<string, z.ZodType[]> {
  const def = defOf(unwrap(schema))
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape ?? {}))
      into.set(key, [...(into.get(key) ?? []), field])
  } else if (def.type === 'union') {
    for (const option of def.options ?? []) fieldsOf(option, unwrap, into)
  } else if (def.type === 'intersection') {
    fieldsOf(def.left as z.ZodType, unwrap, into)
    fieldsOf(def.right as z.ZodType, unwrap, into)
  }
  return into
}
