// Every registered form (STEP_FORMS and EVENT_FORMS, whatever is registered when this runs) against the zod
// schema it fills: each field names a key of the schema, each required key of the schema has a field (or
// the form says where it is filled instead), a limit, required mark or choice a form states itself agrees
// with the schema, and an empty form's refusals land at its fields, worded in both languages.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { latest } from '../../../machines/registry'
import type { ProcessDefinition } from '../../../machines/types'
import { MESSAGES } from '../../../src/shared/errors'
import { PROCESS_TYPES } from '../../../src/shared/process-types'
import { issuesToFieldErrors } from '../../../src/shared/validation'
import {
  type FieldSpec,
  fieldsOf,
  initialValues,
  resolveSpec,
  type StepFormSpec,
  toPayload,
} from '../../../src/web/areas/process/field-spec'
import { EVENT_FORMS, STEP_FORMS } from '../../../src/web/areas/process/form-registry'
import { schemaRules } from '../../../src/web/areas/process/schema-rules'

interface Case {
  name: string
  spec: StepFormSpec
  schema: z.ZodType
}

const definitions: ProcessDefinition[] = PROCESS_TYPES.map((type) => latest(type))

function cases(): Case[] {
  const out: Case[] = []
  for (const [type, forms] of Object.entries(STEP_FORMS)) {
    const definition = definitions.find((d) => d.type === type)
    for (const [step, spec] of Object.entries(forms ?? {})) {
      const schema = definition?.payloads[step]
      out.push({ name: `${type} · ${step}`, spec, schema: schema as z.ZodType })
    }
  }
  for (const [key, spec] of Object.entries(EVENT_FORMS)) {
    const seen = new Set<z.ZodType>()
    for (const d of definitions) {
      const schema = d.payloads[key]
      if (!schema || seen.has(schema)) continue
      seen.add(schema)
      out.push({ name: `event ${key} (${d.type})`, spec, schema })
    }
    if (seen.size === 0) out.push({ name: `event ${key}`, spec, schema: undefined as unknown as z.ZodType })
  }
  return out
}

/** The keys a field fills: its path, and a vendor's id beside its name. */
function pathsOf(field: FieldSpec): string[] {
  return field.kind === 'vendor' && field.idPath ? [field.path, field.idPath] : [field.path]
}

const covers = (path: string, key: string) =>
  path === key || key.startsWith(`${path}.`) || path.startsWith(`${key}.`)

const all = cases()

describe('every registered form against its schema', () => {
  it('there are forms to check, and each names a schema the machines register', () => {
    expect(all.length).toBeGreaterThan(8)
    for (const c of all) expect(c.schema, `${c.name}: no payload schema in the machines`).toBeDefined()
  })

  for (const { name, spec, schema } of all) {
    if (!schema) continue
    describe(name, () => {
      const rules = schemaRules(schema)
      const fields = fieldsOf(spec)

      it('names only keys of the schema', () => {
        const unknown = fields.flatMap(pathsOf).filter((p) => !rules.has(p))
        expect(unknown, 'fields the schema does not have').toEqual([])
      })

      it('has a field for every required key (or says where it is filled)', () => {
        const elsewhere = Object.keys(spec.filledElsewhere ?? {})
        for (const key of elsewhere) expect(rules.has(key), `filledElsewhere: ${key}`).toBe(true)
        const missing = [...rules]
          .filter(([key, rule]) => rule.required && !key.includes('.'))
          .map(([key]) => key)
          .filter((key) => !elsewhere.includes(key))
          .filter((key) => !fields.some((f) => pathsOf(f).some((p) => covers(p, key))))
        expect(missing, 'required keys without a field').toEqual([])
      })

      it('states no limit, required mark or choice the schema does not have', () => {
        for (const f of fields) {
          const rule = rules.get(f.path)
          if (!rule) continue
          if ('max' in f && f.max !== undefined) {
            const limit = f.kind === 'count' ? rule.maximum : rule.maxLength
            expect(f.max, `${f.path}: max`).toBe(limit)
          }
          // A field the schema lets be left out may be marked required only where it is shown for some
          // values (a refinement of the schema requires it then: a payment method's own fields).
          if (f.required === true && !rule.required)
            expect(f.when, `${f.path}: required, the schema lets it be left out`).toBeDefined()
          if (f.required === false) expect(rule.required, `${f.path}: not required`).toBe(false)
          if (f.kind === 'choice' && rule.values) {
            if (f.options)
              expect(f.options.map((o) => o.value).sort(), `${f.path}: options`).toEqual(
                [...rule.values].sort(),
              )
            if (f.labels)
              expect(Object.keys(f.labels).sort(), `${f.path}: labels`).toEqual([...rule.values].sort())
            expect(f.options ?? f.labels, `${f.path}: every value needs words`).toBeDefined()
          }
        }
      })

      it('takes its limits, marks and choices from the schema', () => {
        const resolved = resolveSpec(spec, schema)
        for (const f of fieldsOf(resolved)) {
          const rule = rules.get(f.path)
          if (!rule) continue
          if (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'vendor')
            expect(f.max, `${f.path}: a text field has its limit`).toBe(rule.maxLength)
          if (f.kind === 'count' && rule.maximum !== undefined) expect(f.max, f.path).toBe(rule.maximum)
          if (!f.when) expect(f.required, `${f.path}: required mark`).toBe(rule.required)
          if (f.kind === 'choice' && rule.values)
            expect(
              f.options?.map((o) => o.value),
              f.path,
            ).toEqual(rule.values)
        }
      })

      it('shows the refusals of an empty form at its fields, in both languages', () => {
        const resolved = resolveSpec(spec, schema)
        const payload = toPayload(resolved, initialValues(resolved, undefined))
        const parsed = schema.safeParse(payload)
        if (parsed.success) return
        const paths = fields.flatMap(pathsOf)
        const elsewhere = Object.keys(spec.filledElsewhere ?? {})
        for (const lang of ['zh-CN', 'en'] as const) {
          const errors = issuesToFieldErrors(parsed.error.issues, lang)
          for (const [key, message] of Object.entries(errors)) {
            if (elsewhere.some((k) => covers(k, key))) continue
            expect(
              paths.some((p) => covers(p, key)),
              `${key}: a refusal with no field to show it`,
            ).toBe(true)
            expect(message, key).not.toMatch(/^[a-z][A-Za-z]+$/) // words, not a catalogue key
            expect(message.length, key).toBeGreaterThan(0)
          }
        }
        const zh = issuesToFieldErrors(parsed.error.issues, 'zh-CN')
        const en = issuesToFieldErrors(parsed.error.issues, 'en')
        expect(Object.keys(zh)).toEqual(Object.keys(en))
        for (const key of Object.keys(zh))
          if (Object.values(MESSAGES).some((m) => m['zh-CN'] === zh[key]))
            expect(en[key], key).not.toBe(zh[key])
      })
    })
  }
})

describe('the rules of a form checked through its payload', () => {
  it('are read through the pipe that turns the values into the payload', async () => {
    const { z } = await import('zod')
    const { buyArtV1 } = await import('../../../machines/buy-art')
    const target = buyArtV1.payloads.contract as z.ZodType<unknown, Record<string, unknown>>
    const form = z
      .custom<Record<string, unknown>>()
      .transform((v) => v)
      .pipe(target)
    expect(schemaRules(form).get('subject')).toEqual(schemaRules(target).get('subject'))
    expect(schemaRules(form).get('copies')?.maximum).toBe(99)
  })
})
