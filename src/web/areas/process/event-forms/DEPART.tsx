// DEPART (transport steps): the artworks were picked up; date, tracking number and a remark, all optional.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const departForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'departedOn', kind: 'date', label: msg`Departed on` },
        { path: 'trackingNo', kind: 'text', max: 100, label: msg`Tracking number` },
        { path: 'remark', kind: 'textarea', max: 1000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}
