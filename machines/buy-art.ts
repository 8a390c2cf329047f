// BUY_ART: a purchase after due diligence (docs/architecture.md § Process steps: due-diligence report, contract signing, payment
// process). Paying completes it: the artworks become records of the archive and the shipping that brings
// them in (BUY_ART_TRANS) opens, both by the purchaseCompleted effect.
import {
  buyArtSamples,
  contractPaymentStep,
  contractStep,
  dueDiligenceStep,
  paymentConfirmation,
  paymentStep,
} from '../src/shared/process-steps'
import { buyArtInput } from '../src/shared/process-steps/purchase'
import { declareType, defineProcess, formStep, moneyStep } from './blocks'
import { contractDue, fx } from './setup'

export const buyArtV1 = defineProcess({
  type: 'BUY_ART',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: ['purchased', 'in_collection', 'sold'],
  steps: [
    formStep(
      { key: 'dueDiligence', labelZh: '尽调报告', labelEn: 'Due-diligence report' },
      { next: { to: 'contract' } },
    ),
    formStep(
      { key: 'contract', labelZh: '合同签署', labelEn: 'Contract signing' },
      { next: { to: 'payment', effects: [fx('recordContract', 'contract', { direction: 'purchase' })] } },
    ),
    moneyStep(
      { key: 'payment', labelZh: '付款流程', labelEn: 'Payment process' },
      {
        direction: 'outgoing',
        next: { to: 'completed', effects: [fx('purchaseCompleted', 'dueDiligence')] },
      },
    ),
  ],
  input: buyArtInput,
  checks: { start: 'buyerEntity' },
  payloads: {
    dueDiligence: dueDiligenceStep,
    contract: contractStep,
    payment: paymentStep(),
    CONFIRM_PAYMENT: paymentConfirmation,
  },
  contextPayloads: {
    /** The payment is the purchase's full payment: exactly what the signed contract leaves due, in its currency. */
    payment: (context) => contractPaymentStep(contractDue(context)),
  },
  followUps: [{ type: 'BUY_ART_TRANS', via: 'sourceProcessId' }],
  notes: [
    'The artworks to buy are described at the start (title, artist) or chosen from the archive; they become archive records (status purchased, not in the warehouse, at the seller) only when the payment is confirmed, and the BUY_ART_TRANS that ships them in opens in the same transaction.',
    'The contract is recorded as a contract record when its step is approved (not at submission), so the finance screens only list approved contracts.',
    'One payment per purchase: split between paying companies by its payment details, which must add up to its amount; the amount is exactly what the contract leaves due, in its currency, so a purchase never completes with money still owed (instalments would be a later version of this machine).',
    'A purchase does not hold its artworks: they are not in the collection yet.',
  ],
})

/** BUY_ART: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const buyArt = declareType({
  type: 'BUY_ART',
  label: { 'zh-CN': '尽调购买', en: 'Purchase' },
  versions: [buyArtV1],
  demoDocument: {
    name: 'purchase-dossier.pdf',
    title: 'Purchase dossier: due diligence, contract, payment slip',
  },
  samples: buyArtSamples,
})
