// The operations' step forms (OPERATION_TRANS_ART, _SHOT_, _REPLICA_, _MOUNT_, _REPAIR_,
// _LOAN_EXHIBITION_, _SELL_ART), by type and step key, and the forms of their own events (RETURN).
import type { ProcessType } from '../../../../../shared/process-types'
import type { StepFormSpec } from '../../field-spec'

export const OPERATION_STEP_FORMS: Partial<Record<ProcessType, Record<string, StepFormSpec>>> = {}

export const OPERATION_EVENT_FORMS: Record<string, StepFormSpec> = {}
