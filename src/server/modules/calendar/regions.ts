// The public holidays and make-up working days of each region an office may follow, as data. An
// administrator picks the region (modules/calendar/store.ts copies its days into the office's calendar) and
// adds the office's own closures; the days here are never edited in place — a new year is a new block.
//
// Mainland China: the State Council General Office's notices on the arrangement of certain holidays
// (国务院办公厅关于2025年部分节假日安排的通知, 国务院办公厅关于2026年部分节假日安排的通知). Each
// holiday is the whole period the notice gives, make-up working days (调休, 上班) are the Saturdays and
// Sundays it names. 2027 is not here: its notice was not known when this file was written (docs/decisions.md).
//
// Hong Kong: the general holidays the Hong Kong SAR Government gazettes for 2025 and 2026 (Sundays aside;
// Hong Kong has no make-up working days).
import { CALENDAR_REGIONS, type CalendarRegion } from '../../../shared/contracts/calendar'
import { addDays } from '../../../shared/office-time'

export type RegionDayKind = 'holiday' | 'workday'

interface Period {
  from: string
  /** The last day, when the period is longer than one day. */
  to?: string
  kind: RegionDayKind
  zh: string
  en: string
}

export interface RegionDay {
  day: string
  kind: RegionDayKind
  nameZh: string
  nameEn: string
}

const off = (from: string, to: string | undefined, zh: string, en: string): Period => ({
  from,
  to,
  kind: 'holiday',
  zh,
  en,
})
const work = (day: string, zh: string, en: string): Period => ({
  from: day,
  kind: 'workday',
  zh: `${zh}调休上班`,
  en: `Working day (${en})`,
})

const MAINLAND_CHINA: Period[] = [
  // 2025
  off('2025-01-01', undefined, '元旦', "New Year's Day"),
  work('2025-01-26', '春节', 'Spring Festival'),
  off('2025-01-28', '2025-02-04', '春节', 'Spring Festival'),
  work('2025-02-08', '春节', 'Spring Festival'),
  off('2025-04-04', '2025-04-06', '清明节', 'Qingming Festival'),
  work('2025-04-27', '劳动节', 'Labour Day'),
  off('2025-05-01', '2025-05-05', '劳动节', 'Labour Day'),
  off('2025-05-31', '2025-06-02', '端午节', 'Dragon Boat Festival'),
  work('2025-09-28', '国庆节、中秋节', 'National Day and Mid-Autumn Festival'),
  off('2025-10-01', '2025-10-08', '国庆节、中秋节', 'National Day and Mid-Autumn Festival'),
  work('2025-10-11', '国庆节、中秋节', 'National Day and Mid-Autumn Festival'),
  // 2026
  off('2026-01-01', '2026-01-03', '元旦', "New Year's Day"),
  work('2026-01-04', '元旦', "New Year's Day"),
  work('2026-02-14', '春节', 'Spring Festival'),
  off('2026-02-15', '2026-02-23', '春节', 'Spring Festival'),
  work('2026-02-28', '春节', 'Spring Festival'),
  off('2026-04-04', '2026-04-06', '清明节', 'Qingming Festival'),
  off('2026-05-01', '2026-05-05', '劳动节', 'Labour Day'),
  work('2026-05-09', '劳动节', 'Labour Day'),
  off('2026-06-19', '2026-06-21', '端午节', 'Dragon Boat Festival'),
  off('2026-09-25', '2026-09-27', '中秋节', 'Mid-Autumn Festival'),
  work('2026-09-20', '国庆节', 'National Day'),
  off('2026-10-01', '2026-10-07', '国庆节', 'National Day'),
  work('2026-10-10', '国庆节', 'National Day'),
]

const HONG_KONG: Period[] = [
  // 2025
  off('2025-01-01', undefined, '一月一日', 'The first day of January'),
  off('2025-01-29', '2025-01-31', '农历新年', 'Lunar New Year'),
  off('2025-04-04', undefined, '清明节', 'Ching Ming Festival'),
  off('2025-04-18', '2025-04-19', '耶稣受难节及翌日', 'Good Friday and the day following'),
  off('2025-04-21', undefined, '复活节星期一', 'Easter Monday'),
  off('2025-05-01', undefined, '劳动节', 'Labour Day'),
  off('2025-05-05', undefined, '佛诞', 'The Birthday of the Buddha'),
  off('2025-05-31', undefined, '端午节', 'Tuen Ng Festival'),
  off('2025-07-01', undefined, '香港特别行政区成立纪念日', 'HKSAR Establishment Day'),
  off('2025-10-01', undefined, '国庆日', 'National Day'),
  off('2025-10-07', undefined, '中秋节翌日', 'The day following the Chinese Mid-Autumn Festival'),
  off('2025-10-29', undefined, '重阳节', 'Chung Yeung Festival'),
  off('2025-12-25', '2025-12-26', '圣诞节及其后第一个工作日', 'Christmas Day and the first weekday after'),
  // 2026
  off('2026-01-01', undefined, '一月一日', 'The first day of January'),
  off('2026-02-17', '2026-02-19', '农历新年', 'Lunar New Year'),
  off('2026-04-03', '2026-04-04', '耶稣受难节及翌日', 'Good Friday and the day following'),
  off('2026-04-06', undefined, '清明节翌日', 'The day following Ching Ming Festival'),
  off('2026-04-07', undefined, '复活节星期一翌日', 'The day following Easter Monday'),
  off('2026-05-01', undefined, '劳动节', 'Labour Day'),
  off('2026-05-25', undefined, '佛诞翌日', 'The day following the Birthday of the Buddha'),
  off('2026-06-19', undefined, '端午节', 'Tuen Ng Festival'),
  off('2026-07-01', undefined, '香港特别行政区成立纪念日', 'HKSAR Establishment Day'),
  off('2026-09-26', undefined, '中秋节翌日', 'The day following the Chinese Mid-Autumn Festival'),
  off('2026-10-01', undefined, '国庆日', 'National Day'),
  off('2026-10-19', undefined, '重阳节翌日', 'The day following Chung Yeung Festival'),
  off('2026-12-25', '2026-12-26', '圣诞节及其后第一个工作日', 'Christmas Day and the first weekday after'),
]

/** The regions an office may follow; `none` keeps only the weekend and the office's own days. */
export const REGIONS = CALENDAR_REGIONS
export type Region = CalendarRegion

export const REGION_NAMES: Record<Region, { zh: string; en: string }> = {
  CN: { zh: '中国内地（国务院办公厅节假日安排）', en: 'Mainland China (State Council holiday arrangements)' },
  HK: { zh: '中国香港（公众假期）', en: 'Hong Kong (general holidays)' },
  none: {
    zh: '不跟随地区（仅周末与本办公室的日期）',
    en: "No region (weekends and the office's own days only)",
  },
}

const PERIODS: Record<Region, Period[]> = { CN: MAINLAND_CHINA, HK: HONG_KONG, none: [] }

/** Every day a region lists, one row per date, in date order. */
export function regionDays(region: Region): RegionDay[] {
  const out: RegionDay[] = []
  for (const p of PERIODS[region])
    for (let day = p.from; day <= (p.to ?? p.from); day = addDays(day, 1))
      out.push({ day, kind: p.kind, nameZh: p.zh, nameEn: p.en })
  return out.sort((a, b) => a.day.localeCompare(b.day))
}

/** The years a region's data covers (the screen says which are known). */
export function regionYears(region: Region): number[] {
  return [...new Set(regionDays(region).map((d) => Number(d.day.slice(0, 4))))]
}
