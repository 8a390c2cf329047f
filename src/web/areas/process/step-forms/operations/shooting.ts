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
        { path: 'shootDate', kind: 'date', label: msg`Shooting date` },
        { path: 'location', kind: 'text', label: msg`Place of the shoot` },
        { path: 'purpose', kind: 'text', label: msg`Purpose` },
        {
          path: 'shotList',
          kind: 'textarea',
          span: 12,
          label: msg`Shot list`,
          description: msg`The views and details to photograph, such as front, back, signature.`,
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
        { path: 'shotOn', kind: 'date', label: msg`Shot on` },
        { path: 'photoCount', kind: 'count', label: msg`Number of photographs` },
        remarkField,
      ],
    },
  ],
}

export const shootingDeliveryForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'deliveredOn', kind: 'date', label: msg`Delivered on` },
        { path: 'receivedBy', kind: 'text', label: msg`Received by` },
        {
          path: 'fileIds',
          kind: 'files',
          purpose: 'image',
          span: 12,
          label: msg`Finished photographs and video`,
          description: msg`JPG, PNG or MP4 files.`,
        },
        remarkField,
      ],
    },
  ],
}
