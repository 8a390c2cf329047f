// /valueManage/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/valueManage/index')({
  staticData: { title: msg`Valuation list`, privilege: 'valueManage:view' },
  component: () => <PlannedScreen purpose={msg`Valuations of the collection, by artwork and date.`} />,
})
