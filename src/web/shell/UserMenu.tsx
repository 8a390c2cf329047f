// The user menu: who is signed in and with which roles, changing one's password, the administrator's
// diagnostics, sign-out.
import { Trans } from '@lingui/react/macro'
import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { MeResponse } from '../../shared/contracts/auth'
import { startGroupsOf } from '../areas/process-start/start-points'
import { useSignOut } from '../session/use-session'
import { IconCalendar, IconGauge, IconLock, IconLogout, IconMail, IconRoute } from './icons'

export function initials(name: string): string {
  const trimmed = name.trim()
  if (!trimmed) return '?'
  // A Chinese personal name (2–3 characters): its given name, as colleagues address each other; a longer
  // Chinese name (an office or a role): its first character; otherwise the first letters of two words.
  const chinese = /[\u4e00-\u9fff]+/.exec(trimmed)
  if (chinese) return chinese[0].length <= 3 ? chinese[0].slice(-2) : chinese[0][0]
  return trimmed
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
}

export function UserMenu({ me }: { me: MeResponse }) {
  const signOut = useSignOut()
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="ink" variant="filled" alt={me.user.displayName} data-raw>
              {initials(me.user.displayName)}
            </Avatar>
            <Text fz="sm" fw={500} visibleFrom="sm" maw={140} truncate data-raw>
              {me.user.displayName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="dark">
            {me.user.displayName}
          </Text>
          <Text fz="xs" c="dimmed">
            {me.user.username}
          </Text>
          <Group gap={4} mt={6}>
            {me.roles.map((role) => (
              <Badge key={role.id} size="xs" variant="light">
                {role.name}
              </Badge>
            ))}
          </Group>
        </Menu.Label>
        <Menu.Divider />
        {startGroupsOf(me).length > 0 ? (
          <Menu.Item component={Link} to="/devOpsLinkPage" leftSection={<IconRoute size={16} />}>
            <Trans>Start a process</Trans>
          </Menu.Item>
        ) : null}
        {me.allPrivileges ? (
          <Menu.Item
            component={Link}
            to="/test"
            leftSection={<IconGauge size={16} />}
            data-testid="diagnostics-link"
          >
            <Trans>Diagnostics</Trans>
          </Menu.Item>
        ) : null}
        <Menu.Item
          component={Link}
          to="/outOfOffice"
          leftSection={<IconCalendar size={16} />}
          data-testid="out-of-office-link"
        >
          <Trans>Out of office</Trans>
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/password"
          leftSection={<IconLock size={16} />}
          data-testid="change-password-link"
        >
          <Trans>Change password</Trans>
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/notifications"
          leftSection={<IconMail size={16} />}
          data-testid="notifications-link"
        >
          <Trans>Email notifications</Trans>
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
          data-testid="sign-out"
        >
          <Trans>Sign out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
