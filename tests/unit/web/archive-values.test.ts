// How the archive screens read what the API sends: values in the change history, the valuation history
// drawn from it, bar lengths of the summary and where a bar leads, download names, and the form's checklist.
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { changeValueText, valuationHistory } from '../../../src/web/areas/archive/detail/change-values'
import { previewKindOf } from '../../../src/web/areas/archive/detail/MediaViewer'
import { fileNameFromDisposition } from '../../../src/web/areas/archive/download'
import { emptyValues, readinessOf } from '../../../src/web/areas/archive/form/form-values'
import { startGroupsFor } from '../../../src/web/areas/archive/operations/ArtworkOperationsScreen'
import { barWidths } from '../../../src/web/areas/archive/summary/BarList'
import { currenciesOf, searchFor } from '../../../src/web/areas/archive/summary/SummaryScreen'
import { START_GROUPS, startHref } from '../../../src/web/areas/process-start/start-points'

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const reference = {
  tagLabel: (id: number | string | null | undefined) =>
    id === null || id === undefined
      ? ''
      : (({ 3: 'Oil on canvas', 7: 'Post-war', 12: 'Core holding' } as Record<string, string>)[String(id)] ??
        String(id)),
  dictLabel: (_code: string, value: string | null | undefined) =>
    value === 'WOODEN_CRATE' ? 'Wooden crate' : (value ?? ''),
  roomLabel: () => '',
}
const ctx = { i18n, reference, artistName: (id: string) => (id === 'a1' ? 'Lin Fengmian' : undefined) }

describe('change history values', () => {
  it('names ids and codes, and shows emptiness, booleans, money and lists', () => {
    expect(changeValueText('mediumTagId', 3, ctx)).toBe('Oil on canvas')
    expect(changeValueText('labelTagIds', [12, 3], ctx)).toBe('Core holding, Oil on canvas')
    expect(changeValueText('packagingType', 'WOODEN_CRATE', ctx)).toBe('Wooden crate')
    expect(changeValueText('artistId', 'a1', ctx)).toBe('Lin Fengmian')
    expect(changeValueText('latestValuation', '1234567.5', ctx)).toBe('1,234,567.50')
    expect(changeValueText('actualWeight', '3.5', ctx)).toBe('3.5 kg')
    expect(changeValueText('signature.signed', true, ctx)).toBe('Yes')
    expect(changeValueText('exhibitions', [{}, {}], ctx)).toBe('2 entries')
    expect(changeValueText('media', [{}], ctx)).toBe('1 files')
    expect(changeValueText('titleEn', '', ctx)).toBe('—')
    expect(changeValueText('periodTagId', null, ctx)).toBe('—')
    expect(changeValueText('dimensions.picture', '60 × 80 cm', ctx)).toBe('60 × 80 cm')
  })
})

describe('valuation history', () => {
  const entry = (
    version: number,
    changes: { field: string; old: unknown; new: unknown }[],
    action = 'valuation',
  ) => ({
    version,
    at: `2026-0${version}-01T00:00:00Z`,
    byName: `user ${version}`,
    action,
    changes,
  })

  it('lists each valuation change newest first, with the value before it, carrying untouched fields', () => {
    const points = valuationHistory([
      entry(1, [{ field: 'titleZh', old: null, new: '荷塘图' }], 'create'),
      entry(3, [{ field: 'latestValuation', old: '1000000.00', new: '1200000.00' }]),
      entry(2, [
        { field: 'latestValuation', old: null, new: '1000000.00' },
        { field: 'latestValuationCurrency', old: null, new: 'HKD' },
        { field: 'valuationDate', old: null, new: '2026-02-01' },
      ]),
      entry(4, [{ field: 'remarkEn', old: '', new: 'cleaned' }], 'update'),
    ])
    expect(points.map((p) => p.version)).toEqual([3, 2])
    expect(points[0]).toMatchObject({
      value: '1200000.00',
      currency: 'HKD',
      date: '2026-02-01',
      previousValue: '1000000.00',
      previousCurrency: 'HKD',
    })
    expect(points[1]).toMatchObject({
      value: '1000000.00',
      currency: 'HKD',
      previousValue: null,
      byName: 'user 2',
    })
  })

  it('takes the old value from the change itself when the window starts mid-history', () => {
    const points = valuationHistory([entry(9, [{ field: 'latestValuation', old: '500.00', new: '800.00' }])])
    expect(points[0]).toMatchObject({ value: '800.00', previousValue: '500.00' })
  })
})

describe('summary', () => {
  it('draws bars relative to the largest value', () => {
    expect(barWidths([5, 10, 0])).toEqual([50, 100, 0])
    expect(barWidths([0, 0])).toEqual([0, 0])
    expect(barWidths([])).toEqual([])
  })

  it('opens the archive filtered by the bar, "not set" only where the list can say it', () => {
    expect(searchFor('medium', '3')).toEqual({ mediumTagId: [3] })
    expect(searchFor('room', 'r1')).toEqual({ roomId: ['r1'] })
    expect(searchFor('room', null)).toEqual({ inWarehouse: false })
    expect(searchFor('status', 'on_loan')).toEqual({ status: ['on_loan'] })
    expect(searchFor('insurance', 'covered')).toEqual({ insuranceStatus: ['covered'] })
    expect(searchFor('period', null)).toBeNull()
  })

  it('lists currencies by how many artworks are valued in them, never merging them', () => {
    const summary = {
      count: 5,
      valuations: [
        { currency: 'USD', count: 1, total: '10.00' },
        { currency: 'CNY', count: 3, total: '30.00' },
        { currency: 'EUR', count: 1, total: '5.00' },
      ],
      groups: { medium: [], period: [], market: [], room: [], status: [], insurance: [] },
    }
    expect(currenciesOf(summary)).toEqual(['CNY', 'EUR', 'USD'])
  })
})

describe('files', () => {
  it('reads the download name, Chinese names included', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="______.xlsx"; filename*=UTF-8''%E8%89%BA%E6%9C%AF%E5%93%81.xlsx`,
      ),
    ).toBe('艺术品.xlsx')
    expect(fileNameFromDisposition('attachment; filename="artworks.xlsx"')).toBe('artworks.xlsx')
    expect(fileNameFromDisposition(null)).toBeNull()
  })

  it('previews images, MP4 and PDF in the browser, nothing else', () => {
    expect(previewKindOf('image/jpeg')).toBe('image')
    expect(previewKindOf('image/png')).toBe('image')
    expect(previewKindOf('video/mp4')).toBe('video')
    expect(previewKindOf('application/pdf')).toBe('pdf')
    expect(previewKindOf('application/zip')).toBe('none')
    expect(previewKindOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'none',
    )
  })
})

describe('starting a process for an artwork', () => {
  const point = (type: string) => START_GROUPS.flatMap((g) => g.points).find((p) => p.type === type)
  const types = (status: string) => startGroupsFor(status).flatMap((g) => g.points.map((p) => p.type))
  it('names the artwork in the start address: the start drawer of a list, or a start screen', () => {
    const repair = point('OPERATION_REPAIR_ART')
    const annual = point('INSURANCE_ANNUAL')
    if (!repair || !annual) throw new Error('start points lost')
    expect(startHref(repair, 'a-1')).toBe('/devOpsManage/artRepair?start=1&artworkId=a-1')
    expect(startHref(annual, 'a-1')).toBe('/devOpsManage/createAnnualInsurance?artworkId=a-1')
  })

  it("offers only what the artwork's status allows (the machines' artworkStatuses): a claim when sold, a claim or a damage case when missing", () => {
    expect(types('in_collection')).toContain('OPERATION_REPAIR_ART')
    expect(types('in_collection')).toContain('DEACCESSION')
    expect(types('in_collection')).not.toContain('BUY_ART')
    expect(types('sold')).toEqual(['INSURANCE_PAYOUT'])
    expect(types('missing')).toEqual(['DAMAGE_LOSS', 'INSURANCE_PAYOUT'])
  })
})

describe('the form checklist', () => {
  it('ticks each rule of docs/architecture.md § Input rules only when it is met', () => {
    const v = emptyValues()
    expect(readinessOf(v)).toEqual({
      inventoryNo: false,
      title: false,
      preview: false,
      picTypes: false,
      period: false,
      signature: false,
    })
    v.inventoryNo = 'VT-1'
    v.titleEn = 'Lotus Pond'
    v.periodTagId = 7
    v.signature = { signed: true, position: 'lower left', content: '' }
    v.media = [
      { fileId: 'f1', kind: 'image', picType: 'FRONT', isPreview: true },
      { fileId: 'f2', kind: 'image', picType: '', isPreview: false },
    ]
    expect(readinessOf(v)).toEqual({
      inventoryNo: true,
      title: true,
      preview: true,
      picTypes: false,
      period: true,
      signature: false,
    })
    v.signature = { signed: false, position: '', content: '' }
    v.media[1].picType = 'BACK'
    expect(Object.values(readinessOf(v)).every(Boolean)).toBe(true)
  })
})
