// The bell: its badge counts the open tasks and the unread messages, kept fresh by the server's
// push (the inbox stream, read while the bell is mounted; a slow poll stands in while it is down). Its
// popover has two sections: the first tasks of the inbox (what, due when, overdue, on behalf of whom,
// claimed) and the latest unread messages, each opening its process; links to the whole inbox and to the
// message centre.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Anchor,
  Badge,
  Divider,
  Group,
  Indicator,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { holds } from '../../shared/access'
import type { MessageView } from '../../shared/contracts/process'
import {
  inboxCountsQuery,
  inboxQuery,
  latestMessagesQuery,
  markMessageRead,
  taskKeys,
  useInboxStream,
} from '../api/queries/tasks'
import { TaskDue, TaskMarks } from '../areas/inbox/TaskParts'
import { taskLine } from '../areas/inbox/task-words'
import { InboxLink } from '../areas/process/InboxLink'
import { useLang } from '../areas/process/machine-words'
import { formatDateTime } from '../i18n/format'
import { useMe } from '../session/use-session'
import { IconBell } from './icons'

const TASKS_SHOWN = 5
const MESSAGES_SHOWN = 4

function TasksSection({ canOpenTasks, close }: { canOpenTasks: boolean; close: () => void }) {
  const lang = useLang()
  const inbox = useQuery(inboxQuery({ pageSize: TASKS_SHOWN }))
  return (
    <Stack gap={6} data-testid="bell-tasks">
      <Group justify="space-between">
        <Text fw={600} fz="sm">
          <Trans>Tasks</Trans>
        </Text>
        {inbox.data && inbox.data.overdue > 0 ? (
          <Badge size="xs" color="red" variant="light">
            <Trans>{inbox.data.overdue} overdue</Trans>
          </Badge>
        ) : null}
      </Group>
      {inbox.isPending ? (
        <Text c="dimmed" fz="sm">
          <Trans>Loading…</Trans>
        </Text>
      ) : inbox.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The tasks could not be loaded.</Trans>
        </Text>
      ) : inbox.data.list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          <Trans>Nothing is waiting for you.</Trans>
        </Text>
      ) : (
        inbox.data.list.map((task) => (
          <InboxLink key={task.id} item={task} onClick={close}>
            <Stack gap={2} py={2}>
              <Text fz="sm" truncate>
                {taskLine(task, lang)}
              </Text>
              <Group gap={6} wrap="wrap">
                <TaskDue task={task} size="xs" />
                <TaskMarks task={task} />
              </Group>
            </Stack>
          </InboxLink>
        ))
      )}
      {canOpenTasks && inbox.data ? (
        <Anchor
          component={Link}
          to="/devOpsManage/inbox"
          fz="sm"
          onClick={close}
          data-testid="bell-all-tasks"
        >
          {inbox.data.totalCapped ? (
            <Trans>All tasks (more than {inbox.data.total})</Trans>
          ) : inbox.data.total > inbox.data.list.length ? (
            <Trans>All {inbox.data.total} tasks</Trans>
          ) : (
            <Trans>Open my tasks</Trans>
          )}
        </Anchor>
      ) : null}
    </Stack>
  )
}

function MessageRow({ message, close }: { message: MessageView; close: () => void }) {
  const lang = useLang()
  // what the process is about (a stocktake's room, the artworks, a purchase's titles)
  const subject = message.processId ? (lang === 'en' ? message.subjectEn : message.subjectZh) : ''
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const open = () => {
    close()
    void markMessageRead(message.id)
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: taskKeys.messages() })
        void queryClient.invalidateQueries({ queryKey: taskKeys.counts() })
      })
      .catch(() => undefined)
    // A published item opens in the message centre's reader; a process message opens its process.
    if (message.kind === 'content' && message.contentId)
      void navigate({ to: '/messageCenter/index', search: { content: message.contentId } })
    else if (message.processId)
      void navigate({ to: '/devOpsManage/index', search: { process: message.processId } })
  }
  return (
    <UnstyledButton
      onClick={open}
      className="vitrine-inbox-link"
      style={{ display: 'block', borderRadius: 6 }}
      data-message-id={message.id}
    >
      <Stack gap={0} py={2}>
        <Text fz="sm" truncate>
          {message.title}
        </Text>
        {subject ? (
          <Text fz="xs" fw={500} truncate data-testid="message-subject">
            {subject}
          </Text>
        ) : null}
        <Text fz="xs" c="dimmed">
          {message.senderName ? `${message.senderName} · ` : ''}
          {formatDateTime(message.createdAt, lang)}
        </Text>
      </Stack>
    </UnstyledButton>
  )
}

function MessagesSection({
  unread,
  canOpenMessages,
  close,
}: {
  unread: number
  canOpenMessages: boolean
  close: () => void
}) {
  const messages = useQuery(latestMessagesQuery(true, MESSAGES_SHOWN))
  return (
    <Stack gap={6} data-testid="bell-messages">
      <Group justify="space-between">
        <Text fw={600} fz="sm">
          <Trans>Messages</Trans>
        </Text>
        {unread > 0 ? (
          <Badge size="xs" variant="light" data-testid="bell-unread">
            <Trans>{unread} unread</Trans>
          </Badge>
        ) : null}
      </Group>
      {messages.isPending ? (
        <Text c="dimmed" fz="sm">
          <Trans>Loading…</Trans>
        </Text>
      ) : messages.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The messages could not be loaded.</Trans>
        </Text>
      ) : messages.data.list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          <Trans>No unread messages.</Trans>
        </Text>
      ) : (
        messages.data.list.map((m) => <MessageRow key={m.id} message={m} close={close} />)
      )}
      {canOpenMessages ? (
        <Anchor component={Link} to="/messageCenter/index" fz="sm" onClick={close}>
          <Trans>Open the message centre</Trans>
        </Anchor>
      ) : null}
    </Stack>
  )
}

export function MessageBell({ canOpenMessages }: { canOpenMessages: boolean }) {
  const { t } = useLingui()
  const me = useMe()
  useInboxStream(me.user.id)
  const counts = useQuery(inboxCountsQuery())
  const [opened, setOpened] = useState(false)
  const count = counts.data ? counts.data.openTasks + counts.data.unreadMessages : 0
  const overdue = counts.data?.overdueTasks ?? 0
  const canOpenTasks = holds(me, 'devOpsManage:view')
  const close = () => setOpened(false)
  return (
    // The count sits outside the popover's target, so the popover's ARIA lands on the button itself.
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      color={overdue > 0 ? 'red' : 'ink'}
      disabled={count === 0}
      offset={4}
      data-testid="message-count"
      data-count={count}
    >
      <Popover position="bottom-end" width={360} shadow="md" withArrow opened={opened} onChange={setOpened}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={count > 0 ? t`Tasks and messages: ${count} waiting` : t`Tasks and messages`}
            data-testid="message-bell"
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="sm">
          {opened ? (
            <Stack gap="xs">
              <TasksSection canOpenTasks={canOpenTasks} close={close} />
              <Divider />
              <MessagesSection
                unread={counts.data?.unreadMessages ?? 0}
                canOpenMessages={canOpenMessages}
                close={close}
              />
            </Stack>
          ) : null}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  )
}
