// DEACCESSION · reasons, proof of title, decision: why the works leave the collection (from the office's list,
// and in words), the proof of title checked item by item with its documents, and the decision put to the
// approvers (approve, with how the works leave; or reject), with the minutes.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec, Values } from '../../field-spec'
import { checklistField } from './checklist'

const REASONS = {
  outOfScope: msg`Outside the collecting policy`,
  duplicate: msg`Duplicate of another work`,
  poorCondition: msg`Condition beyond repair`,
  cannotCare: msg`The office cannot care for it`,
  restitution: msg`Restitution to its rightful owner`,
  lostOrDestroyed: msg`Lost or destroyed`,
  other: msg`Other reason (explained below)`,
}

const TITLE_CHECKS = {
  ownershipRecord: msg`Ownership on record`,
  acquisitionDocuments: msg`Acquisition documents found`,
  noDonorRestriction: msg`No donor or legal restriction`,
  noClaimOrPledge: msg`No claim or pledge on the work`,
}

export const deaccessionReasonsForm: StepFormSpec = {
  sections: [
    {
      fields: [
        checklistField('reasons', msg`Reasons`, REASONS),
        {
          path: 'explanation',
          kind: 'textarea',
          max: 5000,
          span: 12,
          label: msg`Explanation`,
          required: true,
        },
        { path: 'proposedOn', kind: 'date', label: msg`Proposed on`, required: true },
      ],
    },
  ],
}

export const titleCheckForm: StepFormSpec = {
  sections: [
    {
      fields: [
        checklistField('checked', msg`Proof of title checked`, TITLE_CHECKS),
        {
          path: 'evidenceFileIds',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Title documents`,
          required: true,
        },
        { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}

const approving = (v: Values) => v.decision === 'approve'

export const deaccessionDecisionForm: StepFormSpec = {
  sections: [
    {
      fields: [
        {
          path: 'decision',
          kind: 'choice',
          span: 12,
          label: msg`Decision`,
          required: true,
          options: [
            { value: 'approve', label: msg`Approve the deaccession` },
            { value: 'reject', label: msg`Reject the deaccession` },
          ],
        },
        { path: 'decidedOn', kind: 'date', label: msg`Decided on`, required: true },
        {
          path: 'disposalMethod',
          kind: 'choice',
          label: msg`How the works leave`,
          required: true,
          when: approving,
          options: [
            { value: 'sale', label: msg`Sale` },
            { value: 'transfer', label: msg`Transfer to another institution` },
            { value: 'return', label: msg`Return to the owner` },
            { value: 'destruction', label: msg`Destruction` },
          ],
        },
        {
          path: 'minutes',
          kind: 'textarea',
          max: 5000,
          span: 12,
          label: msg`Minutes of the decision`,
          required: true,
        },
      ],
    },
  ],
}
