// The Spectrum 5.1 compliance map (/api/compliance/spectrum) on a real database: the 21 procedures, the nine
// primary ones first, their support said as built (loans in and collections review not at all), the process
// types listed only while the registry declares them (deaccession and damage and loss follow the registry), and
// the evidence counted live — a process started and a valuation recorded move their procedures' counts and
// latest dates; the PDF in both languages; the privilege checked.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registeredTypes } from '../../machines/registry'
import type { SpectrumMap, SpectrumProcedure } from '../../src/shared/contracts/compliance'
import { REPORTS_API } from '../../src/shared/report-paths'
import { type Flow, openFlow } from './process-flow'
import { makeArtworks } from './process-helpers'

let f: Flow
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrine-compliance-'))
const sys = { 'x-system-name': 'art-data-center' }
const map = async (user = 'admin', lang = 'en') =>
  f.t.call<SpectrumMap>('GET', '/api/compliance/spectrum', { token: f.tokens[user], lang, headers: sys })
const byKey = (m: SpectrumMap) => new Map<string, SpectrumProcedure>(m.procedures.map((p) => [p.key, p]))

beforeAll(async () => {
  f = await openFlow()
}, 120_000)

afterAll(async () => {
  await f?.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('the Spectrum 5.1 compliance map', () => {
  it('lists the 21 procedures, the nine primary ones first, with names in both languages', async () => {
    const res = await map()
    expect(res.code, res.msg).toBe(0)
    const m = res.data
    expect(m.standard).toBe('Spectrum 5.1')
    expect(m.procedures).toHaveLength(21)
    expect(new Set(m.procedures.map((p) => p.key)).size).toBe(21)
    expect(m.procedures.slice(0, 9).every((p) => p.primary)).toBe(true)
    expect(m.procedures.slice(9).some((p) => p.primary)).toBe(false)
    expect(m.procedures.slice(0, 9).map((p) => p.nameEn)).toEqual([
      'Object entry',
      'Acquisition and accessioning',
      'Location and movement control',
      'Inventory',
      'Cataloguing',
      'Object exit',
      'Loans in (borrowing objects)',
      'Loans out (lending objects)',
      'Documentation planning',
    ])
    for (const p of m.procedures) {
      expect(p.nameZh).toMatch(/[\u4e00-\u9fff]/)
      expect(p.noteZh).toMatch(/[\u4e00-\u9fff]/)
      expect(p.noteEn.length).toBeGreaterThan(10)
      expect(p.whereLabels).toHaveLength(p.where.length)
      expect(p.support === 'none').toBe(p.where.length === 0)
    }
    const totals = { full: 0, partial: 0, none: 0 }
    for (const p of m.procedures) totals[p.support] += 1
    expect(m.totals).toEqual(totals)
  })

  it('says support as built: partial where part is missing, none where nothing carries it', async () => {
    const p = byKey((await map()).data)
    expect(p.get('collectionsReview')?.support).toBe('none')
    for (const key of ['rightsManagement', 'audit', 'documentationPlanning', 'emergencyPlanning'])
      expect(p.get(key)?.support, key).toBe('partial')
    expect(p.get('inventory')).toMatchObject({
      support: 'full',
      where: ['GET /api/stocktakes', 'INVENTORY_CHECK'],
    })
    expect(p.get('emergencyPlanning')?.where).toContain('GET /api/warehouse/rooms/:id/emergency.pdf')
  })

  it('names the deaccession, damage, condition check, object entry and loan in process types only while the registry declares them', async () => {
    const p = byKey((await map()).data)
    const registered = new Set<string>(registeredTypes())
    for (const [key, type] of [
      ['deaccession', 'DEACCESSION'],
      ['damageLoss', 'DAMAGE_LOSS'],
      ['conditionChecking', 'CONDITION_CHECK'],
      ['objectEntry', 'OBJECT_ENTRY'],
    ] as const) {
      const line = p.get(key)!
      expect(line.where.includes(type), key).toBe(registered.has(type))
      expect(line.support, key).toBe(registered.has(type) ? 'full' : 'partial')
    }
    expect(p.get('loansIn')).toMatchObject(
      registered.has('LOAN_IN') ? { support: 'full', where: ['LOAN_IN'] } : { support: 'none', where: [] },
    )
    expect(p.get('objectEntry')?.where).toContain('GET /api/process/:id/entry-receipt.pdf')
    expect(p.get('deaccession')?.where).toContain('OPERATION_SELL_ART')
    expect(p.get('conditionChecking')?.where).toContain('GET /api/condition-checks/rules')
    // Every process type named is one the registry declares.
    for (const line of p.values())
      for (const w of line.where) if (!w.includes('/')) expect(registered.has(w), w).toBe(true)
  })

  it('counts the evidence live: a process started, a valuation recorded', async () => {
    const before = byKey((await map()).data)
    const [a] = await makeArtworks(f.t, 1, f.room)
    await f.start('operations', 'INVENTORY_CHECK', { roomId: f.room })
    const mid = byKey((await map()).data)
    expect(mid.get('inventory')!.evidence.count).toBe(before.get('inventory')!.evidence.count + 1)
    expect(mid.get('audit')!.evidence.count).toBe(before.get('audit')!.evidence.count + 1)
    const last = mid.get('inventory')!.evidence.lastAt
    expect(last).not.toBeNull()
    expect(Date.now() - Date.parse(last!)).toBeLessThan(60_000)
    const valuations = before.get('valuation')!.evidence.count
    await f.t.deps.database.raw(
      `insert into valuations (artwork_id, amount, currency, valued_on, method) values ($1, 10, 'CNY', '2026-01-01', 'appraisal')`,
      [a],
    )
    const after = byKey((await map()).data)
    expect(after.get('valuation')!.evidence.count).toBe(valuations + 1)
    expect(after.get('loansIn')!.evidence).toEqual({ count: 0, lastAt: null })
  })

  it('downloads as a PDF in each language', async () => {
    for (const [lang, words] of [
      [
        'en',
        [
          'Spectrum 5.1 compliance map',
          'Primary procedures',
          'Object entry',
          'Collections review',
          'Partial',
        ],
      ],
      ['zh-CN', ['Spectrum5.1合规对照', '主要程序', '入馆登记', '藏品评审', '部分支持']],
    ] as const) {
      const res = await f.t.app.request(REPORTS_API.complianceMap, {
        headers: { 'x-auth-token': f.tokens.admin, 'accept-language': lang, ...sys },
      })
      const bytes = Buffer.from(await res.arrayBuffer())
      expect(res.status, bytes.toString('utf8').slice(0, 200)).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      const file = path.join(tmp, `${lang}.pdf`)
      writeFileSync(file, bytes)
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '')
      for (const w of words) expect(text, lang).toContain(w.replace(/\s+/g, ''))
    }
  })

  it('answers only holders of the data centre privilege', async () => {
    expect((await map('viewer')).code).toBe(4031)
    const pdf = await f.t.app.request(REPORTS_API.complianceMap, {
      headers: { 'x-auth-token': f.tokens.viewer, 'accept-language': 'zh-CN', ...sys },
    })
    expect(pdf.status).toBe(403)
  })
})
