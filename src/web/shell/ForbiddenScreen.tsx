// Shown in place of a screen the user's privileges do not cover (the server would refuse its calls anyway).
import { Trans } from '@lingui/react/macro'
import { Anchor, Card, EmptyState } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { IconLock } from './icons'

export function ForbiddenScreen() {
  return (
    <Card withBorder radius="md" padding="xl" data-testid="forbidden-screen">
      <EmptyState
        icon={<IconLock size={28} />}
        withIndicatorBackground
        title={<Trans>You do not have access to this screen</Trans>}
        description={
          <Trans>
            Your system permissions are not enough for this function. An administrator can grant the privilege
            under Roles and privileges.
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
  )
}
