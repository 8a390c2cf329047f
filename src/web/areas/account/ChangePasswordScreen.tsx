// /password (from the user menu): a user changes their own password. The server applies the policy (at
// least 12 characters with letters and digits, a run of spaces counting as one; not the username, not a
// known-breached password) and ends the user's other sessions; this session stays signed in.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Card, PasswordInput, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { changePasswordRequest } from '../../../shared/contracts/auth'
import { changePassword } from '../../api/queries/auth'
import { useForm } from '../../forms/use-form'
import { PageHeader } from '../../shell/PageHeader'

/** The request plus the repeated new password, which must match (checked here only). */
const changePasswordForm = changePasswordRequest
  .extend({ confirmPassword: z.string().min(1, { message: 'required' }).max(200) })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: 'passwordsDiffer',
    path: ['confirmPassword'],
  })

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function ChangePasswordScreen() {
  const [formKey, setFormKey] = useState(0)
  const [ended, setEnded] = useState<number | null>(null)
  const mutation = useMutation({ mutationFn: changePassword })
  return (
    <>
      <PageHeader
        description={
          <Trans>
            At least 12 characters with letters and digits (a run of spaces counts as one); not your username,
            and not a commonly used password. Your other sessions end; this one stays signed in.
          </Trans>
        }
      />
      <Card withBorder radius="md" padding="lg" maw={480}>
        <PasswordForm
          key={formKey}
          submit={async (body) => {
            const reply = await mutation.mutateAsync(body)
            setEnded(reply.endedSessions)
            // The alert below says it (and how many sessions ended): no toast repeating it.
            setFormKey((k) => k + 1)
          }}
        />
        {ended !== null ? (
          <Alert color="teal" variant="light" mt="md" data-testid="password-changed">
            <Text size="sm">
              {ended === 0 ? (
                <Trans>Your password was changed. You had no other sessions.</Trans>
              ) : (
                <Trans>Your password was changed; {ended} other sessions were signed out.</Trans>
              )}
            </Text>
          </Alert>
        ) : null}
      </Card>
    </>
  )
}

function PasswordForm({
  submit,
}: {
  submit: (body: { currentPassword: string; newPassword: string }) => Promise<void>
}) {
  const { t } = useLingui()
  const form = useForm({ schema: changePasswordForm, initialValues: EMPTY })
  const onSubmit = form.onSubmit(({ currentPassword, newPassword }) =>
    submit({ currentPassword, newPassword }),
  )
  return (
    <form onSubmit={onSubmit} noValidate data-testid="password-form">
      <Stack gap="md">
        <PasswordInput
          label={t`Current password`}
          autoComplete="current-password"
          required
          maxLength={200}
          name="currentPassword"
          data-testid="password-current"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t`New password`}
          autoComplete="new-password"
          required
          maxLength={200}
          name="newPassword"
          data-testid="password-new"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t`Repeat the new password`}
          autoComplete="new-password"
          required
          maxLength={200}
          name="confirmPassword"
          data-testid="password-confirm"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={form.submitting} data-testid="password-submit">
          <Trans>Change password</Trans>
        </Button>
      </Stack>
    </form>
  )
}
