// A page of processes as a table: type, subject, current step, status, who started it and when, last
// change. A row opens the process view (the caller decides where: a search parameter of its route). On a
// phone (below `sm`) the rows fold into cards, so the page never scrolls sideways.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core'
import type { ProcessView } from '../../../shared/contracts/process'
import { formatDateTime } from '../../i18n/format'
import { FoldedList, ListEmpty, ListFooter } from './list-parts'
import { definitionFor, leafLabel, stepLabel, typeLabel, useLang } from './machine-words'
import { subjectLine, subjectOf } from './process-subject'
import { StatusBadge } from './StatusBadge'

export function ProcessTable({
  list,
  total,
  page,
  pageSize,
  onPage,
  onOpen,
  showType = true,
  empty,
  selection,
}: {
  list: ProcessView[]
  total: number
  page: number
  pageSize: number
  onPage: (page: number) => void
  onOpen: (id: string) => void
  showType?: boolean
  empty?: React.ReactNode
  /** Checkboxes for the bulk actions: the chosen ids and a toggle. */
  selection?: { chosen: ReadonlySet<string>; toggle: (ids: string[], on: boolean) => void }
}) {
  const lang = useLang()
  const { t } = useLingui()
  if (list.length === 0)
    return (
      <ListEmpty
        title={<Trans>No processes</Trans>}
        description={empty ?? <Trans>Nothing matches these filters.</Trans>}
        testId="process-list-empty"
      />
    )
  const where = (p: ProcessView) => {
    const definition = definitionFor(p.type, p.definitionVersion)
    return p.currentStep
      ? `${stepLabel(definition, p.currentStep, lang)} · ${leafLabel(definition, p.state, lang)}`
      : leafLabel(definition, p.state, lang)
  }
  return (
    <FoldedList
      cardsTestId="process-cards"
      tableTestId="process-list"
      cards={list.map((p) => (
        <UnstyledButton
          key={p.id}
          onClick={() => onOpen(p.id)}
          px="md"
          py="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          data-process-card={p.id}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fz="sm" fw={500} c="ink.8" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {subjectLine(subjectOf(p, lang), lang) || '—'}
            </Text>
            <StatusBadge status={p.status} style={{ flexShrink: 0 }} />
          </Group>
          <Text fz="xs" c="dimmed" mt={4}>
            {showType ? `${typeLabel(p.type, lang)} · ` : ''}
            {where(p)}
          </Text>
          <Text fz="xs" c="dimmed">
            {p.createdByName} · {formatDateTime(p.updatedAt, lang)}
          </Text>
        </UnstyledButton>
      ))}
      table={
        <>
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t`Choose every process on this page`}
                    checked={list.every((p) => selection.chosen.has(p.id))}
                    onChange={(e) =>
                      selection.toggle(
                        list.map((p) => p.id),
                        e.currentTarget.checked,
                      )
                    }
                    data-testid="bulk-choose-page"
                  />
                </Table.Th>
              ) : null}
              {showType ? (
                <Table.Th>
                  <Trans>Type</Trans>
                </Table.Th>
              ) : null}
              <Table.Th>
                <Trans>Artworks concerned</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Current step</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Started by</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Last change</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((p) => {
              const definition = definitionFor(p.type, p.definitionVersion)
              return (
                <Table.Tr
                  key={p.id}
                  onClick={() => onOpen(p.id)}
                  style={{ cursor: 'pointer' }}
                  data-process-row={p.id}
                  data-process-type={p.type}
                  data-state={p.state}
                >
                  {selection ? (
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Checkbox
                        aria-label={t`Choose this process`}
                        checked={selection.chosen.has(p.id)}
                        onChange={(e) => selection.toggle([p.id], e.currentTarget.checked)}
                        data-testid="bulk-choose"
                      />
                    </Table.Td>
                  ) : null}
                  {showType ? <Table.Td fz="sm">{typeLabel(p.type, lang)}</Table.Td> : null}
                  <Table.Td>
                    <UnstyledButton onClick={() => onOpen(p.id)} fz="sm" fw={500} c="ink.8">
                      {subjectLine(subjectOf(p, lang), lang) || '—'}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td fz="sm">
                    {p.currentStep ? (
                      <>
                        {stepLabel(definition, p.currentStep, lang)}
                        <Text span c="dimmed" fz="xs">
                          {' '}
                          · {leafLabel(definition, p.state, lang)}
                        </Text>
                      </>
                    ) : (
                      leafLabel(definition, p.state, lang)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td fz="sm">{p.createdByName}</Table.Td>
                  <Table.Td fz="sm" c="dimmed">
                    {formatDateTime(p.updatedAt, lang)}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </>
      }
      footer={
        <ListFooter
          count={<Plural value={total} one="# process" other="# processes" />}
          total={total}
          page={page}
          pageSize={pageSize}
          onPage={onPage}
          testId="process-total"
        />
      }
    />
  )
}
