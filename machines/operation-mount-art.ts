// OPERATION_MOUNT_ART: mounting or framing (mounting info, artwork transport, delivery). Two versions: v1
// lets TERMINATE end the process with the work still at the framer, where nobody recorded it, and refuses it
// in transit; v2 asks where the artworks are now whenever they are away from the warehouse (in transit or at
// the framer). Processes started on v1 finish on v1 unless an administrator migrates them.

import { mountingInfoStep } from '../src/shared/process-steps'
import { declareType } from './blocks'
import { type WorkshopFlow, workshopFlow } from './workshop-flow'

const MOUNTING: WorkshopFlow = {
  type: 'OPERATION_MOUNT_ART',
  info: {
    key: 'mountingInfo',
    labelZh: '装裱信息',
    labelEn: 'Mounting information',
    schema: mountingInfoStep,
  },
  costAttribution: 'MOUNTING',
  notes: [
    "The artwork transport takes the artworks to the framer (to be transported → transporting → arrived at the framer's address).",
    'Delivery is the mounted artwork coming back: its form names the room it returns to and its condition; approving it puts the artworks in that room with a movement row and ends the process.',
  ],
}

export const operationMountArtV1 = workshopFlow(MOUNTING, 1, false, [
  'v1: TERMINATE in transit is refused (ARRIVE first); in the delivery step it ends the process with the artworks wherever the transport left them.',
])

export const operationMountArtV2 = workshopFlow(MOUNTING, 2, true, [
  'v2: once the artworks have left the warehouse (in transit, or at the framer awaiting delivery), TERMINATE says where they are now (a room of the warehouse, or a place in words, with an optional condition note); they are recorded there with a movement row and released.',
])

/** OPERATION_MOUNT_ART: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const operationMountArt = declareType({
  type: 'OPERATION_MOUNT_ART',
  label: { 'zh-CN': '装裱', en: 'Mounting' },
  versions: [operationMountArtV1, operationMountArtV2],
  list: { path: '/devOpsManage/artMount' },
  demoDocument: { name: 'mounting-order.pdf', title: 'Mounting order and condition report' },
})
