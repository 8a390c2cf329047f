// OPERATION_LOAN_EXHIBITION_ART: lending artworks to an exhibition (docs/architecture.md § Process steps: loan for exhibition, artwork
// transport), and their return.
import {
  arrival,
  artworksInput,
  departure,
  loanReturn,
  loanStep,
  operationLoanExhibitionArtSamples,
  transportStep as transportForm,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, IN_HAND, transportStep, waitStep } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'

export const operationLoanExhibitionArtV1 = defineProcess({
  type: 'OPERATION_LOAN_EXHIBITION_ART',
  version: 1,
  holdsArtworks: true,
  artworkStatuses: IN_HAND,
  steps: [
    formStep(
      { key: 'loan', labelZh: '借展', labelEn: 'Loan for exhibition' },
      { next: { to: 'artworkTransport' } },
    ),
    transportStep(
      { key: 'artworkTransport', labelZh: '作品运输', labelEn: 'Artwork transport' },
      { next: { to: 'return', effects: [fx('loanOut', 'loan')] } },
    ),
    waitStep(
      { key: 'return', labelZh: '归还', labelEn: 'Return' },
      {
        leaf: { name: 'onLoan', labelZh: '借展中', labelEn: 'On loan', status: 'onLoan' },
        event: 'RETURN',
        next: { to: 'completed', effects: [fx('loanReturned', 'return')] },
        // The artworks are with the borrower: the return is recorded first, which ends the loan.
        terminate: { refuse: 'terminateOnLoan' },
      },
    ),
  ],
  input: artworksInput,
  checks: { start: 'notPledged', submit: { loan: 'notPledged' } },
  payloads: {
    loan: loanStep,
    artworkTransport: transportForm,
    DEPART: departure,
    ARRIVE: arrival,
    RETURN: loanReturn,
  },
  followUps: [
    {
      type: 'INSURANCE_OPERATION',
      via: 'operationProcessId',
      startWhen: {
        states: ['loan.submitted', 'artworkTransport', 'return'],
        stepField: { step: 'loan', field: 'insuranceRequired' },
      },
    },
    // The loan fee is income (the borrower pays it), not a payable: only the shipping is.
    payableCost({
      step: 'artworkTransport',
      amount: 'cost',
      currency: 'currency',
      payee: 'shipper',
      costAttribution: 'TRANSPORT',
      relatedEvent: 'LOAN',
    }),
  ],
  notes: [
    'The product names two steps (loan for exhibition, artwork transport); the artwork also has to come back, so a third step, Return, waits while the artwork is on loan (status "on loan") for the RETURN event.',
    'Arrival at the borrower marks the artworks on loan (loanOut, movement row). RETURN records the date, the room the artworks go back into and their condition (loanReturned, movement row) and ends the process. The return shipment itself is reported in RETURN; a tracked return transport would be its own OPERATION_TRANS_ART.',
    'While the artworks are on loan the loan cannot be terminated: RETURN is recorded first (it ends the process). Terminated while the transport to the borrower is only planned, the transport is called off; in transit, TERMINATE is refused until ARRIVE.',
    'Whether the loan needs insurance is a field of the loan form; the cover itself is an INSURANCE_OPERATION process.',
  ],
})

/** OPERATION_LOAN_EXHIBITION_ART: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const operationLoanExhibitionArt = declareType({
  type: 'OPERATION_LOAN_EXHIBITION_ART',
  label: { 'zh-CN': '借展', en: 'Exhibition loan' },
  versions: [operationLoanExhibitionArtV1],
  list: { path: '/devOpsManage/artLoanExhibition', menu: { 'zh-CN': '借展', en: 'Exhibition loans' } },
  demoDocument: { name: 'loan-agreement.pdf', title: 'Loan agreement and facility report' },
  samples: operationLoanExhibitionArtSamples,
})
