// CONDITION_CHECK · findings: the day and who checked, the grade, the notes, photographs (the step forms'
// image upload) and the day the next check is due.
import { msg } from '@lingui/core/macro'
import { GRADE_LABELS } from '../../../condition/words'
import type { StepFormSpec } from '../../field-spec'

export const conditionFindingsForm: StepFormSpec = {
  sections: [
    {
      title: msg`Findings`,
      fields: [
        { path: 'checkedOn', kind: 'date', upToToday: true, label: msg`Checked on`, required: true },
        { path: 'checkedBy', kind: 'text', max: 200, label: msg`Checked by`, required: true },
        {
          path: 'grade',
          kind: 'choice',
          span: 12,
          label: msg`Condition grade`,
          required: true,
          labels: GRADE_LABELS,
        },
        { path: 'notes', kind: 'textarea', max: 5000, span: 12, label: msg`Notes`, required: true },
        {
          path: 'photoFileIds',
          kind: 'files',
          purpose: 'image',
          span: 12,
          label: msg`Photographs`,
        },
        { path: 'nextDueOn', kind: 'date', label: msg`Next check due on`, required: true },
      ],
    },
  ],
}
