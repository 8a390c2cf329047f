// BUY_ART_TRANS: bringing purchased artworks in (docs/architecture.md § Process steps: transport, warehousing). Opened by BUY_ART's
// purchaseCompleted effect with the artworks it created; it holds them until they are in a room. Three
// versions: v1 warehouses the whole shipment into one room with one condition; v2 (batch inbound) takes one
// row per artwork — its own room and its condition on arrival — approved once; v3 is v2 where TERMINATE,
// once the artworks have left the seller (in transit, or arrived and awaiting warehousing), says where they
// are now. Processes started on an older version finish on it unless an administrator migrates them
// (machines/migrations.ts).
import {
  arrival,
  buyArtTransInput,
  departure,
  transportStep as transportForm,
  warehousingBatchShape,
  warehousingBatchStep,
  warehousingStep,
  whereNow,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, IN_HAND, transportStep } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'
import type { ProcessContext } from './types'

const NOTES = [
  'The transport step is a form (from the seller to the warehouse, shipper, dates, packaging, cost) that is approved before anything moves; once approved the artworks are "to be transported", DEPART makes them "transporting" and ARRIVE puts them at the destination (straight into a room when the form names one).',
  "Terminating during transport releases the artworks where they are last known; their transport status is the runtime's to reset.",
]

function batchOf(context: ProcessContext): string[] {
  const ids = context.subject?.artworkIds
  return Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string') : []
}

export const buyArtTransV1 = defineProcess({
  type: 'BUY_ART_TRANS',
  version: 1,
  holdsArtworks: true,
  artworkStatuses: IN_HAND,
  steps: [
    transportStep(
      { key: 'transport', labelZh: '运输', labelEn: 'Transport' },
      { next: { to: 'warehousing' } },
    ),
    formStep(
      { key: 'warehousing', labelZh: '入库', labelEn: 'Warehousing' },
      { next: { to: 'completed', effects: [fx('warehoused', 'warehousing')] } },
    ),
  ],
  input: buyArtTransInput,
  payloads: {
    transport: transportForm,
    warehousing: warehousingStep,
    DEPART: departure,
    ARRIVE: arrival,
    whereNow,
  },
  notes: [
    NOTES[0],
    'v1: warehousing is its own approved step: the registrar names the room and the condition on arrival; approving it puts the artworks in that room (status in the collection, in the warehouse) with a movement row.',
    NOTES[1],
  ],
})

/** Batch inbound (v2, v3); `away` (v3): TERMINATE after departure says where the artworks are now. */
function batchInbound(version: number, away: boolean, notes: string[]) {
  return defineProcess({
    type: 'BUY_ART_TRANS',
    version,
    holdsArtworks: true,
    artworkStatuses: IN_HAND,
    steps: [
      transportStep(
        { key: 'transport', labelZh: '运输', labelEn: 'Transport' },
        { next: { to: 'warehousing' }, inTransit: away ? 'askWhere' : 'refuse' },
      ),
      formStep(
        { key: 'warehousing', labelZh: '入库', labelEn: 'Warehousing' },
        {
          next: {
            to: 'completed',
            effects: [fx('warehoused', 'warehousing', { perArtwork: true })],
          },
          away,
        },
      ),
    ],
    input: buyArtTransInput,
    payloads: {
      transport: transportForm,
      warehousing: warehousingBatchShape,
      DEPART: departure,
      ARRIVE: arrival,
      whereNow,
    },
    followUps: [
      payableCost({
        step: 'transport',
        amount: 'cost',
        currency: 'currency',
        payee: 'shipper',
        costAttribution: 'TRANSPORT',
      }),
    ],
    contextPayloads: {
      /** Every artwork of the batch exactly once, and nothing else. */
      warehousing: (context) => warehousingBatchStep(batchOf(context)),
    },
    notes: [
      NOTES[0],
      'v2 (batch inbound): warehousing is one approved form for the whole batch, one row per artwork with its own room and its condition on arrival (as expected, or a note saying why not); every artwork of the batch appears once and no other. Approving it puts each artwork into its room (status in the collection, in the warehouse) with a movement row carrying its condition note, all or nothing.',
      ...notes,
    ],
  })
}

export const buyArtTransV2 = batchInbound(2, false, [NOTES[1]])

export const buyArtTransV3 = batchInbound(3, true, [
  'v3: once the artworks have left the seller (in transit, or arrived and awaiting warehousing), TERMINATE says where they are now (a room of the warehouse, or a place in words, with an optional condition note); they are recorded there with a movement row and released. Before departure it releases them where they are.',
])

/** BUY_ART_TRANS: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const buyArtTrans = declareType({
  type: 'BUY_ART_TRANS',
  label: { 'zh-CN': '购买运输入库', en: 'Purchase shipping' },
  versions: [buyArtTransV1, buyArtTransV2, buyArtTransV3],
  demoDocument: { name: 'inbound-shipping.pdf', title: 'Inbound shipping: waybill and condition report' },
})
