// The collections-management types' step forms (DEACCESSION, DAMAGE_LOSS, CONDITION_CHECK), by type and step key.
import type { ProcessType } from '../../../../../shared/process-types'
import type { StepFormSpec } from '../../field-spec'
import { conditionFindingsForm } from './condition-check'
import { damageActionsForm, damageAssessmentForm, damageIncidentForm } from './damage-loss'
import { deaccessionDecisionForm, deaccessionReasonsForm, titleCheckForm } from './deaccession'

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
}
