// OPERATION_REPLICA_ART: making replicas of artworks (docs/architecture.md § Process steps: replication info, replication, delivery).
import {
  artworksInput,
  replicaDeliveryStep,
  replicaInfoStep,
  replicationStep,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, IN_HAND } from './blocks'
import { payableCost } from './follow-ups'

export const operationReplicaArtV1 = defineProcess({
  type: 'OPERATION_REPLICA_ART',
  version: 1,
  holdsArtworks: true,
  artworkStatuses: IN_HAND,
  steps: [
    formStep(
      { key: 'replicaInfo', labelZh: '复制信息', labelEn: 'Replication information' },
      { next: { to: 'replication' } },
    ),
    formStep({ key: 'replication', labelZh: '复制', labelEn: 'Replication' }, { next: { to: 'delivery' } }),
    formStep({ key: 'delivery', labelZh: '交付', labelEn: 'Delivery' }, { next: { to: 'completed' } }),
  ],
  input: artworksInput,
  payloads: { replicaInfo: replicaInfoStep, replication: replicationStep, delivery: replicaDeliveryStep },
  followUps: [
    payableCost({
      step: 'replicaInfo',
      amount: 'cost',
      currency: 'currency',
      payee: 'vendor',
      costAttribution: 'REPLICATION',
    }),
  ],
  notes: [
    'The replicas are not artworks of the collection: their delivery records quantity and where they are stored, not a movement of the originals.',
    'The originals are held while replicas are made (scanning or photographing them must not clash with another operation).',
  ],
})

/** OPERATION_REPLICA_ART: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const operationReplicaArt = declareType({
  type: 'OPERATION_REPLICA_ART',
  label: { 'zh-CN': '复制', en: 'Replication' },
  versions: [operationReplicaArtV1],
  list: { path: '/devOpsManage/copyFlow' },
  demoDocument: { name: 'replica-order.pdf', title: 'Replica order and proof approval' },
})
