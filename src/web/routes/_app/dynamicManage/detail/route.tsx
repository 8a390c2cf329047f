// /dynamicManage/detail and its two children (exhibition, message): the way back to the news above the
// screen. The kind pages' breadcrumb opens the same item on the page for either kind.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DynamicDetailLayout } from '../../../../areas/dynamic/DynamicDetailLayout'

export const Route = createFileRoute('/_app/dynamicManage/detail')({
  staticData: { title: msg`Content details`, crumbTo: '/dynamicManage/detail', crumbKeepsSearch: true },
  component: DynamicDetailLayout,
})
