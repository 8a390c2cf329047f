// /dynamicManage/detail and its two children (exhibition, message): the tabs between them above the screen.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DynamicDetailLayout } from '../../../../areas/dynamic/DynamicDetailLayout'

export const Route = createFileRoute('/_app/dynamicManage/detail')({
  staticData: { title: msg`Content details`, crumbTo: '/dynamicManage/detail' },
  component: DynamicDetailLayout,
})
