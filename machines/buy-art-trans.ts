// BUY_ART_TRANS: bringing purchased artworks in (spec §4: transport, warehousing). Opened by BUY_ART's
// purchaseCompleted effect with the artworks it created; it holds them until they are in a room.
import {
  arrival,
  buyArtTransInput,
  departure,
  transportStep as transportForm,
  warehousingStep,
} from '../src/shared/process-steps'
import { defineProcess, formStep, fx, IN_HAND, transportStep } from './blocks'

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
  payloads: { transport: transportForm, warehousing: warehousingStep, DEPART: departure, ARRIVE: arrival },
  notes: [
    'The transport step is a form (from the seller to the warehouse, shipper, dates, packaging, cost) that is approved before anything moves; once approved the artworks are "to be transported", DEPART makes them "transporting" and ARRIVE puts them at the destination (straight into a room when the form names one).',
    'Warehousing is its own approved step: the registrar names the room and the condition on arrival; approving it puts the artworks in that room (status in the collection, in the warehouse) with a movement row.',
    "Terminating during transport releases the artworks where they are last known; their transport status is the runtime's to reset.",
  ],
})
