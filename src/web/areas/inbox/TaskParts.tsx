// Small pieces every task list shows (the bell, the home page, the inbox, a process's open tasks): the due
// date with its overdue mark, the "on behalf of" and "claimed" marks, and the claim / release buttons.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Text } from '@mantine/core'
import { actingPrivileges } from '../../../../machines/tasks'
import { holds, holdsAny } from '../../../shared/access'
import type { TaskView } from '../../../shared/contracts/tasks'
import { calendarDateText } from '../../../shared/office-time'
import { approvePrivilege, isPrivilegeKey } from '../../../shared/privileges'
import { useTaskClaim } from '../../api/queries/tasks'
import { formatDateTime } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { useLang } from '../process/machine-words'

/**
 * The due date as the office's day and the office's working days left until it (its business calendar:
 * weekends, public holidays, closures; the exact time on hover), or that it has none; red with an
 * "overdue" mark once past.
 */
export function TaskDue({ task, size = 'sm' }: { task: TaskView; size?: 'xs' | 'sm' }) {
  const lang = useLang()
  const day = calendarDateText(task.dueDay, lang)
  const left = task.workingDaysLeft ?? 0
  return (
    <Group gap={6} wrap="nowrap" data-testid="task-due" data-overdue={task.overdue ? 'true' : 'false'}>
      <Text
        fz={size}
        c={task.overdue ? 'red.7' : 'dimmed'}
        style={{ whiteSpace: 'nowrap' }}
        title={task.dueAt ? formatDateTime(task.dueAt, lang) : undefined}
      >
        {!task.dueAt ? (
          <Trans>No due date</Trans>
        ) : task.overdue || left === 0 ? (
          <Trans>Due {day}</Trans>
        ) : (
          <Plural value={left} one={`Due ${day}, in # working day`} other={`Due ${day}, in # working days`} />
        )}
      </Text>
      {task.overdue ? (
        <Badge size="xs" color="red" variant="filled" data-testid="task-overdue">
          {task.escalation >= 2 ? <Trans>Overdue, escalated</Trans> : <Trans>Overdue</Trans>}
        </Badge>
      ) : null}
    </Group>
  )
}

/** "On behalf of X" for a delegated task; "claimed by Y" (or "claimed by you") for a claimed one. */
export function TaskMarks({ task }: { task: TaskView }) {
  const me = useMe()
  const name = task.onBehalfOfName ?? ''
  const claimer = task.claimedByName ?? ''
  return (
    <>
      {task.onBehalfOf ? (
        <Badge size="xs" color="grape" variant="light" data-testid="task-on-behalf">
          <Trans>On behalf of {name}</Trans>
        </Badge>
      ) : null}
      {task.claimedBy ? (
        <Badge size="xs" color="gray" variant="light" data-testid="task-claimed">
          {task.claimedBy === me.user.id ? (
            <Trans>Claimed by you</Trans>
          ) : (
            <Trans>Claimed by {claimer}</Trans>
          )}
        </Badge>
      ) : null}
    </>
  )
}

/**
 * Claim (or take over) and release. Shown to those who may do the task: in a process's view, whoever its
 * `nextEvents` let send one of the task's events (`mayAct`, the machine's rule, as the server's claim
 * follows it: a payment's submitter never claims its confirmation); in the inbox, holders of a privilege
 * that lets them do it (not the one a task was only routed to) or a delegate acting for someone. Taking over
 * a task someone else holds only to an approver of its type. The server has the last word (4031, worded).
 */
export function ClaimButtons({ task, mayAct }: { task: TaskView; mayAct?: boolean }) {
  const { t } = useLingui()
  const me = useMe()
  const claim = useTaskClaim(task.processId)
  const mine = task.claimedBy === me.user.id
  const candidate =
    mayAct ??
    (task.onBehalfOf !== null ||
      me.allPrivileges ||
      holdsAny(me, actingPrivileges(task).filter(isPrivilegeKey)))
  // A task someone else holds is taken over only by an approver of its type (as the server rules).
  const approver = holds(me, approvePrivilege(task.type))
  if (!mine && (!candidate || (task.claimedBy !== null && !approver))) return null
  const busy = claim.isPending
  return mine ? (
    <Button
      size="compact-xs"
      variant="default"
      loading={busy}
      onClick={() => claim.mutate({ taskId: task.id, action: 'release' })}
      data-testid="task-release"
      aria-label={t`Release the task`}
    >
      <Trans>Release</Trans>
    </Button>
  ) : (
    <Button
      size="compact-xs"
      variant="light"
      loading={busy}
      onClick={() => claim.mutate({ taskId: task.id, action: 'claim' })}
      data-testid="task-claim"
    >
      {task.claimedBy ? <Trans>Take over</Trans> : <Trans>Claim</Trans>}
    </Button>
  )
}
