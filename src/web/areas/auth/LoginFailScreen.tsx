// /loginFail: why signing in did not work (account disabled, too many attempts, server unreachable) and
// the way back to the sign-in form.
import { Trans } from '@lingui/react/macro'
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { safeRedirect } from '../../session/safe-redirect'
import { IconLock } from '../../shell/icons'
import { AuthFrame } from './AuthFrame'
import type { LoginFailSearch } from './login-search'

export function LoginFailScreen({ reason, redirect: asked }: LoginFailSearch) {
  const navigate = useNavigate()
  const redirect = safeRedirect(asked)
  return (
    <AuthFrame>
      <Stack gap="md" data-testid="login-fail" data-reason={reason}>
        <ThemeIcon size={48} radius="xl" variant="light" color="orange">
          <IconLock size={24} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          <Trans>Signing in did not work</Trans>
        </Title>
        <Text c="dimmed" fz="sm" lh={1.7}>
          {reason === 'disabled' ? (
            <Trans>This account is disabled. Ask an administrator to enable it again.</Trans>
          ) : reason === 'locked' ? (
            <Trans>
              There were too many failed attempts, so signing in is paused for a while. Wait a few minutes and
              try again, or ask an administrator.
            </Trans>
          ) : (
            <Trans>
              The sign-in service could not be reached. Check the network connection and try again.
            </Trans>
          )}
        </Text>
        <Button
          onClick={() => void navigate({ to: '/login', search: redirect ? { redirect } : {} })}
          data-testid="back-to-login"
        >
          <Trans>Back to sign-in</Trans>
        </Button>
      </Stack>
    </AuthFrame>
  )
}
