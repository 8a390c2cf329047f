// /notifications (from the user menu): a user chooses which kinds of message also reach them by email, and
// the language those emails are written in. Every kind is on until the user turns it off; the
// bell shows every message whatever is chosen here.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Card, Group, Loader, Radio, Stack, Switch, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  EMAIL_KINDS,
  type EmailKind,
  type NotificationPreferencesInput,
  type NotificationPreferencesView,
  notificationPreferencesInput,
} from '../../../shared/contracts/notifications'
import {
  notificationKeys,
  notificationPreferencesQuery,
  saveNotificationPreferences,
} from '../../api/queries/notifications'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { LANGUAGE_OPTIONS } from '../../i18n/i18n'
import { PageHeader } from '../../shell/PageHeader'

/** Each emailable kind as the user reads it. */
const KIND_WORDS = {
  taskAssigned: msg`A task is given to me`,
  taskDueSoon: msg`A task of mine is due soon`,
  taskOverdue: msg`A task of mine is overdue`,
  taskEscalated: msg`Someone's overdue task is passed to me`,
  rejected: msg`A step I submitted is rejected`,
  paymentFailed: msg`A payment I submitted failed`,
} as const satisfies Record<EmailKind, MessageDescriptor>

export function NotificationPreferencesScreen() {
  const { t } = useLingui()
  const preferences = useQuery(notificationPreferencesQuery())
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Every message is in the bell. Choose which of them also reach you by email, and the language of
            those emails.
          </Trans>
        }
      />
      <Card withBorder radius="md" padding="lg" maw={560}>
        {preferences.isPending ? (
          <Loader size="sm" aria-label={t`Loading`} />
        ) : preferences.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>Your choices could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : (
          <PreferencesForm current={preferences.data} />
        )}
      </Card>
    </>
  )
}

function PreferencesForm({ current }: { current: NotificationPreferencesView }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm({
    schema: notificationPreferencesInput,
    initialValues: {
      language: current.language,
      email: { ...current.email },
    } as NotificationPreferencesInput,
  })
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.preferences(), saved)
      showSuccess(t`Your notification choices were saved`)
    },
  })
  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutateAsync(body))}
      noValidate
      data-testid="notification-preferences"
    >
      <Stack gap="lg">
        {!current.delivery ? (
          <Alert color="yellow" variant="light" data-testid="email-off">
            <Text size="sm">
              <Trans>
                This server does not send email at the moment. Your choices are kept and apply once it does.
              </Trans>
            </Text>
          </Alert>
        ) : null}
        {current.address ? (
          <Text size="sm">
            <Trans>
              Emails go to <b data-raw>{current.address}</b>.
            </Trans>
          </Text>
        ) : (
          <Alert color="yellow" variant="light" data-testid="no-address">
            <Text size="sm">
              <Trans>Your account has no email address: ask an administrator to add one.</Trans>
            </Text>
          </Alert>
        )}
        <Stack gap="sm">
          <Title order={2} fz="md">
            <Trans>By email when</Trans>
          </Title>
          {EMAIL_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={i18n._(KIND_WORDS[kind])}
              checked={form.values.email[kind]}
              onChange={(event) => form.setFieldValue(`email.${kind}`, event.currentTarget.checked)}
              data-testid={`email-${kind}`}
            />
          ))}
        </Stack>
        <Radio.Group
          label={t`Language of your emails`}
          value={form.values.language}
          onChange={(value) =>
            form.setFieldValue('language', value as NotificationPreferencesInput['language'])
          }
          error={form.errors.language}
        >
          <Group gap="lg" mt={6}>
            {LANGUAGE_OPTIONS.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                lang={option.value}
                data-testid={`email-language-${option.value}`}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <SubmitButton form={form}>
            <Trans>Save</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}
