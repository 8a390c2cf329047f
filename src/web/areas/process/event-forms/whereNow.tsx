// TERMINATE once the artworks have left the warehouse (in transit, or at a restorer, a framer or a purchase's
// destination): where they are now — back in a room, or a place in words — and their condition. The machine
// asks for it (the state's `eventPayloads`).
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const whereNowForm: StepFormSpec = {
  sections: [
    {
      fields: [
        {
          path: 'roomId',
          kind: 'room',
          label: msg`Back in the room`,
          description: msg`When the artworks went back into a warehouse room.`,
        },
        {
          path: 'location',
          kind: 'text',
          label: msg`Or where they are now`,
          description: msg`A place in words, such as the restorer's studio or the shipper's depot.`,
        },
        { path: 'conditionNote', kind: 'textarea', span: 12, label: msg`Condition notes` },
      ],
    },
  ],
}
