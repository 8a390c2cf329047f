// Home (/): a greeting, the user's shortcuts (by privilege), and two panels: the tasks waiting for this
// user (the task inbox, overdue first, with due dates and marks) and recent activity (the latest messages).

import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import {
  Anchor,
  Badge,
  Card,
  EmptyState,
  Grid,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, linkOptions } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { holds } from '../../../shared/access'
import type { InboxTask } from '../../../shared/contracts/tasks'
import { langOf } from '../../../shared/lang'
import { inboxQuery, latestMessagesQuery } from '../../api/queries/tasks'
import { formatDate, formatDateTime } from '../../i18n/format'
import { officeToday } from '../../i18n/office-zone'
import { useMe } from '../../session/use-session'
import { IconCheck, IconList, SYSTEM_ICONS } from '../../shell/icons'
import { UnstyledLink } from '../archive/router-links'
import { LatestContent } from '../dynamic/LatestContent'
import { TaskDue, TaskMarks } from '../inbox/TaskParts'
import { taskLine } from '../inbox/task-words'
import { InboxLink } from '../process/InboxLink'
import { SHORTCUTS } from './shortcuts'

function Greeting({ name }: { name: string }) {
  const hour = new Date().getHours()
  if (hour < 12) return <Trans>Good morning, {name}</Trans>
  if (hour < 18) return <Trans>Good afternoon, {name}</Trans>
  return <Trans>Good evening, {name}</Trans>
}

function Panel({
  title,
  icon,
  children,
  testId,
}: {
  title: ReactNode
  icon: ReactNode
  children: ReactNode
  testId: string
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid={testId}>
      <Group gap="xs" mb="md">
        <ThemeIcon variant="light" size="md" radius="md">
          {icon}
        </ThemeIcon>
        <Title order={3} fz={16}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  )
}

function TaskRows({ items, lang }: { items: InboxTask[]; lang: 'zh-CN' | 'en' }) {
  return (
    <Stack gap="xs">
      {items.map((task) => (
        <InboxLink key={task.id} item={task}>
          <Stack gap={2}>
            <Text fz="sm" fw={500} truncate>
              {taskLine(task, lang)}
            </Text>
            <Group gap={6} wrap="wrap">
              <TaskDue task={task} size="xs" />
              <TaskMarks task={task} />
              <Text fz="xs" c="dimmed">
                {task.process.createdByName}
              </Text>
            </Group>
          </Stack>
        </InboxLink>
      ))}
    </Stack>
  )
}

/** The first tasks of the inbox, as the server orders them (overdue first, then by due date). */
function TasksPanel() {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  const inbox = useQuery(inboxQuery({ pageSize: 8 }))
  if (inbox.isPending) return <Loader size="sm" />
  if (inbox.isError)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The inbox could not be loaded. It will be tried again shortly.</Trans>
      </Text>
    )
  if (inbox.data.list.length === 0)
    return (
      <EmptyState
        size="sm"
        title={<Trans>Nothing waits for your approval</Trans>}
        description={<Trans>When someone submits a step you may approve, it appears here.</Trans>}
      />
    )
  return (
    <Stack gap="sm">
      <TaskRows items={inbox.data.list} lang={lang} />
      {inbox.data.total > inbox.data.list.length ? (
        <Anchor component={Link} to="/devOpsManage/inbox" fz="sm" data-testid="home-all-tasks">
          {inbox.data.totalCapped ? (
            <Trans>All tasks (more than {inbox.data.total})</Trans>
          ) : (
            <Trans>All {inbox.data.total} tasks</Trans>
          )}
        </Anchor>
      ) : null}
    </Stack>
  )
}

/** The latest messages (read or not), each opening its process. */
function ActivityPanel() {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  const messages = useQuery(latestMessagesQuery(false, 8))
  if (messages.isPending) return <Loader size="sm" />
  if (messages.isError)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The messages could not be loaded.</Trans>
      </Text>
    )
  if (messages.data.list.length === 0)
    return (
      <EmptyState
        size="sm"
        title={<Trans>No recent activity</Trans>}
        description={<Trans>Your processes have had no news lately.</Trans>}
      />
    )
  return (
    <Stack gap="xs">
      {messages.data.list.map((m) => (
        <UnstyledLink
          key={m.id}
          {...(m.kind === 'content' && m.contentId
            ? linkOptions({ to: '/messageCenter/index', search: { content: m.contentId } })
            : linkOptions({
                to: '/devOpsManage/index',
                search: m.processId ? { process: m.processId } : {},
              }))}
          className="vitrine-inbox-link"
          style={{ display: 'block', borderRadius: 6 }}
          data-message-id={m.id}
          data-inbox-item={m.processId ?? undefined}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={m.read ? 400 : 600} truncate>
                {m.title}
              </Text>
              <Text fz="xs" c="dimmed">
                {m.senderName ? `${m.senderName} · ` : ''}
                {formatDateTime(m.createdAt, lang)}
              </Text>
            </Stack>
            {m.read ? null : (
              <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                <Trans>New</Trans>
              </Badge>
            )}
          </Group>
        </UnstyledLink>
      ))}
    </Stack>
  )
}

export function HomeScreen() {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  const me = useMe()
  const shortcuts = SHORTCUTS.filter((s) => holds(me, s.privilege))
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz={24} data-testid="greeting">
            <Greeting name={me.user.displayName} />
          </Title>
          <Text c="dimmed" fz="sm">
            {formatDate(officeToday(), lang)}
            {me.roles.length > 0 ? ` · ${me.roles.map((r) => r.name).join(lang === 'en' ? ', ' : '、')}` : ''}
          </Text>
        </Stack>
      </Group>

      <Stack gap="sm">
        <Title order={3} fz={16} c="dark.5">
          <Trans>Shortcuts</Trans>
        </Title>
        {shortcuts.length === 0 ? (
          <Text c="dimmed" fz="sm">
            <Trans>
              Your account has no privileges yet. Ask an administrator for the ones your work needs.
            </Trans>
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" data-testid="shortcuts">
            {shortcuts.map((s) => {
              const Icon = SYSTEM_ICONS[s.icon]
              return (
                <UnstyledButton key={s.key} component={Link} to={s.to} data-shortcut={s.key}>
                  <Card withBorder radius="md" padding="md" h="100%">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <ThemeIcon variant="light" size={38} radius="md">
                        {Icon ? <Icon size={20} /> : null}
                      </ThemeIcon>
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600} fz="sm">
                          {i18n._(s.title)}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {i18n._(s.description)}
                        </Text>
                      </Stack>
                    </Group>
                  </Card>
                </UnstyledButton>
              )
            })}
          </SimpleGrid>
        )}
      </Stack>

      <LatestContent />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title={<Trans>My open tasks</Trans>} icon={<IconCheck size={16} />} testId="panel-approvals">
            <TasksPanel />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title={<Trans>Recent activity</Trans>} icon={<IconList size={16} />} testId="panel-activity">
            <ActivityPanel />
          </Panel>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
