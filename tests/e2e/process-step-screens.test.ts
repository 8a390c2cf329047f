// Every kind of step screen once in the browser, and each journey once, on one server with one signed-in
// page per demo user. The kinds are the process view's (src/web/areas/process/StepPanel.tsx): a step's form
// (text, choices, dates, files), a money step (payment details, the sum read back before finance confirms),
// a step waiting for its own events with their small forms (a transport's departure and arrival), the
// terminate dialog that asks where the artworks are when they are in transit, and the stocktake's checklist
// (found / missing per artwork); and an insurance cover, whose forms carry files of their own and whose
// premium form starts from the insurer's account once it is read. The journeys: started, filled, approved
// step by step to the end; a form rejected with a comment and corrected; a draft saved, the process
// terminated and restarted on that draft.
// Each walk is chosen on the machine (planJourney) and clicked by the demo users the model names; at every
// stop the screen must show what the machine says (state, status and step in words, each user's buttons),
// and no page may throw. The machines' rules — every transition, every edge between resting states, every
// payload variant — are walked at machine level (tests/model/process-graphs.test.ts) and through the API
// (tests/api/process-model-a/b.test.ts); every registered form is rendered and submitted in
// tests/unit/web/step-forms-render.test.tsx. The purchase with its shipping and batch warehousing
// (process-purchase.test.ts), scanning labels (stocktake-scanning.test.ts) and a failed payment retried
// (finance-payment.test.ts) have journeys of their own.

import { describe, expect, it } from 'vitest'
import { financePaymentV1 } from '../../machines/finance-payment'
import { insuranceAnnualV1 } from '../../machines/insurance-annual'
import { inventoryCheckV1 } from '../../machines/inventory-check'
import { operationShotArtV1 } from '../../machines/operation-shot-art'
import { latest } from '../../machines/registry'
import type { ProcessDefinition } from '../../machines/types'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { ConcreteEvent } from '../model/graph-paths'
import { MODEL_REFS } from '../model/samples'
import { apiCall, type Lang, localise } from './process-driver'
import { planJourney, walk } from './process-walks'
import { setUpWalkWorld, switchLanguage, type WalkWorld } from './walk-setup'

const world = setUpWalkWorld({
  users: ['registrar', 'approver', 'finance'],
  freeArtworks: 20,
  chineseFirst: true,
})

/** The stocktake's room and its artworks: the last one stands for the sample's second artwork. */
const stocktake = { roomId: '', rest: [] as string[], last: '' }

async function stocktakeInput(env: WalkWorld) {
  const rooms = await apiCall<{ id: string }[]>(env.users.registrar.page, 'GET', 'room/getRoomList')
  for (const room of rooms) {
    const list = await apiCall<{ list: { id: string }[] }>(
      env.users.registrar.page,
      'GET',
      `artworks?roomId=${room.id}&pageSize=100&sort=inventoryNo&order=asc`,
    )
    if (list.list.length < 2) continue
    const ids = list.list.map((a) => a.id)
    Object.assign(stocktake, { roomId: room.id, rest: ids.slice(0, -1), last: ids[ids.length - 1] })
    return { roomId: room.id, plannedOn: '2026-03-01' }
  }
  throw new Error('no room of the demo collection holds two artworks')
}

/** The samples' two artworks as this room's: the first as every artwork but the last, the second as the last. */
function roomArtworks(payload: Record<string, unknown>): Record<string, unknown> {
  const [a, b] = MODEL_REFS.artworkIds
  const map = (ids: unknown) =>
    (ids as string[]).flatMap((id) => (id === a ? stocktake.rest : id === b ? [stocktake.last] : [id]))
  const out = { ...payload }
  for (const key of ['foundArtworkIds', 'missingArtworkIds'])
    if (Array.isArray(out[key])) out[key] = map(out[key])
  return out
}

const oneArtwork = (env: WalkWorld) => ({ artworkIds: [env.freeArtwork()] })

/** The walk's artwork as the archive answers for it now. */
const artworkOf = (env: WalkWorld) =>
  apiCall<{ roomId: string | null; activeProcessId: string | null }>(
    env.users.registrar.page,
    'GET',
    `artworks/${env.picked.at(-1)}`,
  )

interface Journey {
  title: string
  definition: ProcessDefinition
  lang: Lang
  /** The events the journey must take, in order (planJourney finds the way between them). */
  through: string[]
  /** Carried on to the process's completion. */
  toEnd: boolean
  input: (env: WalkWorld) => Promise<Record<string, unknown>> | Record<string, unknown>
  localise?: (payload: Record<string, unknown>) => Record<string, unknown>
  /** Which events, in which states, the walk must have taken (the screen kinds it is here for). */
  expects: string[]
  after?: (env: WalkWorld) => Promise<void>
}

// English first, then Chinese: a page loads afresh only when the language changes.
const JOURNEYS: Journey[] = [
  {
    title: 'checklist: the stocktake counted on its checklist (English)',
    definition: inventoryCheckV1,
    lang: 'en',
    through: [],
    toEnd: true,
    input: stocktakeInput,
    localise: roomArtworks,
    expects: ['counting:SUBMIT', 'APPROVE'],
  },
  {
    title:
      'form journey: a draft saved, terminated, restarted on it; rejected, corrected; approved to the end (English)',
    definition: operationShotArtV1,
    lang: 'en',
    through: ['SAVE', 'TERMINATE', 'RESTART', 'SUBMIT', 'REJECT', 'SUBMIT'],
    toEnd: true,
    input: oneArtwork,
    expects: ['SAVE', 'TERMINATE', 'RESTART', 'REJECT', 'APPROVE'],
  },
  {
    title: 'in transit: terminated with where the artworks are now (English)',
    definition: latest('OPERATION_TRANS_ART'),
    lang: 'en',
    through: ['DEPART', 'TERMINATE'],
    toEnd: false,
    input: oneArtwork,
    expects: ['DEPART', 'TERMINATE+payload'],
  },
  {
    title: 'object entry: entered, receipted, given back to the depositor (English)',
    definition: latest('OBJECT_ENTRY'),
    lang: 'en',
    through: [],
    toEnd: true,
    input: () => ({}),
    expects: ['entry:SUBMIT', 'receipt:SUBMIT', 'outcome:SUBMIT', 'APPROVE'],
  },
  {
    title:
      'loan in: agreement, nail-to-nail insurance, arrival, returned with its condition compared (English)',
    definition: latest('LOAN_IN'),
    lang: 'en',
    through: ['RETURN'],
    toEnd: true,
    input: () => ({}),
    expects: ['agreement:SUBMIT', 'insurance:SUBMIT', 'arrival:SUBMIT', 'RETURN+payload'],
  },
  {
    title: 'object entry: entered, receipted, given back to the depositor (Chinese)',
    definition: latest('OBJECT_ENTRY'),
    lang: 'zh-CN',
    through: [],
    toEnd: true,
    input: () => ({}),
    expects: ['entry:SUBMIT', 'receipt:SUBMIT', 'outcome:SUBMIT', 'APPROVE'],
  },
  {
    title:
      'loan in: agreement, nail-to-nail insurance, arrival, returned with its condition compared (Chinese)',
    definition: latest('LOAN_IN'),
    lang: 'zh-CN',
    through: ['RETURN'],
    toEnd: true,
    input: () => ({ note: '借入展出' }),
    expects: ['agreement:SUBMIT', 'insurance:SUBMIT', 'arrival:SUBMIT', 'RETURN+payload'],
  },
  {
    title: "waiting for its own events: a transport's departure and arrival on the step's forms (Chinese)",
    definition: latest('OPERATION_TRANS_ART'),
    lang: 'zh-CN',
    through: ['DEPART', 'ARRIVE'],
    toEnd: true,
    input: oneArtwork,
    expects: ['DEPART', 'ARRIVE'],
    // Arrived: the artwork stands in the room the transport information named, no longer held.
    after: async (env) =>
      expect(await artworkOf(env)).toMatchObject({ roomId: env.local.roomId, activeProcessId: null }),
  },
  {
    title:
      "an insurance cover: quotation, policy with its files, the premium's form drawn from the insurer's account, paid (Chinese)",
    definition: insuranceAnnualV1,
    lang: 'zh-CN',
    through: [],
    toEnd: true,
    input: oneArtwork,
    expects: ['quotation:SUBMIT', 'policy:SUBMIT', 'premiumPayment:SUBMIT', 'CONFIRM_PAYMENT'],
  },
  {
    title: 'money: payment details, the sum read back, confirmed by finance (Chinese)',
    definition: financePaymentV1,
    lang: 'zh-CN',
    through: ['CONFIRM_PAYMENT'],
    toEnd: true,
    input: () => ({ note: '第一季度仓储费' }),
    expects: ['payment:SUBMIT', 'CONFIRM_PAYMENT'],
  },
]

describe('every kind of step screen, and each journey, in the browser', () => {
  for (const j of JOURNEYS) {
    const path: ConcreteEvent[] = planJourney(j.definition, MODEL_REFS, j.through, j.toEnd)
    it(`${j.title}: ${path.map((e) => `${e.actor}:${e.type}`).join(' → ')}`, async () => {
      await switchLanguage(world.users, j.lang)
      const type = j.definition.type
      const view = await apiCall<ProcessView>(world.users.registrar.page, 'POST', 'process', {
        type,
        input: await j.input(world),
      })
      const taken: string[] = []
      const end = await walk(
        {
          definition: j.definition,
          lang: j.lang,
          users: world.users,
          files: world.files,
          route: '/devOpsManage/index',
          localise: (payload) => {
            const general = localise(payload, world.local)
            return j.localise ? j.localise(general) : general
          },
          onStep: ({ event, from }) =>
            taken.push(
              event.type,
              `${from.split('.')[0]}:${event.type}`,
              ...(event.payload ? [`${event.type}+payload`] : []),
            ),
        },
        view,
        path,
        MODEL_REFS,
      )
      for (const e of j.expects) expect(taken, j.title).toContain(e)
      if (j.toEnd) expect(end.status).toBe('done')
      await j.after?.(world)
      expect(world.pageErrors).toEqual([])
    })
  }
})
