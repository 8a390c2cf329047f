// BUY_ART · dueDiligence: the due-diligence report (src/shared/process-steps/purchase.ts): seller and
// price, provenance, authenticity, condition, market survey, a recommendation, and the report as PDF.
// Limits, required marks and the recommendation's values are the schema's.

import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RECOMMENDATIONS } from '../../../../shared/process-steps/purchase'
import type { StepFormSpec } from '../field-spec'

/** The recommendation's words; its values are the schema's (RECOMMENDATIONS). */
export const RECOMMENDATION_LABELS: Record<(typeof RECOMMENDATIONS)[number], MessageDescriptor> = {
  buy: msg`Buy`,
  negotiate: msg`Negotiate further`,
  decline: msg`Decline`,
}

export const dueDiligenceForm: StepFormSpec = {
  sections: [
    {
      title: msg`Seller and price`,
      fields: [
        { path: 'seller', kind: 'text', label: msg`Seller` },
        { path: 'sellerCountry', kind: 'country', label: msg`Seller's country or region` },
        { path: 'price', kind: 'money', label: msg`Asking price` },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
      ],
    },
    {
      title: msg`Findings`,
      fields: [
        { path: 'provenance', kind: 'textarea', span: 12, label: msg`Provenance` },
        {
          path: 'authenticity',
          kind: 'textarea',
          span: 12,
          label: msg`Authenticity`,
        },
        { path: 'condition', kind: 'textarea', span: 12, label: msg`Condition` },
        {
          path: 'marketSurvey',
          kind: 'textarea',
          span: 12,
          label: msg`Market survey`,
        },
      ],
    },
    {
      title: msg`Recommendation`,
      fields: [
        {
          path: 'recommendation',
          kind: 'choice',
          span: 12,
          label: msg`Recommendation`,
          labels: RECOMMENDATION_LABELS,
        },
        { path: 'recommendationNote', kind: 'textarea', span: 12, label: msg`Reasons` },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'pdf',
          span: 12,
          label: msg`Report and evidence (PDF)`,
          description: msg`PDF files only. The report itself is required.`,
        },
      ],
    },
  ],
}
