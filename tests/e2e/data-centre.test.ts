// Journey of an analyst in the data centre (/art-data-center), in Chinese then English: the
// collection dashboard draws its charts over the demo collection; clicking a bar of the location chart narrows
// the dashboard (the filter in the URL) and "open in the archive" lists the same artworks with the archive's
// own filter; the processes tab draws the purchase machine at a legible size (labels at least 12 px high at
// 1440 px), zooms, and shows the mining table with a row per step; in English the words change; at 390 px
// nothing scrolls sideways. The diagram's draw time is printed for the report (never asserted).
import { describe, expect, it } from 'vitest'
import { overflow } from './fit'
import { appPerFile, axeProblems, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()

describe('data centre: the collection at a glance and the processes mined', () => {
  it('filters the dashboard from a chart, opens the archive, reads the diagram and its figures', async () => {
    const { page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto('/art-data-center')
    await settled(page)
    const dashboard = page.getByTestId('collection-dashboard')
    await dashboard.waitFor()
    expect(await page.getByTestId('reporting-total').getAttribute('data-amount')).toMatch(/^\d+\.\d{2}$/)
    // Its count says what it counts (held artworks), as the archive summary says it counts every one.
    expect(await page.getByTestId('totals-scope').textContent()).toContain('不计已售出和遗失的作品')
    // The collection summary downloads from the header as a PDF (its text is checked in tests/api/reports).
    const [summary] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('collection-summary-pdf').click(),
    ])
    expect(summary.suggestedFilename()).toMatch(/^藏品概要-\d{8}\.pdf$/)
    expect(await summary.failure()).toBeNull()
    const location = page.getByTestId('breakdown-location')
    const bars = location.locator('.recharts-bar-rectangle')
    await bars.first().waitFor()
    expect(
      await page.locator('[data-testid="breakdown-medium"] .recharts-bar-rectangle').count(),
    ).toBeGreaterThan(0)
    // The value over time: a line, or the reason there is none (the demo's valuations may not convert).
    await page
      .getByTestId('value-over-time')
      .locator('path.recharts-line-curve, [data-testid="chart-empty"]')
      .first()
      .waitFor({ state: 'attached' })
    expect(await axeProblems(page, 'data centre dashboard', 'main')).toEqual([])
    await shot(page, 'data-centre-dashboard-zh')

    // A bar narrows every other chart; its filter is in the URL; the archive opens on the same artworks.
    await bars.first().click()
    await page.waitForURL((url) => url.searchParams.has('location'))
    const picked = new URL(page.url()).searchParams.get('location') as string
    await page.getByTestId('active-filters').waitFor()
    const archive = location.getByTestId('card-archive')
    await archive.click()
    await page.waitForURL(/\/artworkArchive\/index/)
    const params = new URL(page.url()).searchParams
    if (picked === 'out') expect(params.get('inWarehouse')).toBe('false')
    else expect(params.getAll('roomId').join(',')).toContain(picked)
    expect(params.getAll('status').join(',')).toContain('in_collection')
    await settled(page)

    // The processes tab: the purchase machine, legible and zoomable, with its mining table.
    await page.goto('/art-data-center?tab=processes&flow=BUY_ART')
    const diagram = page.getByTestId('machine-diagram')
    await diagram.locator('svg').waitFor()
    const labelHeights = await diagram.evaluate((el) =>
      [...el.querySelectorAll('.nodeLabel, .label text, g.label')]
        .map((n) => n.getBoundingClientRect().height)
        .filter((h) => h > 0),
    )
    expect(labelHeights.length).toBeGreaterThan(0)
    const median = labelHeights.sort((a, b) => a - b)[Math.floor(labelHeights.length / 2)]
    expect(median).toBeGreaterThanOrEqual(12)
    console.log(`data centre: BUY_ART diagram drawn in ${await diagram.getAttribute('data-draw-ms')} ms`)
    const width = async () => Number(await diagram.locator('svg').getAttribute('width'))
    const before = await width()
    await page.getByTestId('zoom-in').click()
    await expect.poll(width).toBeGreaterThan(before)
    const table = page.getByTestId('mining-table')
    await table.waitFor()
    for (const step of ['dueDiligence', 'contract', 'payment'])
      expect(await table.locator(`tr[data-step="${step}"]`).count()).toBe(1)
    expect(await table.textContent()).toContain('尽调报告')
    await page.getByTestId('throughput').waitFor()
    await shot(page, 'data-centre-processes-zh')

    // In English.
    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-en').click()
    await expect.poll(() => table.textContent()).toContain('Due-diligence report')
    expect(await table.textContent()).toContain('Median time')
    expect(await page.getByTestId('tab-collection').textContent()).toBe('Collection at a glance')
    await page.getByTestId('tab-collection').click()
    await page.waitForURL((url) => url.searchParams.get('tab') === 'collection')
    await settled(page)
    await shot(page, 'data-centre-dashboard-en')
    await expect.poll(() => page.getByTestId('collection-totals').textContent()).toContain('Rates used')

    // A filter naming nothing: the server's message, no chart pretending.
    await page.goto('/art-data-center?medium=999999')
    await page.getByTestId('datacentre-refused').waitFor()
    expect(await page.getByTestId('datacentre-refused').textContent()).toContain(
      'This filter value does not exist',
    )

    // At 390 px nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/art-data-center')
    await settled(page)
    await page.getByTestId('breakdown-location').locator('.recharts-bar-rectangle').first().waitFor()
    expect(await overflow(page)).toBe('')
    await shot(page, 'data-centre-phone-en')

    // The archive summary says it counts every artwork on record (the data centre, those held).
    await page.goto('/artworkArchive/artSummary')
    await settled(page)
    await expect
      .poll(() => page.getByTestId('summary-count-scope').textContent())
      .toContain('sold and missing ones included')
  }, 120_000)

  it('shows the documentation backlog with its works and the Spectrum compliance map, in both languages', async () => {
    const { page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto('/art-data-center?tab=dataQuality')
    await settled(page)
    const backlog = page.getByTestId('data-quality')
    await backlog.waitFor()
    // One card per rule, each with its count; a rule the demo's works miss lists those works.
    const counts = await backlog.getByTestId('dq-count').allTextContents()
    expect(counts.length).toBeGreaterThanOrEqual(6)
    const cards = backlog.locator('[data-testid^="dq-rule-"]')
    let picked = -1
    for (let i = 0; i < counts.length; i++) if (Number(counts[i].replace(/\D/g, '')) > 0) picked = i
    expect(picked).toBeGreaterThanOrEqual(0)
    await cards.nth(picked).click()
    await expect.poll(() => cards.nth(picked).getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('dq-artwork').first().waitFor()
    expect(await page.locator('main').textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    expect(await axeProblems(page, 'data quality', 'main')).toEqual([])

    // The compliance map: the 21 procedures, each with its support in words, and its PDF.
    await page.goto('/art-data-center?tab=compliance')
    const map = page.getByTestId('compliance')
    await map.waitFor()
    await expect.poll(() => map.getByTestId('procedure').count()).toBe(21)
    expect(await page.getByTestId('compliance-totals').textContent()).toMatch(/\d/)
    expect(await map.locator('[data-testid^="support-"]').count()).toBe(21)
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('compliance-pdf').click(),
    ])
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/)
    expect(await pdf.failure()).toBeNull()
    expect(await axeProblems(page, 'compliance map', 'main')).toEqual([])
    const zh = await map.textContent()

    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-en').click()
    await expect.poll(() => map.textContent()).toContain('Primary procedures')
    expect(await map.textContent()).not.toBe(zh)
    expect(await page.getByTestId('compliance-totals').textContent()).toContain('fully supported')
    await page.getByTestId('tab-data-quality').click()
    await page.waitForURL((url) => url.searchParams.get('tab') === 'dataQuality')
    await expect
      .poll(() => page.getByTestId('data-quality').textContent())
      .toContain('works the office holds')
  }, 120_000)
})
