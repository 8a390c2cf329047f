// A share link's works as a PDF, rendered by the server: opened without an account (with the link's password
// when it has one), in the request's language, naming the recipient, each work's title, and its value only
// when the link shows values; a wrong password or a revoked link gets the envelope, never a file.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moneyText } from '../../src/shared/money-text'
import { createTestContext, type TestContext } from './helpers'

let t: TestContext
let registrar: string
let works: { id: string; title_en: string; latest_valuation: string; latest_valuation_currency: string }[]
const H = { 'x-system-name': 'artworkArchive' }
const tmp = mkdtempSync(path.join(os.tmpdir(), 'share-pdf-'))

beforeAll(async () => {
  t = await createTestContext({ collection: true })
  registrar = await t.login('registrar')
  works = (await t.deps.database.raw(
    `select a.id, a.title_en, a.latest_valuation::text as latest_valuation, a.latest_valuation_currency
      from artworks a where a.status = 'in_collection' and a.latest_valuation is not null
      order by a.inventory_no limit 2`,
  )) as typeof works
  expect(works).toHaveLength(2)
}, 120_000)
afterAll(async () => {
  await t?.close()
  rmSync(tmp, { recursive: true, force: true })
})

async function share(extra: Record<string, unknown>) {
  const res = await t.call<{ id: string; token: string }>('POST', '/api/shares', {
    token: registrar,
    headers: H,
    body: {
      artworkIds: works.map((w) => w.id),
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      showValues: true,
      recipient: 'Ms Chen, Hiscox',
      ...extra,
    },
  })
  expect(res.code, res.msg).toBe(0)
  return res.data
}
let n = 0
async function pdf(token: string, lang = 'en', password?: string) {
  const res = await t.app.request(`/api/public/shares/${token}/pdf`, {
    headers: { 'accept-language': lang, ...(password ? { 'x-share-password': password } : {}) },
  })
  const body = Buffer.from(await res.arrayBuffer())
  if (res.status !== 200) return { status: res.status, text: body.toString('utf8') }
  expect(res.headers.get('content-type')).toBe('application/pdf')
  n += 1
  const file = path.join(tmp, `s${n}.pdf`)
  writeFileSync(file, body)
  return { status: 200, text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }) }
}

describe("a share's works as a PDF", () => {
  it('names the recipient and the works, with values when the link shows them, in both languages', async () => {
    const { token } = await share({})
    const en = await pdf(token)
    expect(en.status).toBe(200)
    expect(en.text).toContain('Works shared with Ms Chen, Hiscox')
    expect(en.text).toContain('For Ms Chen, Hiscox only')
    for (const w of works) {
      expect(en.text).toContain(w.title_en)
      expect(en.text).toContain(moneyText(w.latest_valuation, w.latest_valuation_currency))
    }
    const zh = await pdf(token, 'zh-CN')
    expect(zh.text).toContain('与 Ms Chen, Hiscox 分享的作品')
    expect(zh.text).toContain('估值')
  })

  it('leaves the values out when the link does not show them', async () => {
    const { token } = await share({ showValues: false })
    const { text } = await pdf(token)
    expect(text).toContain(works[0].title_en)
    expect(text).not.toContain('Value')
    for (const w of works)
      expect(text).not.toContain(moneyText(w.latest_valuation, w.latest_valuation_currency))
  })

  it('asks for the password of a protected link, and refuses a revoked one, with the envelope', async () => {
    const { id, token } = await share({ password: 'harbour-2026' })
    const missing = await pdf(token)
    expect(missing.status).toBe(403)
    expect(JSON.parse(missing.text).code).toBe(403)
    expect((await pdf(token, 'en', 'harbour-2026')).status).toBe(200)
    const revoked = await t.call('DELETE', `/api/shares/${id}`, { token: registrar, headers: H })
    expect(revoked.code, revoked.msg).toBe(0)
    expect((await pdf(token, 'en', 'harbour-2026')).status).toBe(404)
  })
})
