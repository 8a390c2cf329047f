// The top of every screen: its title (from the route, the page's one h1) and, optionally, a line of explanation
// and actions.
import { useLingui } from '@lingui/react'
import { Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { titleText } from './route-meta'
import { useCrumbs } from './use-route-title'

export function PageHeader({
  description,
  actions,
  title,
}: {
  description?: ReactNode
  actions?: ReactNode
  title?: ReactNode
}) {
  const { i18n } = useLingui()
  const crumbs = useCrumbs()
  const last = crumbs[crumbs.length - 1]
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={1} fz={22} data-testid="page-title">
          {title ?? (last ? titleText(i18n, last.title) : null)}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" maw={720} data-testid="page-description">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  )
}
