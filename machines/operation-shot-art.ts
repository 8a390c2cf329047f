// OPERATION_SHOT_ART: photographing artworks (docs/architecture.md § Process steps: shooting info, shooting, finished-product delivery).
import {
  artworksInput,
  shootingDeliveryStep,
  shootingInfoStep,
  shootingStep,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, IN_HAND } from './blocks'
import { payableCost } from './follow-ups'

export const operationShotArtV1 = defineProcess({
  type: 'OPERATION_SHOT_ART',
  version: 1,
  holdsArtworks: true,
  artworkStatuses: IN_HAND,
  steps: [
    formStep(
      { key: 'shootingInfo', labelZh: '拍摄信息', labelEn: 'Shooting information' },
      { next: { to: 'shooting' } },
    ),
    formStep({ key: 'shooting', labelZh: '拍摄', labelEn: 'Shooting' }, { next: { to: 'delivery' } }),
    formStep(
      { key: 'delivery', labelZh: '成品交付', labelEn: 'Finished-product delivery' },
      { next: { to: 'completed' } },
    ),
  ],
  input: artworksInput,
  payloads: { shootingInfo: shootingInfoStep, shooting: shootingStep, delivery: shootingDeliveryStep },
  followUps: [
    payableCost({
      step: 'shootingInfo',
      amount: 'cost',
      currency: 'currency',
      payee: 'vendor',
      costAttribution: 'PHOTOGRAPHY',
    }),
  ],
  notes: [
    'Each of the three steps is a report that is approved: the plan (photographer, date, place, shot list, cost), the shoot as it happened (date, number of photographs), and the delivery of the finished files (file ids, received by).',
    'The artworks are held for the whole process (no other operation may move them), but the shoot does not change their location: shooting off site is a separate transport.',
  ],
})

/** OPERATION_SHOT_ART: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const operationShotArt = declareType({
  type: 'OPERATION_SHOT_ART',
  label: { 'zh-CN': '拍摄', en: 'Photography' },
  versions: [operationShotArtV1],
  list: { path: '/devOpsManage/shotFlow' },
  demoDocument: { name: 'photography-brief.pdf', title: 'Photography brief and contact sheet' },
})
