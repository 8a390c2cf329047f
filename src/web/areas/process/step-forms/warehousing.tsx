// BUY_ART_TRANS · warehousing. v2 (batch inbound): one form for the whole batch, one row per artwork with
// its own room and its condition on arrival (as expected, or a note), approved once; a table on a desktop,
// cards on a phone, and "put all into room X" as a shortcut. v1: one room and one condition for the whole
// shipment (src/shared/process-steps/transport.ts). Approving puts the artworks in their rooms.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import type { ProcessContext } from '../../../../../machines/types'
import type { FormApi } from '../../../forms/use-form'
import { useFileLinks } from '../../archive/ArtworkThumb'
import { type ArtworkRef, useArtworkRefs } from '../artwork-refs'
import type { StepFormSpec, Values } from '../field-spec'
import { ArtworkLine } from '../RecordArtworks'
import { useRoomOptions } from '../reference-options'
import { useOpenProcessContext } from './insurance/open-process'

export interface BatchRow {
  artworkId: string
  roomId: string
  /** null: not said yet. */
  conditionOk: boolean | null
  conditionNote: string
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** The rows as the form edits them, one per artwork of the batch, in the batch's order. */
export function rowsOf(value: unknown, batch: readonly string[]): BatchRow[] {
  const given = new Map<string, BatchRow>()
  for (const raw of Array.isArray(value) ? value : []) {
    const r = (raw ?? {}) as Record<string, unknown>
    const id = text(r.artworkId)
    if (!id) continue
    given.set(id, {
      artworkId: id,
      roomId: text(r.roomId),
      conditionOk: typeof r.conditionOk === 'boolean' ? r.conditionOk : null,
      conditionNote: text(r.conditionNote),
    })
  }
  const ids = batch.length
    ? [...batch, ...[...given.keys()].filter((id) => !batch.includes(id))]
    : [...given.keys()]
  return ids.map((id) => given.get(id) ?? { artworkId: id, roomId: '', conditionOk: null, conditionNote: '' })
}

function batchOf(context: ProcessContext | undefined): string[] {
  const ids = context?.subject?.artworkIds
  return Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string') : []
}

/** The room the transport named, if it went straight to one: every row starts there. */
function arrivalRoom(context: ProcessContext | undefined): string {
  return text(context?.steps?.transport?.data?.toRoomId)
}

const W = {
  chooseRoom: msg`Choose a room`,
  room: msg`Room`,
  asExpected: msg`As expected`,
  notAsExpected: msg`Not as expected`,
  condition: msg`Condition on arrival`,
  whatIsWrong: msg`What is wrong`,
  notesOptional: msg`Notes (optional)`,
  notes: msg`Condition notes`,
}
type Translate = (d: MessageDescriptor) => string

/** One row's three inputs (drawn in a table row or on a card). */
function rowFields({
  row,
  index,
  rooms,
  errors,
  onChange,
  t,
}: {
  row: BatchRow
  index: number
  rooms: { value: string; label: string }[]
  errors: Record<string, string>
  onChange: (next: BatchRow) => void
  t: Translate
}) {
  const at = (key: string) => errors[`artworks.${index}.${key}`]
  return {
    room: (
      <Select
        data={rooms}
        searchable
        value={row.roomId || null}
        onChange={(v) => onChange({ ...row, roomId: v ?? '' })}
        error={at('roomId') ?? at('artworkId')}
        placeholder={t(W.chooseRoom)}
        aria-label={t(W.room)}
        data-field={`artworks.${index}.roomId`}
        comboboxProps={{ withinPortal: true }}
      />
    ),
    condition: (
      <Input.Wrapper error={at('conditionOk')}>
        <SegmentedControl
          size="xs"
          fullWidth
          value={row.conditionOk === null ? '' : row.conditionOk ? 'ok' : 'note'}
          onChange={(v) => onChange({ ...row, conditionOk: v === 'ok' })}
          data={[
            { value: 'ok', label: t(W.asExpected) },
            { value: 'note', label: t(W.notAsExpected) },
          ]}
          aria-label={t(W.condition)}
          data-field={`artworks.${index}.conditionOk`}
          data-value={row.conditionOk === null ? '' : row.conditionOk ? 'ok' : 'note'}
        />
      </Input.Wrapper>
    ),
    note: (
      <Textarea
        autosize
        minRows={1}
        maxLength={2000}
        value={row.conditionNote}
        onChange={(e) => onChange({ ...row, conditionNote: e.currentTarget.value })}
        error={at('conditionNote')}
        placeholder={row.conditionOk === false ? t(W.whatIsWrong) : t(W.notesOptional)}
        aria-label={t(W.notes)}
        data-field={`artworks.${index}.conditionNote`}
      />
    ),
  }
}

function BatchRooms({ form, values }: { form: FormApi; values: Values }) {
  const { t, i18n } = useLingui()
  const context = useOpenProcessContext()
  const batch = batchOf(context)
  const rows = rowsOf(values.artworks, batch)
  const rooms = useRoomOptions()
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false })
  const [allRoom, setAllRoom] = useState<string | null>(null)
  const { refs } = useArtworkRefs(rows.map((r) => r.artworkId))
  const links = useFileLinks([...refs.values()].map((a) => a.previewFileId))
  const known = Array.isArray(values.artworks) ? values.artworks.length : 0
  // A draft saved before the rows existed: every artwork of the batch gets its row.
  const missing = batch.length > 0 && known < batch.length
  useEffect(() => {
    if (missing) form.setFieldValue('artworks', rowsOf(values.artworks, batch))
  })
  const set = (next: BatchRow[]) => {
    form.setFieldValue('artworks', next)
    form.setErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith('artworks'))),
    )
  }
  const change = (i: number) => (next: BatchRow) => set(rows.map((r, j) => (j === i ? next : r)))
  /** One row's fields, the same in the table (desk) and the cards (phone). */
  const fieldsOf = (row: BatchRow, i: number) =>
    rowFields({ row, index: i, rooms, errors: form.errors, onChange: change(i), t: (d) => i18n._(d) })
  const artworkOf = (id: string): ArtworkRef =>
    refs.get(id) ?? { id, title: '…', inventoryNo: '', artistName: '', previewFileId: null }
  const placed = rows.filter((r) => r.roomId).length
  return (
    <Input.Wrapper
      label={t`Artworks of the batch`}
      description={t`Each artwork goes into its own room, with its condition on arrival.`}
      withAsterisk
      error={form.errors.artworks}
      data-field="artworks"
      data-kind="batch-rooms"
    >
      <Stack gap="sm" mt={6}>
        <Group gap="xs" align="flex-end" wrap="wrap" data-testid="batch-shortcut">
          <Select
            data={rooms}
            searchable
            value={allRoom}
            onChange={setAllRoom}
            label={t`Put all into room`}
            placeholder={t`Choose a room`}
            style={{ flex: '1 1 12rem', minWidth: 0 }}
            data-testid="batch-all-room"
          />
          <Button
            variant="default"
            disabled={!allRoom}
            onClick={() => allRoom && set(rows.map((r) => ({ ...r, roomId: allRoom })))}
            data-testid="batch-all-apply"
          >
            <Trans>Put all there</Trans>
          </Button>
          <Button
            variant="subtle"
            onClick={() => set(rows.map((r) => (r.conditionOk === null ? { ...r, conditionOk: true } : r)))}
            data-testid="batch-all-ok"
          >
            <Trans>The rest as expected</Trans>
          </Button>
        </Group>
        {wide ? (
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder verticalSpacing={6} horizontalSpacing="sm" data-testid="batch-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="30%">
                    <Trans>Artwork</Trans>
                  </Table.Th>
                  <Table.Th w="24%">
                    <Trans>Room</Trans>
                  </Table.Th>
                  <Table.Th w="22%">
                    <Trans>Condition on arrival</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Condition notes</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => {
                  const f = fieldsOf(row, i)
                  return (
                    <Table.Tr key={row.artworkId} data-batch-row={row.artworkId}>
                      <Table.Td>
                        <ArtworkLine artwork={artworkOf(row.artworkId)} links={links} plain />
                      </Table.Td>
                      <Table.Td>{f.room}</Table.Td>
                      <Table.Td>{f.condition}</Table.Td>
                      <Table.Td>{f.note}</Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap="xs" data-testid="batch-cards">
            {rows.map((row, i) => {
              const f = fieldsOf(row, i)
              return (
                <Paper key={row.artworkId} withBorder radius="sm" p="xs" data-batch-row={row.artworkId}>
                  <Stack gap={6}>
                    <ArtworkLine artwork={artworkOf(row.artworkId)} links={links} plain />
                    {f.room}
                    {f.condition}
                    {f.note}
                  </Stack>
                </Paper>
              )
            })}
          </Stack>
        )}
        <Text fz="sm" c="dimmed" data-testid="batch-placed">
          {i18n._({ ...PLACED, values: { placed, total: rows.length } })}
        </Text>
      </Stack>
    </Input.Wrapper>
  )
}

const PLACED = msg`{placed} of {total} artworks have a room`

function BatchRecord({ values }: { values: Values }) {
  const { t } = useLingui()
  const rows = rowsOf(values.artworks, [])
  const rooms = useRoomOptions()
  const { refs } = useArtworkRefs(rows.map((r) => r.artworkId))
  const links = useFileLinks([...refs.values()].map((a) => a.previewFileId))
  const roomName = (id: string) => rooms.find((r) => r.value === id)?.label ?? '—'
  return (
    <Stack gap={6} data-testid="batch-record">
      {rows.map((r) => (
        <Group key={r.artworkId} gap="sm" justify="space-between" wrap="wrap">
          <ArtworkLine
            artwork={
              refs.get(r.artworkId) ?? {
                id: r.artworkId,
                title: '…',
                inventoryNo: '',
                artistName: '',
                previewFileId: null,
              }
            }
            links={links}
          />
          <Text fz="sm">
            {roomName(r.roomId)} · {r.conditionOk ? t`As expected` : t`Not as expected`}
            {r.conditionNote ? ` · ${r.conditionNote}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  )
}

export const warehousingForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'warehousedOn', kind: 'date', label: msg`Warehoused on` },
        { path: 'receivedBy', kind: 'text', label: msg`Received by` },
        {
          path: 'artworks',
          kind: 'custom',
          span: 12,
          label: msg`Artworks of the batch`,
          required: true,
          empty: [],
          render: ({ form, values }) => <BatchRooms form={form} values={values} />,
          record: (values) => <BatchRecord values={values} />,
          toPayload: (value) =>
            rowsOf(value, []).map((r) => ({
              artworkId: r.artworkId,
              roomId: r.roomId,
              ...(r.conditionOk === null ? {} : { conditionOk: r.conditionOk }),
              ...(r.conditionNote.trim() ? { conditionNote: r.conditionNote.trim() } : {}),
            })),
        },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Condition report and photographs`,
        },
      ],
    },
  ],
  defaults: (context) => ({
    artworks: rowsOf([], batchOf(context)).map((r) => ({ ...r, roomId: arrivalRoom(context) })),
  }),
}

/** v1: the whole shipment into one room, with one condition. */
export const warehousingFormV1: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'roomId', kind: 'room', label: msg`Room` },
        { path: 'warehousedOn', kind: 'date', label: msg`Warehoused on` },
        { path: 'receivedBy', kind: 'text', label: msg`Received by` },
        { path: 'conditionOk', kind: 'boolean', label: msg`Condition as expected` },
        { path: 'conditionNote', kind: 'textarea', span: 12, label: msg`Condition notes` },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Condition report and photographs`,
        },
      ],
    },
  ],
}
