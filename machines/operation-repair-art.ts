// OPERATION_REPAIR_ART: conservation and repair (repair info, artwork transport, delivery). Two versions:
// v1 lets TERMINATE end the process with the work still at the restorer, where nobody recorded it, and
// refuses it in transit; v2 asks where the artworks are now whenever they are away from the warehouse (in
// transit or at the restorer). Processes started on v1 finish on v1 unless an administrator migrates them.
import {
  arrival,
  artworksInput,
  departure,
  repairInfoStep,
  transportStep as transportForm,
  whereNow,
  workDeliveryStep,
} from '../src/shared/process-steps'
import { defineProcess, formStep, IN_HAND, transportStep } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'

/** The flow of both versions; `away` (v2): TERMINATE away from the warehouse says where the works are. */
function repairFlow(version: number, away: boolean, notes: string[]) {
  return defineProcess({
    type: 'OPERATION_REPAIR_ART',
    version,
    holdsArtworks: true,
    artworkStatuses: IN_HAND,
    steps: [
      formStep(
        { key: 'repairInfo', labelZh: '修复信息', labelEn: 'Repair information' },
        { next: { to: 'artworkTransport' } },
      ),
      transportStep(
        { key: 'artworkTransport', labelZh: '作品运输', labelEn: 'Artwork transport' },
        { next: { to: 'delivery' }, inTransit: away ? 'askWhere' : 'refuse' },
      ),
      formStep(
        { key: 'delivery', labelZh: '交付', labelEn: 'Delivery' },
        { next: { to: 'completed', effects: [fx('warehoused', 'delivery')] }, away },
      ),
    ],
    input: artworksInput,
    payloads: {
      repairInfo: repairInfoStep,
      artworkTransport: transportForm,
      delivery: workDeliveryStep,
      DEPART: departure,
      ARRIVE: arrival,
      whereNow,
    },
    followUps: [
      payableCost({
        step: 'repairInfo',
        amount: 'cost',
        currency: 'currency',
        payee: 'vendor',
        costAttribution: 'CONSERVATION',
        relatedEvent: 'CONSERVATION',
      }),
      payableCost({
        step: 'artworkTransport',
        amount: 'cost',
        currency: 'currency',
        payee: 'shipper',
        costAttribution: 'TRANSPORT',
        relatedEvent: 'CONSERVATION',
      }),
    ],
    notes: [
      "The repair information carries the condition issues and the treatment plan (with an optional condition report); the restorer's own report comes with the delivery.",
      'The artwork transport takes the artworks to the restorer; delivery brings them back into the room its form names (movement row) and ends the process.',
      ...notes,
    ],
  })
}

export const operationRepairArtV1 = repairFlow(1, false, [
  'v1: TERMINATE in transit is refused (ARRIVE first); in the delivery step it ends the process with the artworks wherever the transport left them.',
])

export const operationRepairArtV2 = repairFlow(2, true, [
  'v2: once the artworks have left the warehouse (in transit, or at the restorer awaiting delivery), TERMINATE says where they are now (a room of the warehouse, or a place in words, with an optional condition note); they are recorded there with a movement row and released.',
])
