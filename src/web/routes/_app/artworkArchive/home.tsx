// /artworkArchive/home: the same screen as /artworkArchive/index (DESIGN.md § Web: `home` and `index` are one screen).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/artworkArchive/home')({
  staticData: { title: msg`Archive`, privilege: 'artworkArchive:view' },
  component: () => (
    <PlannedScreen
      purpose={msg`Every artwork in the collection, searchable by artist, title, medium, period and where it is.`}
    />
  ),
})
