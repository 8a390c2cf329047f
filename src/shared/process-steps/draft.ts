// What SAVE accepts: a draft is a form still being filled, so it takes any subset of the step's fields
// with any values (checked in full at SUBMIT), but no field the form does not have.
import { z } from 'zod'

function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape)
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion)
    return [...new Set((schema.options as z.ZodType[]).flatMap(keysOf))]
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType)
  if (schema instanceof z.ZodOptional) return keysOf(schema.unwrap() as z.ZodType)
  return []
}

const cache = new WeakMap<z.ZodType, z.ZodType>()

/** The draft schema of a step's form schema (an object, a union of objects, or those refined). */
export function draftOf(schema: z.ZodType): z.ZodType {
  let draft = cache.get(schema)
  if (!draft) {
    const keys = keysOf(schema)
    if (keys.length === 0) throw new Error('draftOf: the step schema names no fields')
    draft = z.strictObject(Object.fromEntries(keys.map((k) => [k, z.unknown().optional()])))
    cache.set(schema, draft)
  }
  return draft
}
