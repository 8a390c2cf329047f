// The insurance types' step forms (INSURANCE_ANNUAL, _OPERATION, _RENEWAL, _PAYOUT) and the stocktake's
// (INVENTORY_CHECK: the count by scanning is ../counting.tsx), by type and step key, and the forms of their own events (CONFIRM_PAYMENT, the only one,
// is every money step's: form-registry.ts).
import type { ProcessType } from '../../../../../shared/process-types'
import type { StepFormSpec } from '../../field-spec'
import { countingForm } from '../counting'
import { claimForm, incidentForm } from './claim'
import { payoutForm } from './collection'
import { policyForm } from './policy'
import { premiumPaymentForm } from './premium'
import { quotationForm } from './quotation'
import { renewalForm } from './renewal'
import { discrepanciesForm } from './stocktake'

const cover = { policy: policyForm, premiumPayment: premiumPaymentForm }

export const INSURANCE_STEP_FORMS: Partial<Record<ProcessType, Record<string, StepFormSpec>>> = {
  INSURANCE_ANNUAL: { quotation: quotationForm, ...cover },
  INSURANCE_OPERATION: { quotation: quotationForm, ...cover },
  INSURANCE_RENEWAL: { renewal: renewalForm, ...cover },
  INSURANCE_PAYOUT: { incident: incidentForm, claim: claimForm, payout: payoutForm },
  INVENTORY_CHECK: { counting: countingForm, discrepancies: discrepanciesForm },
}

export const INSURANCE_EVENT_FORMS: Record<string, StepFormSpec> = {}
