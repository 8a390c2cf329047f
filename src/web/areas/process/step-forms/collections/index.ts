// The collections-management types' step forms (DEACCESSION, DAMAGE_LOSS, CONDITION_CHECK, OBJECT_ENTRY, LOAN_IN),
// by type and step key, and the form of LOAN_IN's own RETURN.
import type { ProcessType } from '../../../../../shared/process-types'
import type { StepFormSpec } from '../../field-spec'
import { conditionFindingsForm } from './condition-check'
import { damageActionsForm, damageAssessmentForm, damageIncidentForm } from './damage-loss'
import { deaccessionDecisionForm, deaccessionReasonsForm, titleCheckForm } from './deaccession'
import {
  loanInAgreementForm,
  loanInArrivalForm,
  loanInInsuranceForm,
  loanInReturnForm,
  objectEntryForm,
  objectEntryOutcomeForm,
  objectEntryReceiptForm,
} from './not-owned'

export const COLLECTIONS_STEP_FORMS: Partial<Record<ProcessType, Record<string, StepFormSpec>>> = {
  DEACCESSION: {
    reasons: deaccessionReasonsForm,
    titleCheck: titleCheckForm,
    decision: deaccessionDecisionForm,
  },
  DAMAGE_LOSS: {
    incident: damageIncidentForm,
    assessment: damageAssessmentForm,
    actions: damageActionsForm,
  },
  CONDITION_CHECK: { findings: conditionFindingsForm },
  OBJECT_ENTRY: {
    entry: objectEntryForm,
    receipt: objectEntryReceiptForm,
    outcome: objectEntryOutcomeForm,
  },
  LOAN_IN: {
    agreement: loanInAgreementForm,
    insurance: loanInInsuranceForm,
    arrival: loanInArrivalForm,
  },
}

/** Forms of payloads by payload key (machines/view.ts `payloadKeyAt`). */
export const COLLECTIONS_EVENT_FORMS: Record<string, StepFormSpec> = { loanInReturn: loanInReturnForm }
