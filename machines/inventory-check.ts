// INVENTORY_CHECK: a stocktake of a room (docs/architecture.md § Process steps: inventory completed / uncompleted): the count, then,
// when artworks are missing, how each was accounted for. Unresolved discrepancies close it "uncompleted".
import {
  countingStep,
  discrepanciesShape,
  discrepanciesStep,
  inventoryCheckInput,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep } from './blocks'
import { fx } from './setup'
import type { ProcessContext } from './types'

function ids(context: ProcessContext, step: string, field: string): string[] {
  const list = context.steps[step]?.data?.[field]
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []
}

export const inventoryCheckV1 = defineProcess({
  type: 'INVENTORY_CHECK',
  version: 1,
  holdsArtworks: false,
  /** A stocktake names a room, not artworks. */
  artworkStatuses: [],
  steps: [
    formStep(
      { key: 'counting', labelZh: '盘点', labelEn: 'Counting', task: 'count' },
      {
        next: [
          { to: 'completed', when: 'countMatches', effects: [fx('stocktakeRecorded', 'counting')] },
          { to: 'discrepancies', effects: [fx('stocktakeRecorded', 'counting')] },
        ],
      },
    ),
    formStep(
      { key: 'discrepancies', labelZh: '差异处理', labelEn: 'Discrepancies' },
      {
        next: [
          {
            to: 'completed',
            when: 'discrepanciesResolved',
            effects: [fx('stocktakeRecorded', 'discrepancies')],
          },
          { to: 'uncompleted', effects: [fx('stocktakeRecorded', 'discrepancies')] },
        ],
      },
    ),
  ],
  finals: { uncompleted: { labelZh: '未完成', labelEn: 'Uncompleted', status: 'uncompleted' } },
  conditions: {
    countMatches: (context) => ids(context, 'counting', 'missingArtworkIds').length === 0,
    discrepanciesResolved: (context) => ids(context, 'discrepancies', 'missingArtworkIds').length === 0,
  },
  input: inventoryCheckInput,
  checks: { start: 'roomOfStocktake', submit: { counting: 'countOfRoom' } },
  payloads: { counting: countingStep, discrepancies: discrepanciesShape },
  contextPayloads: {
    /** Every artwork missing at the count is marked found or still missing, and nothing else. */
    discrepancies: (context) => discrepanciesStep(ids(context, 'counting', 'missingArtworkIds')),
  },
  notes: [
    'The count lists the artworks found in the room and those expected there but missing. Approving it records the stocktake (found: seen in the room; missing: no longer taken to be in the warehouse, movement rows). With nothing missing the stocktake is completed there and then (the Discrepancies step stays "pending": it was not needed).',
    'With artworks missing, a Discrepancies step follows: each missing artwork is marked found (back in the room) or still missing, with an explanation. Approving it records the outcome; with none still missing the stocktake is completed, otherwise it closes "uncompleted" (spec: inventory completed / uncompleted), a final state: a later stocktake starts afresh.',
    "A stocktake does not hold the room's artworks: counting must not block operations.",
    'The room must exist and be in use. The count names only artworks the room holds: an artwork sold, on loan, in transit, missing since an earlier stocktake or in another room is refused at SUBMIT and again at APPROVE, naming it and why (one found in the room that it does not hold is noted as unexpected on the scan screen, not counted); an artwork a live process holds may be counted found, never missing.',
  ],
})

/** INVENTORY_CHECK: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const inventoryCheck = declareType({
  type: 'INVENTORY_CHECK',
  label: { 'zh-CN': '库房盘点', en: 'Stocktake' },
  versions: [inventoryCheckV1],
  demoDocument: { name: 'stocktake-sheet.pdf', title: 'Stocktake sheet' },
})
