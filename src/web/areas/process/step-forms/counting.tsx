// INVENTORY_CHECK · counting, by scanning: the room's printed labels scanned with a USB scanner or the
// camera (ScanPanel) mark the expected artworks found, live; every expected artwork not scanned stands as
// not found, so submitting gives the step its two lists (found: expected and scanned; missing: expected and
// not scanned). Below, the same artworks as a checklist to mark by hand (an artwork without a label, a
// scan undone); the labels of the room can be printed from here. Registered for the counting step in
// step-forms/insurance/index.ts; the discrepancies form stays in insurance/stocktake.tsx.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Group, Stack } from '@mantine/core'
import { useCallback } from 'react'
import type { FieldsApi } from '../../../forms/use-form'
import { PrintLabelsButton } from '../../labels/PrintLabelsButton'
import { ScanPanel } from '../../labels/ScanPanel'
import type { FieldSpec, StepFormSpec, Values } from '../field-spec'
import { RecordArtworks } from '../RecordArtworks'
import { ArtworkChecklist, idList, type Marks } from './insurance/ArtworkChecklist'
import { useStocktakeRoom } from './insurance/open-process'

const FOUND = msg`Found`
const NOT_FOUND = msg`Not found`

/** Every refusal of the lists (the server names each artwork and why), joined. */
function listError(errors: Record<string, string>): string | undefined {
  const texts = Object.entries(errors)
    .filter(([k]) => /^(found|missing)ArtworkIds(\.|$)/.test(k))
    .map(([, text]) => text)
  return texts.length > 0 ? [...new Set(texts)].join('; ') : undefined
}

function ScanCount({ form, values }: { form: FieldsApi; values: Values }) {
  const { i18n } = useLingui()
  const roomId = useStocktakeRoom()
  const marks: Marks = { found: idList(values.foundArtworkIds), missing: idList(values.missingArtworkIds) }
  const setMarks = useCallback(
    (next: Marks) => {
      form.setFieldValue('foundArtworkIds', next.found)
      form.setFieldValue('missingArtworkIds', next.missing)
      form.setErrors((prev) =>
        Object.fromEntries(Object.entries(prev).filter(([k]) => !/^(found|missing)ArtworkIds/.test(k))),
      )
    },
    [form],
  )
  return (
    <Stack gap="md">
      {roomId ? (
        <Group justify="flex-end">
          <PrintLabelsButton roomId={roomId} variant="subtle" size="compact-sm" />
        </Group>
      ) : null}
      <ScanPanel roomId={roomId} marks={marks} onMarks={setMarks} />
      <ArtworkChecklist
        roomId={roomId}
        marks={marks}
        onChange={setMarks}
        label={i18n._(msg`Artworks of the room`)}
        description={i18n._(msg`Scanned artworks are marked found; mark by hand any that has no label.`)}
        error={listError(form.errors)}
        foundLabel={FOUND}
        missingLabel={NOT_FOUND}
      />
    </Stack>
  )
}

function RoomRecord({ ids }: { ids: string[] }) {
  return <RecordArtworks ids={ids} roomId={useStocktakeRoom()} />
}

const lists: FieldSpec[] = [
  {
    path: 'foundArtworkIds',
    kind: 'custom',
    span: 12,
    label: msg`Found in the room`,
    empty: [],
    render: (p) => <ScanCount {...p} />,
    record: (values) => <RoomRecord ids={idList(values.foundArtworkIds)} />,
    toPayload: idList,
  },
  {
    path: 'missingArtworkIds',
    kind: 'custom',
    span: 12,
    label: msg`Missing`,
    empty: [],
    // Marked by the scan panel and the checklist of the first list; here only the place a walk looks it up by.
    render: () => <div hidden data-field="missingArtworkIds" data-kind="artwork-checklist" />,
    record: (values) => <RecordArtworks ids={idList(values.missingArtworkIds)} />,
    toPayload: idList,
  },
]

export const countingForm: StepFormSpec = {
  /** The count is dated as planned when the stocktake was started (changed when it was counted another day). */
  defaults: (context) => {
    const planned = context?.subject?.plannedOn
    return typeof planned === 'string' && planned !== '' ? { countedOn: planned } : {}
  },
  sections: [
    {
      fields: [
        { path: 'countedOn', kind: 'date', label: msg`Counted on`, required: true },
        { path: 'counters', kind: 'text', max: 200, label: msg`Counted by`, required: true },
        ...lists,
        { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}
