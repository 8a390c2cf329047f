// The collections-management forms: a deaccession (the reasons for removing a work from the collection, the
// proof of title checked, the decision approved) and a damage or loss (the incident, its assessment, the
// actions taken), whose start input is the artworks concerned (inputs.ts `artworksInput`); an object entry
// (a work left in the office's care: the entry record, the receipt, the outcome) and a loan in (a work
// borrowed: the agreement, its insurance, the arrival, the return), whose work is described in their first
// step and becomes an archive record (never owned) when it is in the office's hands.
import { z } from 'zod'
import type { ProcessSamples, SampleRefs, StepSamples } from '../../../machines/types'
import { isoDate, nameText, optionalNameText, text } from '../validation'
import { currency, dateOrder, fileIds, nonNegativeMoney, note, positiveMoney, recordId } from './common'

/** A list of distinct values chosen from `values`, at least `min` of them. */
function chosen<const T extends readonly [string, ...string[]]>(values: T, min: number) {
  return z
    .array(z.enum(values, { message: 'invalidValue' }))
    .max(values.length)
    .min(min, { message: 'required' })
    .refine((v) => new Set(v).size === v.length, { message: 'invalidValue' })
}

// ---------------------------------------------------------------------------------------------------
// DEACCESSION

/** Why a work leaves the collection (the office's list; `explanation` says the rest in words). */
export const DEACCESSION_REASONS = [
  'outOfScope',
  'duplicate',
  'poorCondition',
  'cannotCare',
  'restitution',
  'lostOrDestroyed',
  'other',
] as const

/** The reasons: at least one from the list, and the explanation in words. */
export const deaccessionReasonsStep = z.strictObject({
  reasons: chosen(DEACCESSION_REASONS, 1),
  explanation: text(5000),
  proposedOn: isoDate,
})

/** What the proof of title checks: every item must be ticked before the decision is asked for. */
export const TITLE_CHECKS = [
  'ownershipRecord',
  'acquisitionDocuments',
  'noDonorRestriction',
  'noClaimOrPledge',
] as const

export const titleCheckStep = z.strictObject({
  checked: chosen(TITLE_CHECKS, 1).refine((v) => v.length === TITLE_CHECKS.length, {
    message: 'titleChecklistIncomplete',
  }),
  /** The title documents (deed of gift, bill of sale, export papers). */
  evidenceFileIds: fileIds(1),
  remark: note(),
})

export const DEACCESSION_DECISIONS = ['approve', 'reject'] as const
/** How an approved work leaves (the sale is then an OPERATION_SELL_ART of its own). */
export const DISPOSAL_METHODS = ['sale', 'transfer', 'return', 'destruction'] as const

/** The decision put to the approvers: approve (with how the work leaves) or reject, with the minutes. */
export const deaccessionDecisionStep = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({
      decision: z.literal('approve'),
      decidedOn: isoDate,
      disposalMethod: z.enum(DISPOSAL_METHODS, { message: 'required' }),
      minutes: text(5000),
    }),
    z.strictObject({ decision: z.literal('reject'), decidedOn: isoDate, minutes: text(5000) }),
  ],
  { message: 'required' },
)

const deaccessionSamplesSteps = (refs: SampleRefs): StepSamples => ({
  reasons: [
    {
      reasons: ['duplicate', 'outOfScope'],
      explanation: 'A second impression of a print the collection keeps in better condition',
      proposedOn: '2026-03-02',
    },
  ],
  titleCheck: [{ checked: [...TITLE_CHECKS], evidenceFileIds: [refs.fileId] }],
  decision: [
    {
      decision: 'approve',
      decidedOn: '2026-03-20',
      disposalMethod: 'sale',
      minutes: 'Approved by the collection committee, to be sold at auction',
    },
    { decision: 'reject', decidedOn: '2026-03-20', minutes: 'The committee keeps the work for study' },
  ],
})

export const deaccessionSamples: ProcessSamples = { steps: deaccessionSamplesSteps }

// ---------------------------------------------------------------------------------------------------
// DAMAGE_LOSS

export const INCIDENT_KINDS = ['damage', 'loss', 'theft'] as const

/** What happened: when, where, what kind of incident, in words; the works are the process's artworks. */
export const damageIncidentStep = z.strictObject({
  incidentDate: isoDate,
  kind: z.enum(INCIDENT_KINDS, { message: 'required' }),
  place: text(300),
  description: text(5000),
  /** Photographs, condition and police reports. */
  reportFileIds: fileIds(),
  reportedBy: note(200),
})

export const DAMAGE_SEVERITIES = ['minor', 'moderate', 'severe', 'totalLoss'] as const

/** The assessment: how bad, what repairing or replacing is estimated to cost (decimal money, its currency). */
export const damageAssessmentStep = z.strictObject({
  severity: z.enum(DAMAGE_SEVERITIES, { message: 'required' }),
  estimatedCost: positiveMoney,
  currency,
  assessedBy: text(200),
  assessedOn: isoDate,
  findings: text(5000),
})

/** What was done about it: the items of the checklist ticked, at least one. */
export const DAMAGE_ACTIONS = [
  'areaSecured',
  'photographed',
  'conditionReport',
  'movedToSafety',
  'conservatorInformed',
  'policeInformed',
  'insurerInformed',
] as const

export const damageActionsStep = z.strictObject({
  done: chosen(DAMAGE_ACTIONS, 1),
  closedOn: isoDate,
  remark: note(),
})

const damageLossSamplesSteps = (refs: SampleRefs): StepSamples => ({
  incident: [
    {
      incidentDate: '2026-02-10',
      kind: 'damage',
      place: 'Shanghai warehouse, room 2',
      description: 'Water leaked from the ceiling onto the rack during the night',
      reportFileIds: [refs.fileId],
    },
  ],
  assessment: [
    {
      severity: 'moderate',
      estimatedCost: '80000.00',
      currency: 'CNY',
      assessedBy: 'Paper conservation studio',
      assessedOn: '2026-02-12',
      findings: 'Tide line along the lower margin; the image is untouched',
    },
  ],
  actions: [
    { done: ['areaSecured', 'photographed', 'conditionReport', 'insurerInformed'], closedOn: '2026-02-20' },
  ],
})

export const damageLossSamples: ProcessSamples = { steps: damageLossSamplesSteps }

// ---------------------------------------------------------------------------------------------------
// CONDITION_CHECK

/** How a work is found at a check, best first; `good` and `fair` read as "condition as expected". */
export const CONDITION_GRADES = ['good', 'fair', 'poor', 'critical'] as const
export type ConditionGrade = (typeof CONDITION_GRADES)[number]

/** Whether a grade reads as "condition as expected" in the artwork's condition reports. */
export const gradeIsOk = (grade: ConditionGrade) => grade === 'good' || grade === 'fair'

/** The findings of a check: when and by whom, the grade, in words, photographs, and when the next one is due. */
export const conditionFindingsStep = z
  .strictObject({
    checkedOn: isoDate,
    checkedBy: text(200),
    grade: z.enum(CONDITION_GRADES, { message: 'required' }),
    notes: text(5000),
    photoFileIds: fileIds(),
    nextDueOn: isoDate,
  })
  .superRefine(dateOrder('checkedOn', 'nextDueOn', 'nextDueBeforeCheck'))

const conditionCheckSamplesSteps = (refs: SampleRefs): StepSamples => ({
  findings: [
    {
      checkedOn: '2026-03-02',
      checkedBy: 'Paper conservation studio',
      grade: 'fair',
      notes: 'Light foxing in the upper corners; mount sound; no active insects',
      photoFileIds: [refs.fileId],
      nextDueOn: '2027-03-02',
    },
  ],
})

export const conditionCheckSamples: ProcessSamples = { steps: conditionCheckSamplesSteps }
// OBJECT_ENTRY and LOAN_IN: works the office holds without owning them

/** Their start input: only a note; the work is described in the first step. */
export const notOwnedInput = z.strictObject({ note: note(2000) })

/** The work, as the first step describes it (it is not in the archive yet). */
const describedWork = {
  titleZh: nameText(200),
  titleEn: optionalNameText(200).optional(),
  artistName: note(200),
  description: note(2000),
}

/** Why a work is left with the office. */
export const ENTRY_REASONS = ['purchaseOffer', 'valuation', 'consignment', 'other'] as const

/** The entry record: who leaves the work, why, until when, where it is kept, and the work itself. */
export const objectEntryStep = z
  .strictObject({
    depositor: text(200),
    depositorContact: note(300),
    reason: z.enum(ENTRY_REASONS, { message: 'required' }),
    enteredOn: isoDate,
    expectedReturnOn: isoDate,
    ...describedWork,
    /** The room the work is kept in while it is in the office's care. */
    roomId: recordId,
  })
  .superRefine(dateOrder('enteredOn', 'expectedReturnOn'))

/** The receipt handed to the depositor (printed from the entry, both languages), signed and filed. */
export const objectEntryReceiptStep = z.strictObject({
  receivedOn: isoDate,
  receivedBy: text(200),
  conditionOnReceipt: text(2000),
  /** The receipt signed by the depositor (scan). */
  receiptFileIds: fileIds(),
})

export const ENTRY_OUTCOMES = ['returned', 'acquired'] as const

/** How the entry ends: the work goes back to the depositor, or the office buys it (a purchase follows). */
export const objectEntryOutcomeStep = z.strictObject({
  outcome: z.enum(ENTRY_OUTCOMES, { message: 'required' }),
  decidedOn: isoDate,
  remark: note(),
})

const objectEntrySamplesSteps = (refs: SampleRefs): StepSamples => ({
  entry: [
    {
      depositor: 'Mr Chen Weiming',
      reason: 'valuation',
      enteredOn: '2026-04-01',
      expectedReturnOn: '2026-05-15',
      titleZh: '山水册页',
      titleEn: 'Album of landscapes',
      artistName: 'Unknown, Qing dynasty',
      roomId: refs.roomId,
    },
  ],
  receipt: [
    {
      receivedOn: '2026-04-01',
      receivedBy: 'Registrar',
      conditionOnReceipt: 'Good; slight foxing on the first leaf',
      receiptFileIds: [refs.fileId],
    },
  ],
  outcome: [
    { outcome: 'returned', decidedOn: '2026-05-10' },
    { outcome: 'acquired', decidedOn: '2026-05-10', remark: 'The owner accepts the offer' },
  ],
})

export const objectEntrySamples: ProcessSamples = { input: () => ({}), steps: objectEntrySamplesSteps }

/** The loan agreement: the lender, the period, the fee (zero when none), the conditions, and the work. */
export const loanInAgreementStep = z
  .strictObject({
    lender: text(200),
    startOn: isoDate,
    endOn: isoDate,
    fee: nonNegativeMoney,
    currency,
    conditions: text(5000),
    ...describedWork,
    agreementFileIds: fileIds(),
  })
  .superRefine(dateOrder('startOn', 'endOn'))

export const LOAN_IN_COVER = ['ourPolicy', 'lenderPolicy'] as const

/** Nail-to-nail insurance: from the lender's wall back to it, under our policy or the lender's. */
export const loanInInsuranceStep = z
  .strictObject({
    cover: z.enum(LOAN_IN_COVER, { message: 'required' }),
    insurer: text(200),
    policyNo: text(64),
    insuredValue: positiveMoney,
    currency,
    coverFrom: isoDate,
    coverUntil: isoDate,
    /** The cover runs nail to nail (from the lender's wall and back): it must. */
    nailToNail: z.literal(true, { message: 'required' }),
  })
  .superRefine(dateOrder('coverFrom', 'coverUntil'))

export const LOAN_IN_PLACEMENTS = ['display', 'store'] as const

/** The work arrived: when, the room it goes to (on display or in store), its condition on arrival. */
export const loanInArrivalStep = z.strictObject({
  arrivedOn: isoDate,
  roomId: recordId,
  placement: z.enum(LOAN_IN_PLACEMENTS, { message: 'required' }),
  conditionOk: z.boolean({ message: 'required' }),
  conditionReport: text(5000),
  attachments: fileIds(),
})

/** RETURN of a borrowed work: when it went back, and its condition compared to the arrival's. */
export const loanInReturn = z
  .strictObject({
    returnedOn: isoDate,
    conditionAsOnArrival: z.boolean({ message: 'required' }),
    conditionNote: note(2000),
    attachments: fileIds().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.conditionAsOnArrival === false && !v.conditionNote?.trim())
      ctx.addIssue({ code: 'custom', message: 'required', path: ['conditionNote'] })
  })

const loanInSamplesSteps = (refs: SampleRefs): StepSamples => ({
  agreement: [
    {
      lender: 'Long Museum, Shanghai',
      startOn: '2026-06-01',
      endOn: '2026-09-30',
      fee: '20000.00',
      currency: 'CNY',
      conditions: 'Light below 50 lux, 50 % relative humidity, credit line "Lent by the Long Museum"',
      titleZh: '春江图',
      titleEn: 'Spring river',
      artistName: 'Lin Fengmian',
      agreementFileIds: [refs.fileId],
    },
  ],
  insurance: [
    {
      cover: 'ourPolicy',
      insurer: 'AXA Art',
      policyNo: 'AXA-LI-2026-0042',
      insuredValue: '3000000.00',
      currency: 'CNY',
      coverFrom: '2026-05-25',
      coverUntil: '2026-10-07',
      nailToNail: true,
    },
  ],
  arrival: [
    {
      arrivedOn: '2026-05-28',
      roomId: refs.roomId,
      placement: 'display',
      conditionOk: true,
      conditionReport: 'Good; frame chipped at the lower left corner, as the lender reported',
      attachments: [refs.fileId],
    },
  ],
  loanInReturn: [{ returnedOn: '2026-10-02', conditionAsOnArrival: true }],
})

export const loanInSamples: ProcessSamples = { input: () => ({}), steps: loanInSamplesSteps }
