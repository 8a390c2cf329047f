// A process's open tasks, shown in its view: what each waits for (the task in words), from whom
// (privileges by their labels, the role or the people the settings name), by when (overdue in red), who has
// claimed it and, for approvals by several people, how many of them are in; claim and release buttons for
// whoever the machine lets do the task now (the view's nextEvents).
import { Trans } from '@lingui/react/macro'
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { eventsOfKind } from '../../../../machines/tasks'
import type { ProcessView } from '../../../shared/contracts/process'
import { processTasksQuery } from '../../api/queries/tasks'
import { definitionFor, stepLabel, useLang } from '../process/machine-words'
import { ClaimButtons, TaskDue, TaskMarks } from './TaskParts'
import { candidatesLine, taskKindLabel } from './task-words'

export function ProcessTasksPanel({ view }: { view: ProcessView }) {
  const lang = useLang()
  // Keyed by the process; read again after each event (use-process-event) and each claim.
  const tasks = useQuery({ ...processTasksQuery(view.id), enabled: !view.done })
  const list = tasks.data ?? []
  if (view.done || list.length === 0) return null
  const definition = definitionFor(view.type, view.definitionVersion)
  return (
    <Card withBorder radius="md" padding="lg" data-testid="process-tasks">
      <Title order={3} fz={16} mb="sm">
        <Trans>Open tasks</Trans>
      </Title>
      <Stack gap="sm">
        {list.map((task) => {
          // The people who may do it, by name, when the server names them; else the privileges or settings.
          const named = (task.people ?? []).map((p) => p.name).join(lang === 'en' ? ', ' : '、')
          const who = named || candidatesLine(task, lang)
          return (
            <Group
              key={task.id}
              justify="space-between"
              align="flex-start"
              wrap="wrap"
              gap="sm"
              data-task-id={task.id}
              data-task-kind={task.kind}
            >
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
                <Group gap={6} wrap="wrap">
                  <Text fz="sm" fw={500}>
                    {stepLabel(definition, task.step, lang)} · {taskKindLabel(task.kind, lang)}
                  </Text>
                  <TaskMarks task={task} />
                  {task.approvalsNeeded > 1 ? (
                    <Badge size="xs" variant="outline" color="gray" data-testid="task-approvals">
                      <Trans>
                        {task.approvalsDone} of {task.approvalsNeeded} approvals
                      </Trans>
                    </Badge>
                  ) : null}
                </Group>
                {who ? (
                  <Text fz="xs" c="dimmed">
                    <Trans>Who may do it: {who}</Trans>
                    {task.approvalRole ? (
                      <>
                        {' · '}
                        <Trans>
                          one approval from {lang === 'en' ? task.approvalRole.en : task.approvalRole.zh}
                        </Trans>
                      </>
                    ) : null}
                  </Text>
                ) : null}
                <TaskDue task={task} size="xs" />
              </Stack>
              <ClaimButtons
                task={task}
                mayAct={eventsOfKind(task.kind).some((e) => view.nextEvents.includes(e))}
              />
            </Group>
          )
        })}
      </Stack>
    </Card>
  )
}

/**
 * Under the process diagram: what the highlighted state waits for and by when, in the office's days (the
 * due day and the working days left by its business calendar).
 */
export function DiagramDue({ view }: { view: ProcessView }) {
  const lang = useLang()
  const tasks = useQuery({ ...processTasksQuery(view.id), enabled: !view.done })
  const list = tasks.data ?? []
  if (view.done || list.length === 0) return null
  const definition = definitionFor(view.type, view.definitionVersion)
  return (
    <Stack gap={4} mb="sm" data-testid="diagram-due">
      {list.map((task) => (
        <Group key={task.id} gap={8} wrap="wrap">
          <Text fz="sm">
            {stepLabel(definition, task.step, lang)} · {taskKindLabel(task.kind, lang)}
          </Text>
          <TaskDue task={task} />
        </Group>
      ))}
    </Stack>
  )
}
