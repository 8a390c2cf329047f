// The forms of the operations on artworks (docs/architecture.md § Process steps): photography (shooting info, shooting, delivery of the
// finished product), mounting and repair (their info, then the artwork's transport and its delivery back),
// exhibition loans (the loan, then RETURN), replication (info, replication, delivery) and the market survey
// that opens a sale.
import { z } from 'zod'
import { compareMoney, isoDate, nameText, optionalText, text } from '../validation'
import {
  count,
  countryCode,
  currency,
  dateOrder,
  dictValue,
  fileIds,
  nonNegativeMoney,
  note,
  positiveMoney,
  recordId,
} from './common'

const vendor = { vendor: text(200), vendorId: recordId.optional() }
const cost = { cost: nonNegativeMoney, currency }

export const shootingInfoStep = z.strictObject({
  ...vendor,
  shootDate: isoDate,
  location: text(300),
  purpose: text(500),
  shotList: text(2000),
  ...cost,
  remark: note(),
})

export const shootingStep = z.strictObject({
  shotOn: isoDate,
  photoCount: count(1),
  remark: note(),
})

export const shootingDeliveryStep = z.strictObject({
  deliveredOn: isoDate,
  /** The finished photographs / video. */
  fileIds: fileIds(1),
  receivedBy: text(100),
  remark: note(),
})

export const mountingInfoStep = z.strictObject({
  ...vendor,
  mountingType: text(200),
  materials: note(1000),
  plannedCompletion: isoDate,
  ...cost,
  remark: note(),
})

export const repairInfoStep = z.strictObject({
  ...vendor,
  conditionIssues: text(5000),
  treatmentPlan: text(5000),
  plannedCompletion: isoDate,
  ...cost,
  conditionReportFileIds: fileIds().optional(),
  remark: note(),
})

/** Mounting / repair done: the artwork comes back into a room of the warehouse. */
export const workDeliveryStep = z.strictObject({
  completedOn: isoDate,
  roomId: recordId,
  conditionOk: z.boolean({ message: 'required' }),
  report: text(5000),
  attachments: fileIds().optional(),
})

export const loanStep = z
  .strictObject({
    borrower: text(200),
    exhibitionName: nameText(200),
    venue: text(300),
    city: optionalText(100).optional(),
    country: countryCode,
    /** EX_PURPOSE value. */
    purpose: dictValue,
    startDate: isoDate,
    endDate: isoDate,
    loanFee: nonNegativeMoney.optional(),
    currency: currency.optional(),
    insuranceRequired: z.boolean({ message: 'required' }),
    /** The signed loan agreement (PDF). */
    agreementFileIds: fileIds(1),
    remark: note(),
  })
  .superRefine(dateOrder('startDate', 'endDate'))

/** RETURN: the artwork is back from the loan, into a room. */
export const loanReturn = z.strictObject({
  returnedOn: isoDate,
  roomId: recordId,
  conditionOk: z.boolean({ message: 'required' }),
  conditionNote: note(2000),
  attachments: fileIds().optional(),
})

export const replicaInfoStep = z.strictObject({
  /** REPLICA_TYPE value. */
  replicaType: dictValue,
  ...vendor,
  quantity: count(1, 10_000),
  size: note(200),
  purpose: text(500),
  plannedCompletion: isoDate,
  ...cost,
  /** The rights holder's authorisation, where needed. */
  authorisationFileIds: fileIds().optional(),
  remark: note(),
})

export const replicationStep = z.strictObject({
  completedOn: isoDate,
  producedQuantity: count(1, 10_000),
  proofFileIds: fileIds().optional(),
  remark: note(),
})

export const replicaDeliveryStep = z.strictObject({
  deliveredOn: isoDate,
  deliveredQuantity: count(1, 10_000),
  storage: text(300),
  receivedBy: text(100),
  attachments: fileIds().optional(),
})

export const SALE_CHANNELS = ['auction', 'private', 'gallery', 'other'] as const

export const marketSurveyStep = z
  .strictObject({
    estimateLow: positiveMoney,
    estimateHigh: positiveMoney,
    currency,
    askingPrice: positiveMoney,
    channel: z.enum(SALE_CHANNELS, { message: 'required' }),
    comparables: text(5000),
    recommendation: text(5000),
    attachments: fileIds(1),
  })
  .superRefine((v, ctx) => {
    if (compareMoney(v.estimateHigh, v.estimateLow) < 0)
      ctx.addIssue({ code: 'custom', message: 'invalidRange', path: ['estimateHigh'] })
  })
