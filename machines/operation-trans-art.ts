// OPERATION_TRANS_ART: moving artworks between places (spec §4: transport info, transport: to be
// transported → transporting → arrived).
import {
  arrival,
  artworksInput,
  departure,
  transportStep as transportForm,
} from '../src/shared/process-steps'
import { defineProcess, formStep, fx, movementStep } from './blocks'

export const operationTransArtV1 = defineProcess({
  type: 'OPERATION_TRANS_ART',
  version: 1,
  holdsArtworks: true,
  steps: [
    formStep(
      { key: 'transportInfo', labelZh: '运输信息', labelEn: 'Transport information' },
      { next: { to: 'transport', effects: [fx('transportScheduled', 'transportInfo')] } },
    ),
    movementStep(
      { key: 'transport', labelZh: '运输', labelEn: 'Transport' },
      { dataStep: 'transportInfo', next: { to: 'completed' } },
    ),
  ],
  finals: { completed: { labelZh: '已到达', labelEn: 'Arrived', status: 'completed' } },
  input: artworksInput,
  payloads: { transportInfo: transportForm, DEPART: departure, ARRIVE: arrival },
  notes: [
    "The transport step has no form of its own: it follows the approved transport information. DEPART and ARRIVE may carry a short report (date, tracking number, condition on arrival); without one the event's instant counts.",
    'Arrival ends the process ("arrived"): the artworks move to the destination (into the room when the information names one) with a movement row, and are released.',
  ],
})
