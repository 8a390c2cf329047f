// OBJECT_ENTRY: a work that comes into the office's care without being owned (offered for purchase and sent
// for viewing, left for valuation, consigned): the entry record (who leaves it, why, until when, the work, the
// room it is kept in), the receipt handed to the depositor, then how it ends: the work goes back to the
// depositor, or the office buys it (a purchase, BUY_ART, started from the entry on the entered record).
import {
  notOwnedInput,
  objectEntryOutcomeStep,
  objectEntryReceiptStep,
  objectEntrySamples,
  objectEntryStep,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep } from './blocks'
import { fx } from './setup'

/** What terminating after the work was entered undoes: the work goes back to the depositor. */
const giveBack = [fx('worksGivenBack', 'entry')]

export const objectEntryV1 = defineProcess({
  type: 'OBJECT_ENTRY',
  version: 1,
  holdsArtworks: false,
  // Started with no artwork (the work is described in the entry); a restart checks the work it entered,
  // given back when the entry was terminated.
  artworkStatuses: ['returned'],
  steps: [
    formStep(
      { key: 'entry', labelZh: '入馆登记', labelEn: 'Entry record' },
      { next: { to: 'receipt', effects: [fx('worksEntered', 'entry')] } },
    ),
    formStep(
      { key: 'receipt', labelZh: '入馆收据', labelEn: 'Receipt' },
      { next: { to: 'outcome' }, onTerminate: giveBack },
    ),
    formStep(
      { key: 'outcome', labelZh: '处理结果', labelEn: 'Outcome' },
      {
        next: [
          { to: 'completed', when: 'entryGivenBack', effects: [fx('worksGivenBack', 'entry')] },
          { to: 'acquired' },
        ],
        onTerminate: giveBack,
      },
    ),
  ],
  finals: {
    completed: { labelZh: '已归还寄存人', labelEn: 'Returned to the depositor', status: 'completed' },
    acquired: { labelZh: '转为购买', labelEn: 'To be acquired', status: 'completed' },
  },
  conditions: {
    entryGivenBack: (context) => context.steps.outcome?.data?.outcome === 'returned',
  },
  input: notOwnedInput,
  payloads: {
    entry: objectEntryStep,
    receipt: objectEntryReceiptStep,
    outcome: objectEntryOutcomeStep,
  },
  followUps: [
    // The purchase takes over the entered record (its status "in our care" is what it starts on).
    {
      type: 'BUY_ART',
      via: 'sourceProcessId',
      startWhen: { states: ['acquired'] },
      artworkStatuses: ['in_care'],
    },
  ],
  notes: [
    'The work is described in the entry record, one work per entry. When the entry is approved it becomes an archive record with the status "in our care (not owned)", in the room the entry names (worksEntered, a "created" movement): never owned, so never in holdings or in the totals of owned works.',
    'The receipt is printed from the entry in both languages (GET /api/process/:id/entry-receipt.pdf); the step records who received the work, its condition, and the signed receipt.',
    'Ending "returned" (the final state `completed`): the work leaves the warehouse to the depositor, status "returned to its owner" (worksGivenBack, a movement row). Terminating after the entry does the same: the work goes back.',
    'Ending "acquired": the office decided to buy it. A purchase (BUY_ART) started from the ended entry names it (sourceProcessId) and is chosen on the entered record itself, which it may take although it is in care; paying completes the purchase and the same record becomes owned (in the collection, where it is). Until then it stays in care, not owned.',
  ],
})

/** OBJECT_ENTRY: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const objectEntry = declareType({
  type: 'OBJECT_ENTRY',
  label: { 'zh-CN': '作品入馆', en: 'Object entry' },
  versions: [objectEntryV1],
  list: {
    path: '/devOpsManage/objectEntry',
    menu: { 'zh-CN': '作品入馆', en: 'Object entries' },
    screen: {
      title: { 'zh-CN': '作品入馆', en: 'Object entries' },
      description: {
        'zh-CN': '非馆藏作品交由本处代管（看货、估价、寄售）：登记、收据，最后归还或转为购买。',
        en: 'Works left in our care without being owned (offered for purchase, for valuation, consigned): entered, receipted, then returned or bought.',
      },
      empty: {
        'zh-CN': '没有匹配的入馆记录。登记一件交由本办公室代管的作品。',
        en: 'No entry matches. Start one for a work left in our care.',
      },
    },
  },
  demoDocument: { name: 'entry-receipt.pdf', title: 'Entry receipt signed by the depositor' },
  samples: objectEntrySamples,
})
