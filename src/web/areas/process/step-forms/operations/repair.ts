// OPERATION_REPAIR_ART: the repair ordered (restorer, condition issues, treatment plan, planned
// completion, cost, an optional condition report), then the artwork's transport to the restorer (the
// transport form) and its delivery back into a room with the restorer's report.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'
import { costFields, remarkField, vendorField } from './common'
import { workDeliveryForm } from './work-delivery'

export const repairInfoForm: StepFormSpec = {
  sections: [
    {
      title: msg`The repair`,
      fields: [
        vendorField(msg`Restorer`),
        { path: 'plannedCompletion', kind: 'date', label: msg`Planned completion` },
        {
          path: 'conditionIssues',
          kind: 'textarea',
          span: 12,
          label: msg`Condition issues`,
        },
        {
          path: 'treatmentPlan',
          kind: 'textarea',
          span: 12,
          label: msg`Treatment plan`,
        },
        {
          path: 'conditionReportFileIds',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Condition report and photographs`,
        },
      ],
    },
    { title: msg`Cost`, fields: [...costFields, remarkField] },
  ],
}

export const repairDeliveryForm = workDeliveryForm(msg`Restorer's report`)
