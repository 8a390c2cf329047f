// The demo office's owners: four legal entities (a holding company with a trust under it, a foundation, a
// family member) owning every unsold demo work in shares that add up to 100, none a sold one; the archive
// filters by them and the holding company's holdings include its trust's shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EntityNode, HoldingsView } from '../../src/shared/contracts/ownership'
import { createTestContext, type TestContext } from './helpers'
import { assertWorldConsistent } from './invariants'

let t: TestContext
let admin: string
beforeAll(async () => {
  t = await createTestContext({ collection: true })
  admin = await t.login('admin')
}, 300_000)
afterAll(async () => {
  await t?.close()
})

const get = <T>(path: string, system = 'artworkArchive') =>
  t.call<T>('GET', `/api${path}`, { token: admin, lang: 'en', headers: { 'x-system-name': system } })

describe('the demo office owners', () => {
  it('has four entities, the trust under the holding company', async () => {
    const tree = (await get<EntityNode[]>('/entities')).data
    const holding = tree.find((n) => n.nameEn === 'Lianhua Holdings Limited')
    expect(holding?.children.map((c) => c.nameEn)).toEqual(['Lianhua Family Trust'])
    expect(tree.map((n) => n.nameEn).sort()).toEqual(
      ['Lianhua Art Foundation', 'Lianhua Holdings Limited', 'Lin Shuyi'].sort(),
    )
  })

  it('owns every unsold work wholly between them, no sold one, none held without being owned', async () => {
    const [row] = (await t.deps.database.raw(`select
        count(*) filter (where a.status in ('purchased', 'in_collection', 'on_loan', 'missing')
          and o.total is null) as unowned,
        count(*) filter (where a.status = 'sold' and o.total is not null) as sold_owned,
        count(*) filter (where o.total is not null) as owned
      from artworks a left join (select artwork_id, sum(share_percent) as total from artwork_ownerships
        where valid_to is null group by artwork_id) o on o.artwork_id = a.id`)) as {
      unowned: string
      sold_owned: string
      owned: string
    }[]
    expect([Number(row.unowned), Number(row.sold_owned)]).toEqual([0, 0])
    expect(Number(row.owned)).toBeGreaterThan(0)
    await assertWorldConsistent(t)
  })

  it('holds by the holding company what it and its trust own', async () => {
    const tree = (await get<EntityNode[]>('/entities')).data
    const holding = tree.find((n) => n.nameEn === 'Lianhua Holdings Limited')!
    const trust = holding.children[0]
    const all = await get<HoldingsView>(`/entities/${holding.id}/holdings`, 'art-data-center')
    const own = await get<HoldingsView>(`/entities/${trust.id}/holdings`, 'art-data-center')
    expect(all.code, all.msg).toBe(0)
    expect(all.data.count).toBeGreaterThan(own.data.count)
    for (const a of own.data.artworks)
      expect(all.data.artworks.map((x) => x.artworkId)).toContain(a.artworkId)
    const listed = await get<{ total: number }>(`/artworks?ownerEntityId=${holding.id}&pageSize=1`)
    expect(listed.data.total).toBe(all.data.count)
  })
})
