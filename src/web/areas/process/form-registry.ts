// Which form draws which step, by process type and step key, and which form asks for the payload of a
// type's own events. A new process type adds its forms (step-forms/<stepKey>.tsx, event-forms/<EVENT>.tsx)
// and its lines here; the process view itself does not change.
import type { ProcessType } from '../../../shared/process-types'
import { arriveForm } from './event-forms/ARRIVE'
import { confirmPaymentForm } from './event-forms/CONFIRM_PAYMENT'
import { departForm } from './event-forms/DEPART'
import { whereNowForm } from './event-forms/whereNow'
import type { StepFormSpec } from './field-spec'
import { COLLECTIONS_EVENT_FORMS, COLLECTIONS_STEP_FORMS } from './step-forms/collections'
import { contractForm } from './step-forms/contract'
import { dueDiligenceForm } from './step-forms/dueDiligence'
import { financePaymentForm } from './step-forms/finance-payment'
import { INSURANCE_EVENT_FORMS, INSURANCE_STEP_FORMS } from './step-forms/insurance'
import { OPERATION_EVENT_FORMS, OPERATION_STEP_FORMS } from './step-forms/operations'
import { paymentForm } from './step-forms/payment'
import { transportForm } from './step-forms/transport'
import { warehousingForm, warehousingFormV1 } from './step-forms/warehousing'

export const STEP_FORMS: Partial<Record<ProcessType, Record<string, StepFormSpec>>> = {
  BUY_ART: { dueDiligence: dueDiligenceForm, contract: contractForm, payment: paymentForm },
  BUY_ART_TRANS: { transport: transportForm, warehousing: warehousingForm },
  ...OPERATION_STEP_FORMS,
  ...INSURANCE_STEP_FORMS,
  ...COLLECTIONS_STEP_FORMS,
  FINANCE_PAYMENT: { payment: financePaymentForm },
}

/**
 * Forms of the payloads events carry, by payload key (machines/view.ts `payloadKeyAt`): a type's own events
 * by event type, and payloads a state asks for (TERMINATE in transit: `whereNow`). The schema comes from the
 * definition.
 */
export const EVENT_FORMS: Record<string, StepFormSpec> = {
  CONFIRM_PAYMENT: confirmPaymentForm,
  DEPART: departForm,
  ARRIVE: arriveForm,
  whereNow: whereNowForm,
  ...OPERATION_EVENT_FORMS,
  ...INSURANCE_EVENT_FORMS,
  ...COLLECTIONS_EVENT_FORMS,
}

/**
 * Forms of older machine versions whose step schema differs from the latest's (`TYPE@version` → step → form):
 * a process finishes on the version it started with, and so does its form.
 */
export const OLDER_STEP_FORMS: Record<string, Record<string, StepFormSpec>> = {
  'BUY_ART_TRANS@1': { warehousing: warehousingFormV1 },
}

export function stepFormOf(
  type: ProcessType,
  step: string | null,
  version?: number,
): StepFormSpec | undefined {
  if (!step) return undefined
  const older = version === undefined ? undefined : OLDER_STEP_FORMS[`${type}@${version}`]?.[step]
  return older ?? STEP_FORMS[type]?.[step]
}
