// DEPART (transport steps): the artworks were picked up; date, tracking number, a remark and the condition
// seen on departure (with photographs), all optional.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const departForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'departedOn', kind: 'date', upToToday: true, label: msg`Departed on` },
        { path: 'trackingNo', kind: 'text', label: msg`Tracking number` },
        { path: 'remark', kind: 'textarea', span: 12, label: msg`Remark` },
        { path: 'conditionOk', kind: 'boolean', label: msg`Condition as expected` },
        { path: 'conditionNote', kind: 'textarea', span: 12, label: msg`Condition notes` },
        { path: 'attachments', kind: 'files', purpose: 'image', span: 12, label: msg`Condition photographs` },
      ],
    },
  ],
}
