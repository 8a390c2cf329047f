// docs/architecture.md § Page-wide behaviours: at 991 px wide or less, a notice that the application is best used on a computer: a bar at the
// bottom of the window (clear of the header and its menu button) that can be put away for the rest of the
// visit; the screens usable on a phone stay usable above it.
import { Trans, useLingui } from '@lingui/react/macro'
import { CloseButton, Group, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useState } from 'react'
import { IconMonitor } from './icons'
import { NARROW_MAX_WIDTH } from './root-font'

const DISMISSED_KEY = 'vitrine.narrowNoticeDismissed'

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

export function NarrowScreenNotice() {
  const narrow = useMediaQuery(`(max-width: ${NARROW_MAX_WIDTH}px)`, false, {
    getInitialValueInEffect: false,
  })
  const [dismissed, setDismissed] = useState(wasDismissed)
  const { t } = useLingui()
  if (!narrow || dismissed) return null
  return (
    <Group
      role="status"
      data-testid="narrow-screen-notice"
      gap="xs"
      wrap="nowrap"
      px="md"
      py={8}
      bg="bronze.0"
      style={{
        borderTop: '1px solid var(--mantine-color-bronze-3)',
        boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.06)',
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 300,
      }}
    >
      <IconMonitor size={18} color="var(--mantine-color-bronze-8)" />
      <Text fz="sm" c="bronze.9" style={{ flex: 1 }}>
        <Trans>This page is best viewed on a computer.</Trans>
      </Text>
      <CloseButton
        size="sm"
        aria-label={t`Hide this notice`}
        onClick={() => {
          setDismissed(true)
          try {
            sessionStorage.setItem(DISMISSED_KEY, '1')
          } catch {
            // storage refused: the notice is put away for this page view only
          }
        }}
      />
    </Group>
  )
}
