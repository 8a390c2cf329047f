// /devOpsLinkPage: every process type the user may start, each linking to where it starts.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProcessLauncherScreen } from '../../areas/process-start/ProcessLauncherScreen'

export const Route = createFileRoute('/_app/devOpsLinkPage')({
  staticData: { title: msg`Start a process` },
  component: ProcessLauncherScreen,
})
