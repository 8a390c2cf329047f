// The append-only history of a process: who did what and when, from which state to which, with the
// comment and the files the event carried. Newest first; the view brings the latest page, older pages
// come from GET /api/process/:id/history.
import { Trans } from '@lingui/react/macro'
import { Group, Pagination, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ProcessDefinition } from '../../../../machines/types'
import { HISTORY_IN_VIEW, type ProcessView } from '../../../shared/contracts/process'
import { processHistoryQuery } from '../../api/queries/process'
import { formatDateTime } from '../../i18n/format'
import { FileNames } from './FileNames'
import { eventLabel, stateLabel, useLang } from './machine-words'

type HistoryItem = ProcessView['history'][number]

/** Who did it: the user; "B on behalf of A" for a delegate; the system for its own rows (no user). */
function Who({ item, people }: { item: HistoryItem; people: ProcessView['people'] }) {
  if (!item.by)
    return (
      <Text span fz="sm" c="dimmed">
        <Trans>System</Trans>
      </Text>
    )
  if (!item.onBehalfOf) return <span style={{ whiteSpace: 'nowrap' }}>{item.byName}</span>
  const delegate = item.byName
  const delegator = people[item.onBehalfOf] ?? ''
  return (
    <span data-on-behalf-of={item.onBehalfOf}>
      <Trans>
        {delegate} on behalf of {delegator}
      </Trans>
    </span>
  )
}

export function HistoryTab({ view, definition }: { view: ProcessView; definition: ProcessDefinition }) {
  const lang = useLang()
  const [page, setPage] = useState(1)
  const pages = Math.ceil(view.historyTotal / HISTORY_IN_VIEW)
  const older = useQuery({
    ...processHistoryQuery(view.id, view.version, page, HISTORY_IN_VIEW),
    enabled: page > 1,
  })
  const rows = page === 1 ? [...view.history].reverse() : (older.data?.list ?? [])
  return (
    <Stack gap={0}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid="process-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={160}>
                <Trans>When</Trans>
              </Table.Th>
              <Table.Th w={160}>
                <Trans>Who</Trans>
              </Table.Th>
              <Table.Th w={150}>
                <Trans>Action</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>From → to</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Comment and files</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((h) => {
              const files = h.files
              return (
                <Table.Tr key={h.seq} data-history-event={h.type}>
                  <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(h.at, lang)}
                  </Table.Td>
                  <Table.Td fz="sm" data-testid="history-who">
                    <Who item={h} people={view.people} />
                  </Table.Td>
                  <Table.Td fz="sm" fw={500}>
                    {h.type === 'CREATE' ? (
                      <Trans>Process started</Trans>
                    ) : h.type === 'MIGRATE' ? (
                      <Trans>Moved to another machine version</Trans>
                    ) : h.type === 'ESCALATE' && !h.by ? (
                      <Trans>Escalated by the system</Trans>
                    ) : (
                      eventLabel(h.type, lang)
                    )}
                  </Table.Td>
                  <Table.Td fz="sm">
                    {h.fromState ? `${stateLabel(definition, h.fromState, lang)} → ` : ''}
                    {stateLabel(definition, h.toState, lang)}
                  </Table.Td>
                  <Table.Td fz="sm">
                    {h.comment ? <Text fz="sm">{h.comment}</Text> : null}
                    {files.length > 0 ? <FileNames ids={files} /> : null}
                    {!h.comment && files.length === 0 ? (
                      <Text c="dimmed" fz="sm">
                        —
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Group justify="flex-end" p="md">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            data-testid="process-history-pages"
          />
        </Group>
      ) : null}
    </Stack>
  )
}
