// Transports that start prefilled: to a workshop (mounting, repair) the destination is the framer or
// restorer the order named; to a loan's borrower, the venue. A form already drafted keeps its own values
// (StepForm uses the defaults only when the step has neither draft nor data).
import { describe, expect, it } from 'vitest'
import { OPERATION_STEP_FORMS } from '../../../src/web/areas/process/step-forms/operations'
import { processContext } from './process-context'

const context = (step: string, data: Record<string, unknown>) =>
  processContext({ steps: { [step]: { data } } })

describe('transport forms prefilled from the process', () => {
  it('sends a mounting or a repair to the workshop its order named', () => {
    const mount = OPERATION_STEP_FORMS.OPERATION_MOUNT_ART?.artworkTransport
    const repair = OPERATION_STEP_FORMS.OPERATION_REPAIR_ART?.artworkTransport
    expect(mount?.defaults?.(context('mountingInfo', { vendor: '荣宝斋装裱部' }))).toEqual({
      toLocation: '荣宝斋装裱部',
    })
    expect(repair?.defaults?.(context('repairInfo', { vendor: 'Atelier Lumière' }))).toEqual({
      toLocation: 'Atelier Lumière',
    })
    expect(repair?.defaults?.(context('repairInfo', {}))).toEqual({})
  })

  it('sends a loan to its venue', () => {
    const loan = OPERATION_STEP_FORMS.OPERATION_LOAN_EXHIBITION_ART?.artworkTransport
    expect(loan?.defaults?.(context('loan', { venue: 'M+ Hong Kong' }))).toEqual({
      toLocation: 'M+ Hong Kong',
    })
  })
})
