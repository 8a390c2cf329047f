// A change made after a confirmation (enable or disable a record, publish, withdraw, delete): what follows in
// words, the change sent, the server's refusal kept in the dialog (a field's message first, else the reply's),
// success said in a toast and the lists it touches read again. One dialog for every such change.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, type MantineColor, Modal, Stack, Text } from '@mantine/core'
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { isApiError } from '../api/api-error'
import { showSuccess } from './notify'

export interface ConfirmModalProps<T, R> {
  /** What the change is about; null: the dialog is closed. */
  subject: T | null
  title: (s: T) => string
  /** What the change does, in words. */
  effect: (s: T) => ReactNode
  /** The confirming button's words and colour. */
  confirm: (s: T) => { label: ReactNode; color?: MantineColor }
  send: (s: T) => Promise<R>
  /** The toast once it is done. */
  done: (result: R, s: T) => string
  invalidate: QueryKey
  /** `<testId>`, `<testId>-error`, `<testId>-go`. */
  testId: string
  onClose: () => void
}

export function ConfirmModal<T, R>({
  subject,
  title,
  effect,
  confirm,
  send,
  done,
  invalidate,
  testId,
  onClose,
}: ConfirmModalProps<T, R>) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: send,
    meta: { silent: true },
    onSuccess: async (result, s) => {
      showSuccess(done(result, s))
      await queryClient.invalidateQueries({ queryKey: invalidate })
      close()
    },
  })
  const close = () => {
    change.reset()
    onClose()
  }
  const refusal = change.error
    ? isApiError(change.error)
      ? (Object.values(change.error.fieldErrors ?? {})[0] ?? change.error.message)
      : t`The change could not be saved.`
    : null
  const button = subject === null ? null : confirm(subject)
  return (
    <Modal
      opened={subject !== null}
      onClose={close}
      title={subject === null ? '' : title(subject)}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="sm" data-testid={testId}>
        <Text fz="sm">{subject === null ? null : effect(subject)}</Text>
        {refusal ? (
          <Alert color="red" data-testid={`${testId}-error`}>
            {refusal}
          </Alert>
        ) : null}
        <ConfirmActions
          onCancel={close}
          onConfirm={() => subject !== null && change.mutate(subject)}
          pending={change.isPending}
          label={button?.label}
          color={button?.color}
          testId={`${testId}-go`}
        />
      </Stack>
    </Modal>
  )
}

/** A confirmation's buttons: Cancel, and the change itself (busy while it is sent). */
export function ConfirmActions({
  onCancel,
  onConfirm,
  pending,
  label,
  color,
  testId,
}: {
  onCancel: () => void
  onConfirm: () => void
  pending: boolean
  label: ReactNode
  color?: MantineColor
  testId: string
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button color={color} loading={pending} onClick={onConfirm} data-testid={testId}>
        {label}
      </Button>
    </Group>
  )
}
