// /dynamicManage/detail/message?id=: one office message (areas/dynamic/ContentDetailScreen.tsx).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentDetailScreen } from '../../../../areas/dynamic/ContentDetailScreen'
import { uuidParam } from '../../../../areas/operations/op-search'

export const Route = createFileRoute('/_app/dynamicManage/detail/message')({
  staticData: { title: msg`Message`, privilege: 'dynamicManage:view' },
  validateSearch: (search: Record<string, unknown>): { id?: string } =>
    uuidParam(search.id) ? { id: uuidParam(search.id) } : {},
  component: function DetailMessageRoute() {
    const { id } = Route.useSearch()
    return <ContentDetailScreen id={id} kind="message" />
  },
})
