// @vitest-environment happy-dom
// A step cut to its latest entries in the view says how many it holds and opens its whole record — every
// failed payment and retry, by name and in words — from the step's own query; a short step says nothing.
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ProcessStepRecord, ProcessView } from '../../../src/shared/contracts/process'
import { processKeys } from '../../../src/web/api/queries/process'
import { StepEntriesNote } from '../../../src/web/areas/process/StepEntries'
import { render, testQueryClient } from './render'

const ID = '7d5b7c0e-35a4-4c36-9f1c-2b3a4d5e6f70'

function viewWith(
  stepTotals: ProcessView['stepTotals'],
): Pick<ProcessView, 'id' | 'version' | 'people' | 'stepTotals'> {
  return { id: ID, version: 40, people: { 'u-finance': 'Chen Huimin' }, stepTotals }
}

const failures = Array.from({ length: 13 }, (_, i) => ({
  by: 'u-finance',
  at: `2026-03-01T08:${String(10 + i).padStart(2, '0')}:00.000Z`,
  comment: `Refused ${i + 1}`,
}))
const whole: ProcessStepRecord = {
  step: 'payment',
  approvals: [{ by: 'u-approver', at: '2026-03-01T08:00:00.000Z' }],
  paymentFailures: failures,
  events: failures.map((f) => ({
    type: 'RETRY_PAYMENT',
    by: f.by,
    at: f.at.replace(':00.000Z', ':30.000Z'),
  })),
}

describe('a step cut to its latest entries', () => {
  it('says how many it holds and opens every one of them in words', async () => {
    const queryClient = testQueryClient()
    queryClient.setQueryData(processKeys.step(ID, 'payment', 40), whole)
    const view = viewWith({ payment: { events: 13, paymentFailures: 13, approvals: 1 } })
    await render(<StepEntriesNote view={view} step="payment" />, { lang: 'en', queryClient })
    expect(screen.getByTestId('step-entries-note').textContent).toContain('This step holds 27 entries')
    fireEvent.click(screen.getByTestId('step-entries-open'))
    const table = await screen.findByTestId('step-entries')
    const rows = table.querySelectorAll('tbody tr')
    expect(rows).toHaveLength(27)
    expect(rows[1].textContent).toContain('Refused 1')
    expect(rows[1].textContent).toContain('Chen Huimin')
    expect(table.textContent).not.toMatch(/u-finance|RETRY_PAYMENT|PAYMENT_FAILED/)
  })

  it('says nothing of a step the view carries whole', async () => {
    await render(<StepEntriesNote view={viewWith({})} step="payment" />, { lang: 'en' })
    expect(screen.queryByTestId('step-entries-note')).toBeNull()
  })
})
