// OPERATION_REPLICA_ART: the replicas ordered (type from REPLICA_TYPE, maker, quantity, size, purpose,
// planned completion, cost, the rights holder's authorisation), the replication done (quantity made,
// proofs), and their delivery (quantity delivered, where they are kept, who received them)
// (src/shared/process-steps/operations.ts). Replicas are not artworks of the collection: nothing moves.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'
import { costFields, remarkField, vendorField } from './common'

export const replicaInfoForm: StepFormSpec = {
  sections: [
    {
      title: msg`The replicas`,
      fields: [
        { path: 'replicaType', kind: 'dict', dict: 'REPLICA_TYPE', label: msg`Replica type` },
        vendorField(msg`Made by`),
        { path: 'quantity', kind: 'count', label: msg`Quantity` },
        {
          path: 'size',
          kind: 'text',
          label: msg`Size`,
          description: msg`Such as 60 × 80 cm.`,
        },
        { path: 'purpose', kind: 'text', label: msg`Purpose` },
        { path: 'plannedCompletion', kind: 'date', label: msg`Planned completion` },
      ],
    },
    {
      title: msg`Cost and authorisation`,
      fields: [
        ...costFields,
        {
          path: 'authorisationFileIds',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Rights holder's authorisation`,
          description: msg`Where the rights holder has to agree to the replicas.`,
        },
        remarkField,
      ],
    },
  ],
}

export const replicationForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'completedOn', kind: 'date', label: msg`Completed on` },
        {
          path: 'producedQuantity',
          kind: 'count',
          label: msg`Quantity made`,
        },
        {
          path: 'proofFileIds',
          kind: 'files',
          purpose: 'image',
          span: 12,
          label: msg`Proofs`,
          description: msg`Photographs of the proofs or of the replicas made.`,
        },
        remarkField,
      ],
    },
  ],
}

export const replicaDeliveryForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'deliveredOn', kind: 'date', label: msg`Delivered on` },
        {
          path: 'deliveredQuantity',
          kind: 'count',
          label: msg`Quantity delivered`,
        },
        { path: 'storage', kind: 'text', label: msg`Kept at` },
        { path: 'receivedBy', kind: 'text', label: msg`Received by` },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Delivery note and photographs`,
        },
      ],
    },
  ],
}
