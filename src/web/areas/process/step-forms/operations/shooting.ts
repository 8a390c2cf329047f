// OPERATION_SHOT_ART: the shoot planned (photographer, date, place, purpose, shot list, cost), the shoot as
// it happened (date, number of photographs), and the finished files delivered (who received them)
// (src/shared/process-steps/operations.ts).
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'
import { costFields, remarkField, vendorField } from './common'

export const shootingInfoForm: StepFormSpec = {
  sections: [
    {
      title: msg`The shoot`,
      fields: [
        vendorField(msg`Photographer`),
        { path: 'shootDate', kind: 'date', label: msg`Shooting date`, required: true },
        { path: 'location', kind: 'text', max: 300, label: msg`Place of the shoot`, required: true },
        { path: 'purpose', kind: 'text', max: 500, label: msg`Purpose`, required: true },
        {
          path: 'shotList',
          kind: 'textarea',
          max: 2000,
          span: 12,
          label: msg`Shot list`,
          description: msg`The views and details to photograph, such as front, back, signature.`,
          required: true,
        },
      ],
    },
    { title: msg`Cost`, fields: [...costFields, remarkField] },
  ],
}

export const shootingForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'shotOn', kind: 'date', label: msg`Shot on`, required: true },
        { path: 'photoCount', kind: 'count', max: 100000, label: msg`Number of photographs`, required: true },
        remarkField,
      ],
    },
  ],
}

export const shootingDeliveryForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'deliveredOn', kind: 'date', label: msg`Delivered on`, required: true },
        { path: 'receivedBy', kind: 'text', max: 100, label: msg`Received by`, required: true },
        {
          path: 'fileIds',
          kind: 'files',
          purpose: 'image',
          span: 12,
          label: msg`Finished photographs and video`,
          description: msg`JPG, PNG or MP4 files.`,
          required: true,
        },
        remarkField,
      ],
    },
  ],
}
