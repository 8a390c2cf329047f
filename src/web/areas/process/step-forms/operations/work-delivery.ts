// Mounting or repair done (OPERATION_MOUNT_ART, OPERATION_REPAIR_ART · delivery): when the work was
// finished, the room the artwork comes back into, its condition and the framer's or restorer's report
// (src/shared/process-steps/operations.ts `workDeliveryStep`). Approving it puts the artworks in that room.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'

export function workDeliveryForm(report: MessageDescriptor): StepFormSpec {
  return {
    sections: [
      {
        fields: [
          { path: 'completedOn', kind: 'date', label: msg`Completed on` },
          {
            path: 'roomId',
            kind: 'room',
            label: msg`Back into the room`,
            description: msg`Approving the delivery puts the artworks in this room.`,
          },
          { path: 'conditionOk', kind: 'boolean', label: msg`Condition as expected` },
          { path: 'report', kind: 'textarea', span: 12, label: report },
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
}
