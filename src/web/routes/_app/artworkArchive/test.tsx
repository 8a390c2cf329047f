// /artworkArchive/test: the administrators' diagnostics, reached from the archive area.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DiagnosticsScreen } from '../../../areas/system/DiagnosticsScreen'

export const Route = createFileRoute('/_app/artworkArchive/test')({
  staticData: { title: msg`Diagnostics`, adminOnly: true },
  component: DiagnosticsScreen,
})
