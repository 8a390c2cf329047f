// DAMAGE_LOSS · incident, assessment, actions: what happened to the works (when, what kind, where, in words,
// with its reports), the assessment (severity, the estimated cost and its currency, by whom), and the actions
// taken, ticked on a checklist, with the day the case closes.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'
import { checklistField } from './checklist'

const ACTIONS = {
  areaSecured: msg`Area secured`,
  photographed: msg`Damage photographed`,
  conditionReport: msg`Condition report written`,
  movedToSafety: msg`Works moved to safety`,
  conservatorInformed: msg`Conservator informed`,
  policeInformed: msg`Police informed`,
  insurerInformed: msg`Insurer informed`,
}

export const damageIncidentForm: StepFormSpec = {
  sections: [
    {
      title: msg`The incident`,
      fields: [
        {
          path: 'incidentDate',
          kind: 'date',
          upToToday: true,
          label: msg`Date of the incident`,
          required: true,
        },
        {
          path: 'kind',
          kind: 'choice',
          label: msg`Kind of incident`,
          required: true,
          labels: { damage: msg`Damaged`, loss: msg`Lost`, theft: msg`Stolen` },
        },
        { path: 'place', kind: 'text', max: 300, label: msg`Where`, required: true },
        { path: 'reportedBy', kind: 'text', max: 200, label: msg`Reported by` },
        {
          path: 'description',
          kind: 'textarea',
          max: 5000,
          span: 12,
          label: msg`Description of the incident`,
          required: true,
        },
        {
          path: 'reportFileIds',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Photographs, condition and police reports`,
        },
      ],
    },
  ],
}

export const damageAssessmentForm: StepFormSpec = {
  sections: [
    {
      title: msg`Assessment`,
      fields: [
        {
          path: 'severity',
          kind: 'choice',
          span: 12,
          label: msg`Severity`,
          required: true,
          labels: {
            minor: msg`Minor`,
            moderate: msg`Moderate`,
            severe: msg`Severe`,
            totalLoss: msg`Total loss`,
          },
        },
        { path: 'estimatedCost', kind: 'money', label: msg`Estimated cost`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
        { path: 'assessedBy', kind: 'text', max: 200, label: msg`Assessed by`, required: true },
        { path: 'assessedOn', kind: 'date', label: msg`Assessed on`, required: true },
        {
          path: 'findings',
          kind: 'textarea',
          max: 5000,
          span: 12,
          label: msg`Assessment findings`,
          required: true,
        },
      ],
    },
  ],
}

export const damageActionsForm: StepFormSpec = {
  sections: [
    {
      fields: [
        checklistField('done', msg`Actions taken`, ACTIONS),
        { path: 'closedOn', kind: 'date', label: msg`Closed on`, required: true },
        { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}
