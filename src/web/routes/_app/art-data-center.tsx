// /art-data-center: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/art-data-center')({
  staticData: { title: msg`Art data centre`, privilege: 'art-data-center:view' },
  component: () => <PlannedScreen purpose={msg`Market and artist data gathered for the collection.`} />,
})
