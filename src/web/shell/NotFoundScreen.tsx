// The 404 page for any unknown path (docs/architecture.md § Screens and routes); it stands alone, so it works signed in or not.
import { Trans } from '@lingui/react/macro'
import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { Link, useLocation } from '@tanstack/react-router'
import { BrandMark } from './BrandMark'

export function NotFoundScreen() {
  const { pathname } = useLocation()
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack align="center" gap="md" maw={440} ta="center" data-testid="not-found">
        <BrandMark />
        <Title order={1} fz={64} c="ink.8" fw={700} lh={1}>
          404
        </Title>
        <Title order={2} fz={20}>
          <Trans>This page does not exist</Trans>
        </Title>
        <Text c="dimmed" fz="sm" style={{ wordBreak: 'break-all' }}>
          <Trans>Nothing is found at {pathname}. The address may be mistyped, or the page has moved.</Trans>
        </Text>
        <Button component={Link} to="/">
          <Trans>Go to the home page</Trans>
        </Button>
      </Stack>
    </Center>
  )
}
