// Model-based browser walks of a process machine. Planning happens on the machine alone: the shortest path
// to every state (tests/model/graph-paths.ts), kept whole where one is not a prefix of another, each then
// extended greedily with transitions not yet taken, and further walks from the start until every
// transition the machine defines is taken (TERMINATE once per step) or none is reachable. Walking sends each event by clicking
// through the process view as the demo user the model names, and at every stop compares what the screen
// shows (state, status, the step's words, the buttons of each user looking) with the machine's own answer.

import { expect } from 'vitest'
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { toGraph } from '../../machines/diagram'
import { PROCESS_STATUS_LABELS } from '../../machines/labels'
import type { ProcessDefinition } from '../../machines/types'
import { describe as describeState, nextEvents, payloadKeyAt, statePath } from '../../machines/view'
import {
  type ActorName,
  allTransitions,
  type ConcreteEvent,
  coarseKey,
  eventsFor,
  modelActors,
  modelInput,
  shortestPaths,
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

export interface Plan {
  walks: ConcreteEvent[][]
  /** The state paths each walk reaches by a shortest path from the start (asserted on the way). */
  shortest: Map<string, number>
  /** Transitions no walk takes (should be none). */
  untaken: string[]
}

/** The walks that take the shortest path to every state and, together, every transition. */
export function planWalks(definition: ProcessDefinition, refs: SampleRefs): Plan {
  const offered = eventsFor(definition, refs)
  // One shortest path per state path (the graph tells states apart by context too: keep the shortest).
  const byState = new Map<string, ConcreteEvent[]>()
  for (const p of shortestPaths(definition, refs)) {
    const path = statePath(p.state)
    const known = byState.get(path)
    if (!known || p.events.length < known.length) byState.set(path, p.events)
  }
  const key = (events: ConcreteEvent[]) =>
    events.map((e) => `${e.actor}:${e.type}:${JSON.stringify(e.payload ?? null)}`)
  const candidates = [...byState.values()].sort((a, b) => b.length - a.length)
  const maximal: ConcreteEvent[][] = []
  for (const p of candidates) {
    const k = key(p).join('\n')
    if (!maximal.some((q) => key(q).join('\n').startsWith(k))) maximal.push(p)
  }
  const shortest = new Map([...byState].map(([state, events]) => [state, events.length]))

  // TERMINATE is a transition of every leaf; the screen and its dialog are the same whichever leaf of a step
  // it is sent from, so the browser takes it once per step (the API suite takes it from every leaf:
  // tests/api/process-terminate.test.ts and process-model.ts). Other transitions count one by one.
  const classOf = (id: string) => {
    const [source, event] = id.split(':')
    return event === 'TERMINATE' ? `${source.split('.')[0]}:TERMINATE` : id
  }
  const untaken = new Set(allTransitions(definition).map((t) => classOf(t.id)))
  const takes = (s: AnyMachineSnapshot, e: ConcreteEvent) =>
    transitionsTaken(definition, s, toMachineEvent(definition, e)).map(classOf)
  const options = (s: AnyMachineSnapshot) => offered(s).map((e) => concrete(definition, e))

  /** Events leading from `s` to a state where an untaken transition is offered (breadth first, bounded). */
  function route(s: AnyMachineSnapshot): ConcreteEvent[] | null {
    const seen = new Set([coarseKey(s)])
    let frontier: { s: AnyMachineSnapshot; path: ConcreteEvent[] }[] = [{ s, path: [] }]
    for (let depth = 0; depth < 12 && frontier.length; depth++) {
      const next: typeof frontier = []
      for (const node of frontier) {
        for (const e of options(node.s)) {
          const ids = takes(node.s, e)
          if (ids.some((id) => untaken.has(id))) return [...node.path, e]
          const after = apply(definition, node.s, e)
          const k = coarseKey(after)
          if (seen.has(k) || after.status === 'done') continue
          seen.add(k)
          next.push({ s: after, path: [...node.path, e] })
        }
      }
      frontier = next
    }
    return null
  }

  /** Carry a walk on by the nearest untaken transition; false when none is reachable from its end. */
  function step(walk: { s: AnyMachineSnapshot; events: ConcreteEvent[] }): boolean {
    if (walk.s.status !== 'active' || untaken.size === 0) return false
    const steps = route(walk.s)
    if (!steps) return false
    for (const e of steps) {
      for (const id of takes(walk.s, e)) untaken.delete(id)
      walk.s = apply(definition, walk.s, e)
      walk.events.push(e)
    }
    return true
  }

  // The shortest paths first (every transition they take is taken); then, round by round, each walk is
  // carried on from where it ends by its nearest untaken transition (so a walk ending in a rejection takes
  // the corrections there); then fresh walks from the start for whatever remains.
  const walks = maximal.map((prefix) => {
    let s = start(definition, refs)
    for (const e of prefix) {
      for (const id of takes(s, e)) untaken.delete(id)
      s = apply(definition, s, e)
    }
    return { s, events: [...prefix] }
  })
  for (let progress = true; progress && untaken.size > 0; ) {
    progress = false
    for (const w of walks) if (step(w)) progress = true
  }
  while (untaken.size > 0) {
    const fresh = { s: start(definition, refs), events: [] as ConcreteEvent[] }
    while (step(fresh));
    if (fresh.events.length === 0) break
    walks.push(fresh)
  }
  return { walks: walks.map((w) => w.events), shortest, untaken: [...untaken] }
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

/** The order a walk takes the kinds of event in when several not yet taken are offered at once. */
const KIND_ORDER = [
  'SAVE',
  // Ended and started again on the first form (its draft kept): the cheapest place for the pair.
  'TERMINATE',
  'RESTART',
  'SUBMIT',
  'REJECT',
  'APPROVE',
  'PAYMENT_FAILED',
  'RETRY_PAYMENT',
  'DEPART',
  'ARRIVE',
  'RETURN',
  'CONFIRM_PAYMENT',
]

export interface KindPlan {
  walks: ConcreteEvent[][]
  /** Every kind of event the machine's transitions take. */
  kinds: string[]
  /** Every step with a form (a payload for SAVE / SUBMIT), and every payload a state asks for (whereNow). */
  forms: string[]
  /** Kinds, forms (`form:<step>`) and the correction after a rejection (`fix`) no walk takes (none). */
  untaken: string[]
}

/**
 * What an event sent in a state does for the kind plan: its kind; the step form it fills when it submits
 * one; the form of a payload a state asks for of a shared event (TERMINATE in transit: `form:whereNow`).
 */
export function kindItems(definition: ProcessDefinition, state: string, e: ConcreteEvent): string[] {
  const items = [e.type]
  const [step, leaf] = state.split('.')
  if (e.type === 'SUBMIT' && definition.payloads[step]) items.push(`form:${step}`)
  const key = payloadKeyAt(definition, state, e.type)
  if (e.payload && key && key !== e.type && key !== step && definition.payloads[key])
    items.push(`form:${key}`)
  // A rejected form corrected and sent again (the walk changes a field: REVISED).
  if (e.type === 'SUBMIT' && leaf === 'rejected') items.push('fix')
  return items
}

/**
 * Walks that fill every step form and take every kind of event at least once, chosen greedily on the
 * machine: in each state an offered event of a kind (or a form) not yet taken, in KIND_ORDER (among its
 * payload variants, the one after which what remains is nearest); otherwise the shortest way to the
 * nearest state offering something not yet taken, or, when nothing more is reachable, to an ending. A
 * second walk from the start only if something remains.
 */
export function planKindWalks(definition: ProcessDefinition, refs: SampleRefs): KindPlan {
  const offered = eventsFor(definition, refs)
  const options = (s: AnyMachineSnapshot) => offered(s).map((e) => concrete(definition, e))
  const kinds = [...new Set(allTransitions(definition).map((t) => t.event))].filter(
    (k) => !k.startsWith('xstate.'),
  )
  const steps = definition.steps.map((d) => d.key)
  // Step forms, and the forms of payloads a state asks for (not a step's, not an event type's own).
  const forms = [
    ...steps.filter((k) => definition.payloads[k]),
    ...Object.keys(definition.payloads).filter((k) => !steps.includes(k) && !/^[A-Z_]+$/.test(k)),
  ]
  const untaken = new Set([
    ...kinds,
    ...forms.map((f) => `form:${f}`),
    ...(kinds.includes('REJECT') ? ['fix'] : []),
  ])
  const fresh = (s: AnyMachineSnapshot, e: ConcreteEvent, left = untaken) =>
    kindItems(definition, statePath(s), e).filter((i) => left.has(i))

  /** Shortest events from `s` to a state where `goal` holds for an offered event (or the state is done). */
  function route(
    s: AnyMachineSnapshot,
    goal: (s: AnyMachineSnapshot, e: ConcreteEvent) => boolean,
    toEnd = false,
  ): ConcreteEvent[] | null {
    const seen = new Set([coarseKey(s)])
    let frontier: { s: AnyMachineSnapshot; path: ConcreteEvent[] }[] = [{ s, path: [] }]
    for (let depth = 0; depth < 16 && frontier.length; depth++) {
      const next: typeof frontier = []
      for (const node of frontier)
        for (const e of options(node.s)) {
          if (goal(node.s, e)) return [...node.path, e]
          const after = apply(definition, node.s, e)
          if (after.status === 'done') {
            if (toEnd) return [...node.path, e]
            continue
          }
          const k = coarseKey(after)
          if (seen.has(k)) continue
          seen.add(k)
          next.push({ s: after, path: [...node.path, e] })
        }
      frontier = next
    }
    return null
  }

  /** How far each of `left` is from `s`, summed (one not reachable counts as far). */
  const distance = (s: AnyMachineSnapshot, left: Set<string>) => {
    const far = 100
    const found = new Map<string, number>()
    const seen = new Set([coarseKey(s)])
    let frontier: AnyMachineSnapshot[] = s.status === 'active' ? [s] : []
    for (let depth = 1; depth <= 16 && frontier.length && found.size < left.size; depth++) {
      const next: AnyMachineSnapshot[] = []
      for (const x of frontier)
        for (const e of options(x)) {
          for (const i of fresh(x, e, left)) if (!found.has(i)) found.set(i, depth)
          const after = apply(definition, x, e)
          const k = coarseKey(after)
          if (after.status !== 'active' || seen.has(k)) continue
          seen.add(k)
          next.push(after)
        }
      frontier = next
    }
    return [...left].reduce((sum, i) => sum + (found.get(i) ?? far), 0)
  }
  const rank = (e: ConcreteEvent) => {
    const i = KIND_ORDER.indexOf(e.type)
    return i < 0 ? KIND_ORDER.length : i
  }

  const walks: ConcreteEvent[][] = []
  while (untaken.size > 0) {
    let s = start(definition, refs)
    const events: ConcreteEvent[] = []
    const take = (e: ConcreteEvent) => {
      for (const i of kindItems(definition, statePath(s), e)) untaken.delete(i)
      s = apply(definition, s, e)
      events.push(e)
    }
    while (s.status === 'active' && events.length < 80) {
      const here = options(s).filter((e) => fresh(s, e).length > 0)
      if (here.length > 0) {
        const best = Math.min(...here.map(rank))
        const scored = here
          .filter((e) => rank(e) === best)
          .map((e) => {
            const left = new Set(untaken)
            for (const i of fresh(s, e)) left.delete(i)
            return { e, d: distance(apply(definition, s, e), left) }
          })
          .sort((a, b) => a.d - b.d)
        take(scored[0].e)
        continue
      }
      // Nothing new here: the event after which what remains is nearest, else the shortest way to an ending.
      const far = 100 * untaken.size
      const toward = options(s)
        .map((e) => ({ e, d: distance(apply(definition, s, e), untaken) }))
        .filter((x) => x.d < far)
        .sort((a, b) => a.d - b.d)[0]
      if (toward) {
        take(toward.e)
        continue
      }
      const steps = route(s, () => false, true)
      if (!steps?.length) break
      for (const e of steps) take(e)
    }
    if (events.length === 0 || walks.some((w) => JSON.stringify(w) === JSON.stringify(events))) break
    walks.push(events)
    if (walks.length > 4) break
  }
  return { walks, kinds, forms, untaken: [...untaken] }
}
