// OPERATION_MOUNT_ART: the mounting ordered (framer, kind of mounting, materials, planned completion, cost),
// then the artwork's transport to the framer (the transport form) and its delivery back into a room.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'
import { costFields, remarkField, vendorField } from './common'
import { workDeliveryForm } from './work-delivery'

export const mountingInfoForm: StepFormSpec = {
  sections: [
    {
      title: msg`The mounting`,
      fields: [
        vendorField(msg`Framer or mounter`),
        {
          path: 'mountingType',
          kind: 'text',
          label: msg`Kind of mounting`,
          description: msg`Such as a hanging scroll remount or a new frame.`,
        },
        { path: 'materials', kind: 'textarea', span: 12, label: msg`Materials` },
        { path: 'plannedCompletion', kind: 'date', label: msg`Planned completion` },
      ],
    },
    { title: msg`Cost`, fields: [...costFields, remarkField] },
  ],
}

export const mountingDeliveryForm = workDeliveryForm(msg`Mounting report`)
