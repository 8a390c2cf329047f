// What SAVE accepts: a draft is a form still being filled, so every field (and every field of a row in a
// list) may be left out, empty ('') or null, and formats (money, dates, ids) are checked only at SUBMIT.
// But a draft keeps the form's shape and limits: no field the form does not have,
// a string no longer than the field allows, a list no longer than it allows, a number where a number goes.
import { z } from 'zod'
import { defOf, fieldsOf, maxLengthOf, unwrapWith } from '../zod-walk'

/** A text field with no length limit of its own still has one in a draft. */
export const DRAFT_TEXT_MAX = 10_000
/** A list with no limit of its own. */
export const DRAFT_LIST_MAX = 1_000
/** A field of a kind the draft cannot follow (records, custom values): its JSON is at most this long. */
export const DRAFT_OTHER_MAX_JSON = 20_000

/** Leave out, '' or null: how a form says "not filled yet". */
const empty = z.union([z.literal(''), z.null()])

// Through wrappers and pipes to the schema that says what a value is (a transform's input is what the
// client sends).
const unwrap = (schema: z.ZodType): z.ZodType =>
  unwrapWith(schema, (pipe) =>
    defOf(pipe.in as z.ZodType).type === 'transform' ? (pipe.out as z.ZodType) : (pipe.in as z.ZodType),
  ).inner

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
const formFields = (schema: z.ZodType) => fieldsOf(schema, unwrap)

function draftObject(schema: z.ZodType): z.ZodType {
  const fields = formFields(schema)
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
    if (formFields(schema).size === 0) throw new Error('draftOf: the step schema names no fields')
    draft = draftObject(schema)
    cache.set(schema, draft)
  }
  return draft
}
