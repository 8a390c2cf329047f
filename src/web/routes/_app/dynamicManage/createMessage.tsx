// /dynamicManage/createMessage: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/dynamicManage/createMessage')({
  staticData: { title: msg`New notice`, privilege: 'dynamicManage:edit' },
  component: () => <PlannedScreen purpose={msg`Write a notice or message and choose who receives it.`} />,
})
