// The two list reports: a policy's insurance schedule (the policy's particulars, one row per covered artwork
// with its insured amount, the total in the policy's currency) and the stocktake report of a room (the
// count's particulars, one row per artwork with what the count found and where it is now). Both read their
// rows before the first byte (the same reads as their screens) and draw them a page at a time.
import type { PolicySchedule } from '../../../shared/contracts/insurance-schedule'
import type { StocktakeDetail } from '../../../shared/contracts/stocktakes'
import { moneyText } from '../../../shared/money-text'
import { addMoney } from '../../../shared/validation'
import { dateText, numberText } from '../../pdf/format'
import { facts, line, type Report, section, table, titleBlock } from '../../pdf/report'
import { pick, RESULT_WORDS, SHOW_WORDS, WORDS } from './words'

export async function drawSchedule(r: Report, schedule: PolicySchedule) {
  const { lang } = r
  const w = WORDS[lang].schedule
  const { policy } = schedule
  const day = schedule.asOf ? [w.asOf(dateText(schedule.asOf, lang))] : []
  titleBlock(r, w.title, [policy.policyNo, policy.insurer, ...day].join(' · '))
  facts(
    r,
    [
      [w.policyNo, policy.policyNo],
      [w.insurer, policy.insurer],
      [w.period, `${dateText(policy.startDate, lang)} – ${dateText(policy.endDate, lang)}`],
      [w.currency, policy.currency],
      [w.policyTotal, moneyText(policy.insuredAmount, policy.currency)],
      [w.scheduleTotal, moneyText(schedule.scheduleTotal, policy.currency)],
      [w.artworks, numberText(schedule.lines.length, lang)],
    ],
    { columns: 4 },
  )
  section(r, w.lines)
  if (schedule.lines.length === 0) {
    line(r, w.none, { muted: true })
    return
  }
  const [no, inv, title, artist, medium, size, amount] = w.columns
  const values = schedule.lines.map((l) => l.insuredAmount).filter((v): v is string => v !== null)
  await table(
    r,
    [
      { header: no, weight: 0.6, align: 'right' },
      { header: inv, weight: 1.6 },
      { header: title, weight: 3.2 },
      { header: artist, weight: 1.8 },
      { header: medium, weight: 1.6 },
      { header: size, weight: 1.6 },
      { header: amount, weight: 2, align: 'right' },
    ],
    (function* () {
      let i = 0
      for (const l of schedule.lines) {
        i += 1
        yield [
          String(i),
          l.artwork.inventoryNo,
          pick(lang, l.artwork.titleZh, l.artwork.titleEn),
          l.artwork.artistName,
          l.artwork.medium,
          l.artwork.sizeText,
          l.insuredAmount === null ? w.noValue : moneyText(l.insuredAmount, policy.currency),
        ]
      }
    })(),
    {
      total: [
        '',
        w.total,
        '',
        '',
        '',
        '',
        values.length ? moneyText(addMoney('0', ...values), policy.currency) : w.noValue,
      ],
    },
  )
}

export async function drawStocktake(r: Report, d: StocktakeDetail) {
  const { lang } = r
  const w = WORDS[lang].stocktake
  const room = d.room ? pick(lang, d.room.nameZh, d.room.nameEn) || d.room.code : ''
  titleBlock(
    r,
    w.title,
    [room, d.countedOn ? dateText(d.countedOn, lang) : w.notCounted].filter(Boolean).join(' · '),
  )
  facts(
    r,
    [
      [w.room, d.room ? `${room} (${d.room.code})` : ''],
      [w.outcome, SHOW_WORDS[d.show][lang]],
      [w.planned, dateText(d.plannedOn, lang)],
      [w.counted, dateText(d.countedOn, lang)],
      [w.counters, d.counters],
      [w.found, numberText(d.found, lang)],
      [w.missing, numberText(d.missing, lang)],
      [w.foundLater, numberText(d.foundLater, lang)],
      [w.stillMissing, numberText(d.stillMissing, lang)],
    ],
    { columns: 3 },
  )
  if (d.remark) facts(r, [[w.remark, d.remark]], { columns: 1 })
  if (d.explanation) facts(r, [[w.explanation, d.explanation]], { columns: 1 })
  section(r, w.lines)
  if (d.artworks.length === 0) {
    line(r, w.none, { muted: true })
    return
  }
  const [no, inv, title, result, where] = w.columns
  await table(
    r,
    [
      { header: no, weight: 0.6, align: 'right' },
      { header: inv, weight: 1.8 },
      { header: title, weight: 3.6 },
      { header: result, weight: 1.4 },
      { header: where, weight: 2.6 },
    ],
    d.artworks.map((a, i) => [
      String(i + 1),
      a.artwork.inventoryNo,
      pick(lang, a.artwork.titleZh, a.artwork.titleEn),
      RESULT_WORDS[a.result][lang],
      pick(lang, a.whereNow.roomZh, a.whereNow.roomEn) || a.whereNow.location || '—',
    ]),
  )
}
