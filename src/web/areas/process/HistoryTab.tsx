// The append-only history of a process: who did what and when, from which state to which, with the
// comment and the files the event carried. Newest first.
import { Trans } from '@lingui/react/macro'
import { Table, Text } from '@mantine/core'
import type { ProcessDefinition } from '../../../../machines/types'
import type { ProcessView } from '../../../shared/contracts/process'
import { formatDateTime } from '../../i18n/format'
import { FileNames } from './FileNames'
import { eventLabel, stateLabel, useLang } from './machine-words'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** File ids an event's payload carries (attachments, reports, policy files). */
export function filesOf(payload: unknown): string[] {
  if (!payload || typeof payload !== 'object') return []
  const out: string[] = []
  for (const [key, value] of Object.entries(payload)) {
    if (!/attachment|fileid/i.test(key)) continue
    for (const v of Array.isArray(value) ? value : [value])
      if (typeof v === 'string' && UUID.test(v)) out.push(v)
  }
  return out
}

export function HistoryTab({ view, definition }: { view: ProcessView; definition: ProcessDefinition }) {
  const lang = useLang()
  const rows = [...view.history].reverse()
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" striped highlightOnHover data-testid="process-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={160}>
              <Trans>When</Trans>
            </Table.Th>
            <Table.Th w={120}>
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
            const files = filesOf(h.payload)
            return (
              <Table.Tr key={h.seq} data-history-event={h.type}>
                <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(h.at, lang)}
                </Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {h.byName}
                </Table.Td>
                <Table.Td fz="sm" fw={500}>
                  {h.type === 'CREATE' ? <Trans>Process started</Trans> : eventLabel(h.type, lang)}
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
  )
}
