// The collections-management forms: a deaccession (the reasons for removing a work from the collection, the
// proof of title checked, the decision approved) and a damage or loss (the incident, its assessment, the
// actions taken). Their start input is the artworks concerned (inputs.ts `artworksInput`).
import { z } from 'zod'
import type { ProcessSamples, SampleRefs, StepSamples } from '../../../machines/types'
import { isoDate, text } from '../validation'
import { currency, dateOrder, fileIds, note, positiveMoney } from './common'

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
