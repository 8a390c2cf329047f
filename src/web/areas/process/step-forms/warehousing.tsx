// BUY_ART_TRANS · warehousing: which room the artworks go into, when, who received them and in what
// condition (src/shared/process-steps/transport.ts). Approving it puts them in that room.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const warehousingForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'roomId', kind: 'room', label: msg`Room` },
        { path: 'warehousedOn', kind: 'date', label: msg`Warehoused on` },
        { path: 'receivedBy', kind: 'text', label: msg`Received by` },
        { path: 'conditionOk', kind: 'boolean', label: msg`Condition as expected` },
        { path: 'conditionNote', kind: 'textarea', span: 12, label: msg`Condition notes` },
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
