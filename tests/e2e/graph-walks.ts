// Browser walks that take EVERY transition of a machine (planWalks: the shortest path to every state, each
// carried on until every transition is taken), for the types walked that thoroughly (the purchase and its
// shipping); the other types take every kind of event and every form (kind-walks.ts). One server, one
// browser and one signed-in page per demo user for a whole file, each page switching language per type; a
// process started through the API for each walk, every event then clicked and typed on the process view by
// the user the model names, the screen checked against the machine at every stop. Each type prints its
// transition coverage.
import { afterAll, describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import type { ProcessDefinition } from '../../machines/types'
import type { ProcessView } from '../../src/shared/contracts/process'
import { type ActorName, allTransitions, coverageTable } from '../model/graph-paths'
import { MODEL_REFS } from '../model/samples'
import { apiCall, type Lang, localise, type sampleRefs, type UserPage } from './process-driver'
import { planWalks, walk } from './process-walks'
import { setUpWalkWorld, switchLanguage } from './walk-setup'

/** What a walk file knows of the database it runs on. */
export interface GraphWalkEnv {
  users: Record<string, UserPage>
  local: Awaited<ReturnType<typeof sampleRefs>>
  /** The next artwork of the demo collection no process holds (each walk that needs one takes its own). */
  freeArtwork: () => string
}

export interface GraphWalkType {
  definition: ProcessDefinition
  lang: Lang
  /** The screen the process view is opened over. */
  route: string
  /** Every state path the shortest paths reach (the plan's own check). */
  states: string[]
  /** The start input (POST /api/process) of one walk. */
  input: (env: GraphWalkEnv) => Record<string, unknown>
  /** What the database must show once a walk has ended (given the walk's start input). */
  after?: (env: GraphWalkEnv, end: AnyMachineSnapshot, input: Record<string, unknown>) => Promise<void>
}

/** The demo users who act in the purchase and its shipping (the model names them). */
const USERS: ActorName[] = ['registrar', 'approver', 'finance', 'admin']

export function describeGraphWalks(
  title: string,
  types: GraphWalkType[],
  /** Settings the server starts with (a second-approval limit the samples are written against). */
  serverEnv: Record<string, string> = {},
): void {
  const world = setUpWalkWorld({ users: USERS, freeArtworks: 40, serverEnv })
  const env: GraphWalkEnv = world
  const { users } = world
  const plans = new Map(types.map((t) => [t.definition.type, planWalks(t.definition, MODEL_REFS)]))
  const taken = new Map(types.map((t) => [t.definition.type, new Set<string>()]))
  const events = new Map(types.map((t) => [t.definition.type, 0]))

  afterAll(() => {
    const rows = types.map((t) => {
      const all = allTransitions(t.definition).map((x) => x.id)
      const got = taken.get(t.definition.type) as Set<string>
      return {
        type: t.definition.type,
        total: all.length,
        covered: all.filter((id) => got.has(id)).length,
        missing: all.filter((id) => !got.has(id)),
        paths: plans.get(t.definition.type)?.walks.length,
        events: events.get(t.definition.type),
      }
    })
    console.log(`\nE2E transition coverage (browser): ${title}\n${coverageTable(rows)}\n`)
  })

  for (const t of types) {
    const type = t.definition.type
    const plan = plans.get(type) as ReturnType<typeof planWalks>
    describe(`${type} in the browser (${t.lang}), from its graph`, () => {
      it('plans walks that take every transition, through the shortest path to every state', () => {
        expect(plan.untaken).toEqual([])
        expect([...plan.shortest.keys()].sort()).toEqual([...t.states].sort())
      })

      for (const [i, path] of plan.walks.entries()) {
        it(`walk ${i + 1}: ${path.map((e) => `${e.actor}:${e.type}`).join(' → ')}`, async () => {
          await switchLanguage(users, t.lang)
          const input = t.input(env)
          const view = await apiCall<ProcessView>(users.registrar.page, 'POST', 'process', { type, input })
          const end = await walk(
            {
              definition: t.definition,
              lang: t.lang,
              users,
              files: world.files,
              route: t.route,
              localise: (payload) => localise(payload, env.local),
              onStep: ({ transitions }) => {
                events.set(type, (events.get(type) ?? 0) + 1)
                for (const id of transitions) taken.get(type)?.add(id)
              },
            },
            view,
            path,
            MODEL_REFS,
          )
          await t.after?.(env, end, input)
        })
      }
    })
  }
}
