// OPERATION_MOUNT_ART: mounting or framing (mounting info, artwork transport, delivery). Two versions: v1
// lets TERMINATE end the process with the work still at the framer, where nobody recorded it, and refuses it
// in transit; v2 asks where the artworks are now whenever they are away from the warehouse (in transit or at
// the framer). Processes started on v1 finish on v1 unless an administrator migrates them.
import {
  arrival,
  artworksInput,
  departure,
  mountingInfoStep,
  transportStep as transportForm,
  whereNow,
  workDeliveryStep,
} from '../src/shared/process-steps'
import { defineProcess, formStep, IN_HAND, transportStep } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'

/** The flow of both versions; `away` (v2): TERMINATE away from the warehouse says where the works are. */
function mountFlow(version: number, away: boolean, notes: string[]) {
  return defineProcess({
    type: 'OPERATION_MOUNT_ART',
    version,
    holdsArtworks: true,
    artworkStatuses: IN_HAND,
    steps: [
      formStep(
        { key: 'mountingInfo', labelZh: '装裱信息', labelEn: 'Mounting information' },
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
      mountingInfo: mountingInfoStep,
      artworkTransport: transportForm,
      delivery: workDeliveryStep,
      DEPART: departure,
      ARRIVE: arrival,
      whereNow,
    },
    followUps: [
      payableCost({
        step: 'mountingInfo',
        amount: 'cost',
        currency: 'currency',
        payee: 'vendor',
        costAttribution: 'MOUNTING',
      }),
      payableCost({
        step: 'artworkTransport',
        amount: 'cost',
        currency: 'currency',
        payee: 'shipper',
        costAttribution: 'TRANSPORT',
      }),
    ],
    notes: [
      "The artwork transport takes the artworks to the framer (to be transported → transporting → arrived at the framer's address).",
      'Delivery is the mounted artwork coming back: its form names the room it returns to and its condition; approving it puts the artworks in that room with a movement row and ends the process.',
      ...notes,
    ],
  })
}

export const operationMountArtV1 = mountFlow(1, false, [
  'v1: TERMINATE in transit is refused (ARRIVE first); in the delivery step it ends the process with the artworks wherever the transport left them.',
])

export const operationMountArtV2 = mountFlow(2, true, [
  'v2: once the artworks have left the warehouse (in transit, or at the framer awaiting delivery), TERMINATE says where they are now (a room of the warehouse, or a place in words, with an optional condition note); they are recorded there with a movement row and released.',
])
