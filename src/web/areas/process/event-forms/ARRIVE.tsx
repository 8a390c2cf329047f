// ARRIVE (transport steps): delivered, and the condition seen on arrival; every field optional.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const arriveForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'arrivedOn', kind: 'date', upToToday: true, label: msg`Arrived on` },
        { path: 'conditionOk', kind: 'boolean', label: msg`Condition as expected` },
        { path: 'conditionNote', kind: 'textarea', span: 12, label: msg`Condition notes` },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Photographs and reports`,
        },
      ],
    },
  ],
}
