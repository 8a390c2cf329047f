// What SAVE accepts: a draft is a form still being filled, so every field (and every field of a row in a
// list) may be left out, empty ('') or null, and formats (money, dates, ids) are checked only at SUBMIT.
// But a draft keeps the form's shape and limits (issue 11, finding 7): no field the form does not have,
// a string no longer than the field allows, a list no longer than it allows, a number where a number goes.
import { z } from 'zod'

/** A text field with no length limit of its own still has one in a draft. */
export const DRAFT_TEXT_MAX = 10_000
/** A list with no limit of its own. */
export const DRAFT_LIST_MAX = 1_000
/** A field of a kind the draft cannot follow (records, custom values): its JSON is at most this long. */
export const DRAFT_OTHER_MAX_JSON = 20_000

type Def = {
  type: string
  checks?: { _zod: { def: { check?: string; maximum?: number } } }[]
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  element?: z.ZodType
  shape?: Record<string, z.ZodType>
  left?: z.ZodType
  right?: z.ZodType
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def
}

function maxLengthOf(schema: z.ZodType): number | undefined {
  let max: number | undefined
  for (const check of defOf(schema).checks ?? []) {
    const d = check._zod.def
    if (d.check === 'max_length' && typeof d.maximum === 'number') max = Math.min(max ?? d.maximum, d.maximum)
  }
  return max
}

/** Leave out, '' or null: how a form says "not filled yet". */
const empty = z.union([z.literal(''), z.null()])

/** Wrappers and pipes around the schema that says what a value is. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema
  for (let i = 0; i < 20; i++) {
    const def = defOf(current)
    if (
      ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)
    ) {
      current = def.innerType as z.ZodType
    } else if (def.type === 'pipe') {
      // A transform's input is what the client sends.
      current =
        defOf(def.in as z.ZodType).type === 'transform' ? (def.out as z.ZodType) : (def.in as z.ZodType)
    } else return current
  }
  return current
}

/** The draft of one value: same kind and limits, nothing required, formats left for SUBMIT. */
function draftValue(source: z.ZodType): z.ZodType {
  const schema = unwrap(source)
  const def = defOf(schema)
  switch (def.type) {
    case 'string':
      return z
        .string()
        .max(maxLengthOf(schema) ?? DRAFT_TEXT_MAX)
        .nullable()
    case 'number':
    case 'int':
    case 'bigint':
      return z.union([z.number(), empty])
    case 'boolean':
      return z.boolean().nullable()
    case 'enum':
    case 'literal':
      return z.union([schema, empty])
    case 'array':
      return z
        .array(draftValue(def.element as z.ZodType))
        .max(maxLengthOf(schema) ?? DRAFT_LIST_MAX)
        .nullable()
    case 'object':
    case 'union':
    case 'intersection':
      // nullable, not a union: a nested field's own error keeps its path and its words
      return draftObject(schema).nullable()
    default:
      return z.unknown().refine((v) => v === undefined || JSON.stringify(v).length <= DRAFT_OTHER_MAX_JSON, {
        message: 'invalidValue',
      })
  }
}

/** Every field a form (an object, a union or intersection of objects) names, with each one's schemas. */
function fieldsOf(schema: z.ZodType, into = new Map<string, z.ZodType[]>()): Map<string, z.ZodType[]> {
  const inner = unwrap(schema)
  const def = defOf(inner)
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape ?? {}))
      into.set(key, [...(into.get(key) ?? []), field])
  } else if (def.type === 'union') {
    for (const option of def.options ?? []) fieldsOf(option, into)
  } else if (def.type === 'intersection') {
    fieldsOf(def.left as z.ZodType, into)
    fieldsOf(def.right as z.ZodType, into)
  }
  return into
}

function draftObject(schema: z.ZodType): z.ZodType {
  const fields = fieldsOf(schema)
  return z.strictObject(
    Object.fromEntries(
      [...fields].map(([key, schemas]) => {
        const drafts = schemas.map(draftValue)
        const draft =
          drafts.length === 1 ? drafts[0] : z.union(drafts as [z.ZodType, z.ZodType, ...z.ZodType[]])
        return [key, draft.optional()]
      }),
    ),
  )
}

const cache = new WeakMap<z.ZodType, z.ZodType>()

/** The draft schema of a step's form schema (an object, a union of objects, or those refined). */
export function draftOf(schema: z.ZodType): z.ZodType {
  let draft = cache.get(schema)
  if (!draft) {
    if (fieldsOf(schema).size === 0) throw new Error('draftOf: the step schema names no fields')
    draft = draftObject(schema)
    cache.set(schema, draft)
  }
  return draft
}
