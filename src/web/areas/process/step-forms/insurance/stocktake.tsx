// INVENTORY_CHECK · discrepancies: each artwork missing at the count marked found since or still missing,
// with the explanation, on a checklist of names, inventory numbers and thumbnails; it keeps the step's two
// lists of artwork ids (inventory.ts), and its record lists the artworks by name. The count itself (scanned
// labels and the same checklist) is ../counting.tsx.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { FieldsApi } from '../../../../forms/use-form'
import type { FieldSpec, StepFormSpec, Values } from '../../field-spec'
import { RecordArtworks } from '../../RecordArtworks'
import { ArtworkChecklist, idList, type Marks } from './ArtworkChecklist'
import { useOpenProcessContext, useStocktakeRoom } from './open-process'

const FOUND_SINCE = msg`Found since`
const STILL_MISSING = msg`Still missing`

/** The first error of either list or of one of their rows (a duplicate, an artwork not in the count). */
function listError(errors: Record<string, string>): string | undefined {
  const key = Object.keys(errors).find((k) => /^(found|missing)ArtworkIds(\.|$)/.test(k))
  return key ? errors[key] : undefined
}

function marksOf(values: Values): Marks {
  return { found: idList(values.foundArtworkIds), missing: idList(values.missingArtworkIds) }
}

function setMarks(form: FieldsApi, next: Marks) {
  form.setFieldValue('foundArtworkIds', next.found)
  form.setFieldValue('missingArtworkIds', next.missing)
  form.setErrors((prev) =>
    Object.fromEntries(Object.entries(prev).filter(([k]) => !/^(found|missing)ArtworkIds/.test(k))),
  )
}

function DiscrepancyChecklist({ form, values }: { form: FieldsApi; values: Values }) {
  const { i18n } = useLingui()
  const counted = useOpenProcessContext()?.steps?.counting?.data?.missingArtworkIds
  return (
    <ArtworkChecklist
      expected={idList(counted)}
      marks={marksOf(values)}
      onChange={(next) => setMarks(form, next)}
      label={i18n._(msg`Artworks missing at the count`)}
      description={i18n._(msg`Mark each one found since (back in the room) or still missing.`)}
      error={listError(form.errors)}
      foundLabel={FOUND_SINCE}
      missingLabel={STILL_MISSING}
    />
  )
}

function RoomRecord({ ids }: { ids: string[] }) {
  return <RecordArtworks ids={ids} roomId={useStocktakeRoom()} />
}

/**
 * The two lists: the first draws the checklist for both, the second only reads in the record. A row is
 * `[data-checklist-row=<artwork id>]` with the radios `found` and `missing`.
 */
function lists(
  render: (props: { form: FieldsApi; values: Values }) => React.ReactNode,
  labels: { found: FieldSpec['label']; missing: FieldSpec['label'] },
): FieldSpec[] {
  return [
    {
      path: 'foundArtworkIds',
      kind: 'custom',
      span: 12,
      label: labels.found,
      empty: [],
      render,
      record: (values) => <RoomRecord ids={idList(values.foundArtworkIds)} />,
      toPayload: idList,
    },
    {
      path: 'missingArtworkIds',
      kind: 'custom',
      span: 12,
      label: labels.missing,
      empty: [],
      // Marked on the first list's checklist; here only the place a walk looks the field up by.
      render: () => <div hidden data-field="missingArtworkIds" data-kind="artwork-checklist" />,
      record: (values) => <RecordArtworks ids={idList(values.missingArtworkIds)} />,
      toPayload: idList,
    },
  ]
}

export const discrepanciesForm: StepFormSpec = {
  sections: [
    {
      fields: [
        ...lists((p) => <DiscrepancyChecklist {...p} />, {
          found: msg`Found since`,
          missing: msg`Still missing`,
        }),
        {
          path: 'explanation',
          kind: 'textarea',
          max: 5000,
          span: 12,
          label: msg`Explanation`,
          required: true,
        },
      ],
    },
  ],
}
