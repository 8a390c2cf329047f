// /artworkArchive/artSummary: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/artworkArchive/artSummary')({
  staticData: { title: msg`Collection summary`, privilege: 'artworkArchive:view' },
  component: () => <PlannedScreen purpose={msg`The collection in figures: by artist, medium, period, location and value.`} />,
})
