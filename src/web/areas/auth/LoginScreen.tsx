// Sign-in (/login): username and password; a wrong pair is shown at the password field; a locked or
// disabled account goes to /loginFail, which says why; success returns to where the user was.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type LoginRequest, loginRequest } from '../../../shared/contracts/auth'
import { isApiError } from '../../api/api-error'
import { describeError } from '../../api/describe-error'
import { authKeys, signIn } from '../../api/queries/auth'
import { useForm } from '../../forms/use-form'
import { session } from '../../session/session-store'
import { AuthFrame } from './AuthFrame'
import type { LoginFailReason } from './login-search'

export function LoginScreen({ redirect }: { redirect?: string }) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const form = useForm({ schema: loginRequest, initialValues: { username: '', password: '' } })
  const mutation = useMutation({ mutationFn: (body: LoginRequest) => signIn(body), meta: { silent: true } })

  const submit = form.onSubmit(async (values) => {
    try {
      const reply = await mutation.mutateAsync(values)
      session.signIn(reply.token, reply.user)
      queryClient.removeQueries({ queryKey: authKeys.all })
      await router.navigate({ href: redirect ?? '/', replace: true })
    } catch (error) {
      if (isApiError(error) && error.kind === 'api') {
        const reason: LoginFailReason | null =
          error.code === 429 ? 'locked' : error.code === 4031 ? 'disabled' : null
        if (reason) {
          await router.navigate({ to: '/loginFail', search: { reason, redirect } })
          return
        }
      }
      throw error
    }
  })

  const failure = form.submitError
  const offline = failure && (failure.kind === 'network' || failure.kind === 'timeout')
  const otherFailure = failure && !offline && !failure.fieldErrors ? describeError(failure, i18n) : null
  return (
    <AuthFrame>
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz={24}>
              <Trans>Sign in</Trans>
            </Title>
            <Text c="dimmed" fz="sm">
              <Trans>Use the account the administrator gave you.</Trans>
            </Text>
          </Stack>
          {offline ? (
            <Alert color="orange" variant="light" data-testid="login-offline">
              <Trans>The server cannot be reached. Check the network connection and try again.</Trans>
            </Alert>
          ) : otherFailure ? (
            <Alert color="red" variant="light">
              {otherFailure}
            </Alert>
          ) : null}
          <TextInput
            label={t`Username`}
            autoComplete="username"
            autoFocus
            required
            maxLength={64}
            name="username"
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            required
            maxLength={200}
            name="password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={form.submitting} mt="xs" data-testid="login-submit">
            <Trans>Sign in</Trans>
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  )
}
