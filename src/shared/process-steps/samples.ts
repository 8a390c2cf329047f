// Concrete, valid data for the process types whose declaration names them here (`samples`, machines/types.ts):
// per step (and per own event) one or more payloads, and the start input where it is not the two artworks.
// Several variants where a variant changes where the machine goes (a payment above or below the second-approval
// limit, a count with or without missing artworks, renew or lapse). Record ids come from `refs`, so a caller
// passes ids that exist in its database. src/server/seed/process-samples.ts reads them through the registry
// (the demo seed, the model and API tests, the benchmarks); a new type may keep its samples in its machine file.
import type { ProcessSamples, SampleRefs, StepSamples } from '../../../machines/types'

/** Into a room, the room is the destination (no words for it, as the form asks none); else a place in words. */
const transport = (refs: SampleRefs, toRoom: boolean) => ({
  fromLocation: 'Seller gallery, 12 Queen Road, Hong Kong',
  ...(toRoom ? { toRoomId: refs.roomId } : { toLocation: 'Shanghai warehouse' }),
  shipper: 'Fine Art Logistics Ltd',
  transportType: 'ROAD',
  plannedDeparture: '2026-03-02',
  plannedArrival: '2026-03-05',
  packagingType: 'WOODEN_CRATE',
  cost: '8800.00',
  currency: 'CNY',
})

const payment = (refs: SampleRefs, amount: string) => ({
  paymentType: 'FULL',
  amount,
  currency: 'HKD',
  payeeAccountName: 'Harbour Gallery Limited',
  payeeCountry: 'HK',
  payerCompany: 'Vitrine Holdings Ltd',
  relatedEvent: 'AUCTION',
  costAttribution: 'ACQUISITION',
  method: 'tt',
  payeeAccount: '012-345678-001',
  payeeAddress: '12 Queen Road, Central, Hong Kong',
  payeeBankName: 'HSBC Hong Kong',
  payeeBankAddress: '1 Queen Road Central, Hong Kong',
  swiftBic: 'HSBCHKHHHKH',
  details: [{ payingCompany: 'Vitrine Holdings Ltd', amount }],
  attachments: [refs.fileId],
})

const collection = (amount: string, payer: string) => ({
  paymentType: 'FULL',
  amount,
  currency: 'CNY',
  payerCompany: payer,
  payeeAccountName: 'Vitrine Holdings Ltd',
  payeeAccount: '6222 0000 1111 2222',
  method: 'online_banking',
  expectedDate: '2026-04-01',
  attachments: [],
})

const contract = (refs: SampleRefs, type: string, counterparty: string) => ({
  subject: 'Sale and purchase of one painting',
  number: 'HT-2026-001',
  contractType: type,
  applicant: 'Li Wei',
  counterparty,
  effectiveDate: '2026-02-01',
  endDate: '2026-12-31',
  amount: '300000.00',
  currency: 'HKD',
  department: 'Collection',
  signatory: 'Zhang Min',
  sealType: 'CONTRACT_SEAL',
  copies: 2,
  attachments: [refs.fileId],
})

const quotation = (refs: SampleRefs) => ({
  insurer: 'AXA XL Art',
  insuredAmount: '5000000.00',
  premium: '12000.00',
  currency: 'CNY',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  feeCalcType: 'RATE',
  coverage: 'All risks, nail to nail',
  quoteFileIds: [refs.fileId],
})

const policy = (refs: SampleRefs, premium: string) => ({
  insurer: 'AXA XL Art',
  policyNo: 'POL-2026-0001',
  insuredAmount: '5000000.00',
  premium,
  currency: 'CNY',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  feeCalcType: 'RATE',
  policyFileId: refs.fileId,
})

/** Policies with a small and a large premium, and their payments (a premium is capped by its policy's). */
const POLICY_PREMIUMS = ['12000.00', '150000.00']
const premium = (refs: SampleRefs, amount: string) => ({
  ...payment(refs, amount),
  currency: 'CNY',
  payeeAccountName: 'AXA XL Art',
})

/** A non-contract payment (FINANCE_PAYMENT): a storage company's invoice, paid online in CNY. */
const storageFee = (refs: SampleRefs, amount: string) => ({
  paymentType: 'FULL',
  amount,
  currency: 'CNY',
  payeeAccountName: '上海艺术品仓储有限公司',
  payeeCountry: 'CN',
  payerCompany: 'Vitrine Holdings Ltd',
  relatedEvent: 'PRIVATE_COLLECTION',
  costAttribution: 'STORAGE',
  method: 'online_banking',
  payeeAccount: '6222 0210 0100 8888',
  depositBankName: 'ICBC Shanghai Branch',
  details: [{ payingCompany: 'Vitrine Holdings Ltd', amount }],
  attachments: [refs.fileId],
})

const DEPART = { departedOn: '2026-03-02', trackingNo: 'FAL-778' }
const ARRIVE = { arrivedOn: '2026-03-05', conditionOk: true }
const CONFIRM_PAYMENT = { paidOn: '2026-03-10', bankReference: 'TT-0001' }

const workDeliveryOf = (refs: SampleRefs) => ({
  completedOn: '2026-04-01',
  roomId: refs.roomId,
  conditionOk: true,
  report: 'Work done as planned',
})

/** BUY_ART: payload variants by step key (SUBMIT) and by event type (its own events). */
const buyArtSamplesSteps = (refs: SampleRefs): StepSamples => {
  const files = [refs.fileId]
  return {
    dueDiligence: [
      {
        seller: 'Harbour Gallery Limited',
        sellerCountry: 'HK',
        price: '300000.00',
        currency: 'HKD',
        provenance: 'Private collection, Hong Kong, since 1990',
        authenticity: 'Certificate from the artist foundation',
        condition: 'Good, minor craquelure',
        marketSurvey: 'Comparable works sold for HKD 280,000 to 350,000',
        recommendation: 'buy',
        attachments: files,
      },
    ],
    // The payment settles the contract: each contract variant has its own payment (below and above the
    // second-approval limit).
    contract: [
      { ...contract(refs, 'TRADE_PURCHASE_GALLERY', 'Harbour Gallery Limited'), amount: '50000.00' },
      { ...contract(refs, 'TRADE_PURCHASE_GALLERY', 'Harbour Gallery Limited'), amount: '250000.00' },
    ],
    // a purchase's payment is related to the purchase itself
    payment: [
      { ...payment(refs, '50000.00'), relatedEvent: 'PURCHASE' },
      { ...payment(refs, '250000.00'), relatedEvent: 'PURCHASE' },
    ],
    CONFIRM_PAYMENT: [CONFIRM_PAYMENT],
  }
}

/** BUY_ART_TRANS: payload variants by step key (SUBMIT) and by event type (its own events). */
const buyArtTransSamplesSteps = (refs: SampleRefs): StepSamples => {
  const room = refs.roomId
  return {
    transport: [transport(refs, false)],
    warehousing: [
      // v2 (batch inbound): one row per artwork of the batch, each with its room and condition.
      {
        warehousedOn: '2026-03-05',
        receivedBy: 'Wang Fang',
        artworks: [...new Set(refs.artworkIds)].map((artworkId, i) => ({
          artworkId,
          roomId: room,
          conditionOk: i === 0,
          ...(i === 0 ? {} : { conditionNote: 'Frame corner chipped in transit' }),
        })),
      },
      // v1: the whole shipment into one room.
      { roomId: room, warehousedOn: '2026-03-05', receivedBy: 'Wang Fang', conditionOk: true },
    ],
    DEPART: [DEPART],
    ARRIVE: [ARRIVE],
    // v3: TERMINATE after departure says where the artworks are now.
    whereNow: [{ location: 'Shanghai warehouse, receiving dock', conditionNote: 'Crates unopened' }],
  }
}

/** OPERATION_TRANS_ART: payload variants by step key (SUBMIT) and by event type (its own events). */
const operationTransArtSamplesSteps = (refs: SampleRefs): StepSamples => {
  return {
    transportInfo: [transport(refs, true)],
    DEPART: [DEPART],
    ARRIVE: [ARRIVE],
    // v2: TERMINATE in transit says where the artworks are now.
    whereNow: [{ location: "Shipper's depot, Pudong", conditionNote: 'Crates unopened' }],
  }
}

/** OPERATION_SHOT_ART: payload variants by step key (SUBMIT) and by event type (its own events). */
const operationShotArtSamplesSteps = (refs: SampleRefs): StepSamples => {
  const files = [refs.fileId]
  return {
    shootingInfo: [
      {
        vendor: 'Studio Lumen',
        shootDate: '2026-03-03',
        location: 'Shanghai warehouse, room A',
        purpose: 'Catalogue raisonné',
        shotList: 'Front, back, signature, details',
        cost: '6000.00',
        currency: 'CNY',
      },
    ],
    shooting: [{ shotOn: '2026-03-03', photoCount: 24 }],
    delivery: [{ deliveredOn: '2026-03-10', fileIds: files, receivedBy: 'Wang Fang' }],
  }
}

/** OPERATION_MOUNT_ART: payload variants by step key (SUBMIT) and by event type (its own events). */
const operationMountArtSamplesSteps = (refs: SampleRefs): StepSamples => {
  const workDelivery = workDeliveryOf(refs)
  return {
    mountingInfo: [
      {
        vendor: 'Rongbaozhai Mounting',
        mountingType: 'Hanging scroll remount',
        plannedCompletion: '2026-04-01',
        cost: '15000.00',
        currency: 'CNY',
      },
    ],
    artworkTransport: [transport(refs, false)],
    delivery: [workDelivery],
    DEPART: [DEPART],
    ARRIVE: [ARRIVE],
    // v2: TERMINATE away from the warehouse says where the artworks are now.
    whereNow: [{ location: 'Rongbaozhai studio, Beijing', conditionNote: 'Remount not started' }],
  }
}

/** OPERATION_REPAIR_ART: payload variants by step key (SUBMIT) and by event type (its own events). */
const operationRepairArtSamplesSteps = (refs: SampleRefs): StepSamples => {
  const workDelivery = workDeliveryOf(refs)
  return {
    repairInfo: [
      {
        vendor: 'Atelier Restauro',
        conditionIssues: 'Flaking paint, lower left',
        treatmentPlan: 'Consolidation and retouching',
        plannedCompletion: '2026-05-01',
        cost: '30000.00',
        currency: 'CNY',
      },
    ],
    artworkTransport: [transport(refs, false)],
    delivery: [workDelivery],
    DEPART: [DEPART],
    ARRIVE: [ARRIVE],
    // v2: TERMINATE away from the warehouse says where the artworks are now.
    whereNow: [{ location: 'Atelier Restauro, Shanghai', conditionNote: 'Treatment not started' }],
  }
}

/** OPERATION_LOAN_EXHIBITION_ART: payload variants by step key (SUBMIT) and by event type (its own events). */
const operationLoanExhibitionArtSamplesSteps = (refs: SampleRefs): StepSamples => {
  const room = refs.roomId
  const files = [refs.fileId]
  return {
    loan: [
      {
        borrower: 'Power Station of Art',
        exhibitionName: 'Ink Now',
        venue: 'Power Station of Art, Shanghai',
        country: 'CN',
        purpose: 'MUSEUM_LOAN',
        startDate: '2026-04-01',
        endDate: '2026-07-01',
        insuranceRequired: true,
        agreementFileIds: files,
      },
    ],
    artworkTransport: [{ ...transport(refs, false), toLocation: 'Power Station of Art, Shanghai' }],
    DEPART: [DEPART],
    ARRIVE: [ARRIVE],
    RETURN: [{ returnedOn: '2026-07-05', roomId: room, conditionOk: true }],
  }
}

/** OPERATION_SELL_ART: payload variants by step key (SUBMIT) and by event type (its own events). */
const operationSellArtSamplesSteps = (refs: SampleRefs): StepSamples => {
  const files = [refs.fileId]
  return {
    marketSurvey: [
      {
        estimateLow: '200000.00',
        estimateHigh: '300000.00',
        currency: 'CNY',
        askingPrice: '280000.00',
        channel: 'private',
        comparables: 'Three comparable sales in 2025',
        recommendation: 'Sell privately',
        attachments: files,
      },
    ],
    // The collection settles the contract: each contract variant has its own collection (below and
    // above the second-approval limit).
    contract: [
      { ...contract(refs, 'TRADE_SALE_PRIVATE', 'Mr Chen'), amount: '50000.00', currency: 'CNY' },
      { ...contract(refs, 'TRADE_SALE_PRIVATE', 'Mr Chen'), amount: '280000.00', currency: 'CNY' },
    ],
    collection: [collection('50000.00', 'Mr Chen'), collection('280000.00', 'Mr Chen')],
    CONFIRM_PAYMENT: [CONFIRM_PAYMENT],
  }
}

/** OPERATION_REPLICA_ART: payload variants by step key (SUBMIT) and by event type (its own events). */
const operationReplicaArtSamplesSteps = (_refs: SampleRefs): StepSamples => {
  return {
    replicaInfo: [
      {
        replicaType: 'GICLEE',
        vendor: 'Print Lab',
        quantity: 10,
        purpose: 'Gift edition',
        plannedCompletion: '2026-05-01',
        cost: '9000.00',
        currency: 'CNY',
      },
    ],
    replication: [{ completedOn: '2026-04-20', producedQuantity: 10 }],
    delivery: [
      {
        deliveredOn: '2026-04-25',
        deliveredQuantity: 10,
        storage: 'Office archive',
        receivedBy: 'Wang Fang',
      },
    ],
  }
}

/** INSURANCE_ANNUAL and INSURANCE_OPERATION: payload variants by step key (SUBMIT) and by event type (its own events). */
const insuranceCoverSamplesSteps = (refs: SampleRefs): StepSamples => {
  return {
    quotation: [quotation(refs)],
    policy: POLICY_PREMIUMS.map((p) => policy(refs, p)),
    premiumPayment: POLICY_PREMIUMS.map((p) => premium(refs, p)),
    CONFIRM_PAYMENT: [CONFIRM_PAYMENT],
  }
}

/** INSURANCE_RENEWAL: payload variants by step key (SUBMIT) and by event type (its own events). */
const insuranceRenewalSamplesSteps = (refs: SampleRefs): StepSamples => {
  return {
    renewal: [
      { decision: 'renew', ...quotation(refs) },
      { decision: 'lapse', reason: 'The artworks are being sold' },
    ],
    policy: POLICY_PREMIUMS.map((p) => policy(refs, p)),
    premiumPayment: POLICY_PREMIUMS.map((p) => premium(refs, p)),
    CONFIRM_PAYMENT: [CONFIRM_PAYMENT],
  }
}

/** INSURANCE_PAYOUT: payload variants by step key (SUBMIT) and by event type (its own events). */
const insurancePayoutSamplesSteps = (refs: SampleRefs): StepSamples => {
  const files = [refs.fileId]
  return {
    incident: [
      {
        incidentDate: '2026-02-10',
        place: 'Shanghai warehouse',
        description: 'Water leak from the ceiling',
        damage: 'Stain on the lower margin',
        estimatedLoss: '80000.00',
        currency: 'CNY',
        reportFileIds: files,
      },
    ],
    claim: [
      {
        insurer: 'AXA XL Art',
        policyNo: 'POL-2026-0001',
        claimedAmount: '200000.00',
        currency: 'CNY',
        submittedOn: '2026-02-15',
        documentFileIds: files,
      },
    ],
    payout: [collection('50000.00', 'AXA XL Art'), collection('150000.00', 'AXA XL Art')],
    CONFIRM_PAYMENT: [CONFIRM_PAYMENT],
  }
}

/** FINANCE_PAYMENT: payload variants by step key (SUBMIT) and by event type (its own events). */
const financePaymentSamplesSteps = (refs: SampleRefs): StepSamples => {
  return {
    payment: [storageFee(refs, '3200.00'), storageFee(refs, '180000.00')],
    CONFIRM_PAYMENT: [CONFIRM_PAYMENT],
  }
}

/** INVENTORY_CHECK: payload variants by step key (SUBMIT) and by event type (its own events). */
const inventoryCheckSamplesSteps = (refs: SampleRefs): StepSamples => {
  const [a, b] = refs.artworkIds
  return {
    counting: [
      {
        countedOn: '2026-03-01',
        counters: 'Wang Fang, Li Wei',
        foundArtworkIds: [a, b],
        missingArtworkIds: [],
      },
      {
        countedOn: '2026-03-01',
        counters: 'Wang Fang, Li Wei',
        foundArtworkIds: [a],
        missingArtworkIds: [b],
      },
    ],
    discrepancies: [
      { foundArtworkIds: [b], missingArtworkIds: [], explanation: 'Found in the framing room' },
      { foundArtworkIds: [], missingArtworkIds: [b], explanation: 'Not found; reported to security' },
    ],
  }
}

export const buyArtSamples: ProcessSamples = {
  input: () => ({ artworks: [{ titleZh: '山水图', titleEn: 'Landscape' }] }),
  steps: buyArtSamplesSteps,
}
export const buyArtTransSamples: ProcessSamples = { steps: buyArtTransSamplesSteps }
export const operationTransArtSamples: ProcessSamples = { steps: operationTransArtSamplesSteps }
export const operationShotArtSamples: ProcessSamples = { steps: operationShotArtSamplesSteps }
export const operationMountArtSamples: ProcessSamples = { steps: operationMountArtSamplesSteps }
export const operationRepairArtSamples: ProcessSamples = { steps: operationRepairArtSamplesSteps }
export const operationLoanExhibitionArtSamples: ProcessSamples = {
  steps: operationLoanExhibitionArtSamplesSteps,
}
export const operationSellArtSamples: ProcessSamples = { steps: operationSellArtSamplesSteps }
export const operationReplicaArtSamples: ProcessSamples = { steps: operationReplicaArtSamplesSteps }
export const insuranceCoverSamples: ProcessSamples = { steps: insuranceCoverSamplesSteps }
export const insuranceRenewalSamples: ProcessSamples = { steps: insuranceRenewalSamplesSteps }
export const insurancePayoutSamples: ProcessSamples = { steps: insurancePayoutSamplesSteps }
export const financePaymentSamples: ProcessSamples = {
  input: () => ({ note: 'Storage fee, first quarter' }),
  steps: financePaymentSamplesSteps,
}
export const inventoryCheckSamples: ProcessSamples = {
  input: (refs: SampleRefs) => ({ roomId: refs.roomId, plannedOn: '2026-03-01' }),
  steps: inventoryCheckSamplesSteps,
}
