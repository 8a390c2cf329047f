// The honest state of a screen that a later release builds: its title, where it sits in the menu (the
// breadcrumbs above it), what it will hold, and that there is nothing to work with here yet.
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Anchor, Card, EmptyState } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { IconCompass } from './icons'
import { PageHeader } from './PageHeader'

export function PlannedScreen({ purpose, children }: { purpose: MessageDescriptor; children?: ReactNode }) {
  const { i18n } = useLingui()
  return (
    <>
      <PageHeader description={i18n._(purpose)} />
      {children}
      <Card withBorder radius="md" padding="xl" data-testid="planned-screen">
        <EmptyState
          icon={<IconCompass size={28} />}
          withIndicatorBackground
          title={<Trans>This screen is not available yet</Trans>}
          description={
            <Trans>
              It arrives with a later release of Vitrine. Nothing is stored or changed here, so nothing is
              lost by looking.
            </Trans>
          }
        >
          <EmptyState.Actions>
            <Anchor component={Link} to="/">
              <Trans>Back to the home page</Trans>
            </Anchor>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    </>
  )
}
