// BUY_ART_TRANS · warehousing: which room the artworks go into, when, who received them and in what
// condition (src/shared/process-steps/transport.ts). Approving it puts them in that room.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const warehousingForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'roomId', kind: 'room', label: msg`Room`, required: true },
        { path: 'warehousedOn', kind: 'date', label: msg`Warehoused on`, required: true },
        { path: 'receivedBy', kind: 'text', max: 100, label: msg`Received by`, required: true },
        { path: 'conditionOk', kind: 'boolean', label: msg`Condition as expected`, required: true },
        { path: 'conditionNote', kind: 'textarea', max: 2000, span: 12, label: msg`Condition notes` },
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
