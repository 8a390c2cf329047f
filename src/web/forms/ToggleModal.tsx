// Disable or enable a record (a room, a role, a user) after a confirmation: what follows in words, the change sent,
// the server's refusal kept in the dialog (a field's message first, else the reply's), success said in a toast.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { isApiError } from '../api/api-error'
import { showSuccess } from './notify'

export function ToggleModal<T extends { enabled: boolean }>({
  record,
  label,
  send,
  invalidate,
  effect,
  testId,
  onClose,
}: {
  /** The record to change; null: the dialog is closed. */
  record: T | null
  /** Its name in the current language. */
  label: (r: T) => string
  /** Sends the opposite of `r.enabled`; answers the record saved. */
  send: (r: T) => Promise<T>
  invalidate: QueryKey
  /** What the change does, for the record as it is now. */
  effect: (r: T) => ReactNode
  /** `<testId>`, `<testId>-error`, `<testId>-confirm`. */
  testId: string
  onClose: () => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const toggle = useMutation({
    mutationFn: send,
    meta: { silent: true },
    onSuccess: async (saved) => {
      showSuccess(saved.enabled ? t`${label(saved)} is enabled` : t`${label(saved)} is disabled`)
      await queryClient.invalidateQueries({ queryKey: invalidate })
      close()
    },
  })
  const close = () => {
    toggle.reset()
    onClose()
  }
  const name = record ? label(record) : ''
  const refusal = toggle.error
    ? isApiError(toggle.error)
      ? (Object.values(toggle.error.fieldErrors ?? {})[0] ?? toggle.error.message)
      : t`The change could not be saved.`
    : null
  return (
    <Modal
      opened={record !== null}
      onClose={close}
      title={record?.enabled ? t`Disable ${name}?` : t`Enable ${name}?`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="sm" data-testid={testId}>
        <Text fz="sm">{record ? effect(record) : null}</Text>
        {refusal ? (
          <Alert color="red" data-testid={`${testId}-error`}>
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color={record?.enabled ? 'red' : 'teal'}
            loading={toggle.isPending}
            onClick={() => record && toggle.mutate(record)}
            data-testid={`${testId}-confirm`}
          >
            {record?.enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
