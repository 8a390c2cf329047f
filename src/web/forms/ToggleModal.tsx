// Disable or enable a record (a room, a role, a user) after a confirmation (ConfirmModal): what follows in
// words, the opposite of its state sent, success said in a toast.
import { Trans, useLingui } from '@lingui/react/macro'
import type { QueryKey } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ConfirmModal } from './ConfirmModal'

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
  /** `<testId>`, `<testId>-error`, `<testId>-go`. */
  testId: string
  onClose: () => void
}) {
  const { t } = useLingui()
  return (
    <ConfirmModal
      subject={record}
      title={(r) => {
        const name = label(r)
        return r.enabled ? t`Disable ${name}?` : t`Enable ${name}?`
      }}
      effect={effect}
      confirm={(r) =>
        r.enabled
          ? { label: <Trans>Disable</Trans>, color: 'red' }
          : { label: <Trans>Enable</Trans>, color: 'teal' }
      }
      send={send}
      done={(saved) => (saved.enabled ? t`${label(saved)} is enabled` : t`${label(saved)} is disabled`)}
      invalidate={invalidate}
      testId={testId}
      onClose={onClose}
    />
  )
}
