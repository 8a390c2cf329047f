// The signed-in layout (Mantine AppShell): header with the product name, language switch, message bell and
// user menu; the side menu from /api/auth/me; breadcrumbs; the screen. Below 992 px the side menu folds
// behind a burger, which is how the screens usable on a phone (docs/architecture.md § Screens and routes) fit a 375 px phone.
import { useLingui } from '@lingui/react/macro'
import { AppShell, Box, Burger, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Outlet, useMatches } from '@tanstack/react-router'
import { holds } from '../../shared/access'
import { WhatsNewModal } from '../areas/releases/WhatsNewModal'
import { useMe } from '../session/use-session'
import { BrandMark } from './BrandMark'
import { Breadcrumbs } from './Breadcrumbs'
import { ForbiddenScreen } from './ForbiddenScreen'
import { LanguageSwitch } from './LanguageSwitch'
import { MessageBell } from './MessageBell'
import { mayUse } from './route-meta'
import { SideMenu } from './SideMenu'
import { UserMenu } from './UserMenu'

export function AppLayout() {
  const me = useMe()
  const { t } = useLingui()
  const [opened, { toggle, close }] = useDisclosure(false)
  const allowed = useMatches({
    select: (matches) => matches.every((m) => mayUse(me, m.staticData ?? {})),
  })
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="lg"
      styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
    >
      <AppShell.Header px="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t`Menu`} />
            <Box visibleFrom="sm">
              <BrandMark compact />
            </Box>
            <Box hiddenFrom="sm">
              <BrandMark compact short />
            </Box>
          </Group>
          <Group gap={6} wrap="nowrap">
            <LanguageSwitch />
            <MessageBell canOpenMessages={holds(me, 'messageCenter:view')} />
            <WhatsNewModal canOpenLog={holds(me, 'versionLog:view')} />
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}>
        <SideMenu menu={me.menu} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={1600} mx="auto">
          <Breadcrumbs />
          {allowed ? <Outlet /> : <ForbiddenScreen />}
        </Box>
      </AppShell.Main>
    </AppShell>
  )
}
