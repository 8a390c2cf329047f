// Journey: a registrar downloads the import template, imports a sheet with two bad rows and is told
// exactly which (sheet, row, column, reason) before anything is written, imports only the valid rows, finds
// them, and exports the search back to Excel with the template's columns. Then, in either language, a CSV with
// a bad row chosen as CSV on the same screen: the row and column named, the valid row imported; and a file
// that is no CSV refused in place.
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { MAIN_COLUMNS } from '../../src/server/modules/artworks/excel-columns'
import { fileInput } from './archive-steps'
import { appPerFile, downloadedBytes, newPage, shot, signIn } from './harness'

const run = appPerFile()

const PREFIX = `IMPE2E-${Date.now().toString(36).toUpperCase()}`

/** A sheet as an office would fill it (English headers), rows 3 and 5 wrong. */
async function sheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Artworks')
  const columns = MAIN_COLUMNS.filter((c) => !c.readOnly)
  ws.addRow(columns.map((c) => c.en))
  const row = (n: number, overrides: Record<string, string | number> = {}) => {
    const values: Record<string, string | number> = {
      inventoryNo: `${PREFIX}-${n}`,
      titleZh: `导入测试 ${n}`,
      titleEn: `Import test ${n}`,
      artistZh: '林风眠',
      artistEn: 'Lin Fengmian',
      creationTime: '1960s',
      pictureSize: '68 × 68 cm',
      signed: 'Yes',
      signaturePosition: 'lower right',
      signatureContent: 'Lin Fengmian',
      medium: 'Ink on paper',
      period: 'Post-war (1950–1979)',
      buyYear: 2010 + n,
      inWarehouse: 'No',
      location: 'Family residence, Hong Kong',
      ...overrides,
    }
    ws.addRow(columns.map((c) => values[c.key] ?? ''))
  }
  row(1)
  row(2, { period: 'Bronze Age' })
  row(3)
  row(4, { buyYear: '20ab', medium: 'Clay' })
  row(5)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

describe('Excel import', () => {
  it('lists every bad row before importing, then imports only the valid ones and exports them back', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'registrar')
    await page.goto('/artworkArchive/index')
    await page.getByTestId('import-button').click()

    // the template in Chinese, named as the office reads it
    const templateDownload = page.waitForEvent('download')
    await page.getByTestId('template-zh').click()
    expect((await templateDownload).suggestedFilename()).toBe('艺术品导入模板.xlsx')

    // the file is checked first: the two bad rows, nothing written yet
    await fileInput(page, '[data-testid="excel-import"]').setInputFiles({
      name: 'artworks.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet(),
    })
    await page.getByTestId('import-errors').waitFor({ timeout: 30_000 })
    const rows = await page
      .getByTestId('import-error-row')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)),
      )
    // each problem quotes the cell it is about; row 5 has two, and counts as one row to correct
    expect(rows).toEqual([
      ['作品', '3', '创作时期', '“Bronze Age”：不在可选项中'],
      ['作品', '5', '创作媒介', '“Clay”：不在可选项中'],
      ['作品', '5', '购入年份', '“20ab”：只能输入数字'],
    ])
    const figures = page.getByTestId('import-figures')
    expect(await figures.textContent()).toContain('5')
    expect(await figures.textContent()).toContain('2有误的行')
    await shot(page, 'archive-import-check-zh')
    const before = await page.evaluate(async (prefix) => {
      const r = await fetch(`/api/artworks?keyword=${prefix}`, {
        headers: { 'x-auth-token': localStorage.getItem('vitrine.token') ?? '' },
      })
      return (await r.json()).data.total as number
    }, PREFIX)
    expect(before).toBe(0)

    // only then imported: the three valid rows, in one go
    await page.getByTestId('import-commit').click()
    await page.getByTestId('import-close').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('import-figures').textContent()).toContain('3')
    await shot(page, 'archive-import-done-zh')
    await page.getByTestId('import-close').click()

    await page.getByTestId('archive-search').fill(PREFIX)
    await page.getByTestId('archive-search').press('Enter')
    await expect.poll(() => page.getByTestId('artwork-row').count()).toBe(3)
    const found = await page.getByTestId('artwork-row').allTextContents()
    expect(found.some((t) => t.includes(`${PREFIX}-1`))).toBe(true)
    expect(found.some((t) => t.includes(`${PREFIX}-2`))).toBe(false)
    expect(found.some((t) => t.includes(`${PREFIX}-4`))).toBe(false)

    // the search exported back with the template's columns
    const exported = page.waitForEvent('download')
    await page.getByTestId('export-button').click()
    const download = await exported
    expect(download.suggestedFilename()).toMatch(/^艺术品档案-\d{8}\.xlsx$/)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(new Uint8Array(await downloadedBytes(download)).buffer)
    const main = wb.worksheets[0]
    const inventory = main.getColumn(1).values.slice(2).map(String).sort()
    expect(inventory).toEqual([`${PREFIX}-1`, `${PREFIX}-3`, `${PREFIX}-5`])
    await context.close()
  })
})

describe('CSV import', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    it(`checks a CSV chosen on the import screen and imports its valid row (${lang})`, async () => {
      const { context, page } = await newPage(run.browser, run.app.baseUrl)
      await context.addInitScript((l) => window.localStorage.setItem('vitrine.language', l), lang)
      await signIn(page, 'registrar')
      await page.goto('/artworkArchive/index')
      await page.getByTestId('import-button').click()
      await page
        .getByTestId('import-format')
        .getByText(lang === 'en' ? 'CSV' : 'CSV 文件', { exact: true })
        .click()

      // not a CSV at all: refused in place, nothing checked
      await fileInput(page, '[data-testid="text-import"]').setInputFiles({
        name: 'photo.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      })
      await expect
        .poll(() => page.getByTestId('text-import-refusal').textContent())
        .toBe(
          lang === 'en'
            ? 'Import failed: the file is neither a CSV nor a LIDO XML file; nothing was imported'
            : '导入失败：文件不是 CSV 或 LIDO XML 文件，未导入任何内容',
        )

      const no = `${PREFIX}-CSV-${lang}`
      const header = ['inventoryNo', 'titleEn', 'signed', 'period', 'pictureSize', 'location']
      const h = (key: string) => {
        const c = MAIN_COLUMNS.find((col) => col.key === key)!
        return lang === 'en' ? c.en : c.zh
      }
      const csv = [
        header.map(h).join(','),
        `${no}-1,"Quiet harbour, dusk",No,Post-war (1950–1979),50 × 60 cm,Family residence`,
        `${no}-2,Second,No,Bronze Age,,Family residence`,
      ].join('\r\n')
      await fileInput(page, '[data-testid="text-import"]').setInputFiles({
        name: 'artworks.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      })
      await page.getByTestId('import-errors').waitFor({ timeout: 30_000 })
      const rows = await page
        .getByTestId('import-error-row')
        .evaluateAll((trs) =>
          trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)),
        )
      expect(rows).toEqual(
        lang === 'en'
          ? [['Artworks', '3', 'Period', '"Bronze Age": Not one of the allowed values']]
          : [['作品', '3', '创作时期', '“Bronze Age”：不在可选项中']],
      )
      await shot(page, `archive-import-csv-check-${lang}`)
      await page.getByTestId('import-commit').click()
      await page.getByTestId('import-close').waitFor({ timeout: 30_000 })
      expect(await page.getByTestId('import-figures').textContent()).toContain('1')
      await page.getByTestId('import-close').click()
      const found = await page.evaluate(async (prefix) => {
        const r = await fetch(`/api/artworks?keyword=${encodeURIComponent(prefix)}`, {
          headers: { 'x-auth-token': localStorage.getItem('vitrine.token') ?? '' },
        })
        return (await r.json()).data.list.map((a: { inventoryNo: string }) => a.inventoryNo) as string[]
      }, no)
      expect(found).toEqual([`${no}-1`])
      await context.close()
    })
  }
})
