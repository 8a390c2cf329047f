// The artworks a stocktake accounts for, one row each (thumbnail, title, inventory number, artist) marked
// "found" or "missing": at the count, every artwork of the room (and any already marked); for the
// discrepancies, the artworks missing at the count. The marks are the step's two lists of artwork ids.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Button, Group, Input, Paper, Radio, Stack, Text } from '@mantine/core'
import { useFileLinks } from '../../../archive/ArtworkThumb'
import { type ArtworkRef, useArtworkRefs, useRoomArtworks } from '../../artwork-refs'
import { ArtworkLine } from '../../RecordArtworks'

export type Mark = 'found' | 'missing'

export interface Marks {
  found: string[]
  missing: string[]
}

export function idList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/** One artwork marked (or unmarked): it leaves the other list, keeping every list's order. */
export function mark(marks: Marks, id: string, to: Mark | null): Marks {
  const found = marks.found.filter((x) => x !== id)
  const missing = marks.missing.filter((x) => x !== id)
  if (to === 'found') found.push(id)
  if (to === 'missing') missing.push(id)
  return { found, missing }
}

/** The rows: the room's artworks (when counting a room), then any marked artwork not among them. */
export function rowsOf(room: readonly string[], marks: Marks): string[] {
  return [...new Set([...room, ...marks.found, ...marks.missing])]
}

export function ArtworkChecklist({
  roomId,
  expected = [],
  marks,
  onChange,
  label,
  description,
  error,
  foundLabel,
  missingLabel,
}: {
  /** Counting: list the room's artworks. */
  roomId?: string
  /** Artworks to list beside the room's (the discrepancies: those missing at the count). */
  expected?: readonly string[]
  marks: Marks
  onChange: (next: Marks) => void
  label: string
  description?: string
  error?: string
  foundLabel: MessageDescriptor
  missingLabel: MessageDescriptor
}) {
  const { i18n } = useLingui()
  const room = useRoomArtworks(roomId)
  const rows = rowsOf([...room.list.map((a) => a.id), ...expected], marks)
  const { refs } = useArtworkRefs(rows, roomId)
  const links = useFileLinks([...refs.values()].map((a) => a.previewFileId))
  const markOf = (id: string): Mark | null =>
    marks.found.includes(id) ? 'found' : marks.missing.includes(id) ? 'missing' : null
  const unmarked = rows.filter((id) => markOf(id) === null)
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      withAsterisk
      data-field="foundArtworkIds"
      data-kind="artwork-checklist"
    >
      <Stack gap={6} mt={6}>
        {room.pending ? (
          <Text fz="sm" c="dimmed">
            <Trans>Loading the room's artworks…</Trans>
          </Text>
        ) : rows.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="checklist-empty">
            <Trans>No artwork is recorded in this room.</Trans>
          </Text>
        ) : null}
        {rows.map((id) => {
          const artwork: ArtworkRef = refs.get(id) ?? {
            id,
            title: '…',
            inventoryNo: '',
            artistName: '',
            previewFileId: null,
          }
          const value = markOf(id)
          return (
            <Paper key={id} withBorder radius="sm" p="xs" data-checklist-row={id} data-mark={value ?? ''}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <ArtworkLine artwork={artwork} links={links} plain />
                <Radio.Group
                  value={value}
                  onChange={(v) => onChange(mark(marks, id, v as Mark))}
                  aria-label={artwork.title}
                >
                  <Group gap="md">
                    <Radio value="found" label={i18n._(foundLabel)} />
                    <Radio value="missing" label={i18n._(missingLabel)} color="red" />
                  </Group>
                </Radio.Group>
              </Group>
            </Paper>
          )
        })}
        {rows.length > 0 ? (
          <Group justify="space-between" gap="sm">
            <Text fz="sm" c="dimmed" data-testid="checklist-counts">
              {i18n._({
                ...COUNTS,
                values: { found: marks.found.length, missing: marks.missing.length, open: unmarked.length },
              })}
            </Text>
            {unmarked.length > 0 ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => onChange({ ...marks, found: [...marks.found, ...unmarked] })}
                data-testid="mark-rest-found"
              >
                {i18n._({ ...MARK_REST, values: { label: i18n._(foundLabel) } })}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {room.total > room.list.length ? (
          <Text fz="xs" c="orange.8">
            <Trans>
              Only the first {room.list.length} of the room's {room.total} artworks are listed.
            </Trans>
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  )
}

const COUNTS = msg`{found} found · {missing} missing · {open} not marked yet`
const MARK_REST = msg`Mark the rest: {label}`
