// /dynamicManage/detail: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/dynamicManage/detail/')({
  staticData: { privilege: 'dynamicManage:view' },
  component: () => (
    <PlannedScreen
      purpose={msg`One published item and its parts: the exhibition it announces and the message it sends.`}
    />
  ),
})
