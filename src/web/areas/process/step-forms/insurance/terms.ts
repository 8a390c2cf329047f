// The fields an insurance quotation, a renewal on quoted terms and an issued policy share: the insurer (a
// vendor, typed or chosen), the insured amount and premium in one currency, the period (the end never before
// the start) and how the premium is calculated (src/shared/process-steps/insurance.ts).
import { msg } from '@lingui/core/macro'
import type { FieldSpec } from '../../field-spec'

type When = FieldSpec['when']

export function insurerField(when?: When): FieldSpec {
  return {
    path: 'insurer',
    kind: 'vendor',
    max: 200,
    idPath: 'insurerVendorId',
    vendorKind: 'insurer',
    label: msg`Insurer`,
    required: true,
    when,
  }
}

/** Insured amount, premium, currency, period and fee calculation, as quoted or as issued. */
export function termsFields(when?: When): FieldSpec[] {
  return [
    { path: 'insuredAmount', kind: 'money', label: msg`Insured amount`, required: true, when },
    { path: 'premium', kind: 'money', label: msg`Premium`, required: true, when },
    { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true, when },
    {
      path: 'feeCalcType',
      kind: 'dict',
      dict: 'INSURE_FEE_CALC_TYPE',
      label: msg`Premium calculation`,
      required: true,
      when,
    },
    { path: 'startDate', kind: 'date', label: msg`Cover starts`, required: true, when },
    { path: 'endDate', kind: 'date', label: msg`Cover ends`, required: true, when },
  ]
}

/** The quotation's own fields beside the terms: what is covered, the insurer's quote, a remark. */
export function quoteFields(when?: When): FieldSpec[] {
  return [
    { path: 'coverage', kind: 'textarea', max: 2000, span: 12, label: msg`Coverage`, required: true, when },
    {
      path: 'quoteFileIds',
      kind: 'files',
      purpose: 'pdf',
      span: 12,
      label: msg`The insurer's quotation (PDF)`,
      when,
    },
    { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark`, when },
  ]
}
