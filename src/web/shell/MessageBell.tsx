// The message bell: how many processes wait for this user (approvals to decide, own submissions sent back),
// from the process inbox. Until the process API is deployed the inbox answers 404 and the bell says so.
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Anchor, Badge, Divider, Group, Indicator, Popover, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { inboxQuery } from '../api/queries/process'
import { InboxLink, inboxTitle } from '../areas/process/InboxLink'
import { formatDateTime } from '../i18n/format'
import { IconBell } from './icons'

export function MessageBell({ canOpenMessages }: { canOpenMessages: boolean }) {
  const { t, i18n } = useLingui()
  const lang = i18n.locale === 'en' ? 'en' : 'zh-CN'
  const inbox = useQuery(inboxQuery())
  const [opened, setOpened] = useState(false)
  const count = inbox.data ? inbox.data.waiting + inbox.data.rejected : 0
  return (
    // The count sits outside the popover's target, so the popover's ARIA lands on the button itself.
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      color="red"
      disabled={count === 0}
      offset={4}
      data-testid="message-count"
    >
      <Popover position="bottom-end" width={320} shadow="md" withArrow opened={opened} onChange={setOpened}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t`Messages`}
            data-testid="message-bell"
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="sm">
          <Text fw={600} fz="sm" mb="xs">
            <Trans>Waiting for you</Trans>
          </Text>
          {inbox.isPending ? (
            <Text c="dimmed" fz="sm">
              <Trans>Loading…</Trans>
            </Text>
          ) : inbox.isError ? (
            <Text c="dimmed" fz="sm">
              <Trans>The inbox could not be loaded.</Trans>
            </Text>
          ) : inbox.data === null ? (
            <Text c="dimmed" fz="sm" data-testid="inbox-unavailable">
              <Trans>The process inbox is not available yet.</Trans>
            </Text>
          ) : inbox.data.list.length === 0 ? (
            <Text c="dimmed" fz="sm">
              <Trans>Nothing is waiting for you.</Trans>
            </Text>
          ) : (
            <Stack gap={6}>
              {inbox.data.list.slice(0, 6).map((item) => (
                <InboxLink
                  key={`${item.kind}-${item.process.id}`}
                  item={item}
                  onClick={() => setOpened(false)}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fz="sm" truncate>
                        {inboxTitle(item, lang)}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(item.at, lang)}
                      </Text>
                    </Stack>
                    <Badge size="xs" variant="light" color={item.kind === 'approve' ? 'ink' : 'orange'}>
                      {item.kind === 'approve' ? <Trans>To approve</Trans> : <Trans>Sent back</Trans>}
                    </Badge>
                  </Group>
                </InboxLink>
              ))}
            </Stack>
          )}
          {canOpenMessages ? (
            <>
              <Divider my="xs" />
              <Anchor component={Link} to="/messageCenter/index" fz="sm" onClick={() => setOpened(false)}>
                <Trans>Open the message centre</Trans>
              </Anchor>
            </>
          ) : null}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  )
}
