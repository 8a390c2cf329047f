// /systemLog/export: the full export for administrators (areas/system/FullExportScreen.tsx).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { exportJobsQuery } from '../../../api/queries/exports'
import { FullExportScreen } from '../../../areas/system/FullExportScreen'

export const Route = createFileRoute('/_app/systemLog/export')({
  staticData: { title: msg`Full export`, adminOnly: true },
  loader: ({ context }) => void context.queryClient.prefetchQuery(exportJobsQuery()),
  component: FullExportScreen,
})
