// The documentation backlog's rules apart from the database: the day each dated rule starts counting from
// (a valuation within N years, a condition check within N months, month ends and leap days), the steps whose
// submitted form is a condition report (read from the machines), and one condition for every rule.
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import {
  conditionCheckSteps,
  cutoffs,
  DEFAULT_THRESHOLDS,
  monthsBefore,
  ruleCondition,
} from '../../src/server/modules/datacentre/data-quality'
import { DATA_QUALITY_RULES } from '../../src/shared/contracts/data-quality'

describe('the day a dated rule counts from', () => {
  it('goes back whole months, a month end falling back to the shorter month’s last day', () => {
    expect(monthsBefore('2026-11-28', 12)).toBe('2025-11-28')
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28')
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29')
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15')
    expect(monthsBefore('2026-01-15', 13)).toBe('2024-12-15')
    expect(monthsBefore('2024-02-29', 12)).toBe('2023-02-28')
    expect(monthsBefore('2026-05-01', 0)).toBe('2026-05-01')
  })

  it('takes N years for valuations and N months for condition checks', () => {
    expect(cutoffs('2026-11-28', DEFAULT_THRESHOLDS)).toEqual({
      valuationFrom: '2023-11-28',
      conditionFrom: '2025-11-28',
    })
    expect(cutoffs('2028-02-29', { valuationYears: 1, conditionMonths: 6 })).toEqual({
      valuationFrom: '2027-02-28',
      conditionFrom: '2027-08-29',
    })
  })
})

describe('the condition checks', () => {
  it('are the steps whose form is a condition report: warehousing, delivery after mounting or repair, a check', () => {
    const steps = conditionCheckSteps()
    expect(steps).toContain('BUY_ART_TRANS:warehousing')
    expect(steps.some((s) => s.startsWith('OPERATION_REPAIR_ART:'))).toBe(true)
    expect(steps.some((s) => s.startsWith('OPERATION_MOUNT_ART:'))).toBe(true)
    expect(steps).toContain('CONDITION_CHECK:findings')
    // A purchase's due diligence or a payment is no condition check.
    expect(steps.some((s) => s.startsWith('BUY_ART:') || s.startsWith('FINANCE_PAYMENT:'))).toBe(false)
    expect(steps).toEqual([...new Set(steps)].sort())
  })
})

describe('every rule', () => {
  const dialect = new PgDialect()
  const text = (rule: (typeof DATA_QUALITY_RULES)[number], years = 3, months = 12) =>
    dialect.sqlToQuery(ruleCondition(rule, '2026-11-28', { valuationYears: years, conditionMonths: months }))

  it('is a condition on the artwork, the dated ones bound to their first day', () => {
    for (const rule of DATA_QUALITY_RULES) expect(text(rule).sql).toMatch(/\ba\./)
    expect(text('noValuation').params).toContain('2023-11-28')
    expect(text('noValuation', 1).params).toContain('2025-11-28')
    // The condition check's first instant is the start of that office day (Shanghai: 16:00 UTC the day before).
    expect(text('noConditionCheck').params).toContain('2025-11-27T16:00:00.000Z')
    expect(text('noConditionCheck').params).toEqual(expect.arrayContaining(['DEPART', 'ARRIVE', 'RETURN']))
    expect(text('noImage').sql).toContain("m.kind = 'image'")
    expect(text('noProvenance').sql).toContain("r.kind = 'private_collection'")
  })
})
