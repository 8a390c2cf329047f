// Model-based walks of BUY_ART through the browser, in Chinese: the shortest path to every state of the
// machine, each carried on until every transition is taken — rejections fixed and resubmitted,
// terminations restarted, failed payments retried, a payment above the second-approval limit approved by
// two people — clicked by the demo users the model names (the registrar fills and submits, the approver
// and an administrator approve, finance pays). At every stop the screen must show the machine's state,
// status and step, and exactly the buttons the machine allows the user looking. The transition coverage
// reached through the browser is printed.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyArtV1 } from '../../machines/buy-art'
import type { ProcessView } from '../../src/shared/contracts/process'
import { allTransitions, coverageTable } from '../model/graph-paths'
import { MODEL_REFS, SAMPLE_SECOND_APPROVAL_ABOVE, type SampleRefs, sampleInput } from '../model/samples'
import { launchBrowser, type RunningServer, startApp } from './harness'
import { apiCall, localise, sampleFiles, sampleRefs, type UserPage, userPage } from './process-driver'
import { planWalks, walk } from './process-walks'

let app: RunningServer
let browser: Browser
const users: Record<string, UserPage> = {}
let files: { pdf: string }
let local: Awaited<ReturnType<typeof sampleRefs>>
const refs: SampleRefs = MODEL_REFS
const taken = new Set<string>()
let events = 0

beforeAll(async () => {
  // The model's payments above this amount need a second approver; the server is told the same limit.
  process.env.VITRINE_SECOND_APPROVAL_ABOVE = SAMPLE_SECOND_APPROVAL_ABOVE.CNY
  process.env.VITRINE_SECOND_APPROVAL_ABOVE_HKD = SAMPLE_SECOND_APPROVAL_ABOVE.HKD
  app = await startApp()
  browser = await launchBrowser()
  for (const name of ['registrar', 'approver', 'finance', 'admin'])
    users[name] = await userPage(browser, app.baseUrl, name, 'zh-CN')
  files = await sampleFiles()
  local = await sampleRefs(users.registrar.page)
})
afterAll(async () => {
  delete process.env.VITRINE_SECOND_APPROVAL_ABOVE
  delete process.env.VITRINE_SECOND_APPROVAL_ABOVE_HKD
  await browser?.close()
  await app?.stop()
  const all = allTransitions(buyArtV1).map((t) => t.id)
  const covered = all.filter((id) => taken.has(id))
  console.log(
    `\nE2E transition coverage (browser)\n${coverageTable([
      {
        type: 'BUY_ART',
        total: all.length,
        covered: covered.length,
        missing: all.filter((id) => !taken.has(id)),
        paths: plan.walks.length,
        events,
      },
    ])}\n`,
  )
})

const plan = planWalks(buyArtV1, refs)

describe('BUY_ART in the browser, from its graph', () => {
  it('plans walks that take every transition, through the shortest path to every state', () => {
    expect(plan.untaken).toEqual([])
    expect([...plan.shortest.keys()].sort()).toEqual(
      [
        'completed',
        'contract.draft',
        'contract.rejected',
        'contract.submitted',
        'dueDiligence.draft',
        'dueDiligence.rejected',
        'dueDiligence.submitted',
        'payment.awaitingPayment',
        'payment.draft',
        'payment.paymentFailed',
        'payment.rejected',
        'payment.submitted',
        'terminated',
      ].sort(),
    )
  })

  for (const [i, path] of plan.walks.entries()) {
    const summary = path.map((e) => `${e.actor}:${e.type}`).join(' → ')
    it(`walk ${i + 1}: ${summary}`, async () => {
      const view = await apiCall<ProcessView>(users.registrar.page, 'POST', 'process', {
        type: 'BUY_ART',
        input: sampleInput('BUY_ART', refs),
      })
      await walk(
        {
          definition: buyArtV1,
          lang: 'zh-CN',
          users,
          files,
          route: '/devOpsManage/index',
          localise: (payload) => localise(payload, local),
          onStep: ({ transitions }) => {
            events += 1
            for (const id of transitions) taken.add(id)
          },
        },
        view.id,
        path,
        refs,
      )
    })
  }
})
