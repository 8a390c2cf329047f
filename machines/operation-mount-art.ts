// OPERATION_MOUNT_ART: mounting or framing (spec §4: mounting info, artwork transport, delivery).
import {
  arrival,
  artworksInput,
  departure,
  mountingInfoStep,
  transportStep as transportForm,
  workDeliveryStep,
} from '../src/shared/process-steps'
import { defineProcess, formStep, IN_HAND, transportStep } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'

export const operationMountArtV1 = defineProcess({
  type: 'OPERATION_MOUNT_ART',
  version: 1,
  holdsArtworks: true,
  artworkStatuses: IN_HAND,
  steps: [
    formStep(
      { key: 'mountingInfo', labelZh: '装裱信息', labelEn: 'Mounting information' },
      { next: { to: 'artworkTransport' } },
    ),
    transportStep(
      { key: 'artworkTransport', labelZh: '作品运输', labelEn: 'Artwork transport' },
      { next: { to: 'delivery' } },
    ),
    formStep(
      { key: 'delivery', labelZh: '交付', labelEn: 'Delivery' },
      { next: { to: 'completed', effects: [fx('warehoused', 'delivery')] } },
    ),
  ],
  input: artworksInput,
  payloads: {
    mountingInfo: mountingInfoStep,
    artworkTransport: transportForm,
    delivery: workDeliveryStep,
    DEPART: departure,
    ARRIVE: arrival,
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
  ],
})
