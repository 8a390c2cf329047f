// Browser walks of a process machine. Planning happens on the machine alone (planJourney: the shortest way
// through the events a journey names, on to the end). Walking sends each event by clicking through the
// process view as the demo user the model names, and at every stop compares what the screen shows (state,
// status, the step's words, the buttons of each user looking) with the machine's own answer; a saved draft
// shows again after a restart, a rejection's comment and a termination's reason show on the step.

import { expect } from 'vitest'
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { toGraph } from '../../machines/diagram'
import { PROCESS_STATUS_LABELS } from '../../machines/labels'
import type { ProcessDefinition } from '../../machines/types'
import { describe as describeState, nextEvents, statePath } from '../../machines/view'
import {
  type ActorName,
  type ConcreteEvent,
  coarseKey,
  eventsFor,
  modelActors,
  modelInput,
  toMachineEvent,
  transitionsTaken,
} from '../model/graph-paths'
import type { SampleRefs } from '../model/samples'
import { shot } from './harness'
import {
  act,
  type FillContext,
  type Lang,
  openProcess,
  reopenProcess,
  shown,
  type UserPage,
} from './process-driver'

function start(definition: ProcessDefinition, refs: SampleRefs): AnyMachineSnapshot {
  return initialTransition(definition.machine, modelInput(definition, refs))[0] as AnyMachineSnapshot
}

function apply(definition: ProcessDefinition, s: AnyMachineSnapshot, e: ConcreteEvent): AnyMachineSnapshot {
  return transition(definition.machine, s, toMachineEvent(definition, e))[0] as AnyMachineSnapshot
}

function concrete(
  definition: ProcessDefinition,
  e: ReturnType<ReturnType<typeof eventsFor>>[number],
): ConcreteEvent {
  const actors = modelActors(definition.type)
  const actor = (Object.keys(actors) as ActorName[]).find((n) => actors[n].id === e.actor.id) ?? 'admin'
  return {
    type: e.type,
    actor,
    ...(e.payload ? { payload: e.payload } : {}),
    ...(e.comment ? { comment: e.comment } : {}),
  }
}

/** Where a snapshot stands, as the screen says it (state, status, words, each user's buttons). */
export function expectedView(definition: ProcessDefinition, s: AnyMachineSnapshot, lang: Lang) {
  const d = describeState(definition, s)
  const graph = toGraph(definition)
  const node = graph.nodes.find((n) => n.path === d.state)
  const pick = (w: { labelZh: string; labelEn: string } | undefined) =>
    w ? (lang === 'en' ? w.labelEn : w.labelZh) : ''
  const step = d.currentStep ? definition.steps.find((x) => x.key === d.currentStep) : undefined
  return {
    state: d.state,
    status: d.status,
    statusWords: pick(PROCESS_STATUS_LABELS[d.status]),
    step: step ? `${pick(step)} · ${pick(node)}` : pick(node),
    buttons: (who: ActorName) => [...nextEvents(definition, s, modelActors(definition.type)[who])].sort(),
  }
}

export interface WalkContext {
  definition: ProcessDefinition
  lang: Lang
  users: Partial<Record<ActorName, UserPage>>
  files: FillContext['files']
  /** The route the process view is opened on. */
  route: string
  /** Make the payload of an event concrete for this database (rooms, companies). */
  localise: (payload: Record<string, unknown>) => Record<string, unknown>
  /** Called with each stop's description, for the coverage and the log. */
  onStep?: (info: { event: ConcreteEvent; transitions: string[]; state: string; from: string }) => void
}

/** The field a "fix" after a rejection changes, per step. */
const REVISED: Record<string, string> = {
  dueDiligence: 'provenance',
  contract: 'remark',
  payment: 'remark',
  transport: 'remark',
  warehousing: 'receivedBy',
  transportInfo: 'shipper',
  shootingInfo: 'purpose',
  replicaInfo: 'purpose',
  mountingInfo: 'mountingType',
  repairInfo: 'treatmentPlan',
  loan: 'exhibitionName',
  marketSurvey: 'comparables',
  quotation: 'coverage',
  renewal: 'coverage',
  incident: 'description',
  counting: 'counters',
}

async function check(ctx: WalkContext, page: UserPage, who: ActorName, s: AnyMachineSnapshot, where: string) {
  const want = expectedView(ctx.definition, s, ctx.lang)
  const got = await shown(page.page)
  expect(
    { state: got.state, status: got.status, step: got.step.trim(), buttons: got.buttons },
    where,
  ).toEqual({
    state: want.state,
    status: want.status,
    step: want.step,
    buttons: want.buttons(who),
  })
  expect((await page.page.getByTestId('process-status').textContent())?.trim(), where).toBe(want.statusWords)
  return got
}

/** The step form shows a saved draft's words (its text fields; other kinds show values in their own format). */
async function expectDraft(page: UserPage['page'], draft: Record<string, unknown>, where: string) {
  const form = page.getByTestId('step-form')
  await form.waitFor()
  for (const [key, value] of Object.entries(draft)) {
    const field = form.locator(`[data-field="${key}"]`).first()
    const kind = await field.getAttribute('data-kind')
    if (kind === 'text' || kind === 'textarea' || kind === 'vendor')
      expect(await field.inputValue(), `${where}: draft field ${key}`).toBe(String(value))
  }
}

/** Walk one planned path on a new process, asserting each stop for the user acting and the next one. */
export async function walk(
  ctx: WalkContext,
  /** The process, as its start returned it. */
  started: { id: string; version: number },
  events: ConcreteEvent[],
  refs: SampleRefs,
): Promise<AnyMachineSnapshot> {
  const { definition } = ctx
  let s = start(definition, refs)
  let previous: ConcreteEvent | undefined
  let lastUser: ActorName | undefined
  /** Per step, the draft last saved and not submitted since. */
  const saved = new Map<string, Record<string, unknown>>()
  /** The version the last event left the process at. */
  let version = started.version
  for (const [i, planned] of events.entries()) {
    const who = planned.actor
    const user = ctx.users[who]
    if (!user) throw new Error(`no page for ${who}`)
    let event = planned
    // "Fix" after a rejection: the resubmitted form differs from what was sent back.
    const leaf = statePath(s).split('.')
    if (planned.type === 'SUBMIT' && leaf[1] === 'rejected' && planned.payload && REVISED[leaf[0]])
      event = {
        ...planned,
        payload: { ...planned.payload, [REVISED[leaf[0]]]: `Revised after the approver's comment (${i})` },
      }
    // The one who acted last still sees the view their event returned; anyone else opens it: in the app when
    // the page already shows the walk's language, else loaded afresh (a language applies from a load on).
    if (who !== lastUser) {
      const inApp = (await user.page.evaluate(() => document.documentElement.lang)) === ctx.lang
      await (inApp
        ? reopenProcess(user.page, started.id, ctx.route, version)
        : openProcess(user.page, started.id, ctx.route)
      ).catch(async (error) => {
        await shot(user.page, `failed-${definition.type}-${i}-open`, { always: true })
        throw new Error(`${definition.type} step ${i}: ${who} could not open the process: ${error.message}`)
      })
    }
    lastUser = who
    const where = `${definition.type} step ${i} ${who} ${event.type} in ${statePath(s)}`
    await check(ctx, user, who, s, `${where} (before)`)
    if (event.type === 'SUBMIT' && leaf[1] === 'rejected' && previous?.type === 'REJECT') {
      const note = await user.page.getByTestId('rejection-note').textContent()
      expect(note, where).toContain(previous.comment)
    }
    const transitions = transitionsTaken(definition, s, toMachineEvent(definition, event))
    try {
      await act(
        { page: user.page, files: ctx.files },
        { type: event.type, payload: event.payload && ctx.localise(event.payload), comment: event.comment },
      )
    } catch (error) {
      await shot(user.page, `failed-${definition.type}-${i}-${event.type}`, { always: true })
      throw new Error(`${where}: ${(error as Error).message}`)
    }
    const from = statePath(s)
    if (event.type === 'SAVE' && event.payload) saved.set(leaf[0], ctx.localise(event.payload))
    else if (event.type === 'SUBMIT') saved.delete(leaf[0])
    s = apply(definition, s, event)
    version = (await check(ctx, user, who, s, `${where} (after)`)).version
    // Restarted on a form whose draft was saved (and not sent since): the form shows that draft again.
    const draft = event.type === 'RESTART' ? saved.get(statePath(s).split('.')[0]) : undefined
    if (draft) await expectDraft(user.page, draft, where)
    if (event.type === 'TERMINATE')
      expect(await user.page.getByTestId('terminated-note').textContent(), where).toContain(event.comment)
    if (event.type === 'PAYMENT_FAILED')
      expect(await user.page.getByTestId('payment-failure-note').textContent(), where).toContain(
        event.comment,
      )
    ctx.onStep?.({ event, transitions, state: statePath(s), from })
    previous = event
  }
  return s
}

/**
 * A journey chosen on the machine: from the start, for each event type `through` names in turn, the shortest
 * way to a state that offers it (by any events but TERMINATE, REJECT and PAYMENT_FAILED, which only come
 * when named), then that event; and, with `toEnd`, the shortest such way on to the process's completion.
 * Throws when the machine offers no such journey, so a changed machine fails the plan, not the browser.
 */
export function planJourney(
  definition: ProcessDefinition,
  refs: SampleRefs,
  through: readonly string[],
  toEnd = true,
): ConcreteEvent[] {
  const offered = eventsFor(definition, refs)
  const options = (s: AnyMachineSnapshot) => offered(s).map((e) => concrete(definition, e))
  const detours = new Set(['TERMINATE', 'REJECT', 'PAYMENT_FAILED'])
  /** Shortest events from `s` to a state offering `goal` (its last event is the goal's), or to the end. */
  function route(s: AnyMachineSnapshot, goal: string | null): ConcreteEvent[] {
    const seen = new Set([coarseKey(s)])
    let frontier: { s: AnyMachineSnapshot; path: ConcreteEvent[] }[] = [{ s, path: [] }]
    for (let depth = 0; depth < 24 && frontier.length; depth++) {
      const next: typeof frontier = []
      for (const node of frontier)
        for (const e of options(node.s)) {
          if (goal !== null && e.type === goal) return [...node.path, e]
          if (detours.has(e.type)) continue
          const after = apply(definition, node.s, e)
          if (after.status === 'done') {
            if (goal === null) return [...node.path, e]
            continue
          }
          const k = coarseKey(after)
          if (seen.has(k)) continue
          seen.add(k)
          next.push({ s: after, path: [...node.path, e] })
        }
      frontier = next
    }
    throw new Error(`${definition.type}: no way to ${goal ?? 'the end'} from ${statePath(s)}`)
  }
  let s = start(definition, refs)
  const events: ConcreteEvent[] = []
  for (const goal of [...through, ...(toEnd ? [null] : [])]) {
    if (goal === null && s.status === 'done') break
    for (const e of route(s, goal)) {
      s = apply(definition, s, e)
      events.push(e)
    }
  }
  return events
}
