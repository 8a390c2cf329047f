// Closing a form with typed text (Escape, the close button, Cancel) asks before throwing the text away:
// "keep editing" leaves the form as it was, "discard" closes it. A form with nothing typed closes at once.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { type ReactNode, useRef, useState } from 'react'

export function useDiscardGuard(close: () => void): {
  /** The form reports whether it holds typed text not yet saved. */
  setDirty: (dirty: boolean) => void
  /** Close, asking first when there is typed text. */
  requestClose: () => void
  /** Close without asking (after a save). */
  closeNow: () => void
  /** The question, to render beside the form's modal. */
  question: ReactNode
} {
  const { t } = useLingui()
  const dirty = useRef(false)
  const [asking, setAsking] = useState(false)
  const closeNow = () => {
    dirty.current = false
    setAsking(false)
    close()
  }
  return {
    setDirty: (d) => {
      dirty.current = d
    },
    requestClose: () => (dirty.current ? setAsking(true) : closeNow()),
    closeNow,
    question: (
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t`Discard what you typed?`}
        zIndex={400}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="sm" data-testid="discard-question">
          <Text fz="sm">
            <Trans>The text you typed has not been saved. Closing the form throws it away.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} data-testid="discard-keep">
              <Trans>Keep editing</Trans>
            </Button>
            <Button color="red" onClick={closeNow} data-testid="discard-go">
              <Trans>Discard</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    ),
  }
}
