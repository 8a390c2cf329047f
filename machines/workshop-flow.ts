// The flow that mounting and repair share: the work's information (with the workshop's cost), its transport to
// the workshop (with the shipper's cost), and its delivery back into a room of the warehouse. `away` (from v2 of
// each): TERMINATE away from the warehouse — in transit, or at the workshop awaiting delivery — says where the
// works are now. Each type's file names its first step, its schema, its costs' attribution and its notes.
import type { z } from 'zod'
import {
  arrival,
  artworksInput,
  departure,
  type repairInput,
  transportStep as transportForm,
  whereNow,
  workDeliveryStep,
} from '../src/shared/process-steps'
import type { ProcessType } from '../src/shared/process-types'
import { defineProcess, formStep, IN_HAND, transportStep } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'

export interface WorkshopFlow {
  type: ProcessType
  /** The first step: the work's information, filled with the workshop's cost. */
  info: { key: string; labelZh: string; labelEn: string; schema: z.ZodType }
  /** The costs' attribution (FIN_FEE_ATTRIBUTION) of the workshop's cost; the related event, when one applies. */
  costAttribution: string
  relatedEvent?: string
  /** The start input, when it names more than the artworks (a repair: the condition check it follows). */
  input?: typeof repairInput
  notes: string[]
}

export function workshopFlow(flow: WorkshopFlow, version: number, away: boolean, versionNotes: string[]) {
  const { key, labelZh, labelEn, schema } = flow.info
  const related = flow.relatedEvent ? { relatedEvent: flow.relatedEvent } : {}
  return defineProcess({
    type: flow.type,
    version,
    holdsArtworks: true,
    artworkStatuses: IN_HAND,
    steps: [
      formStep({ key, labelZh, labelEn }, { next: { to: 'artworkTransport' } }),
      transportStep(
        { key: 'artworkTransport', labelZh: '作品运输', labelEn: 'Artwork transport' },
        { next: { to: 'delivery' }, inTransit: away ? 'askWhere' : 'refuse' },
      ),
      formStep(
        { key: 'delivery', labelZh: '交付', labelEn: 'Delivery' },
        { next: { to: 'completed', effects: [fx('warehoused', 'delivery')] }, away },
      ),
    ],
    input: flow.input ?? artworksInput,
    payloads: {
      [key]: schema,
      artworkTransport: transportForm,
      delivery: workDeliveryStep,
      DEPART: departure,
      ARRIVE: arrival,
      whereNow,
    },
    followUps: [
      payableCost({
        step: key,
        amount: 'cost',
        currency: 'currency',
        payee: 'vendor',
        costAttribution: flow.costAttribution,
        ...related,
      }),
      payableCost({
        step: 'artworkTransport',
        amount: 'cost',
        currency: 'currency',
        payee: 'shipper',
        costAttribution: 'TRANSPORT',
        ...related,
      }),
    ],
    notes: [...flow.notes, ...versionNotes],
  })
}
