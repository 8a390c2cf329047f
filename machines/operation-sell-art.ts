// OPERATION_SELL_ART: selling artworks (docs/architecture.md § Process steps: market survey report, contract signing, collection of
// payment). The collection is a money step (incoming); confirming it marks the artworks sold.
import {
  artworksInput,
  collectionStep,
  contractCollectionStep,
  contractStep,
  marketSurveyStep,
  operationSellArtSamples,
  paymentConfirmation,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, IN_HAND, moneyStep } from './blocks'
import { contractDue, fx } from './setup'

export const operationSellArtV1 = defineProcess({
  type: 'OPERATION_SELL_ART',
  version: 1,
  holdsArtworks: true,
  artworkStatuses: IN_HAND,
  steps: [
    formStep(
      { key: 'marketSurvey', labelZh: '市场调研报告', labelEn: 'Market survey report' },
      { next: { to: 'contract' } },
    ),
    formStep(
      { key: 'contract', labelZh: '合同签署', labelEn: 'Contract signing' },
      { next: { to: 'collection', effects: [fx('recordContract', 'contract', { direction: 'sale' })] } },
    ),
    moneyStep(
      { key: 'collection', labelZh: '收款流程', labelEn: 'Collection of payment' },
      { direction: 'incoming', next: { to: 'completed', effects: [fx('sold', 'contract')] } },
    ),
  ],
  input: artworksInput,
  checks: { start: ['notPledged', 'deaccessioned'], submit: { contract: 'notPledged' } },
  payloads: {
    marketSurvey: marketSurveyStep,
    contract: contractStep,
    collection: collectionStep(),
    CONFIRM_PAYMENT: paymentConfirmation,
  },
  contextPayloads: {
    /** The collection is the sale's full payment: exactly what the contract leaves due, in its currency. */
    collection: (context) => contractCollectionStep(contractDue(context)),
  },
  followUps: [
    {
      type: 'OPERATION_TRANS_ART',
      via: 'sourceProcessId',
      startWhen: { states: ['completed'] },
      artworkStatuses: ['sold'],
    },
  ],
  notes: [
    'A sale starts only on works whose deaccession was approved (a DEACCESSION that ended approved): one without is refused at the start, naming the work.',
    'The collection follows the money-step pattern from the other side: approved (twice above the second-approval limit), then finance confirms the money arrived (CONFIRM_PAYMENT) or that it did not (PAYMENT_FAILED, with the reason) and retries.',
    "The artworks are marked sold (to the contract's counterparty, movement row) only when the money is confirmed, not when the contract is signed.",
    'One collection per sale, the full payment: its amount is exactly what the contract leaves due, in its currency, so a sale never completes with money still owed (instalments would be a later version of this machine).',
    'Delivery to the buyer (the artSellDelivery screen) is an OPERATION_TRANS_ART of its own once the artwork is sold.',
  ],
})

/** OPERATION_SELL_ART: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const operationSellArt = declareType({
  type: 'OPERATION_SELL_ART',
  label: { 'zh-CN': '出售', en: 'Sale' },
  versions: [operationSellArtV1],
  list: {
    path: '/devOpsManage/artSell',
    menu: { 'zh-CN': '出售', en: 'Sales' },
    screen: {
      title: { 'zh-CN': '出售', en: 'Sales' },
      description: {
        'zh-CN': '作品出售：先出具市场调研报告，再签署合同，最后收款。',
        en: 'Sales of artworks: the market survey report, the contract, then the collection of the payment.',
      },
      empty: {
        'zh-CN': '没有匹配的出售。以待售作品的市场调研发起一个出售流程。',
        en: 'No sale matches. Start one with the market survey of the artworks to sell.',
      },
      links: [
        {
          to: '/devOpsManage/artSellDelivery',
          words: { 'zh-CN': '出售交付', en: 'Sale deliveries' },
          testId: 'sale-deliveries-link',
        },
      ],
    },
  },
  demoDocument: { name: 'sale-dossier.pdf', title: 'Sale dossier: market survey and contract' },
  samples: operationSellArtSamples,
})
