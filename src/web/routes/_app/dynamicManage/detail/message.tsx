// /dynamicManage/detail/message: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/dynamicManage/detail/message')({
  staticData: { title: msg`Message`, privilege: 'dynamicManage:view' },
  component: () => <PlannedScreen purpose={msg`The message this item sends.`} />,
})
