// @vitest-environment happy-dom
// The process view's buttons: exactly the view's `nextEvents` (the form's own SAVE and SUBMIT aside),
// worded by the machines' labels; a rejection is refused at the comment until one is written; a double
// click on a confirmation sends one request, carrying the version shown and an idempotency key.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { buyArtV1 } from '../../../machines/buy-art'
import { describe as describeState, nextEvents } from '../../../machines/view'
import type { ProcessView } from '../../../src/shared/contracts/process'
import { EventActions } from '../../../src/web/areas/process/EventActions'
import { StepPanel } from '../../../src/web/areas/process/StepPanel'
import { idempotencyKeyOf, useProcessEvent } from '../../../src/web/areas/process/use-process-event'
import { modelActors, modelInput, toMachineEvent } from '../../model/graph-paths'
import { sampleStepData } from '../../model/samples'
import { render } from './render'

/** A BUY_ART view as the server would build it for the approver, after the report was submitted. */
function submittedView(version = 2): ProcessView {
  let [snapshot] = initialTransition(buyArtV1.machine, modelInput(buyArtV1)) as [AnyMachineSnapshot, unknown]
  ;[snapshot] = transition(
    buyArtV1.machine,
    snapshot,
    toMachineEvent(buyArtV1, {
      type: 'SUBMIT',
      actor: 'registrar',
      payload: sampleStepData('BUY_ART').dueDiligence[0],
    }),
  )
  const d = describeState(buyArtV1, snapshot)
  return {
    id: '7d5b7c0e-35a4-4c36-9f1c-2b3a4d5e6f70',
    type: 'BUY_ART',
    definitionVersion: 1,
    machineId: 'BUY_ART',
    stepTotals: {},
    version,
    state: d.state,
    stateValue: snapshot.value,
    status: d.status,
    done: d.done,
    currentStep: d.currentStep,
    steps: d.steps,
    nextEvents: nextEvents(buyArtV1, snapshot, modelActors('BUY_ART').approver),
    context: snapshot.context,
    history: [],
    historyTotal: version,
    people: { 'user-registrar': 'Lin Shuyi' },
    artworks: [],
    createdBy: 'user-registrar',
    createdByName: 'Lin Shuyi',
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    finishedAt: null,
  }
}

function Actions({ view }: { view: ProcessView }) {
  const events = useProcessEvent(view)
  return <EventActions view={view} definition={buyArtV1} events={events} />
}

const buttons = () =>
  [...document.querySelectorAll('[data-testid="process-actions"] [data-event]')].map((b) =>
    b.getAttribute('data-event'),
  )

afterEach(() => vi.unstubAllGlobals())

// happy-dom has no FontFaceSet; the autosizing comment field listens to it.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } })
})

describe('process actions', () => {
  it('shows a button for each event the view offers, and none for the form events', async () => {
    const view = submittedView()
    expect(view.nextEvents.sort()).toEqual(['APPROVE', 'REJECT', 'TERMINATE'])
    await render(<Actions view={view} />, { lang: 'en' })
    expect(buttons()).toEqual(['APPROVE', 'REJECT', 'TERMINATE'])
    expect(screen.getByText('Approve')).toBeTruthy()
    cleanup()
    await render(<Actions view={{ ...view, nextEvents: ['SAVE', 'SUBMIT', 'TERMINATE'] }} />, {
      lang: 'zh-CN',
    })
    expect(buttons()).toEqual(['TERMINATE'])
    expect(screen.getByText('终止流程')).toBeTruthy()
  })

  it('refuses a rejection without a comment at the field, sending nothing', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    await render(<Actions view={submittedView()} />, { lang: 'en' })
    fireEvent.click(document.querySelector('[data-event="REJECT"]')!)
    const confirm = await screen.findByTestId('event-confirm')
    await act(async () => fireEvent.click(confirm))
    expect(await screen.findByText('A comment or reason is required')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends one request for a double click, with the version shown and an idempotency key', async () => {
    const view = submittedView(5)
    const bodies: Record<string, unknown>[] = []
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => {
      release = r
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        bodies.push(await request.clone().json())
        await gate
        const next = { ...view, version: 6, nextEvents: [] }
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data: next }), {
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    await render(<Actions view={view} />, { lang: 'en' })
    fireEvent.click(document.querySelector('[data-event="APPROVE"]')!)
    const confirm = await screen.findByTestId('event-confirm')
    await act(async () => {
      fireEvent.click(confirm)
      fireEvent.click(confirm)
    })
    await act(async () => {
      release()
    })
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toEqual({
      type: 'APPROVE',
      expectedVersion: 5,
      idempotencyKey: idempotencyKeyOf(view, { type: 'APPROVE' }),
    })
  })
})

/** The same process one step earlier: the report still being written. */
function draftView(nextEvents: string[]): ProcessView {
  const [snapshot] = initialTransition(buyArtV1.machine, modelInput(buyArtV1)) as [
    AnyMachineSnapshot,
    unknown,
  ]
  const d = describeState(buyArtV1, snapshot)
  return {
    ...submittedView(1),
    state: d.state,
    stateValue: snapshot.value,
    status: d.status,
    currentStep: d.currentStep,
    steps: d.steps,
    nextEvents,
    context: snapshot.context,
  }
}

function Panel({ view }: { view: ProcessView }) {
  const events = useProcessEvent(view)
  return <StepPanel view={view} definition={buyArtV1} step="dueDiligence" events={events} />
}

describe('the current step', () => {
  it('is a form with Save and Submit only for someone the machine lets fill it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: [] }))),
    )
    await render(<Panel view={draftView(['SAVE', 'SUBMIT', 'TERMINATE'])} />, { lang: 'en' })
    const form = await screen.findByTestId('step-form')
    expect([...form.querySelectorAll('[data-event]')].map((b) => b.getAttribute('data-event'))).toEqual([
      'SAVE',
      'SUBMIT',
    ])
    cleanup()
    await render(<Panel view={draftView(['TERMINATE'])} />, { lang: 'en' })
    expect(screen.queryByTestId('step-form')).toBeNull()
    expect(await screen.findByTestId('step-empty')).toBeTruthy()
  })
})

describe('idempotency keys', () => {
  it('are the same for the same request on the same version, and differ otherwise', () => {
    const view = { id: '7d5b7c0e-35a4-4c36-9f1c-2b3a4d5e6f70', version: 3 }
    const key = idempotencyKeyOf(view, { type: 'SAVE', payload: { seller: 'a' } })
    expect(key).toBe(idempotencyKeyOf(view, { type: 'SAVE', payload: { seller: 'a' } }))
    expect(key).not.toBe(idempotencyKeyOf(view, { type: 'SAVE', payload: { seller: 'b' } }))
    expect(key).not.toBe(
      idempotencyKeyOf({ ...view, version: 4 }, { type: 'SAVE', payload: { seller: 'a' } }),
    )
    expect(key).toMatch(/^[A-Za-z0-9._:-]{1,100}$/)
  })
})
