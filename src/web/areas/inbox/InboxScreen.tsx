// The inbox of tasks: what waits for this user — and for those who delegated theirs to them
// today, marked "on behalf of" — overdue first, then by due date, as the server sends it. Filters by type
// and task kind and "also those claimed by others", and the page, all in the URL; claim and release on each
// row; a row opens its process here (as the delegator sees it for a delegated task, so its buttons and the
// events sent are theirs).
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Badge, Checkbox, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { TASK_KINDS } from '../../../../machines/tasks'
import type { InboxTask } from '../../../shared/contracts/tasks'
import { inboxQuery } from '../../api/queries/tasks'
import { FilterBar, FilterCell } from '../../forms/FilterBar'
import { formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { FoldedList, ListEmpty, ListFooter, pageParam, TypeFilter } from '../process/list-parts'
import { useLang } from '../process/machine-words'
import { ProcessView } from '../process/ProcessView'
import type { InboxSearch } from './inbox-search'
import { ClaimButtons, TaskDue, TaskMarks } from './TaskParts'
import { taskKindLabel, taskLine } from './task-words'

const PAGE_SIZE = 20
const SPAN = { base: 12, sm: 4 }

function Filters({ search, onSearch }: { search: InboxSearch; onSearch: (next: InboxSearch) => void }) {
  const { t } = useLingui()
  const lang = useLang()
  const set = (patch: Partial<InboxSearch>) => onSearch({ ...search, ...patch, page: undefined })
  return (
    <FilterBar card grid testId="inbox-filters">
      <TypeFilter span={SPAN} value={search.type} onChange={(type) => set({ type })} />
      <FilterCell span={SPAN}>
        <Select
          label={t`Task`}
          placeholder={t`Any task`}
          clearable
          data={TASK_KINDS.map((k) => ({ value: k, label: taskKindLabel(k, lang) }))}
          value={search.kind ?? null}
          onChange={(v) => set({ kind: (v as InboxSearch['kind']) ?? undefined })}
          data-testid="filter-kind"
        />
      </FilterCell>
      <FilterCell span={SPAN}>
        <Checkbox
          label={t`Include tasks claimed by others`}
          checked={search.claimed === 'all'}
          onChange={(e) => set({ claimed: e.currentTarget.checked ? 'all' : undefined })}
          data-testid="filter-claimed"
          mb={8}
        />
      </FilterCell>
    </FilterBar>
  )
}

function TaskRow({ task, onOpen }: { task: InboxTask; onOpen: () => void }) {
  const lang = useLang()
  return (
    <Table.Tr data-task-id={task.id} data-process-id={task.processId} data-overdue={String(task.overdue)}>
      <Table.Td>
        <Stack gap={4}>
          <Anchor component="button" type="button" fz="sm" fw={500} ta="left" onClick={onOpen}>
            {taskLine(task, lang)}
          </Anchor>
          <Group gap={6}>
            <TaskMarks task={task} />
            {task.approvalsNeeded > 1 ? (
              <Badge size="xs" variant="outline" color="gray">
                <Trans>
                  {task.approvalsDone} of {task.approvalsNeeded} approvals
                </Trans>
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>
        <TaskDue task={task} />
      </Table.Td>
      <Table.Td fz="sm">
        <Text fz="sm">{task.process.createdByName}</Text>
        <Text fz="xs" c="dimmed">
          {formatDateTime(task.createdAt, lang)}
        </Text>
      </Table.Td>
      <Table.Td>
        <ClaimButtons task={task} />
      </Table.Td>
    </Table.Tr>
  )
}

/** A task on a phone: the same words as a row, one under the other. */
function TaskCard({ task, onOpen }: { task: InboxTask; onOpen: () => void }) {
  const lang = useLang()
  return (
    <Stack
      gap={6}
      p="md"
      data-task-card={task.id}
      data-overdue={String(task.overdue)}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Anchor component="button" type="button" fz="sm" fw={500} ta="left" onClick={onOpen}>
        {taskLine(task, lang)}
      </Anchor>
      <Group gap={6}>
        <TaskMarks task={task} />
      </Group>
      <TaskDue task={task} />
      <Text fz="xs" c="dimmed">
        {task.process.createdByName} · {formatDateTime(task.createdAt, lang)}
      </Text>
      <ClaimButtons task={task} />
    </Stack>
  )
}

export function InboxScreen({
  search,
  onSearch,
}: {
  search: InboxSearch
  onSearch: (next: InboxSearch, options?: { replace?: boolean }) => void
}) {
  const { process, tab, onBehalfOf, page = 1, ...filters } = search
  const inbox = useQuery({
    ...inboxQuery({ ...filters, page, pageSize: PAGE_SIZE }),
    enabled: !process,
  })
  if (process)
    return (
      <ProcessView
        id={process}
        tab={tab ?? 'steps'}
        onBehalfOf={onBehalfOf}
        onTab={(next) => onSearch({ ...search, tab: next === 'steps' ? undefined : next })}
        back={
          <Group>
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => onSearch({ ...filters, page: pageParam(page) })}
              data-testid="back-to-list"
            >
              ← <Trans>Back to my tasks</Trans>
            </Anchor>
          </Group>
        }
      />
    )
  const open = (task: InboxTask) =>
    onSearch({ ...search, process: task.processId, onBehalfOf: task.onBehalfOf ?? undefined })
  const data = inbox.data
  const total = data?.total ?? 0
  const overdue = data?.overdue ?? 0
  return (
    <Stack gap="md">
      <PageHeader
        description={
          <Trans>
            What waits for you, and for those who handed their tasks to you: overdue first, then by due date.
          </Trans>
        }
      />
      <Filters search={filters} onSearch={(next) => onSearch(next, { replace: true })} />
      {inbox.isPending ? <Skeleton h={240} radius="md" /> : null}
      {inbox.isError ? (
        <Alert color="red" variant="light">
          <Trans>The tasks could not be loaded.</Trans>
        </Alert>
      ) : null}
      {data && data.list.length === 0 ? (
        <ListEmpty
          testId="inbox-empty"
          title={<Trans>Nothing waits for you</Trans>}
          description={<Trans>When a step needs you, it appears here.</Trans>}
        />
      ) : null}
      {data && data.list.length > 0 ? (
        <FoldedList
          cardsTestId="inbox-cards"
          tableTestId="inbox-table"
          cards={data.list.map((task) => <TaskCard key={task.id} task={task} onOpen={() => open(task)} />)}
          table={
            <>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Task</Trans>
                  </Table.Th>
                  <Table.Th w={240}>
                    <Trans>Due</Trans>
                  </Table.Th>
                  <Table.Th w={180}>
                    <Trans>Started by</Trans>
                  </Table.Th>
                  <Table.Th w={120} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.list.map((task) => (
                  <TaskRow key={task.id} task={task} onOpen={() => open(task)} />
                ))}
              </Table.Tbody>
            </>
          }
          footer={
            <ListFooter
              testId="inbox-count"
              count={
                <>
                  {data.totalCapped ? (
                    <Trans>
                      More than {total} tasks (the first {total} by due date are listed)
                    </Trans>
                  ) : (
                    <Plural value={total} one="# task" other="# tasks" />
                  )}
                  {overdue > 0 ? (
                    <>
                      {' · '}
                      <Trans>{overdue} overdue</Trans>
                    </>
                  ) : null}
                </>
              }
              total={total}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={(p) => onSearch({ ...search, page: pageParam(p) })}
            />
          }
        />
      ) : null}
    </Stack>
  )
}
