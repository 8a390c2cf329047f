// The artwork form's surroundings, apart from its fields: the notices above it (someone else holds the edit
// lock, the lock could not be taken, someone saved meanwhile), the "Before saving" checklist beside it and
// the dialog asking before unsaved changes are dropped.
import { Trans } from '@lingui/react/macro'
import { Alert, Button, Card, Group, List, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatMessage, type Lang } from '../../../../shared/errors'
import { formatDateTime } from '../../../i18n/format'
import { IconCheck, IconLock } from '../../../shell/icons'
import type { readinessOf } from './form-values'
import type { EditLockState } from './use-edit-lock'

export function EditNotices({
  lockState,
  lang,
  conflict,
  onRetry,
  onBack,
  onReload,
}: {
  lockState: EditLockState
  lang: Lang
  conflict: boolean
  onRetry: () => void
  onBack: () => void
  onReload: () => void
}) {
  return (
    <>
      {lockState.status === 'locked' ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconLock size={18} />}
          title={lockState.message}
          data-testid="form-lock-notice"
        >
          <Stack gap="xs">
            <Text fz="sm">
              {lockState.holder && lockState.expiresAt ? (
                <Trans>
                  {lockState.holder} is editing this record. You can edit it once they save or leave it, at
                  the latest {formatDateTime(lockState.expiresAt, lang)}.
                </Trans>
              ) : (
                <Trans>Someone else is editing this record. Try again in a moment.</Trans>
              )}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={onRetry}>
                <Trans>Try again</Trans>
              </Button>
              <Button size="xs" variant="subtle" onClick={onBack}>
                <Trans>Back to the artwork</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {lockState.status === 'failed' ? (
        <Alert color="red" variant="light" title={<Trans>The record could not be opened for editing</Trans>}>
          <Group gap="xs">
            <Text fz="sm">{lockState.message}</Text>
            <Button size="xs" variant="default" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </Group>
        </Alert>
      ) : null}
      {conflict ? (
        <Alert
          color="orange"
          variant="light"
          title={formatMessage('conflict', lang)}
          data-testid="form-conflict"
        >
          <Group gap="xs">
            <Text fz="sm">
              <Trans>
                Someone saved this record after you opened it. Reload it to see their changes, then edit
                again.
              </Trans>
            </Text>
            <Button size="xs" variant="default" onClick={onReload}>
              <Trans>Reload</Trans>
            </Button>
          </Group>
        </Alert>
      ) : null}
    </>
  )
}

function CheckItem({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={18} radius="xl" color={ok ? 'teal' : 'gray.4'} variant={ok ? 'filled' : 'light'}>
          <IconCheck size={12} />
        </ThemeIcon>
      }
    >
      <Text fz="sm" c={ok ? 'dark.7' : 'dimmed'}>
        {children}
      </Text>
    </List.Item>
  )
}

export function FormChecklist({
  ready,
  errorCount,
  uploading,
  onCancel,
  submit,
}: {
  ready: ReturnType<typeof readinessOf>
  errorCount: number
  uploading: boolean
  onCancel: () => void
  submit: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="form-checklist">
      <Stack gap="md">
        <Title order={3} fz={15} fw={600}>
          <Trans>Before saving</Trans>
        </Title>
        <List spacing={6} size="sm" center>
          <CheckItem ok={ready.inventoryNo}>
            <Trans>Inventory number</Trans>
          </CheckItem>
          <CheckItem ok={ready.title}>
            <Trans>A title</Trans>
          </CheckItem>
          <CheckItem ok={ready.period}>
            <Trans>Period of creation</Trans>
          </CheckItem>
          <CheckItem ok={ready.signature}>
            <Trans>Signature information</Trans>
          </CheckItem>
          <CheckItem ok={ready.preview}>
            <Trans>A preview image</Trans>
          </CheckItem>
          <CheckItem ok={ready.picTypes}>
            <Trans>A picture type for every image</Trans>
          </CheckItem>
        </List>
        {errorCount > 0 ? (
          <Alert color="red" variant="light" py="xs" data-testid="form-error-summary">
            <Trans>{errorCount} fields need attention.</Trans>
          </Alert>
        ) : null}
        {uploading ? (
          <Text fz="xs" c="dimmed">
            <Trans>Uploads are running: the record can be saved once they finish.</Trans>
          </Text>
        ) : null}
        <Group grow>
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          {submit}
        </Group>
      </Stack>
    </Card>
  )
}

/** Asks before leaving with unsaved changes (TanStack Router's blocker with a resolver). */
export function LeaveDialog({
  blocker,
}: {
  blocker: { status: string; reset?: () => void; proceed?: () => void }
}) {
  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={<Trans>Leave without saving?</Trans>}
      centered
    >
      <Stack gap="md">
        <Text fz="sm">
          <Trans>The changes made here are not saved yet. Leaving drops them.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            <Trans>Stay</Trans>
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()} data-testid="leave-anyway">
            <Trans>Leave</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
