// /devOpsManage/mochaItom/$art_id: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/mochaItom/$art_id')({
  staticData: { title: msg`Artwork operations`, privilege: 'devOpsManage:view' },
  component: ArtworkOperations,
})

function ArtworkOperations() {
  const { art_id } = Route.useParams()
  return (
    <PlannedScreen purpose={msg`Every operation one artwork has gone through, step by step.`}>
      <Text c="dimmed" fz="sm" mb="md" data-testid="route-param">
        <Trans>Artwork: {art_id}</Trans>
      </Text>
    </PlannedScreen>
  )
}
