// Model-based walks of BUY_ART_TRANS (the shipping of bought artworks: transport, then warehousing) through
// the browser, in English: the shortest path to every state, carried on until every transition is taken —
// the transport approved, departed and arrived, the warehousing rejected, fixed and approved, the shipping
// terminated and restarted — clicked by the registrar and the approver on the purchase-shipping screen. At
// every stop the screen must show the machine's state, status and step, and exactly the buttons the
// machine allows the user looking. The transition coverage reached through the browser is printed.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyArtTransV1 } from '../../machines/buy-art-trans'
import type { ProcessView } from '../../src/shared/contracts/process'
import { allTransitions, coverageTable } from '../model/graph-paths'
import { MODEL_REFS, type SampleRefs } from '../model/samples'
import { launchBrowser, type RunningServer, startApp } from './harness'
import { apiCall, localise, sampleFiles, sampleRefs, type UserPage, userPage } from './process-driver'
import { planWalks, walk } from './process-walks'

let app: RunningServer
let browser: Browser
const users: Record<string, UserPage> = {}
let files: { pdf: string }
let local: Awaited<ReturnType<typeof sampleRefs>>
/** Artworks in the demo collection that no process holds, one per walk. */
let free: string[] = []
const refs: SampleRefs = MODEL_REFS
const taken = new Set<string>()
let events = 0
const plan = planWalks(buyArtTransV1, refs)

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  for (const name of ['registrar', 'approver']) users[name] = await userPage(browser, app.baseUrl, name, 'en')
  files = await sampleFiles()
  local = await sampleRefs(users.registrar.page)
  const page = await apiCall<{ list: { id: string; activeProcessId: string | null }[] }>(
    users.registrar.page,
    'GET',
    'artworks?inOperation=false&status=in_collection&pageSize=40',
  )
  free = page.list.filter((a) => !a.activeProcessId).map((a) => a.id)
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  const all = allTransitions(buyArtTransV1).map((t) => t.id)
  console.log(
    `\nE2E transition coverage (browser)\n${coverageTable([
      {
        type: 'BUY_ART_TRANS',
        total: all.length,
        covered: all.filter((id) => taken.has(id)).length,
        missing: all.filter((id) => !taken.has(id)),
        paths: plan.walks.length,
        events,
      },
    ])}\n`,
  )
})

describe('BUY_ART_TRANS in the browser, from its graph', () => {
  it('plans walks that take every transition, through the shortest path to every state', () => {
    expect(plan.untaken).toEqual([])
    expect([...plan.shortest.keys()].sort()).toEqual(
      [
        'completed',
        'terminated',
        'transport.draft',
        'transport.rejected',
        'transport.submitted',
        'transport.toBeTransported',
        'transport.transporting',
        'warehousing.draft',
        'warehousing.rejected',
        'warehousing.submitted',
      ].sort(),
    )
    expect(free.length).toBeGreaterThanOrEqual(plan.walks.length)
  })

  for (const [i, path] of plan.walks.entries()) {
    it(`walk ${i + 1}: ${path.map((e) => `${e.actor}:${e.type}`).join(' → ')}`, async () => {
      const view = await apiCall<ProcessView>(users.registrar.page, 'POST', 'process', {
        type: 'BUY_ART_TRANS',
        input: { artworkIds: [free[i]] },
      })
      const end = await walk(
        {
          definition: buyArtTransV1,
          lang: 'en',
          users,
          files,
          route: '/devOpsManage/buyShipping',
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
      // Warehousing approved: the artwork now stands in the room the form named.
      if (end.status === 'done') {
        const artwork = await apiCall<{ roomId: string | null; inWarehouse: boolean }>(
          users.registrar.page,
          'GET',
          `artworks/${free[i]}`,
        )
        expect(artwork).toMatchObject({ roomId: local.roomId, inWarehouse: true })
      }
    })
  }
})
