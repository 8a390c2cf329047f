// Shown when a screen fails unexpectedly (a bug, or the network gone while loading its code or data).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { isApiError } from '../api/api-error'
import { describeError } from '../api/describe-error'

export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const { i18n } = useLingui()
  const offline = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
  return (
    <Card withBorder radius="md" padding="xl" m="md" data-testid="error-screen">
      <Stack gap="sm">
        <Title order={3}>
          {offline ? (
            <Trans>The server cannot be reached</Trans>
          ) : (
            <Trans>Something went wrong on this screen</Trans>
          )}
        </Title>
        <Text c="dimmed" fz="sm">
          {offline ? (
            <Trans>Check the network connection, then try again.</Trans>
          ) : (
            <Trans>Try again; if it keeps happening, tell the administrator what you were doing.</Trans>
          )}
        </Text>
        {!offline && isApiError(error) ? <Code block>{describeError(error, i18n)}</Code> : null}
        <Group>
          <Button onClick={() => (reset ? reset() : window.location.reload())}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
