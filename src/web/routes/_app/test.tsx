// /test: diagnostics for administrators.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DiagnosticsScreen } from '../../areas/system/DiagnosticsScreen'

export const Route = createFileRoute('/_app/test')({
  staticData: { title: msg`Diagnostics`, adminOnly: true },
  component: DiagnosticsScreen,
})
