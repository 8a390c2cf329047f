// OPERATION_REPAIR_ART: conservation and repair (repair info, artwork transport, delivery). Two versions:
// v1 lets TERMINATE end the process with the work still at the restorer, where nobody recorded it, and
// refuses it in transit; v2 asks where the artworks are now whenever they are away from the warehouse (in
// transit or at the restorer). Processes started on v1 finish on v1 unless an administrator migrates them.

import { operationRepairArtSamples, repairInfoStep, repairInput } from '../src/shared/process-steps'
import { declareType } from './blocks'
import { type WorkshopFlow, workshopFlow } from './workshop-flow'

const REPAIR: WorkshopFlow = {
  type: 'OPERATION_REPAIR_ART',
  info: { key: 'repairInfo', labelZh: '修复信息', labelEn: 'Repair information', schema: repairInfoStep },
  costAttribution: 'CONSERVATION',
  relatedEvent: 'CONSERVATION',
  input: repairInput,
  notes: [
    "The repair information carries the condition issues and the treatment plan (with an optional condition report); the restorer's own report comes with the delivery.",
    'A repair may follow a condition check (CONDITION_CHECK) and then names it (sourceProcessId).',
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
  list: {
    path: '/devOpsManage/artRepair',
    screen: {
      title: { 'zh-CN': '修复', en: 'Repair' },
      description: {
        'zh-CN': '保护与修复：填写修复信息，运输至修复师，最后送回库房。',
        en: 'Conservation and repair: the repair information, the transport to the conservator, then the delivery back into a room.',
      },
      empty: {
        'zh-CN': '没有匹配的修复。发起一个修复，将作品送往修复师。',
        en: 'No repair matches. Start one to send artworks to a conservator.',
      },
    },
  },
  demoDocument: { name: 'conservation-report.pdf', title: 'Conservation assessment and treatment report' },
  samples: operationRepairArtSamples,
})
