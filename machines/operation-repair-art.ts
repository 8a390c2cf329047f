// OPERATION_REPAIR_ART: conservation and repair (spec §4: repair info, artwork transport, delivery).
import {
  arrival,
  artworksInput,
  departure,
  repairInfoStep,
  transportStep as transportForm,
  workDeliveryStep,
} from '../src/shared/process-steps'
import { defineProcess, formStep, IN_HAND, transportStep } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'

export const operationRepairArtV1 = defineProcess({
  type: 'OPERATION_REPAIR_ART',
  version: 1,
  holdsArtworks: true,
  artworkStatuses: IN_HAND,
  steps: [
    formStep(
      { key: 'repairInfo', labelZh: '修复信息', labelEn: 'Repair information' },
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
    repairInfo: repairInfoStep,
    artworkTransport: transportForm,
    delivery: workDeliveryStep,
    DEPART: departure,
    ARRIVE: arrival,
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
  ],
})
