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
        { path: 'replicaType', kind: 'dict', dict: 'REPLICA_TYPE', label: msg`Replica type`, required: true },
        vendorField(msg`Made by`),
        { path: 'quantity', kind: 'count', max: 10000, label: msg`Quantity`, required: true },
        {
          path: 'size',
          kind: 'text',
          max: 200,
          label: msg`Size`,
          description: msg`Such as 60 × 80 cm.`,
        },
        { path: 'purpose', kind: 'text', max: 500, label: msg`Purpose`, required: true },
        { path: 'plannedCompletion', kind: 'date', label: msg`Planned completion`, required: true },
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
        { path: 'completedOn', kind: 'date', label: msg`Completed on`, required: true },
        {
          path: 'producedQuantity',
          kind: 'count',
          max: 10000,
          label: msg`Quantity made`,
          required: true,
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
        { path: 'deliveredOn', kind: 'date', label: msg`Delivered on`, required: true },
        {
          path: 'deliveredQuantity',
          kind: 'count',
          max: 10000,
          label: msg`Quantity delivered`,
          required: true,
        },
        { path: 'storage', kind: 'text', max: 300, label: msg`Kept at`, required: true },
        { path: 'receivedBy', kind: 'text', max: 100, label: msg`Received by`, required: true },
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
