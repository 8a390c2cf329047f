// OBJECT_ENTRY · entry, receipt, outcome, and LOAN_IN · agreement, insurance, arrival and its RETURN: works
// the office holds without owning them. The work is described in the first step (it is not in the archive
// until it is in the office's hands).
import { msg } from '@lingui/core/macro'
import type { FieldSpec, StepFormSpec } from '../../field-spec'

/** The work described: titles, artist, a description. */
const workFields: FieldSpec[] = [
  { path: 'titleZh', kind: 'text', label: msg`Title (Chinese)`, required: true },
  { path: 'titleEn', kind: 'text', label: msg`Title (English)` },
  { path: 'artistName', kind: 'text', label: msg`Artist` },
  { path: 'description', kind: 'textarea', span: 12, label: msg`Description of the work` },
]

export const objectEntryForm: StepFormSpec = {
  sections: [
    {
      title: msg`Who leaves the work, and why`,
      fields: [
        { path: 'depositor', kind: 'text', label: msg`Depositor`, required: true },
        { path: 'depositorContact', kind: 'text', label: msg`Depositor's contact` },
        {
          path: 'reason',
          kind: 'choice',
          label: msg`Reason for the entry`,
          required: true,
          labels: {
            purchaseOffer: msg`Offered for purchase, sent for viewing`,
            valuation: msg`Left for valuation`,
            consignment: msg`Consignment`,
            other: msg`Other`,
          },
        },
        { path: 'enteredOn', kind: 'date', label: msg`Entered on`, required: true },
        { path: 'expectedReturnOn', kind: 'date', label: msg`Expected return date`, required: true },
        {
          path: 'roomId',
          kind: 'room',
          label: msg`Kept in the room`,
          description: msg`Once the entry is approved the work is in the archive, in this room, as in our care (not owned).`,
          required: true,
        },
      ],
    },
    { title: msg`The work`, fields: workFields },
  ],
}

export const objectEntryReceiptForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'receivedOn', kind: 'date', upToToday: true, label: msg`Received on`, required: true },
        { path: 'receivedBy', kind: 'text', label: msg`Received by`, required: true },
        {
          path: 'conditionOnReceipt',
          kind: 'textarea',
          span: 12,
          label: msg`Condition on receipt`,
          required: true,
        },
        {
          path: 'receiptFileIds',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Receipt signed by the depositor`,
        },
      ],
    },
  ],
}

export const objectEntryOutcomeForm: StepFormSpec = {
  sections: [
    {
      fields: [
        {
          path: 'outcome',
          kind: 'choice',
          span: 12,
          label: msg`Outcome`,
          required: true,
          labels: {
            returned: msg`Returned to the depositor`,
            acquired: msg`Acquired: a purchase follows`,
          },
        },
        { path: 'decidedOn', kind: 'date', label: msg`Decided on`, required: true },
        { path: 'remark', kind: 'textarea', span: 12, label: msg`Remark` },
      ],
    },
  ],
}

export const loanInAgreementForm: StepFormSpec = {
  sections: [
    {
      title: msg`The agreement`,
      fields: [
        { path: 'lender', kind: 'text', label: msg`Lender`, required: true },
        { path: 'startOn', kind: 'date', label: msg`Loan from`, required: true },
        { path: 'endOn', kind: 'date', label: msg`Loan until`, required: true },
        { path: 'fee', kind: 'money', label: msg`Loan fee`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
        {
          path: 'conditions',
          kind: 'textarea',
          span: 12,
          label: msg`Conditions of the loan`,
          required: true,
        },
        {
          path: 'agreementFileIds',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Signed agreement`,
        },
      ],
    },
    { title: msg`The work`, fields: workFields },
  ],
}

export const loanInInsuranceForm: StepFormSpec = {
  sections: [
    {
      fields: [
        {
          path: 'cover',
          kind: 'choice',
          span: 12,
          label: msg`Insured under`,
          required: true,
          labels: { ourPolicy: msg`Our policy`, lenderPolicy: msg`The lender's policy` },
        },
        { path: 'insurer', kind: 'vendor', vendorKind: 'insurer', label: msg`Insurer`, required: true },
        { path: 'policyNo', kind: 'text', label: msg`Policy no.`, required: true },
        { path: 'insuredValue', kind: 'money', label: msg`Insured value`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
        { path: 'coverFrom', kind: 'date', label: msg`Cover from`, required: true },
        { path: 'coverUntil', kind: 'date', label: msg`Cover until`, required: true },
        {
          path: 'nailToNail',
          kind: 'boolean',
          span: 12,
          label: msg`Nail to nail: from the lender's wall and back to it`,
          required: true,
        },
      ],
    },
  ],
}

export const loanInArrivalForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'arrivedOn', kind: 'date', upToToday: true, label: msg`Arrived on`, required: true },
        {
          path: 'roomId',
          kind: 'room',
          label: msg`Room`,
          description: msg`Once the arrival is approved the work is in the archive, in this room, as borrowed (not owned).`,
          required: true,
        },
        {
          path: 'placement',
          kind: 'choice',
          label: msg`On display or in store`,
          required: true,
          labels: { display: msg`On display`, store: msg`In store` },
        },
        {
          path: 'conditionOk',
          kind: 'boolean',
          label: msg`Condition as the lender reported`,
          required: true,
        },
        {
          path: 'conditionReport',
          kind: 'textarea',
          span: 12,
          label: msg`Condition on arrival`,
          required: true,
        },
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

/** RETURN of a borrowed work (payload key `loanInReturn`). */
export const loanInReturnForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'returnedOn', kind: 'date', label: msg`Returned to the lender on`, required: true },
        {
          path: 'conditionAsOnArrival',
          kind: 'boolean',
          label: msg`Condition as on arrival`,
          required: true,
        },
        {
          path: 'conditionNote',
          kind: 'textarea',
          span: 12,
          label: msg`What changed since the arrival`,
        },
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
