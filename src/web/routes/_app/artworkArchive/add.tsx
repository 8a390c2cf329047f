// /artworkArchive/add: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/artworkArchive/add')({
  staticData: { title: msg`Add artwork`, privilege: 'artworkArchive:edit' },
  component: () => <PlannedScreen purpose={msg`Register a new work: artist, title, dimensions, signature, medium, period, images and records.`} />,
})
