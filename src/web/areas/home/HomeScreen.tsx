// Home (/): a greeting, the user's shortcuts (by privilege), and the two panels the process issues fill:
// approvals waiting for this user and recent activity, both from the process inbox. Until that exists the
// panels say so instead of showing made-up rows.

import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import {
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
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { InboxView } from '../../../shared/contracts/process'
import { inboxQuery } from '../../api/queries/process'
import { formatDate, formatDateTime } from '../../i18n/format'
import { isLang } from '../../i18n/i18n'
import { useMe } from '../../session/use-session'
import { IconCheck, IconList, SYSTEM_ICONS } from '../../shell/icons'
import { hasPrivilege } from '../../shell/route-meta'
import { InboxLink, inboxTitle } from '../process/InboxLink'
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

function InboxRows({ items, lang }: { items: InboxView['list']; lang: 'zh-CN' | 'en' }) {
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <InboxLink key={`${item.kind}-${item.process.id}`} item={item}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={500} truncate>
                {inboxTitle(item, lang)}
              </Text>
              <Text fz="xs" c="dimmed">
                {item.process.createdByName} · {formatDateTime(item.at, lang)}
              </Text>
            </Stack>
            <Badge
              variant="light"
              color={item.kind === 'approve' ? 'ink' : 'orange'}
              style={{ flexShrink: 0 }}
            >
              {item.kind === 'approve' ? <Trans>To approve</Trans> : <Trans>Sent back</Trans>}
            </Badge>
          </Group>
        </InboxLink>
      ))}
    </Stack>
  )
}

function InboxPanel({ kind }: { kind: 'approvals' | 'activity' }) {
  const { i18n } = useLingui()
  const lang = isLang(i18n.locale) ? i18n.locale : 'zh-CN'
  const inbox = useQuery(inboxQuery())
  if (inbox.isPending) return <Loader size="sm" />
  if (inbox.isError)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The inbox could not be loaded. It will be tried again shortly.</Trans>
      </Text>
    )
  if (inbox.data === null)
    return (
      <EmptyState
        size="sm"
        title={<Trans>Not available yet</Trans>}
        description={
          kind === 'approvals' ? (
            <Trans>
              Approvals waiting for you will be listed here once the process engine is in service.
            </Trans>
          ) : (
            <Trans>
              What happened to your processes will be listed here once the process engine is in service.
            </Trans>
          )
        }
        data-testid="inbox-unavailable"
      />
    )
  const items =
    kind === 'approvals'
      ? inbox.data.list.filter((i) => i.kind === 'approve')
      : [...inbox.data.list].sort((a, b) => b.at.localeCompare(a.at)).slice(0, 8)
  if (items.length === 0)
    return (
      <EmptyState
        size="sm"
        title={
          kind === 'approvals' ? (
            <Trans>Nothing waits for your approval</Trans>
          ) : (
            <Trans>No recent activity</Trans>
          )
        }
        description={
          kind === 'approvals' ? (
            <Trans>When someone submits a step you may approve, it appears here.</Trans>
          ) : (
            <Trans>Your processes have had no news lately.</Trans>
          )
        }
      />
    )
  return <InboxRows items={items} lang={lang} />
}

export function HomeScreen() {
  const { i18n } = useLingui()
  const lang = isLang(i18n.locale) ? i18n.locale : 'zh-CN'
  const me = useMe()
  const shortcuts = SHORTCUTS.filter((s) => hasPrivilege(me, s.privilege))
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz={24} data-testid="greeting">
            <Greeting name={me.user.displayName} />
          </Title>
          <Text c="dimmed" fz="sm">
            {formatDate(new Date(), lang)}
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
                <UnstyledButton key={s.key} component={Link} to={s.to as never} data-shortcut={s.key}>
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

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel
            title={<Trans>My pending approvals</Trans>}
            icon={<IconCheck size={16} />}
            testId="panel-approvals"
          >
            <InboxPanel kind="approvals" />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title={<Trans>Recent activity</Trans>} icon={<IconList size={16} />} testId="panel-activity">
            <InboxPanel kind="activity" />
          </Panel>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
