// /artworkArchive/detail: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/artworkArchive/detail')({
  staticData: { title: msg`Artwork details`, privilege: 'artworkArchive:view' },
  component: () => <PlannedScreen purpose={msg`Everything known about one artwork: its records, files, valuations and processes.`} />,
})
