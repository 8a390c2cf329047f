// /devOpsLinkPage: every process type this user may start, each linking to where it starts (start-points.ts:
// the start drawer of an operation's list, an insurance or stocktake start screen, the purchase screen).
// Each type offered is one this user may start (mayStartType); when none is, the page says so.

import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Card, EmptyState, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { langOf } from '../../../shared/lang'
import { PROCESS_TYPE_LABELS } from '../../../shared/process-types'
import { useMe } from '../../session/use-session'
import { IconLock, IconRoute } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { CardLink } from '../archive/router-links'
import { startGroupsOf, startTarget } from './start-points'

export function ProcessLauncherScreen() {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  const me = useMe()
  const groups = startGroupsOf(me)
  return (
    <>
      <PageHeader
        description={<Trans>Choose the kind of process to start; each opens where it begins.</Trans>}
      />
      {groups.length === 0 ? (
        <Card withBorder radius="md" padding="xl" data-testid="launcher-none">
          <EmptyState
            icon={<IconLock size={28} />}
            withIndicatorBackground
            title={<Trans>You may not start processes</Trans>}
            description={
              <Trans>
                Starting a process needs the privilege “Operations: Start processes”. Ask an administrator.
              </Trans>
            }
          />
        </Card>
      ) : (
        <Stack gap="xl" data-testid="launcher">
          {groups.map((group) => (
            <Stack key={group.title.id} gap="sm">
              <Title order={3} fz={16} c="dark.5">
                {i18n._(group.title)}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
                {group.points.map((point) => (
                  <CardLink
                    key={point.type}
                    withBorder
                    radius="md"
                    padding="md"
                    to={startTarget(point).to}
                    search={startTarget(point).search}
                    data-process-type={point.type}
                    style={{ textDecoration: 'none' }}
                  >
                    <Stack gap={6}>
                      <IconRoute size={22} color="var(--mantine-color-ink-7)" />
                      <Text fw={600} c="dark.7">
                        {PROCESS_TYPE_LABELS[point.type][lang]}
                      </Text>
                      <Text fz="xs" c="dimmed" lh={1.5}>
                        {i18n._(point.steps)}
                      </Text>
                    </Stack>
                  </CardLink>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
    </>
  )
}
