// @vitest-environment happy-dom
// Every registered form of a process, drawn and submitted as the process view does it (StepFields on the
// form kit, the values turned into the payload and checked with the step's schema): for every version of
// every registered machine, each payload with a form — a step's (form-registry.ts STEP_FORMS, and
// OLDER_STEP_FORMS for an older version) or an event's (EVENT_FORMS) — is rendered from each of the model's
// sample payloads for it (tests/model/samples.ts) and submitted; what the form hands on must parse with the
// machine's schema for that payload and say what the sample says. A form no machine reaches, or a payload
// with a form but no valid sample, fails here, so a new type's forms are covered once registered. Then, per
// kind of field, one required field left empty: the submission is refused at that field, in words, and
// nothing is handed on. (The browser walks each kind of step screen once: tests/e2e/process-step-screens.)

import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { allDefinitions } from '../../../machines/registry'
import type { ProcessDefinition } from '../../../machines/types'
import type { MeResponse } from '../../../src/shared/contracts/auth'
import { meQuery } from '../../../src/web/api/queries/auth'
import { processKeys } from '../../../src/web/api/queries/process'
import {
  type FieldSpec,
  fieldsOf,
  initialValues,
  resolveSpec,
  type StepFormSpec,
  toPayload,
  type Values,
} from '../../../src/web/areas/process/field-spec'
import {
  EVENT_FORMS,
  OLDER_STEP_FORMS,
  STEP_FORMS,
  stepFormOf,
} from '../../../src/web/areas/process/form-registry'
import { StepFields } from '../../../src/web/areas/process/StepFields'
import { useForm } from '../../../src/web/forms/use-form'
import { modelInput } from '../../model/graph-paths'
import { sampleStepData } from '../../model/samples'
import { render, testQueryClient } from './render'

// Reference data (rooms, dictionaries, vendors) answers empty: the values come from the samples. happy-dom
// has no font loading, which a growing text area listens to.
beforeAll(() => {
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: new EventTarget(),
    })
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, msg: '', data: [] }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  )
})
afterAll(() => vi.unstubAllGlobals())
// The render wrapper wraps console.warn anew before every test: unwrapped after each, so they do not nest.
afterEach(() => vi.restoreAllMocks())

interface Case {
  /** `TYPE vN key`. */
  name: string
  definition: ProcessDefinition
  key: string
  spec: StepFormSpec
  schema: z.ZodType
  samples: Record<string, unknown>[]
}

/** Every payload of every machine version that a registered form fills, with its samples. */
function cases(): Case[] {
  const out: Case[] = []
  for (const definition of allDefinitions()) {
    const samples = sampleStepData(definition.type)
    const steps = new Set(definition.steps.map((s) => s.key))
    for (const [key, schema] of Object.entries(definition.payloads)) {
      const spec = steps.has(key) ? stepFormOf(definition.type, key, definition.version) : EVENT_FORMS[key]
      if (!spec || !schema) continue
      out.push({
        name: `${definition.type} v${definition.version} ${key}`,
        definition,
        key,
        spec,
        schema,
        samples: (samples[key] ?? []).filter((s) => schema.safeParse(s).success),
      })
    }
  }
  return out
}

const CASES = cases()

/** A registered form drawn as the step view draws it, its submissions handed to `onSubmit`. */
function FormUnderTest({
  spec,
  schema,
  saved,
  onSubmit,
}: {
  spec: StepFormSpec
  schema: z.ZodType
  saved: Values
  onSubmit: (payload: Values) => void
}) {
  const resolved = resolveSpec(spec, schema)
  const form = useForm({
    schema: z
      .custom<Values>()
      .transform((v) => toPayload(resolved, v))
      .pipe(schema as z.ZodType<Values, Values>),
    initialValues: initialValues(resolved, saved),
  })
  return (
    <form noValidate data-testid="form-under-test" onSubmit={form.onSubmit(onSubmit)}>
      <StepFields spec={resolved} form={form} />
    </form>
  )
}

const PROCESS_ID = '0d3c2b1a-5e4f-4a6b-8c7d-9e0f1a2b3c4d'

/** The signed-in user (a part may offer more to those who may read the operations: printing labels). */
const ME: MeResponse = {
  user: { id: 'user-registrar', username: 'registrar', displayName: 'Registrar' },
  roles: [],
  allPrivileges: false,
  privileges: ['devOpsManage:view', 'devOpsManage:start'],
  systems: [],
  menu: [],
  timeZone: 'Asia/Shanghai',
}

/**
 * The form on a screen showing its process (`?process=`), as the process view shows it: the parts that read
 * the open process (a batch's artworks, a stocktake's room and what its count found missing) find the
 * model's start input and each step's first sample there.
 */
async function submit(c: Case, saved: Values) {
  const onSubmit = vi.fn<(payload: Values) => void>()
  const queryClient = testQueryClient()
  const samples = sampleStepData(c.definition.type)
  const steps = Object.fromEntries(
    c.definition.steps.map((s) => [s.key, { data: samples[s.key]?.[0], approvals: [] }]),
  )
  queryClient.setQueryData(meQuery().queryKey, ME)
  queryClient.setQueryData(processKeys.detailAs(PROCESS_ID, undefined), {
    id: PROCESS_ID,
    context: { subject: modelInput(c.definition).subject, steps },
  })
  const rootRoute = createRootRoute({
    component: () => <FormUnderTest spec={c.spec} schema={c.schema} saved={saved} onSubmit={onSubmit} />,
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [`/?process=${PROCESS_ID}`] }),
  })
  const view = await render(<RouterProvider router={router} />, { lang: 'en', queryClient })
  fireEvent.submit(await screen.findByTestId('form-under-test'))
  return { onSubmit, view }
}

describe('every registered form, submitted with the samples', () => {
  it('every registered form fills a payload of some machine version', () => {
    const reached = new Set(CASES.map((c) => c.spec))
    const registered: [string, StepFormSpec][] = [
      ...Object.entries(STEP_FORMS).flatMap(([type, forms]) =>
        Object.entries(forms ?? {}).map(([key, spec]): [string, StepFormSpec] => [`${type} ${key}`, spec]),
      ),
      ...Object.entries(OLDER_STEP_FORMS).flatMap(([type, forms]) =>
        Object.entries(forms).map(([key, spec]): [string, StepFormSpec] => [`${type} ${key}`, spec]),
      ),
      ...Object.entries(EVENT_FORMS),
    ]
    expect(registered.filter(([, spec]) => !reached.has(spec)).map(([name]) => name)).toEqual([])
  })

  for (const c of CASES)
    it(`${c.name}: each sample, drawn and submitted, gives a payload its schema takes`, async () => {
      expect(c.samples.length, `${c.name}: no sample the schema takes`).toBeGreaterThan(0)
      for (const [i, sample] of c.samples.entries()) {
        const { onSubmit, view } = await submit(c, sample)
        await waitFor(() => expect(onSubmit, `${c.name} sample ${i}`).toHaveBeenCalledTimes(1))
        const payload = onSubmit.mock.calls[0][0]
        const parsed = c.schema.safeParse(payload)
        expect(parsed.success, `${c.name} sample ${i}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
        expect(parsed.data, `${c.name} sample ${i}`).toEqual(c.schema.parse(sample))
        view.unmount()
      }
    })
})

/** The message under a field (Mantine puts it in the field's wrapper). */
function errorAt(container: HTMLElement, path: string): string {
  const field = container.querySelector(`[data-field="${path}"]`)
  const wrapper = field?.closest('.mantine-InputWrapper-root') ?? field?.parentElement
  return wrapper?.querySelector('.mantine-InputWrapper-error')?.textContent ?? ''
}

/** Per kind of field, the first required field of that kind, always shown, in a form with a sample. */
function requiredByKind(): Map<string, { c: Case; field: FieldSpec; sample: Values }> {
  const out = new Map<string, { c: Case; field: FieldSpec; sample: Values }>()
  for (const c of CASES) {
    if (c.samples.length === 0) continue
    for (const field of fieldsOf(resolveSpec(c.spec, c.schema)))
      if (field.required && !field.when && field.kind !== 'custom' && !out.has(field.kind))
        out.set(field.kind, { c, field, sample: c.samples[0] })
  }
  return out
}

describe('a required field left empty is refused at the field', () => {
  const byKind = requiredByKind()

  it('every kind of field the forms use (parts drawn by a step aside) has a required field to leave empty', () => {
    const used = new Set(CASES.flatMap((c) => fieldsOf(c.spec).map((f) => f.kind)))
    used.delete('custom')
    expect([...byKind.keys()].sort()).toEqual([...used].sort())
  })

  for (const [kind, { c, field, sample }] of byKind)
    it(`${kind}: ${c.name} without ${field.path}`, async () => {
      const empty = kind === 'files' ? [] : kind === 'boolean' ? null : ''
      const { onSubmit, view } = await submit(c, { ...sample, [field.path]: empty })
      await waitFor(() => expect(errorAt(view.container, field.path)).not.toBe(''))
      expect(errorAt(view.container, field.path)).not.toMatch(/[{}]|^\w+\.\w+/)
      expect(onSubmit).not.toHaveBeenCalled()
    })
})

describe('a part drawn by the step refuses at its place', () => {
  it('payment details that do not add up to the amount', async () => {
    const c = CASES.find((x) => x.name === 'BUY_ART v1 payment')
    if (!c) throw new Error('no BUY_ART payment form')
    const sample = c.samples[0]
    const [first] = sample.details as Record<string, unknown>[]
    const { onSubmit, view } = await submit(c, { ...sample, details: [{ ...first, amount: '1.00' }] })
    await waitFor(() => expect(errorAt(view.container, 'details')).not.toBe(''))
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
