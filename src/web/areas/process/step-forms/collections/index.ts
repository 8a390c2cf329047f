// The collections-management types' step forms (DEACCESSION), by type and step key.
import type { ProcessType } from '../../../../../shared/process-types'
import type { StepFormSpec } from '../../field-spec'
import { deaccessionDecisionForm, deaccessionReasonsForm, titleCheckForm } from './deaccession'

export const COLLECTIONS_STEP_FORMS: Partial<Record<ProcessType, Record<string, StepFormSpec>>> = {
  DEACCESSION: {
    reasons: deaccessionReasonsForm,
    titleCheck: titleCheckForm,
    decision: deaccessionDecisionForm,
  },
}
