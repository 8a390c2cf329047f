// Sign-in (/login): username and password; a wrong pair is shown at the password field; a locked or
// disabled account goes to /loginFail, which says why; success returns to where the user was.
// Two fields held in React state rather than the form kit (or @mantine/form): this page is the whole first
// download, 180 KB gzip at most, and the kit brings zod and Mantine's form. Its only rule is "required"
// (worded by the shared catalogue); the lengths are the inputs' maxLength; the server checks the request
// against `loginRequest`, and its refusals land at the fields (docs/decisions.md, "Start and first download").
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type ChangeEvent, type FormEvent, useState } from 'react'
import type { LoginRequest } from '../../../shared/contracts/auth'
import { type ApiError, isApiError } from '../../api/api-error'
import { describeError } from '../../api/describe-error'
import { authKeys, signIn } from '../../api/queries/auth'
import { currentLanguage } from '../../i18n/i18n'
import { afterSignIn, safeRedirect } from '../../session/safe-redirect'
import { session } from '../../session/session-store'
import { AuthFrame } from './AuthFrame'
import type { LoginFailReason } from './login-search'

export function LoginScreen({ redirect }: { redirect?: string }) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [submitting, setSubmitting] = useState(false)
  const [failure, setFailure] = useState<ApiError | null>(null)
  const mutation = useMutation({ mutationFn: (body: LoginRequest) => signIn(body), meta: { silent: true } })

  /** A field's props: its value, its error (cleared as the user types). */
  const field = (name: keyof LoginRequest) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value
      setValues((v) => ({ ...v, [name]: value }))
      setErrors(({ [name]: _cleared, ...rest }) => rest)
    },
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const empty = [...(values.username.trim() ? [] : ['username']), ...(values.password ? [] : ['password'])]
    if (empty.length > 0) {
      // The shared catalogue's word, loaded when first needed (it is not part of the first download).
      const { formatMessage } = await import('../../../shared/errors')
      const required = formatMessage('required', currentLanguage(i18n))
      setErrors(Object.fromEntries(empty.map((name) => [name, required])))
      return
    }
    setErrors({})
    setFailure(null)
    setSubmitting(true)
    try {
      const reply = await mutation.mutateAsync(values)
      session.signIn(reply.token, reply.user)
      queryClient.removeQueries({ queryKey: authKeys.all })
      await router.navigate({ href: afterSignIn(redirect), replace: true })
    } catch (error) {
      if (isApiError(error) && error.kind === 'api') {
        const reason: LoginFailReason | null =
          error.code === 429 ? 'locked' : error.code === 4031 ? 'disabled' : null
        if (reason) {
          await router.navigate({ to: '/loginFail', search: { reason, redirect: safeRedirect(redirect) } })
          return
        }
      }
      // Toasted or redirected above the client already; here it lands at the fields or shows on the form.
      if (!isApiError(error)) throw error
      setFailure(error)
      if (error.fieldErrors) setErrors(error.fieldErrors)
    } finally {
      setSubmitting(false)
    }
  }

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
            {...field('username')}
          />
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            required
            maxLength={200}
            {...field('password')}
          />
          <Button type="submit" fullWidth loading={submitting} mt="xs" data-testid="login-submit">
            <Trans>Sign in</Trans>
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  )
}
