// The insurance types' step forms (INSURANCE_ANNUAL, _OPERATION, _RENEWAL, _PAYOUT) and the stocktake's
// (INVENTORY_CHECK), by type and step key, and the forms of their own events.
import type { ProcessType } from '../../../../../shared/process-types'
import type { StepFormSpec } from '../../field-spec'

export const INSURANCE_STEP_FORMS: Partial<Record<ProcessType, Record<string, StepFormSpec>>> = {}

export const INSURANCE_EVENT_FORMS: Record<string, StepFormSpec> = {}
