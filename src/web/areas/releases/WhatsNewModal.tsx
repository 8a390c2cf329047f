// "What's new": after a release is published, each user is shown its notes once, the next time a screen of
// the app opens (mounted in the shell beside the bell). Closing it tells the server the user has seen it.
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Group, Modal, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { markReleaseSeen, releaseKeys, unseenReleaseQuery } from '../../api/queries/releases'
import { ReleaseHeadline, ReleaseNotes } from './release-parts'

export function WhatsNewModal({ canOpenLog }: { canOpenLog: boolean }) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  const queryClient = useQueryClient()
  const unseen = useQuery(unseenReleaseQuery())
  const [closed, setClosed] = useState<string | null>(null)
  const release = unseen.data?.release ?? null
  const close = () => {
    if (!release) return
    setClosed(release.id)
    void markReleaseSeen(release.id)
      .then(() => queryClient.setQueryData(releaseKeys.unseen(), { release: null }))
      .catch(() => undefined)
  }
  return (
    <Modal
      opened={release !== null && closed !== release.id}
      onClose={close}
      title={t`What's new`}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {release ? (
        <Stack gap="md" data-testid="whats-new">
          <ReleaseHeadline release={release} order={3} />
          <ReleaseNotes notes={release.notes} />
          <Group justify="space-between" wrap="wrap">
            {canOpenLog ? (
              <Anchor component={Link} to="/versionLog/index" fz="sm" onClick={close}>
                <Trans>All release notes</Trans>
              </Anchor>
            ) : (
              <span />
            )}
            <Button onClick={close} data-testid="whats-new-close">
              <Trans>Got it</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
