// Starts racing for the same artworks: a type that holds its artworks lets exactly one process have them;
// every other start at the same moment is refused with 409 naming the artworks (never a 500 from a
// deadlock between the transactions), and nothing of the refused starts is written. On PGlite the starts
// run one after another; on PostgreSQL they really overlap (a pool of ten connections).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { MESSAGES } from '../../src/shared/errors'
import { assertWorldConsistent } from './invariants'
import { type Flow, openFlow } from './process-flow'

let f: Flow

beforeAll(async () => {
  f = await openFlow()
})
afterAll(async () => {
  await f?.close()
})

const ROUNDS = 5

function startAll(inputs: { artworkIds: string[] }[]) {
  return Promise.all(
    inputs.map((input) =>
      f.t.call<ProcessView>('POST', '/api/process', {
        token: f.tokens.registrar,
        body: { type: 'OPERATION_REPAIR_ART', input },
      }),
    ),
  )
}

async function inventoryNos(ids: string[]): Promise<string[]> {
  const rows = (await f.t.deps.database.raw(
    'select inventory_no from artworks where id = any($1::uuid[]) order by inventory_no',
    [ids],
  )) as { inventory_no: string }[]
  return rows.map((r) => r.inventory_no)
}

/** Exactly one start won: it holds every artwork; the others are 409 artworkHeld naming artworks of theirs. */
async function expectOneWinner(
  answers: Awaited<ReturnType<typeof startAll>>,
  ids: string[],
  round: number,
): Promise<void> {
  const statuses = answers.map((a) => `${a.status} ${a.code} ${a.msg}`)
  const won = answers.filter((a) => a.status === 200)
  expect(won.length, `round ${round}: ${statuses.join(' | ')}`).toBe(1)
  const names = await inventoryNos(ids)
  const heldMessage = MESSAGES.artworkHeld.en.split('{artworks}')
  for (const lost of answers.filter((a) => a.status !== 200)) {
    expect(lost.status, `round ${round}: ${lost.msg}`).toBe(409)
    expect(lost.code).toBe(409)
    expect(lost.msg.startsWith(heldMessage[0]) && lost.msg.endsWith(heldMessage[1]), lost.msg).toBe(true)
    expect(
      names.some((n) => lost.msg.includes(n)),
      lost.msg,
    ).toBe(true)
  }
  const held = (await f.t.deps.database.raw(
    'select distinct active_process_id::text as id from artworks where id = any($1::uuid[])',
    [ids],
  )) as { id: string }[]
  expect(held).toEqual([{ id: won[0].data.id }])
  const created = (await f.t.deps.database.raw(
    `select count(distinct pa.process_id)::int as n from process_artworks pa where pa.artwork_id = any($1::uuid[])`,
    [ids],
  )) as { n: number }[]
  expect(created).toEqual([{ n: 1 }])
}

describe('concurrent starts on the same artworks', () => {
  it('ten starts at once on one artwork: one process, nine 409 artworkHeld, every round', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const [work] = await f.artworks(1)
      const answers = await startAll(Array.from({ length: 10 }, () => ({ artworkIds: [work] })))
      await expectOneWinner(answers, [work], round)
    }
    await assertWorldConsistent(f.t)
  })

  it('starts on {A, B} and {B, A} at once: one process holds both, the others 409', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const [a, b] = await f.artworks(2)
      const answers = await startAll(
        Array.from({ length: 6 }, (_, i) => ({ artworkIds: i % 2 === 0 ? [a, b] : [b, a] })),
      )
      await expectOneWinner(answers, [a, b], round)
    }
    await assertWorldConsistent(f.t)
  })
})
