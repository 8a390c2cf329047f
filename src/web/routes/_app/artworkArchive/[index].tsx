// /artworkArchive/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/artworkArchive/index')({
  staticData: { title: msg`Archive`, privilege: 'artworkArchive:view' },
  component: () => <PlannedScreen purpose={msg`Every artwork in the collection, searchable by artist, title, medium, period and where it is.`} />,
})
