// Model-based tests at the API level (process-model-{a,b}.test.ts each walk half of the types, so the two halves
// run side by side): the paths the machines' graphs produce (tests/model/graph-paths.ts:
// the covering paths, the shortest path to every state, the simple paths to every ending) are replayed
// through POST /api/process and /events on a fresh database, as the demo users. After every event the
// process view must match the machine (state, status, step, steps, nextEvents for that user), the history
// must have grown by one row, and each declared effect must show on the artwork, contract, payment,
// insurance and stocktake records. Transition coverage through the API is measured and printed per type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { latest, registeredTypes } from '../../machines/registry'
import type { Effect, ProcessDefinition } from '../../machines/types'
import { nextEvents, statePath } from '../../machines/view'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { ProcessType } from '../../src/shared/process-types'
import {
  ACTOR_NAMES,
  type ActorName,
  type ConcreteEvent,
  type Coverage,
  coverageTable,
  coveringPaths,
  edgeId,
  leafEdges,
  measureCoverage,
  modelActors,
  modelInput,
  type ReplayPath,
  replay,
  shortestPaths,
  simplePaths,
  toMachineEvent,
} from '../model/graph-paths'
import { SAMPLE_SECOND_APPROVAL_ABOVE, type SampleRefs, sampleStepData } from '../model/samples'
import { createTestContext, type TestContext } from './helpers'
import { assertWorldConsistent } from './invariants'
import { artworkRows, countRows, makeArtworks, makePdf, makeRoom } from './process-helpers'

/** Registers the walks of the types `pick` keeps, on a database of their own. */
export function modelWalk(name: string, pick: (type: ProcessType, index: number) => boolean): void {
  let t: TestContext
  const tokens = {} as Record<ActorName, string>
  const userIds = {} as Record<ActorName, string>
  let room: string
  const coverage: (Coverage & { paths: number; events: number })[] = []
  const edgeCoverage: { type: string; total: number; covered: number }[] = []
  /** The processes the walks started (not the demo office's, nor those an effect opened). */
  const walked = new Set<string>()

  let pdfId = ''
  beforeAll(async () => {
    t = await createTestContext()
    pdfId = await makePdf(t)
    // The samples are written against this limit (their larger payments need a second approval).
    t.deps.config.secondApprovalAbove = SAMPLE_SECOND_APPROVAL_ABOVE
    for (const name of ACTOR_NAMES) {
      tokens[name] = await t.login(name)
      userIds[name] = (
        (await t.deps.database.raw('select id from users where username = $1', [name])) as any[]
      )[0].id
    }
    room = await makeRoom(t)
  })
  afterAll(async () => {
    if (coverage.length > 0) console.log(`\nAPI-level transition coverage\n${coverageTable(coverage)}\n`)
    if (edgeCoverage.length > 0) {
      const total = edgeCoverage.reduce((n, r) => n + r.total, 0)
      const covered = edgeCoverage.reduce((n, r) => n + r.covered, 0)
      console.log(`Edges between resting states written to the history: ${covered} of ${total}\n`)
    }
    await t?.close()
  })

  /** Paths to replay: covering paths, the shortest path to each state path, simple paths to each ending. */
  function pathsFor(definition: ProcessDefinition, refs: SampleRefs): ConcreteEvent[][] {
    const byState = new Map<string, ConcreteEvent[]>()
    for (const { events, state } of shortestPaths(definition, refs)) {
      const end = statePath(state)
      const known = byState.get(end)
      if (!known || events.length < known.length) byState.set(end, events)
    }
    const done = simplePaths(definition, (s) => s.status === 'done', refs).map((p) => p.events)
    const all = [...coveringPaths(definition, refs), ...byState.values(), ...done]
    // Drop a path that another one starts with: the longer one passes the same states with the same checks.
    const key = (p: ConcreteEvent[]) => p.map((e) => JSON.stringify(e)).join('\n')
    const unique = [...new Map(all.map((p) => [key(p), p])).values()].sort((a, b) => b.length - a.length)
    const kept: ConcreteEvent[][] = []
    for (const p of unique)
      if (!kept.some((q) => key(q) === key(p) || key(q).startsWith(`${key(p)}\n`))) kept.push(p)
    return kept
  }

  interface Records {
    artworks: Awaited<ReturnType<typeof artworkRows>>
    movements: Record<string, number>
    contracts: number
    payments: { status: string }[]
    policies: number
    claims: number
    /** Messages of this process by kind, and whether the sender ever messaged themself. */
    messages: Record<string, number>
    selfMessages: number
    opened: number
  }

  async function records(processId: string, artworkIds: string[]): Promise<Records> {
    const raw = t.deps.database.raw
    const linked = (
      (await raw('select artwork_id from process_artworks where process_id = $1', [processId])) as any[]
    ).map((r) => r.artwork_id as string)
    const ids = [...new Set([...artworkIds, ...linked])]
    const moves = (await raw(
      'select kind, count(*)::int as n from artwork_movements where process_id = $1 group by kind',
      [processId],
    )) as { kind: string; n: number }[]
    return {
      artworks: await artworkRows(t, ids),
      movements: Object.fromEntries(moves.map((m) => [m.kind, m.n])),
      contracts: await countRows(t, 'contracts', 'process_id = $1', [processId]),
      payments: (await raw('select status from payments where process_id = $1 order by attempt', [
        processId,
      ])) as any[],
      policies: await countRows(t, 'insurance_policies', 'process_id = $1', [processId]),
      claims: await countRows(t, 'insurance_claims', 'process_id = $1', [processId]),
      messages: Object.fromEntries(
        (
          (await raw('select kind, count(*)::int as n from messages where process_id = $1 group by kind', [
            processId,
          ])) as { kind: string; n: number }[]
        ).map((m) => [m.kind, m.n]),
      ),
      selfMessages: await countRows(t, 'messages', 'process_id = $1 and sender_id = recipient_id', [
        processId,
      ]),
      opened: await countRows(t, 'processes', "snapshot->'context'->'subject'->>'sourceProcessId' = $1", [
        processId,
      ]),
    }
  }

  const moved = (before: Records, after: Records, kind: string) =>
    (after.movements[kind] ?? 0) - (before.movements[kind] ?? 0)

  /** What each effect must have left on the records (checked after the whole event; later effects win). */
  /**
   * How many people other than the sender a `notify` addresses: counted for the process's own people (its
   * starter, everyone in its history, a step's submitter); 'some' for the approvers and payers of the type
   * (there are always some besides the sender among the demo users).
   */
  function othersAddressed(p: ProcessView, effect: Effect, actorId: string): number | 'some' {
    const to = effect.params?.to
    if (to === 'approvers' || to === 'payers') return 'some'
    const people = new Set<string>()
    if (to === 'submitter') {
      const steps = (p.context as { steps?: Record<string, { submittedBy?: string }> }).steps ?? {}
      people.add(steps[effect.step ?? '']?.submittedBy ?? p.createdBy)
    } else for (const id of [p.createdBy, ...Object.keys(p.people)]) people.add(id)
    people.delete(actorId)
    return people.size
  }

  function checkEffects(
    p: ProcessView,
    effects: Effect[],
    before: Records,
    after: Records,
    refs: SampleRefs,
    actorId = '',
  ) {
    const names: string[] = effects.map((e) => e.name)
    const later = (i: number, name: string) => names.slice(i + 1).includes(name)
    const arts = after.artworks.filter(
      (a) => refs.artworkIds.includes(a.id) || p.artworks.some((x) => x.id === a.id),
    )
    effects.forEach((effect, i) => {
      const label = `${p.type} ${effect.name}`
      switch (effect.name) {
        case 'holdArtworks':
          if (!later(i, 'releaseArtworks'))
            expect(
              arts.every((a) => a.active_process_id === p.id),
              label,
            ).toBe(true)
          break
        case 'releaseArtworks':
          expect(
            arts.every((a) => a.active_process_id !== p.id),
            label,
          ).toBe(true)
          break
        case 'transportScheduled':
          expect(
            arts.every((a) => a.transport_status === 'to_be_transported'),
            label,
          ).toBe(true)
          break
        case 'transportDeparted':
          expect(
            arts.every((a) => a.transport_status === 'transporting' && !a.in_warehouse),
            label,
          ).toBe(true)
          expect(moved(before, after, 'transport_start'), label).toBe(arts.length)
          break
        case 'transportArrived':
          expect(
            arts.every((a) => a.transport_status === 'none'),
            label,
          ).toBe(true)
          expect(moved(before, after, 'transport_arrive'), label).toBe(arts.length)
          break
        case 'warehoused':
          expect(
            arts.every((a) => a.room_id === refs.roomId && a.in_warehouse && a.status === 'in_collection'),
            label,
          ).toBe(true)
          expect(moved(before, after, 'warehousing'), label).toBe(arts.length)
          break
        case 'loanOut':
          expect(
            arts.every((a) => a.status === 'on_loan' && !a.in_warehouse),
            label,
          ).toBe(true)
          expect(moved(before, after, 'loan_out'), label).toBe(arts.length)
          break
        case 'loanReturned':
          expect(
            arts.every((a) => a.status === 'in_collection' && a.room_id === refs.roomId),
            label,
          ).toBe(true)
          expect(moved(before, after, 'loan_return'), label).toBe(arts.length)
          break
        case 'sold': {
          // Sold, and still where it was (its room, or the place in words) until its delivery moves it.
          const was = new Map(before.artworks.map((a) => [a.id, a]))
          expect(
            arts.every(
              (a) =>
                a.status === 'sold' &&
                a.in_warehouse === was.get(a.id)?.in_warehouse &&
                a.room_id === was.get(a.id)?.room_id,
            ),
            label,
          ).toBe(true)
          expect(moved(before, after, 'sold'), label).toBe(arts.length)
          break
        }
        case 'insuranceCovered':
          expect(
            arts.every((a) => a.insurance_status === 'covered' && a.insured_until !== null),
            label,
          ).toBe(true)
          expect(after.policies, label).toBe(1)
          break
        case 'insuranceLapsed':
          expect(
            arts.every((a) => a.insurance_status === 'to_be_insured' && a.insured_until === null),
            label,
          ).toBe(true)
          break
        case 'claimPaid':
          expect(after.claims, label).toBe(1)
          break
        case 'stocktakeRecorded':
          expect(
            moved(before, after, 'stocktake_found') + moved(before, after, 'stocktake_missing'),
            label,
          ).toBeGreaterThan(0)
          break
        case 'recordContract':
          expect(after.contracts, label).toBe(1)
          break
        case 'recordPayment':
          expect(after.payments.length, label).toBe(before.payments.length + 1)
          expect(after.payments.at(-1)?.status, label).toBe(effect.params?.status)
          break
        case 'purchaseCompleted':
          expect(p.artworks.length, label).toBeGreaterThan(0)
          expect(after.opened, label).toBe(1)
          break
        case 'notify':
          expect(after.selfMessages, label).toBe(0)
          break
      }
    })
    // Each kind of message reached exactly the people its notify effects name other than the sender.
    const byKind = new Map<string, { known: number; some: boolean }>()
    for (const effect of effects.filter((e) => e.name === 'notify')) {
      const kind = String(effect.params?.kind)
      const others = othersAddressed(p, effect, actorId)
      const k = byKind.get(kind) ?? { known: 0, some: false }
      byKind.set(kind, others === 'some' ? { ...k, some: true } : { ...k, known: k.known + others })
    }
    for (const [kind, { known, some }] of byKind) {
      const sent = (after.messages[kind] ?? 0) - (before.messages[kind] ?? 0)
      if (some) expect(sent, `${p.type} notify ${kind}`).toBeGreaterThan(known)
      else expect(sent, `${p.type} notify ${kind}`).toBe(known)
    }
  }

  /** A DEACCESSION of the refs' artworks, walked to its approved end (not one of the walks: not counted). */
  async function deaccessionApproved(refs: SampleRefs) {
    const data = sampleStepData('DEACCESSION', refs)
    const started = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'DEACCESSION', input: { artworkIds: refs.artworkIds } },
    })
    expect(started.code, started.msg).toBe(0)
    let p = started.data
    for (const step of ['reasons', 'titleCheck', 'decision'])
      for (const [who, body] of [
        ['registrar', { type: 'SUBMIT', payload: data[step][0] }],
        ['approver', { type: 'APPROVE' }],
      ] as const) {
        const res = await t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
          token: tokens[who],
          body: { ...body, expectedVersion: p.version },
        })
        expect(res.code, `DEACCESSION ${body.type} ${step}: ${res.msg}`).toBe(0)
        p = res.data
      }
    expect(p.state).toBe('completed')
  }

  async function replayThroughApi(definition: ProcessDefinition, events: ConcreteEvent[], refs: SampleRefs) {
    const expected: ReplayPath = replay(definition, events, refs)
    const started = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: definition.type, input: expected.input },
    })
    expect(started.code, started.msg).toBe(0)
    let p = started.data
    walked.add(p.id)
    let snapshot: AnyMachineSnapshot = initialTransition(definition.machine, modelInput(definition, refs))[0]
    expect(p.state).toBe(statePath(snapshot))
    let before = await records(p.id, refs.artworkIds)
    checkEffects(
      p,
      expected.startEffects.map((name) => ({ name: name as Effect['name'] })),
      before,
      before,
      refs,
    )

    for (const [i, step] of expected.steps.entries()) {
      const e = step.event
      const res = await t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
        token: tokens[e.actor],
        body: { type: e.type, expectedVersion: p.version, payload: e.payload, comment: e.comment },
      })
      const where = `${definition.type} #${i + 1} ${e.actor} ${e.type} from ${p.state}`
      expect(res.code, `${where}: ${res.msg} ${JSON.stringify(res.data)}`).toBe(0)
      const previous = p
      p = res.data
      snapshot = transition(definition.machine, snapshot, toMachineEvent(definition, e))[0]
      expect(
        { state: p.state, status: p.status, currentStep: p.currentStep, steps: p.steps, version: p.version },
        where,
      ).toEqual({
        state: step.state,
        status: step.status,
        currentStep: step.currentStep,
        steps: step.steps,
        version: previous.version + 1,
      })
      expect([...p.nextEvents].sort(), where).toEqual(
        [...nextEvents(definition, snapshot, modelActors(definition.type)[e.actor])].sort(),
      )
      expect(p.history, where).toHaveLength(previous.history.length + 1)
      expect(p.history.at(-1), where).toMatchObject({
        seq: p.version,
        type: e.type,
        fromState: previous.state,
        toState: step.state,
        by: userIds[e.actor],
        comment: e.comment ?? '',
      })
      const after = await records(p.id, refs.artworkIds)
      checkEffects(p, step.effectDetails, before, after, refs, userIds[e.actor])
      before = after
    }
    return expected
  }

  describe(`machine paths replayed through the API (${name})`, () => {
    for (const type of (registeredTypes() as ProcessType[]).filter(pick)) {
      it(`${type}: every path the graph gives, with its effects; 100% of transitions`, async () => {
        const definition = latest(type)
        const refsFor = async (): Promise<SampleRefs> => {
          const artworkIds = (await makeArtworks(t, 2, room)) as [string, string]
          const refs = { artworkIds, roomId: room, fileId: pdfId }
          // A sale starts only on works whose deaccession was approved: the office decides that first.
          if (type === 'OPERATION_SELL_ART') await deaccessionApproved(refs)
          return refs
        }
        // The paths are computed once with placeholder refs, then replayed with fresh records each.
        const template = await refsFor()
        const paths = pathsFor(definition, template)
        const replayed: ReplayPath[] = []
        let events = 0
        for (const [i, path] of paths.entries()) {
          const refs = i === 0 ? template : await refsFor()
          const swap = (value: unknown): unknown =>
            JSON.parse(
              JSON.stringify(value)
                .replaceAll(template.artworkIds[0], refs.artworkIds[0])
                .replaceAll(template.artworkIds[1], refs.artworkIds[1]),
            )
          const events_ = path.map((e) => swap(e) as ConcreteEvent)
          replayed.push(await replayThroughApi(definition, events_, refs))
          events += path.length
        }
        const c = measureCoverage(definition, replayed)
        coverage.push({ ...c, paths: paths.length, events })
        expect(c.missing, `${type} transitions never taken through the API`).toEqual([])
        // Edge coverage from what the server wrote: every edge between resting states, TERMINATE from every
        // leaf included, appears in the history rows of the processes this walk created.
        const written = (await t.deps.database.raw(
          `select distinct h.from_state, h.event_type, h.to_state from process_history h
             join processes p on p.id = h.process_id
            where p.id = any($1::uuid[]) and p.type = $2 and h.event_type <> 'CREATE'`,
          [`{${[...walked].join(',')}}`, type],
        )) as { from_state: string; event_type: string; to_state: string }[]
        const taken = new Set(written.map((h) => edgeId(h.from_state, h.event_type, h.to_state)))
        const edges = leafEdges(definition)
        edgeCoverage.push({ type, total: edges.length, covered: edges.filter((e) => taken.has(e)).length })
        expect(
          edges.filter((e) => !taken.has(e)),
          `${type} edges never written to the history`,
        ).toEqual([])
        await assertWorldConsistent(t)
      }, 300_000)
    }
  })
}
