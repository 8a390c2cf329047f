// OPERATION_REPAIR_ART: conservation and repair (repair info, artwork transport, delivery). Two versions:
// v1 lets TERMINATE end the process with the work still at the restorer, where nobody recorded it, and
// refuses it in transit; v2 asks where the artworks are now whenever they are away from the warehouse (in
// transit or at the restorer). Processes started on v1 finish on v1 unless an administrator migrates them.

import { repairInfoStep } from '../src/shared/process-steps'
import { declareType } from './blocks'
import { type WorkshopFlow, workshopFlow } from './workshop-flow'

const REPAIR: WorkshopFlow = {
  type: 'OPERATION_REPAIR_ART',
  info: { key: 'repairInfo', labelZh: '修复信息', labelEn: 'Repair information', schema: repairInfoStep },
  costAttribution: 'CONSERVATION',
  relatedEvent: 'CONSERVATION',
  notes: [
    "The repair information carries the condition issues and the treatment plan (with an optional condition report); the restorer's own report comes with the delivery.",
    'The artwork transport takes the artworks to the restorer; delivery brings them back into the room its form names (movement row) and ends the process.',
  ],
}

export const operationRepairArtV1 = workshopFlow(REPAIR, 1, false, [
  'v1: TERMINATE in transit is refused (ARRIVE first); in the delivery step it ends the process with the artworks wherever the transport left them.',
])

export const operationRepairArtV2 = workshopFlow(REPAIR, 2, true, [
  'v2: once the artworks have left the warehouse (in transit, or at the restorer awaiting delivery), TERMINATE says where they are now (a room of the warehouse, or a place in words, with an optional condition note); they are recorded there with a movement row and released.',
])

/** OPERATION_REPAIR_ART: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const operationRepairArt = declareType({
  type: 'OPERATION_REPAIR_ART',
  label: { 'zh-CN': '修复', en: 'Repair' },
  versions: [operationRepairArtV1, operationRepairArtV2],
  list: { path: '/devOpsManage/artRepair' },
  demoDocument: { name: 'conservation-report.pdf', title: 'Conservation assessment and treatment report' },
})
