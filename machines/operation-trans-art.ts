// OPERATION_TRANS_ART: moving artworks between places (docs/architecture.md § Process steps: transport info, transport: to be
// transported → transporting → arrived). Two versions: v1 refuses TERMINATE while the artworks are in
// transit (ARRIVE first); v2 lets it through when it says where the artworks are now. Processes started on
// v1 finish on v1 unless an administrator migrates them (machines/migrations.ts).
import {
  arrival,
  departure,
  operationTransArtSamples,
  operationTransInput,
  transportStep as transportForm,
  whereNow,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, IN_HAND, movementStep, type TransportOptions } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'

const NOTES = [
  "The transport step has no form of its own: it follows the approved transport information. DEPART and ARRIVE may carry a short report (date, tracking number, condition on arrival); without one the event's instant counts.",
  'Arrival ends the process ("arrived"): the artworks move to the destination (into the room when the information names one) with a movement row, and are released.',
  'Terminated before departure, the planned transport is called off: the artworks are no longer "to be transported" and are released where they are.',
]

function transportFlow(version: number, inTransit: TransportOptions['inTransit'], notes: string[]) {
  return defineProcess({
    type: 'OPERATION_TRANS_ART',
    version,
    holdsArtworks: true,
    artworkStatuses: IN_HAND,
    steps: [
      formStep(
        { key: 'transportInfo', labelZh: '运输信息', labelEn: 'Transport information' },
        { next: { to: 'transport', effects: [fx('transportScheduled', 'transportInfo')] } },
      ),
      movementStep(
        { key: 'transport', labelZh: '运输', labelEn: 'Transport' },
        { dataStep: 'transportInfo', next: { to: 'completed' }, inTransit },
      ),
    ],
    finals: { completed: { labelZh: '已到达', labelEn: 'Arrived', status: 'completed' } },
    input: operationTransInput,
    followUps: [
      {
        type: 'INSURANCE_OPERATION',
        via: 'operationProcessId',
        startWhen: { states: ['transportInfo', 'transport.toBeTransported'] },
      },
      { type: 'CONDITION_CHECK', via: 'sourceProcessId', startWhen: { states: ['completed'] } },
      payableCost({
        step: 'transportInfo',
        amount: 'cost',
        currency: 'currency',
        payee: 'shipper',
        costAttribution: 'TRANSPORT',
      }),
    ],
    payloads: { transportInfo: transportForm, DEPART: departure, ARRIVE: arrival, whereNow },
    notes: [...NOTES, ...notes],
  })
}

export const operationTransArtV1 = transportFlow(1, 'refuse', [
  'v1: while the artworks are in transit TERMINATE is refused with a message: record their arrival (ARRIVE) first.',
])

export const operationTransArtV2 = transportFlow(2, 'askWhere', [
  'v2: TERMINATE while the artworks are in transit says where they are now (a room of the warehouse, or a place in words, with an optional condition note); they are recorded there with a movement row ("transport aborted"), no longer transporting, and released.',
])

/** OPERATION_TRANS_ART: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const operationTransArt = declareType({
  type: 'OPERATION_TRANS_ART',
  label: { 'zh-CN': '运输', en: 'Transport' },
  versions: [operationTransArtV1, operationTransArtV2],
  list: {
    path: '/devOpsManage/transportFlow',
    menu: false,
    screen: {
      title: { 'zh-CN': '运输流程', en: 'Transport process' },
      description: {
        'zh-CN': '按所处阶段列出的所有运输流程：运输信息待审批、待运输、运输中、已到达。',
        en: 'Every transport process by where it stands: its information awaiting approval, to be transported, in transit, arrived.',
      },
      empty: {
        'zh-CN': '没有匹配的运输流程。发起一个运输，在两地之间移动作品。',
        en: 'No transport process matches. Start one to move artworks between places.',
      },
    },
  },
  demoDocument: { name: 'transport-order.pdf', title: 'Transport order and condition report' },
  samples: operationTransArtSamples,
})
