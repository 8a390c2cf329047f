// The browser walks that take every kind of event and fill every step form of a process type
// (planKindWalks), shared by the walk files of the operations, insurance and stocktake types: one server,
// one browser and one signed-in page per demo user for a whole file (each page switches language between
// types), a process started through the API for each walk, then every event clicked and typed on the
// process view by the user the model names, the screen checked against the machine at every stop. Each
// type prints one coverage line: the kinds of event taken in the browser and the forms filled.
import { afterAll, describe, expect, it } from 'vitest'
import type { ProcessDefinition } from '../../machines/types'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { ActorName } from '../model/graph-paths'
import { MODEL_REFS } from '../model/samples'
import { apiCall, type Lang, localise, type sampleRefs, type UserPage } from './process-driver'
import { type KindPlan, kindItems, planKindWalks, walk } from './process-walks'
import { setUpWalkWorld, switchLanguage } from './walk-setup'

/** What a walk file knows of the database it runs on. */
export interface WalkEnv {
  users: Record<string, UserPage>
  local: Awaited<ReturnType<typeof sampleRefs>>
  /** The next artwork of the demo collection no process holds (each walk takes its own). */
  freeArtwork: () => string
  /** The artworks taken so far, in order (the last is the current walk's). */
  picked: string[]
}

export interface KindWalkType {
  definition: ProcessDefinition
  lang: Lang
  /** The start input (POST /api/process) of one walk. */
  input: (env: WalkEnv) => Promise<Record<string, unknown>> | Record<string, unknown>
  /**
   * The samples in this database's terms beyond rooms and paying companies (a room's artworks, a receiving
   * company): given the payload as localised for rooms and companies, and the sample itself.
   */
  localise?: (
    payload: Record<string, unknown>,
    env: WalkEnv,
    sample: Record<string, unknown>,
  ) => Record<string, unknown>
  /** What the database must show once a walk has ended (optional). */
  after?: (env: WalkEnv, processId: string) => Promise<void>
}

const USERS: ActorName[] = ['registrar', 'approver', 'finance']

interface Tally {
  kinds: Set<string>
  forms: Set<string>
  fixes: number
  events: number
}

/** One describe per type: the plan's own test, then one test per walk. */
export function describeKindWalks(title: string, types: KindWalkType[]): void {
  const world = setUpWalkWorld({ users: USERS, freeArtworks: 60, chineseFirst: true })
  const env: WalkEnv = world
  const { users } = world
  const tallies = new Map<string, Tally>()
  const plans = new Map<string, KindPlan>()
  for (const t of types) {
    plans.set(t.definition.type, planKindWalks(t.definition, MODEL_REFS))
    tallies.set(t.definition.type, { kinds: new Set(), forms: new Set(), fixes: 0, events: 0 })
  }

  afterAll(() => {
    const lines = types.map((t) => {
      const plan = plans.get(t.definition.type) as KindPlan
      const tally = tallies.get(t.definition.type) as Tally
      const kinds = plan.kinds.filter((k) => tally.kinds.has(k))
      const forms = plan.forms.filter((f) => tally.forms.has(f))
      const missing = [...plan.kinds, ...plan.forms.map((f) => `form:${f}`)].filter(
        (k) => !tally.kinds.has(k) && !tally.forms.has(k.replace(/^form:/, '')),
      )
      return `${t.definition.type.padEnd(30)} ${t.lang.padEnd(5)} kinds ${kinds.length}/${plan.kinds.length}, forms ${forms.length}/${plan.forms.length} (${forms.join(', ')}), fixed after a rejection ${tally.fixes}, ${tally.events} events in ${plan.walks.length} walk(s)${missing.length ? `; not taken: ${missing.join(', ')}` : ''}`
    })
    console.log(`\nE2E event kinds and forms (browser): ${title}\n${lines.join('\n')}\n`)
  })

  for (const t of types) {
    const type = t.definition.type
    const plan = plans.get(type) as KindPlan
    describe(`${type} in the browser (${t.lang}), every kind of event and every form`, () => {
      it('plans walks from the graph that take every kind of event and fill every form', () => {
        expect(plan.untaken).toEqual([])
        const taken = new Set(plan.walks.flat().map((e) => e.type))
        expect([...taken].sort()).toEqual([...plan.kinds].sort())
        expect(plan.forms.length).toBeGreaterThan(0)
      })

      for (const [i, path] of plan.walks.entries()) {
        const summary = path.map((e) => `${e.actor}:${e.type}`).join(' → ')
        it(`walk ${i + 1}: ${summary}`, { timeout: 240_000 }, async () => {
          await switchLanguage(users, t.lang)
          const view = await apiCall<ProcessView>(users.registrar.page, 'POST', 'process', {
            type,
            input: await t.input(env),
          })
          const tally = tallies.get(type) as Tally
          await walk(
            {
              definition: t.definition,
              lang: t.lang,
              users,
              files: world.files,
              route: '/devOpsManage/index',
              localise: (payload) => {
                const general = localise(payload, env.local)
                return t.localise ? t.localise(general, env, payload) : general
              },
              onStep: ({ event, from }) => {
                tally.events += 1
                for (const item of kindItems(t.definition, from, event))
                  if (item.startsWith('form:')) tally.forms.add(item.slice(5))
                  else if (item === 'fix') tally.fixes += 1
                  else tally.kinds.add(item)
              },
            },
            view,
            path,
            MODEL_REFS,
          )
          await t.after?.(env, view.id)
        })
      }
    })
  }
}
