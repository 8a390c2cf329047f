// @vitest-environment happy-dom
// A submitted step reads in words in both languages (house rule: no field key, code, UUID or raw JSON on a
// screen): money with its currency, dates yyyy.MM.dd, yes or no, a choice, a dictionary value, a room and a
// vendor by name; a step without a form of its own reads through a registered form naming its fields.
import { msg } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import type { MeResponse } from '../../../src/shared/contracts/auth'
import type { Lang } from '../../../src/shared/errors'
import { moneyText } from '../../../src/shared/money-text'
import { meQuery } from '../../../src/web/api/queries/auth'
import type { StepFormSpec } from '../../../src/web/areas/process/field-spec'
import { currencyBeside, formatRecordDate } from '../../../src/web/areas/process/record-format'
import { dictionaryQuery, roomsQuery, vendorsQuery } from '../../../src/web/areas/process/reference-queries'
import { NoFormRecord, StepRecord } from '../../../src/web/areas/process/StepRecord'
import { render, testQueryClient } from './render'

const ROOM = '3f0c9a52-8a51-4c1e-9d55-0a3c1c2f9e01'
const VENDOR = '7b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e'

describe('record values', () => {
  it('money reads with its currency and separators, and without a currency as the amount alone', () => {
    expect(moneyText('1234567.5', 'HKD')).toBe('HKD 1,234,567.50')
    expect(moneyText('300000.00')).toBe('300,000.00')
    expect(moneyText('0.5', 'CNY')).toBe('CNY 0.50')
  })

  it("an amount's currency is the one beside it: in its row, else the step's", () => {
    const values = { currency: 'CNY', details: [{ amount: '1.00', currency: 'USD' }, { amount: '2.00' }] }
    expect(currencyBeside('amount', values)).toBe('CNY')
    expect(currencyBeside('details.0.amount', values)).toBe('USD')
    expect(currencyBeside('details.1.amount', values)).toBe('CNY')
    expect(currencyBeside('amount', { currency: 'not a code' })).toBeUndefined()
  })

  it('dates read yyyy.MM.dd (docs/architecture.md § Formats); anything else as it is', () => {
    expect(formatRecordDate('2026-03-10')).toBe('2026.03.10')
    expect(formatRecordDate('soon')).toBe('soon')
  })
})

const spec: StepFormSpec = {
  sections: [
    {
      title: msg`Payment`,
      fields: [
        { path: 'amount', kind: 'money', label: msg`Amount` },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
        { path: 'paidOn', kind: 'date', label: msg`Paid on` },
        { path: 'conditionOk', kind: 'boolean', label: msg`Condition as expected` },
        {
          path: 'method',
          kind: 'choice',
          label: msg`Payment method`,
          options: [{ value: 'online_banking', label: msg`Online banking` }],
        },
        { path: 'roomId', kind: 'room', label: msg`Room` },
        { path: 'insurer', kind: 'vendor', max: 200, idPath: 'insurerVendorId', label: msg`Insurer` },
        { path: 'remark', kind: 'textarea', max: 2000, label: msg`Remark` },
      ],
    },
  ],
}
const data = {
  amount: '1234567.50',
  currency: 'HKD',
  paidOn: '2026-03-10',
  conditionOk: true,
  method: 'online_banking',
  roomId: ROOM,
  insurer: 'AXA XL Art',
  insurerVendorId: VENDOR,
}

/** The signed-in user, as the shell's guard has loaded it before any screen renders. */
function me(privileges: string[]): MeResponse {
  return {
    user: { id: 'user-finance', username: 'finance', displayName: 'Finance' },
    roles: [],
    allPrivileges: false,
    privileges,
    systems: [],
    menu: [],
    timeZone: 'Asia/Shanghai',
  }
}

function seeded(privileges = ['devOpsManage:view', 'valueManage:values']) {
  const queryClient = testQueryClient()
  queryClient.setQueryData(meQuery().queryKey, me(privileges))
  const words = (value: string, labelZh: string, labelEn: string) => ({
    value,
    label: labelEn,
    labelZh,
    labelEn,
    sort: 1,
  })
  queryClient.setQueryData(dictionaryQuery('CURRENCY').queryKey, [words('HKD', '港币', 'Hong Kong Dollar')])
  queryClient.setQueryData(roomsQuery().queryKey, [
    { ...words(ROOM, '上海办公室', 'Shanghai Office'), id: ROOM },
  ] as never)
  queryClient.setQueryData(vendorsQuery().queryKey, [
    { ...words('', '安盛艺术品保险', 'AXA XL Art'), id: VENDOR, kind: 'insurer' },
  ] as never)
  return queryClient
}

async function recordText(ui: React.ReactElement, lang: Lang, privileges?: string[]) {
  const { container } = await render(ui, { lang, queryClient: seeded(privileges) })
  // What a person reads: Mantine's style elements aside.
  const read = container.cloneNode(true) as HTMLElement
  for (const style of read.querySelectorAll('style')) style.remove()
  return read.textContent ?? ''
}

describe('a step record', () => {
  const cases: [Lang, string[]][] = [
    [
      'en',
      [
        'Amount',
        'HKD 1,234,567.50',
        'Hong Kong Dollar',
        '2026.03.10',
        'Yes',
        'Online banking',
        'Shanghai Office',
        'AXA XL Art',
      ],
    ],
    ['zh-CN', ['HKD 1,234,567.50', '港币', '2026.03.10', '是', '上海办公室', '安盛艺术品保险']],
  ]
  for (const [lang, expected] of cases) {
    it(`reads in words in ${lang}: no key, code or id`, async () => {
      const text = await recordText(<StepRecord spec={spec} data={data} />, lang)
      for (const words of expected) expect(text).toContain(words)
      for (const raw of [ROOM, VENDOR, 'online_banking', 'insurerVendorId', 'roomId', 'true'])
        expect(text).not.toContain(raw)
    })
  }

  it('says "Hidden" where the server left an amount out for a user who may not see values', async () => {
    const hidden = { ...data, amount: null }
    const en = await recordText(<StepRecord spec={spec} data={hidden} />, 'en', ['devOpsManage:view'])
    expect(en).toContain('Hidden')
    expect(en).not.toContain('1,234,567.50')
    expect(
      await recordText(<StepRecord spec={spec} data={hidden} />, 'zh-CN', ['devOpsManage:view']),
    ).toContain('不显示')
    // One who may see values and finds no amount reads a dash, not "Hidden".
    expect(await recordText(<StepRecord spec={spec} data={hidden} />, 'en')).not.toContain('Hidden')
  })

  it('reads the payload of a step without a form through a registered form naming its fields', async () => {
    const text = await recordText(
      <NoFormRecord data={{ paidOn: '2026-03-10', bankReference: 'TT-0001' }} />,
      'en',
    )
    expect(text).toContain('Paid on')
    expect(text).toContain('2026.03.10')
    expect(text).toContain('TT-0001')
    expect(text).not.toContain('bankReference')
  })

  it('never shows keys or JSON of data no form reads', async () => {
    const text = await recordText(<NoFormRecord data={{ someKey: { nested: ROOM } }} />, 'en')
    expect(text).not.toContain('someKey')
    expect(text).not.toContain(ROOM)
    expect(text).not.toContain('{')
  })
})
