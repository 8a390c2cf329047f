// OPERATION_LOAN_EXHIBITION_ART: the loan (borrower, exhibition, venue, purpose from EX_PURPOSE, dates,
// fee, whether it needs insurance, the signed agreement), the transport to the borrower (the transport
// form, its destination starting as the venue), and RETURN: the date the artworks came back, the room they
// go into and their condition (src/shared/process-steps/operations.ts).
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'
import { transportForm } from '../transport'
import { remarkField } from './common'

export const loanForm: StepFormSpec = {
  sections: [
    {
      title: msg`The exhibition`,
      fields: [
        { path: 'borrower', kind: 'text', label: msg`Borrower` },
        { path: 'exhibitionName', kind: 'text', label: msg`Exhibition` },
        { path: 'venue', kind: 'text', label: msg`Venue` },
        { path: 'purpose', kind: 'dict', dict: 'EX_PURPOSE', label: msg`Exhibition purpose` },
        { path: 'city', kind: 'text', label: msg`City` },
        { path: 'country', kind: 'country', label: msg`Country or region` },
        { path: 'startDate', kind: 'date', label: msg`Loan starts` },
        {
          path: 'endDate',
          kind: 'date',
          label: msg`Loan ends`,
          description: msg`The artworks are due back by this date.`,
        },
      ],
    },
    {
      title: msg`Terms`,
      fields: [
        { path: 'loanFee', kind: 'money', label: msg`Loan fee` },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
        {
          path: 'insuranceRequired',
          kind: 'boolean',
          label: msg`Needs insurance`,
          description: msg`The cover itself is an insurance process of its own.`,
        },
        {
          path: 'agreementFileIds',
          kind: 'files',
          purpose: 'pdf',
          span: 12,
          label: msg`Signed loan agreement (PDF)`,
        },
        remarkField,
      ],
    },
  ],
}

/** The transport to the borrower: its destination starts as the loan's venue. */
export const loanTransportForm: StepFormSpec = {
  ...transportForm,
  defaults: (context) => {
    const loan = context?.steps?.loan?.data ?? {}
    return typeof loan.venue === 'string' ? { toLocation: loan.venue } : {}
  },
}

/** RETURN: the artworks are back from the loan, into a room. */
export const loanReturnForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'returnedOn', kind: 'date', label: msg`Returned on` },
        {
          path: 'roomId',
          kind: 'room',
          label: msg`Back into the room`,
          description: msg`The artworks are recorded in this room and are no longer on loan.`,
        },
        { path: 'conditionOk', kind: 'boolean', label: msg`Condition as expected` },
        { path: 'conditionNote', kind: 'textarea', span: 12, label: msg`Condition notes` },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Condition report and photographs`,
        },
      ],
    },
  ],
}
