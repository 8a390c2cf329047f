// BUY_ART · dueDiligence: the due-diligence report (src/shared/process-steps/purchase.ts): seller and
// price, provenance, authenticity, condition, market survey, a recommendation, and the report as PDF.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const dueDiligenceForm: StepFormSpec = {
  sections: [
    {
      title: msg`Seller and price`,
      fields: [
        { path: 'seller', kind: 'text', max: 200, label: msg`Seller`, required: true },
        { path: 'sellerCountry', kind: 'country', label: msg`Seller's country or region` },
        { path: 'price', kind: 'money', label: msg`Asking price`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
      ],
    },
    {
      title: msg`Findings`,
      fields: [
        { path: 'provenance', kind: 'textarea', max: 5000, span: 12, label: msg`Provenance`, required: true },
        {
          path: 'authenticity',
          kind: 'textarea',
          max: 5000,
          span: 12,
          label: msg`Authenticity`,
          required: true,
        },
        { path: 'condition', kind: 'textarea', max: 5000, span: 12, label: msg`Condition`, required: true },
        {
          path: 'marketSurvey',
          kind: 'textarea',
          max: 5000,
          span: 12,
          label: msg`Market survey`,
          required: true,
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
          required: true,
          options: [
            { value: 'buy', label: msg`Buy` },
            { value: 'negotiate', label: msg`Negotiate further` },
            { value: 'decline', label: msg`Decline` },
          ],
        },
        { path: 'recommendationNote', kind: 'textarea', max: 2000, span: 12, label: msg`Reasons` },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'pdf',
          span: 12,
          label: msg`Report and evidence (PDF)`,
          description: msg`PDF files only. The report itself is required.`,
          required: true,
        },
      ],
    },
  ],
}
