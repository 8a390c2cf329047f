// The record's history on the detail screen: every change, newest first, with
// who, when, which fields and their old and new values; any earlier version can be brought back after a
// confirmation (the restore is itself a change, and needs the record not to be open elsewhere).
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  Timeline,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ArtworkDetail, HistoryEntry } from '../../../../shared/contracts/artworks'
import { artworkHistoryQuery, artworkKeys, restoreVersion } from '../../../api/queries/artworks'
import { showSuccess } from '../../../forms/notify'
import { formatDateTime } from '../../../i18n/format'
import { IconArrowRight, IconRestore } from '../archive-icons'
import { FIELD_LABELS, HISTORY_ACTION_LABELS } from '../archive-labels'
import type { ArchiveReference } from '../reference-data'
import { type ChangeContext, changeValueText } from './change-values'

const SHOWN_CHANGES = 8
const ACTION_COLORS = {
  create: 'teal',
  update: 'ink',
  restore: 'grape',
  import: 'bronze',
  valuation: 'orange',
} as const

function ChangeTable({ entry, ctx }: { entry: HistoryEntry; ctx: ChangeContext }) {
  const { i18n } = useLingui()
  const [all, setAll] = useState(false)
  const changes = all ? entry.changes : entry.changes.slice(0, SHOWN_CHANGES)
  const creation = entry.action === 'create'
  if (entry.changes.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        <Trans>No field changed.</Trans>
      </Text>
    )
  return (
    <Stack gap={4}>
      <Table fz="sm" verticalSpacing={4} withRowBorders={false} data-testid="history-changes">
        <Table.Tbody>
          {changes.map((c) => {
            const label = FIELD_LABELS[c.field]
            return (
              <Table.Tr key={c.field} data-field={c.field}>
                <Table.Td w={180} c="dimmed" style={{ verticalAlign: 'top' }}>
                  {label ? i18n._(label) : c.field}
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  {creation ? (
                    <Text fz="sm">{changeValueText(c.field, c.new, ctx)}</Text>
                  ) : (
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      <Text
                        fz="sm"
                        c="dimmed"
                        td="line-through"
                        style={{ wordBreak: 'break-word' }}
                        data-testid="old-value"
                      >
                        {changeValueText(c.field, c.old, ctx)}
                      </Text>
                      <IconArrowRight size={14} style={{ flexShrink: 0, marginTop: 3 }} />
                      <Text fz="sm" fw={500} style={{ wordBreak: 'break-word' }} data-testid="new-value">
                        {changeValueText(c.field, c.new, ctx)}
                      </Text>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
      {entry.changes.length > SHOWN_CHANGES ? (
        <Button variant="subtle" size="compact-xs" w="fit-content" onClick={() => setAll((a) => !a)}>
          {all ? <Trans>Show fewer</Trans> : <Trans>Show all {entry.changes.length} fields</Trans>}
        </Button>
      ) : null}
    </Stack>
  )
}

export interface RecordHistoryProps {
  detail: ArtworkDetail
  reference: ArchiveReference
  canRestore: boolean
  artistName: (id: string) => string | undefined
}

export function RecordHistory({ detail, reference, canRestore, artistName }: RecordHistoryProps) {
  const { t, i18n } = useLingui()
  const lang = reference.lang
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [confirm, setConfirm] = useState<HistoryEntry | null>(null)
  const history = useQuery(artworkHistoryQuery(detail.id, page))
  const restore = useMutation({
    mutationFn: (version: number) => restoreVersion(detail.id, version, detail.version),
    onSuccess: (next, version) => {
      queryClient.setQueryData(artworkKeys.detail(detail.id), next)
      void queryClient.invalidateQueries({ queryKey: artworkKeys.detail(detail.id) })
      void queryClient.invalidateQueries({ queryKey: artworkKeys.lists() })
      setConfirm(null)
      setPage(1)
      showSuccess(t`Version ${version} is restored.`)
    },
  })
  const ctx: ChangeContext = { i18n, reference, artistName }
  const lockedByOther = detail.lock !== null && !detail.lock.mine

  if (history.isPending) return <Loader size="sm" />
  const entries = history.data?.list ?? []
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / (history.data?.pageSize ?? 20)))
  return (
    <Stack gap="md" data-testid="record-history">
      <Timeline bulletSize={28} lineWidth={2}>
        {entries.map((entry) => {
          const current = entry.version === detail.version
          const when = formatDateTime(entry.at, lang)
          const who = entry.byName || t`The system`
          return (
            <Timeline.Item
              key={entry.version}
              bullet={
                <Avatar size={28} radius="xl" color={ACTION_COLORS[entry.action]} variant="light">
                  {(entry.byName || '·').slice(0, 1).toUpperCase()}
                </Avatar>
              }
              data-testid="history-entry"
              data-version={entry.version}
            >
              <Card withBorder radius="md" padding="sm" ml={4}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
                  <Stack gap={2}>
                    <Group gap={8}>
                      <Badge variant="light" color={ACTION_COLORS[entry.action]} radius="sm" size="sm">
                        {i18n._(HISTORY_ACTION_LABELS[entry.action])}
                      </Badge>
                      <Text fz="sm" fw={600}>
                        {who}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {when}
                      </Text>
                    </Group>
                    <Text fz="xs" c="dimmed">
                      {entry.restoredFrom !== null ? (
                        <Trans>
                          Version {entry.version}, restored from version {entry.restoredFrom}
                        </Trans>
                      ) : (
                        <Trans>Version {entry.version}</Trans>
                      )}
                      {current ? ` · ${t`current`}` : ''}
                    </Text>
                  </Stack>
                  {canRestore && !current ? (
                    <Button
                      variant="default"
                      size="compact-sm"
                      leftSection={<IconRestore size={14} />}
                      onClick={() => setConfirm(entry)}
                      disabled={lockedByOther}
                      data-testid="restore-button"
                    >
                      <Trans>Restore this version</Trans>
                    </Button>
                  ) : null}
                </Group>
                <ChangeTable entry={entry} ctx={ctx} />
              </Card>
            </Timeline.Item>
          )
        })}
      </Timeline>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}

      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={<Trans>Restore an earlier version?</Trans>}
        centered
        data-testid="restore-confirm"
      >
        {confirm ? (
          <Stack gap="md">
            <Text fz="sm">
              <Trans>
                The record goes back to how it was after version {confirm.version} (
                {formatDateTime(confirm.at, lang)}, {confirm.byName || t`The system`}). Nothing is lost: the
                restore is kept in the history as a new change, and can itself be undone.
              </Trans>
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                color="grape"
                loading={restore.isPending}
                onClick={() => restore.mutate(confirm.version)}
                data-testid="restore-confirm-button"
              >
                <Trans>Restore version {confirm.version}</Trans>
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  )
}
