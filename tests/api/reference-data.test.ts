// Reference data: the reference-data calls of docs/architecture.md § Reference-data calls (dictionaries, trees and their levels, tags, entity lists, countries,
// rooms) answer bilingual seeded data to signed-in users, and the admin API maintains it safely.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KNOWN_REFERENCE } from '../../src/server/seed/reference-data/known'
import { DICT_CODES, DICTIONARIES, TAG_PARENTS, VENDOR_KINDS } from '../../src/shared/contracts/reference'
import { createTestContext, type TestContext } from './helpers'

const HAN = /[\u4e00-\u9fff]/
const DICT = '/api/data_dictionary/get_data_dictionary'
const TREE = '/api/data_dictionary/get_dictionary_tree_by_code'
const CHILD_TREE = '/api/data_dictionary/get_child_dictionary_tree_by_code'
const TAGS = '/api/mdm_tag/get_mdm_tag_by_parent_tag'

interface Item {
  value: string
  label: string
  labelZh: string
  labelEn: string
  sort: number
  children?: Item[]
}

const depth = (items: Item[]): number =>
  items.length === 0 ? 0 : 1 + Math.max(...items.map((i) => depth(i.children ?? [])))
const flatten = (items: Item[]): Item[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])])

let t: TestContext
let admin: string
let viewer: string
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  viewer = await t.login('viewer')
})
afterAll(() => t?.close())

const get = (path: string, lang = 'en', token = viewer) => t.call('GET', path, { token, lang })
const rowCount = async (table: string) =>
  Number(((await t.deps.database.raw(`select count(*)::int as n from ${table}`)) as { n: number }[])[0].n)
/** Row counts one after the other (one pooled connection, like the rest of the suite). */
const rowCounts = async (tables: string[]) => {
  const out: number[] = []
  for (const table of tables) out.push(await rowCount(table))
  return out
}

describe('dictionaries (docs/architecture.md § Reference-data calls)', () => {
  it('answers every dictCode with items carrying both labels', async () => {
    for (const code of DICT_CODES) {
      const res = await get(`${DICT}?dictCode=${code}`)
      expect(res.code, code).toBe(0)
      const items = flatten(res.data)
      expect(items.length, code).toBeGreaterThanOrEqual(5)
      for (const item of items) {
        expect(item.value, code).toMatch(/^[A-Z0-9_]+$/)
        expect(item.labelZh, `${code} ${item.value}`).toMatch(HAN)
        expect(item.labelEn, `${code} ${item.value}`).not.toMatch(HAN)
        expect(item.labelEn.trim(), `${code} ${item.value}`).not.toBe('')
        expect(item.label).toBe(item.labelEn)
        expect(typeof item.sort).toBe('number')
      }
      expect(new Set(items.map((i) => i.value)).size, `${code} values unique`).toBe(items.length)
    }
  })

  it('keeps the spelling LITERATU_RECORD_TYPERE and ISO 4217 currency codes', async () => {
    const lit = await get(`${DICT}?dictCode=LITERATU_RECORD_TYPERE`)
    expect(lit.data.map((i: Item) => i.value)).toContain('CATALOGUE_RAISONNE')
    const currency = await get(`${DICT}?dictCode=CURRENCY`, 'zh-CN')
    const cny = currency.data.find((i: Item) => i.value === KNOWN_REFERENCE.currency.cny)
    expect(cny).toMatchObject({ label: '人民币', labelZh: '人民币', labelEn: 'Chinese Yuan' })
    for (const c of ['USD', 'HKD', 'EUR', 'GBP', 'JPY', 'CHF', 'SGD']) {
      expect(currency.data.map((i: Item) => i.value)).toContain(c)
    }
    expect(currency.data.every((i: Item) => /^[A-Z]{3}$/.test(i.value))).toBe(true)
  })

  it('serves COUNTRY from the country list (ISO 3166-1 alpha-2)', async () => {
    const res = await get(`${DICT}?dictCode=COUNTRY`)
    expect(res.data).toHaveLength(249)
    expect(res.data[0]).toEqual({ value: 'CN', label: 'China', labelZh: '中国', labelEn: 'China', sort: 10 })
    expect(res.data.every((i: Item) => /^[A-Z]{2}$/.test(i.value) && i.children === undefined)).toBe(true)
  })

  it('picks the label from accept-language, Chinese by default', async () => {
    const en = await get(`${DICT}?dictCode=TRANSPORT_TYPE`, 'en-GB,en;q=0.9')
    const zh = await get(`${DICT}?dictCode=TRANSPORT_TYPE`, 'zh-CN')
    const none = await get(`${DICT}?dictCode=TRANSPORT_TYPE`, '')
    const air = (list: Item[]) => list.find((i) => i.value === 'AIR')!
    expect(air(en.data).label).toBe('Air freight')
    expect(air(zh.data).label).toBe('空运')
    expect(air(none.data).label).toBe('空运')
    expect(zh.msg).toBe('成功')
  })

  it('returns the trees whole, several levels deep', async () => {
    for (const code of ['INCOME_FUND_SUBJECT', 'AGREEMENT_CONTRACT_TYPE']) {
      const res = await get(`${TREE}?dictCode=${code}`)
      expect(res.code).toBe(0)
      expect(depth(res.data), code).toBeGreaterThanOrEqual(3)
      expect(res.data.length).toBeGreaterThanOrEqual(2)
      // the plain dictionary call gives the same tree for a tree dictionary
      expect((await get(`${DICT}?dictCode=${code}`)).data).toEqual(res.data)
    }
    const income = await get(`${TREE}?dictCode=INCOME_FUND_SUBJECT`, 'zh-CN')
    const sale = income.data[0].children.find((i: Item) => i.value === 'INCOME_SALE')
    const auction = sale.children.find((i: Item) => i.value === 'INCOME_SALE_AUCTION')
    expect(auction.label).toBe('拍卖成交款')
    expect(auction.children.map((i: Item) => i.value)).toContain(
      KNOWN_REFERENCE.incomeFundSubject.auctionHammer,
    )
    expect(depth(income.data)).toBe(4)
  })

  it('cuts the tree at `level` (1 = the top items alone)', async () => {
    const whole = await get(`${CHILD_TREE}?dictCode=AGREEMENT_CONTRACT_TYPE`)
    expect(depth(whole.data)).toBe(3)
    const one = await get(`${CHILD_TREE}?dictCode=AGREEMENT_CONTRACT_TYPE&level=1`)
    expect(one.code).toBe(0)
    expect(one.data.map((i: Item) => i.value)).toEqual(whole.data.map((i: Item) => i.value))
    expect(one.data.every((i: Item) => Array.isArray(i.children) && i.children.length === 0)).toBe(true)
    const two = await get(`${CHILD_TREE}?dictCode=AGREEMENT_CONTRACT_TYPE&level=2`)
    expect(depth(two.data)).toBe(2)
    expect(two.data[0].children.length).toBeGreaterThan(0)
    const deep = await get(`${CHILD_TREE}?dictCode=AGREEMENT_CONTRACT_TYPE&level=9`)
    expect(deep.data).toEqual(whole.data)
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const res = await get(`${CHILD_TREE}?dictCode=AGREEMENT_CONTRACT_TYPE&level=${bad}`)
      expect(res.code, bad).toBe(400)
      expect(res.data.fieldErrors.level, bad).toBeTruthy()
    }
  })

  it('treats an empty GET parameter as absent', async () => {
    const emptyLevel = await get(`${CHILD_TREE}?dictCode=AGREEMENT_CONTRACT_TYPE&level=`)
    expect(emptyLevel.code).toBe(0)
    expect(depth(emptyLevel.data)).toBe(3)
    const emptyCode = await get(`${DICT}?dictCode=`)
    expect(emptyCode.status).toBe(400)
    expect(emptyCode.data.fieldErrors).toEqual({ dictCode: 'Required' })
    const missing = await get(DICT)
    expect(missing.data.fieldErrors).toEqual({ dictCode: 'Required' })
    const emptyParent = await get(`${TAGS}?parentTagId=`)
    expect(emptyParent.code).toBe(0)
    expect(emptyParent.data.map((i: any) => i.code)).toEqual([...TAG_PARENTS])
  })

  it('refuses an unknown dictCode with a clear 400 in the request language', async () => {
    for (const path of [DICT, TREE, CHILD_TREE]) {
      const res = await get(`${path}?dictCode=NO_SUCH_CODE`)
      expect(res.status).toBe(400)
      expect(res.code).toBe(400)
      expect(res.msg).toBe('Unknown dictionary code')
      expect(res.data.fieldErrors).toEqual({ dictCode: 'Unknown dictionary code' })
    }
    const zh = await get(`${DICT}?dictCode=literatu_record_typere`, 'zh-CN')
    expect(zh.msg).toBe('未知的字典编码')
  })
})

describe('tags (docs/architecture.md § Reference-data calls)', () => {
  it('lists the six parent tags and the children of each, by id or by code', async () => {
    const parents = await get(TAGS)
    expect(parents.data.map((p: any) => p.code)).toEqual([...TAG_PARENTS])
    for (const parent of parents.data) {
      expect(parent.labelZh).toMatch(HAN)
      const byId = await get(`${TAGS}?parentTagId=${parent.id}`)
      expect(byId.code).toBe(0)
      expect(byId.data.length, parent.code).toBeGreaterThanOrEqual(4)
      for (const child of byId.data) {
        expect(child.parentId).toBe(parent.id)
        expect(child.value).toBe(String(child.id))
        expect(child.labelZh).toMatch(HAN)
        expect(child.labelEn).not.toMatch(HAN)
      }
      const byCode = await get(`${TAGS}?parentTagId=${parent.code}`)
      expect(byCode.data).toEqual(byId.data)
    }
    const medium = await get(`${TAGS}?parentTagId=CREATION_MEDIUM`, 'zh-CN')
    expect(medium.data.find((i: any) => i.code === KNOWN_REFERENCE.tag.oilOnCanvas).label).toBe('布面油画')
  })

  it('refuses an unknown parent tag with 400', async () => {
    for (const id of ['999999', 'NO_SUCH_TAG']) {
      const res = await get(`${TAGS}?parentTagId=${id}`)
      expect(res.status).toBe(400)
      expect(res.msg).toBe('Unknown parent tag')
      expect(res.data.fieldErrors).toEqual({ parentTagId: 'Unknown parent tag' })
    }
  })
})

describe('entity lists (docs/architecture.md § Reference-data calls)', () => {
  it('lists users, departments, paying companies and vendors on an empty POST', async () => {
    // Sign-in names go only to account managers; everyone gets ids and display names.
    const users = await t.call('POST', '/api/art/getAllUser', { token: admin })
    expect(users.code).toBe(0)
    const usernames = users.data.map((u: any) => u.username)
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'registrar', 'viewer']))
    for (const u of users.data) {
      expect(u).toMatchObject({ value: u.id, label: u.displayName })
      expect(u).not.toHaveProperty('passwordHash')
    }

    const orgs = await t.call('POST', '/api/art/getAllOrganization', {
      token: viewer,
      body: {},
      lang: 'zh-CN',
    })
    expect(orgs.data.length).toBeGreaterThanOrEqual(6)
    const ops = orgs.data.find((o: any) => o.code === KNOWN_REFERENCE.organization.operations)
    expect(ops).toMatchObject({
      label: '投后运维部',
      labelEn: 'Post-investment Operations',
      value: String(ops.id),
    })

    const ents = await t.call('POST', '/api/art/getAllEnt', { token: viewer })
    expect(ents.data.length).toBeGreaterThanOrEqual(4)
    for (const e of ents.data) {
      expect(e.labelZh).toMatch(HAN)
      expect(e.currency).toMatch(/^[A-Z]{3}$/)
      expect(e.countryCode).toMatch(/^[A-Z]{2}$/)
      expect(e.countryName).not.toBe('')
    }

    const vendors = await t.call('POST', '/api/art/getAllVendors', { token: viewer })
    expect(vendors.data.length).toBeGreaterThanOrEqual(18)
    expect(new Set(vendors.data.map((v: any) => v.kind))).toEqual(new Set(VENDOR_KINDS))
    for (const v of vendors.data) {
      expect(v.number).toMatch(/^[A-Z]{3}-\d{3}$/)
      expect(v.labelZh).toMatch(HAN)
      for (const field of [
        'legalName',
        'bankName',
        'bankAccountName',
        'bankAccountNo',
        'bankSwift',
        'bankAddress',
      ]) {
        expect(v[field], `${v.number} ${field}`).not.toBe('')
      }
      expect(v.bankSwift).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
      if (v.countryCode !== 'CN') expect(v.bankAccountName, v.number).not.toMatch(HAN)
    }
  })

  it('lists every ISO country and the rooms with their liaison, email, country, icon and location', async () => {
    const countries = await get('/api/country/getCountryList', 'zh-CN')
    expect(countries.data).toHaveLength(249)
    expect(countries.data.find((c: any) => c.code === 'CH')).toMatchObject({
      label: '瑞士',
      labelEn: 'Switzerland',
    })
    expect(countries.data.find((c: any) => c.code === 'HK').label).toBe('中国香港')
    expect(countries.data.every((c: any) => HAN.test(c.labelZh) && c.labelEn !== '')).toBe(true)

    const rooms = await get('/api/room/getRoomList')
    expect(rooms.data.length).toBeGreaterThanOrEqual(5)
    expect(rooms.data.length).toBeLessThanOrEqual(8)
    for (const r of rooms.data) {
      expect(r.liaison).not.toBe('')
      expect(r.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/)
      expect(r.icon).toMatch(/^[a-z]+$/)
      expect(r.location).not.toBe('')
      expect(r.countryName).not.toBe('')
    }
    expect(rooms.data[0]).toMatchObject({ code: KNOWN_REFERENCE.room.shanghaiFtz, countryCode: 'CN' })
    expect(rooms.data.map((r: any) => r.code)).toContain(KNOWN_REFERENCE.room.geneva)
  })

  it('answers 403 to every call without a valid token', async () => {
    const calls: [string, string][] = [
      ['GET', `${DICT}?dictCode=CURRENCY`],
      ['GET', `${TREE}?dictCode=INCOME_FUND_SUBJECT`],
      ['GET', `${CHILD_TREE}?dictCode=AGREEMENT_CONTRACT_TYPE&level=1`],
      ['GET', `${TAGS}?parentTagId=PERIOD`],
      ['POST', '/api/art/getAllUser'],
      ['POST', '/api/art/getAllOrganization'],
      ['POST', '/api/art/getAllEnt'],
      ['POST', '/api/art/getAllVendors'],
      ['GET', '/api/country/getCountryList'],
      ['GET', '/api/room/getRoomList'],
      ['GET', '/api/reference/vendors'],
    ]
    for (const [method, path] of calls) {
      const none = await t.call(method, path)
      expect(none.status, path).toBe(403)
      expect(none.code, path).toBe(403)
      const bogus = await t.call(method, path, { token: 'x'.repeat(43) })
      expect(bogus.code, path).toBe(403)
    }
  })
})

describe('admin maintenance', () => {
  const R = '/api/reference'

  it('lets a viewer read the admin lists but not change them (4031)', async () => {
    const list = await t.call('GET', `${R}/vendors?kind=insurer&pageSize=2`, { token: viewer })
    expect(list.code).toBe(0)
    expect(list.data.total).toBeGreaterThanOrEqual(3)
    expect(list.data.list).toHaveLength(2)
    expect(list.data.list.every((v: any) => v.kind === 'insurer')).toBe(true)
    const before = await rowCount('dict_items')
    const res = await t.call('POST', `${R}/dictionary-items`, {
      token: viewer,
      body: { dictCode: 'CURRENCY', value: 'MYR', labelZh: '马来西亚林吉特', labelEn: 'Malaysian Ringgit' },
    })
    expect(res.status).toBe(403)
    expect(res.code).toBe(4031)
    const [room] = (await t.call('GET', `${R}/rooms`, { token: viewer })).data.list
    expect((await t.call('POST', `${R}/rooms/${room.id}/disable`, { token: viewer })).code).toBe(4031)
    expect((await t.call('DELETE', `${R}/rooms/${room.id}`, { token: viewer })).code).toBe(4031)
    expect(await rowCount('dict_items')).toBe(before)
  })

  it('lists the dictionaries and one dictionary in tree order', async () => {
    const dicts = await t.call('GET', `${R}/dictionaries`, { token: viewer, lang: 'zh-CN' })
    expect(dicts.data.map((d: any) => d.code)).toEqual(DICT_CODES)
    expect(dicts.data.find((d: any) => d.code === 'COUNTRY')).toMatchObject({
      source: 'countries',
      itemCount: 249,
    })
    expect(dicts.data.every((d: any) => d.itemCount > 0 && HAN.test(d.name))).toBe(true)
    const items = await t.call('GET', `${R}/dictionaries/AGREEMENT_CONTRACT_TYPE/items`, { token: viewer })
    expect(items.data[0]).toMatchObject({ value: 'TRADE', level: 1, parentId: null })
    expect(items.data[1]).toMatchObject({ value: 'TRADE_PURCHASE', level: 2, parentId: items.data[0].id })
    expect(items.data[2]).toMatchObject({ value: 'TRADE_PURCHASE_AUCTION', level: 3 })
    expect((await t.call('GET', `${R}/dictionaries/NOPE/items`, { token: viewer })).code).toBe(400)
  })

  it('creates, edits, disables, enables and deletes a dictionary item', async () => {
    const created = await t.call('POST', `${R}/dictionary-items`, {
      token: admin,
      body: {
        dictCode: 'CURRENCY',
        value: 'MYR',
        labelZh: '马来西亚林吉特',
        labelEn: 'Malaysian Ringgit',
        sort: 205,
      },
    })
    expect(created.code).toBe(0)
    expect(created.data).toMatchObject({ dictCode: 'CURRENCY', value: 'MYR', enabled: true, level: 1 })
    const values = async () => (await get(`${DICT}?dictCode=CURRENCY`)).data.map((i: Item) => i.value)
    expect(await values()).toContain('MYR')

    const edited = await t.call('PUT', `${R}/dictionary-items/${created.data.id}`, {
      token: admin,
      body: { labelZh: '林吉特', labelEn: 'Ringgit', sort: 5 },
    })
    expect(edited.data).toMatchObject({ labelZh: '林吉特', labelEn: 'Ringgit', sort: 5, value: 'MYR' })
    expect((await values())[0]).toBe('MYR')

    const disabled = await t.call('POST', `${R}/dictionary-items/${created.data.id}/disable`, {
      token: admin,
    })
    expect(disabled.data.enabled).toBe(false)
    expect(await values()).not.toContain('MYR')
    const listed = await t.call('GET', `${R}/dictionary-items?dictCode=CURRENCY&enabled=false`, {
      token: admin,
    })
    expect(listed.data.list.map((i: any) => i.value)).toEqual(['MYR'])
    await t.call('POST', `${R}/dictionary-items/${created.data.id}/enable`, { token: admin })
    expect(await values()).toContain('MYR')

    const dup = await t.call('POST', `${R}/dictionary-items`, {
      token: admin,
      body: { dictCode: 'CURRENCY', value: 'MYR', labelZh: '重复', labelEn: 'Duplicate' },
    })
    expect(dup.code).toBe(400)
    expect(dup.data.fieldErrors).toEqual({ value: 'This code is already in use' })
    // the same value is free in another dictionary
    const other = await t.call('POST', `${R}/dictionary-items`, {
      token: admin,
      body: { dictCode: 'EX_PURPOSE', value: 'MYR', labelZh: '测试', labelEn: 'Test' },
    })
    expect(other.code).toBe(0)
    expect((await t.call('DELETE', `${R}/dictionary-items/${other.data.id}`, { token: admin })).code).toBe(0)

    expect(
      (await t.call('DELETE', `${R}/dictionary-items/${created.data.id}`, { token: admin })).data,
    ).toEqual({
      deleted: true,
    })
    expect(await values()).not.toContain('MYR')
    expect((await t.call('GET', `${R}/dictionary-items/${created.data.id}`, { token: admin })).code).toBe(404)
  })

  it('grows a tree and keeps it a tree', async () => {
    const items = (await t.call('GET', `${R}/dictionaries/INCOME_FUND_SUBJECT/items`, { token: admin })).data
    const top = items.find((i: any) => i.value === 'FUND')
    const leaf = items.find((i: any) => i.value === 'FUND_LOAN_SHAREHOLDER')
    const child = await t.call('POST', `${R}/dictionary-items`, {
      token: admin,
      body: {
        dictCode: 'INCOME_FUND_SUBJECT',
        value: 'FUND_LOAN_SHAREHOLDER_INTEREST_FREE',
        labelZh: '无息股东借款',
        labelEn: 'Interest-free shareholder loan',
        parentId: leaf.id,
      },
    })
    expect(child.data.level).toBe(4)
    const tree = (await get(`${TREE}?dictCode=INCOME_FUND_SUBJECT`)).data
    const fund = tree.find((i: Item) => i.value === 'FUND')
    expect(depth([fund])).toBe(4)

    const cycle = await t.call('PUT', `${R}/dictionary-items/${top.id}`, {
      token: admin,
      body: { labelZh: '资金', labelEn: 'Funds', parentId: child.data.id },
    })
    expect(cycle.code).toBe(400)
    expect(cycle.data.fieldErrors.parentId).toMatch(/Invalid parent/)
    const flatParent = await t.call('POST', `${R}/dictionary-items`, {
      token: admin,
      body: { dictCode: 'CURRENCY', value: 'XAU', labelZh: '黄金', labelEn: 'Gold', parentId: top.id },
    })
    expect(flatParent.data.fieldErrors).toEqual({ parentId: expect.stringMatching(/Invalid parent/) })
    const foreignParent = await t.call('POST', `${R}/dictionary-items`, {
      token: admin,
      body: {
        dictCode: 'AGREEMENT_CONTRACT_TYPE',
        value: 'X',
        labelZh: '某',
        labelEn: 'X',
        parentId: top.id,
      },
    })
    expect(foreignParent.code).toBe(400)

    // a parent with children cannot be deleted; disabling it hides its branch from the forms
    expect((await t.call('DELETE', `${R}/dictionary-items/${leaf.id}`, { token: admin })).code).toBe(409)
    await t.call('POST', `${R}/dictionary-items/${top.id}/disable`, { token: admin })
    const hidden = flatten((await get(`${TREE}?dictCode=INCOME_FUND_SUBJECT`)).data).map((i) => i.value)
    expect(hidden).not.toContain('FUND')
    expect(hidden).not.toContain('FUND_LOAN_SHAREHOLDER_INTEREST_FREE')
    expect(hidden).toContain('INCOME')
    await t.call('POST', `${R}/dictionary-items/${top.id}/enable`, { token: admin })
    expect((await t.call('DELETE', `${R}/dictionary-items/${child.data.id}`, { token: admin })).code).toBe(0)
  })

  it('refuses to delete what is in use (409) and says so', async () => {
    const cny = (await t.call('GET', `${R}/dictionary-items?dictCode=CURRENCY&keyword=CNY`, { token: admin }))
      .data.list[0]
    const res = await t.call('DELETE', `${R}/dictionary-items/${cny.id}`, { token: admin })
    expect(res.status).toBe(409)
    expect(res.msg).toBe('This record is in use and cannot be deleted')
    expect((await t.call('DELETE', `${R}/countries/CN`, { token: admin })).code).toBe(409)
    const parents = (await t.call('GET', `${R}/tags?parentId=none`, { token: admin })).data.list
    expect(parents).toHaveLength(TAG_PARENTS.length)
    expect((await t.call('DELETE', `${R}/tags/${parents[0].id}`, { token: admin })).code).toBe(409)
    const ops = (await t.call('GET', `${R}/organizations?keyword=OPERATIONS`, { token: admin })).data.list[0]
    await t.deps.database.raw(`update users set organization_id = $1 where username = 'operations'`, [ops.id])
    expect((await t.call('DELETE', `${R}/organizations/${ops.id}`, { token: admin })).code).toBe(409)
    const users = (await t.call('POST', '/api/art/getAllUser', { token: admin })).data
    expect(users.find((u: any) => u.username === 'operations').organizationId).toBe(ops.id)
    expect((await get('/api/data_dictionary/get_data_dictionary?dictCode=CURRENCY')).data[0].value).toBe(
      'CNY',
    )
  })

  it('maintains tags: a new child shows under its parent, a disabled parent offers none', async () => {
    const period = (await get(`${TAGS}`)).data.find((p: any) => p.code === 'PERIOD')
    const created = await t.call('POST', `${R}/tags`, {
      token: admin,
      body: { nameZh: '宋代（960–1279）', nameEn: 'Song dynasty (960–1279)', parentId: period.id, sort: 1 },
    })
    expect(created.code).toBe(0)
    expect(created.data).toMatchObject({ code: null, parentId: period.id, enabled: true })
    const children = await get(`${TAGS}?parentTagId=PERIOD`, 'zh-CN')
    expect(children.data[0]).toMatchObject({ id: created.data.id, label: '宋代（960–1279）' })

    await t.call('POST', `${R}/tags/${period.id}/disable`, { token: admin })
    expect((await get(`${TAGS}?parentTagId=PERIOD`)).data).toEqual([])
    expect((await get(TAGS)).data.map((p: any) => p.code)).not.toContain('PERIOD')
    await t.call('POST', `${R}/tags/${period.id}/enable`, { token: admin })

    const selfParent = await t.call('PUT', `${R}/tags/${period.id}`, {
      token: admin,
      body: { nameZh: '创作时期', nameEn: 'Period', parentId: created.data.id },
    })
    expect(selfParent.code).toBe(400)
    const taken = await t.call('POST', `${R}/tags`, {
      token: admin,
      body: { code: 'PERIOD', nameZh: '重复', nameEn: 'Duplicate' },
    })
    expect(taken.data.fieldErrors).toEqual({ code: 'This code is already in use' })
    expect((await t.call('DELETE', `${R}/tags/${created.data.id}`, { token: admin })).code).toBe(0)
  })

  it('creates and edits a vendor, hides it from forms when disabled', async () => {
    const body = {
      number: 'SHP-099',
      kind: 'shipper',
      nameZh: '深圳前海艺术品物流有限公司',
      nameEn: 'Shenzhen Qianhai Fine Art Logistics Co., Ltd.',
      countryCode: 'CN',
      region: '深圳 Shenzhen',
      legalName: '深圳前海艺术品物流有限公司',
      bankName: '中国银行深圳分行',
      bankAccountName: '深圳前海艺术品物流有限公司',
      bankAccountNo: '751234567890',
      bankSwift: 'BKCHCNBJ45A',
      bankAddress: '深圳市福田区',
    }
    const created = await t.call('POST', `${R}/vendors`, { token: admin, body, lang: 'zh-CN' })
    expect(created.code).toBe(0)
    expect(created.data).toMatchObject({
      number: 'SHP-099',
      kindLabel: '运输商',
      countryName: '中国',
      name: body.nameZh,
    })
    const { number: _n, ...editable } = body
    const edited = await t.call('PUT', `${R}/vendors/${created.data.id}`, {
      token: admin,
      body: { ...editable, contactName: '黄磊 Huang Lei', contactPhone: '+86 755 8888 0000' },
    })
    expect(edited.data).toMatchObject({ contactName: '黄磊 Huang Lei', number: 'SHP-099' })
    const numbers = async () =>
      (await t.call('POST', '/api/art/getAllVendors', { token: viewer })).data.map((v: any) => v.number)
    expect(await numbers()).toContain('SHP-099')
    await t.call('POST', `${R}/vendors/${created.data.id}/disable`, { token: admin })
    expect(await numbers()).not.toContain('SHP-099')
    const renumber = await t.call('PUT', `${R}/vendors/${created.data.id}`, {
      token: admin,
      body: { ...editable, number: 'SHP-100' },
    })
    expect(renumber.data.fieldErrors).toEqual({ number: 'Field not allowed' })
  })

  it('refuses bad input with field errors and writes nothing', async () => {
    const tables = ['vendors', 'rooms', 'enterprises', 'dict_items', 'tags', 'countries', 'organizations']
    const before = await rowCounts(tables)

    const vendor = await t.call('POST', `${R}/vendors`, {
      token: admin,
      body: {
        number: 'INS-099',
        kind: 'broker',
        nameZh: '',
        countryCode: 'HK',
        legalName: 'Victoria Art Risk Limited',
        bankName: 'Hang Seng Bank Limited',
        bankAccountName: '维多利亚艺术风险有限公司',
        bankSwift: 'hasehkhh',
      },
    })
    expect(vendor.status).toBe(400)
    expect(vendor.msg).toBe('Invalid input: check the marked fields')
    expect(vendor.data.fieldErrors).toMatchObject({
      kind: 'Invalid value',
      nameZh: 'Required',
      nameEn: 'Required',
      bankSwift: 'Invalid value',
    })
    const bank = await t.call('POST', `${R}/vendors`, {
      token: admin,
      lang: 'zh-CN',
      body: {
        number: 'INS-099',
        kind: 'insurer',
        nameZh: '维多利亚艺术风险',
        nameEn: 'Victoria Art Risk',
        countryCode: 'HK',
        legalName: 'Victoria Art Risk Limited',
        bankName: 'Hang Seng Bank Limited',
        bankAccountName: '维多利亚艺术风险有限公司',
      },
    })
    expect(bank.data.fieldErrors).toEqual({
      bankAccountNo: '收款人信息须填写完整',
      bankAccountName: '中国大陆以外的收款人名称须为英文',
    })

    const room = await t.call('POST', `${R}/rooms`, {
      token: admin,
      body: {
        code: 'NYC',
        nameZh: '纽约仓',
        nameEn: 'New York Store',
        liaison: 'Ann Lee',
        email: 'not-an-email',
        countryCode: 'US',
        icon: 'castle',
        location: '',
        capacity: -1,
      },
    })
    expect(room.data.fieldErrors).toMatchObject({
      email: 'This is not an email address',
      icon: 'Invalid value',
      location: 'Required',
      capacity: 'Invalid value',
    })
    const unknownCountry = await t.call('POST', `${R}/rooms`, {
      token: admin,
      body: {
        code: 'ZZ-1',
        nameZh: '某仓',
        nameEn: 'Some store',
        liaison: 'Ann Lee',
        email: 'ann@example.com',
        countryCode: 'ZZ',
        icon: 'warehouse',
        location: 'Somewhere',
      },
    })
    expect(unknownCountry.data.fieldErrors).toEqual({ countryCode: 'Invalid value' })

    const ent = await t.call('POST', `${R}/enterprises`, {
      token: admin,
      body: {
        code: 'CG-JP',
        nameZh: '澄观日本',
        nameEn: 'Chengguan Japan KK',
        countryCode: 'JP',
        currency: 'XYZ',
      },
    })
    expect(ent.data.fieldErrors).toEqual({ currency: 'Invalid value' })

    const dict = await t.call('POST', `${R}/dictionary-items`, {
      token: admin,
      body: { dictCode: 'COUNTRY', value: 'bad value!', labelZh: '', labelEn: 'x'.repeat(101), extra: 1 },
    })
    expect(dict.data.fieldErrors).toMatchObject({
      dictCode: 'Unknown dictionary code',
      value: 'Invalid value',
      labelZh: 'Required',
      labelEn: 'At most 100 characters',
      extra: 'Field not allowed',
    })
    const country = await t.call('POST', `${R}/countries`, {
      token: admin,
      body: { code: 'cn', nameZh: '中国', nameEn: 'China' },
    })
    expect(country.data.fieldErrors).toEqual({ code: 'Invalid value' })
    const dupCountry = await t.call('POST', `${R}/countries`, {
      token: admin,
      body: { code: 'CN', nameZh: '中国', nameEn: 'China' },
    })
    expect(dupCountry.data.fieldErrors).toEqual({ code: 'This code is already in use' })
    const org = await t.call('POST', `${R}/organizations`, {
      token: admin,
      body: { code: 'RESEARCH', nameZh: '研究部' },
    })
    expect(org.data.fieldErrors).toEqual({ nameEn: 'Required' })

    expect(await rowCounts(tables)).toEqual(before)
  })

  it('creates a paying company, a room and a department that the lists then offer', async () => {
    const ent = await t.call('POST', `${R}/enterprises`, {
      token: admin,
      body: {
        code: 'CG-JP',
        nameZh: '澄观日本株式会社',
        nameEn: 'Chengguan Japan KK',
        countryCode: 'JP',
        currency: 'JPY',
      },
    })
    expect(ent.data).toMatchObject({ countryName: 'Japan', currency: 'JPY' })
    const room = await t.call('POST', `${R}/rooms`, {
      token: admin,
      body: {
        code: 'TYO',
        nameZh: '东京天王洲仓库',
        nameEn: 'Tokyo Tennozu Store',
        liaison: '佐藤健 Sato Ken',
        email: 'tokyo.store@chengguan.example',
        countryCode: 'JP',
        icon: 'warehouse',
        location: '東京都品川区東品川 2-6',
        capacity: 60,
      },
    })
    expect(room.code).toBe(0)
    const org = await t.call('POST', `${R}/organizations`, {
      token: admin,
      body: { code: 'RESEARCH', nameZh: '艺术研究部', nameEn: 'Art Research', sort: 95 },
    })
    expect(org.code).toBe(0)
    expect(
      (await t.call('POST', '/api/art/getAllEnt', { token: viewer })).data.map((e: any) => e.code),
    ).toContain('CG-JP')
    expect((await get('/api/room/getRoomList')).data.map((r: any) => r.code)).toContain('TYO')
    const orgs = (await t.call('POST', '/api/art/getAllOrganization', { token: viewer })).data
    expect(orgs[orgs.length - 1].code).toBe('RESEARCH')
    // an unused room can be deleted
    expect((await t.call('DELETE', `${R}/rooms/${room.data.id}`, { token: admin })).code).toBe(0)
    expect((await get('/api/room/getRoomList')).data.map((r: any) => r.code)).not.toContain('TYO')
  })
})

describe('a production install (VITRINE_DEMO off)', () => {
  it('has every dictionary, tag, country and department but no invented companies, vendors or rooms', async () => {
    const prod = await createTestContext({ demo: false })
    try {
      const token = await prod.login('admin')
      for (const code of Object.keys(DICTIONARIES)) {
        const res = await prod.call('GET', `${DICT}?dictCode=${code}`, { token })
        expect(res.data.length, code).toBeGreaterThan(0)
      }
      expect((await prod.call('GET', `${TAGS}?parentTagId=ARTIST_STAGE`, { token })).data.length).toBe(5)
      expect((await prod.call('POST', '/api/art/getAllOrganization', { token })).data.length).toBe(8)
      expect((await prod.call('POST', '/api/art/getAllEnt', { token })).data).toEqual([])
      expect((await prod.call('POST', '/api/art/getAllVendors', { token })).data).toEqual([])
      expect((await prod.call('GET', '/api/room/getRoomList', { token })).data).toEqual([])
    } finally {
      await prod.close()
    }
  })
})
