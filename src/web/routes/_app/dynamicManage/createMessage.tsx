// /dynamicManage/createMessage: write an item, or edit one with `?id=` (areas/dynamic/ContentEditorScreen.tsx).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentEditorScreen } from '../../../areas/dynamic/ContentEditorScreen'
import { uuidParam } from '../../../areas/operations/op-search'

export const Route = createFileRoute('/_app/dynamicManage/createMessage')({
  staticData: { title: msg`New notice`, privilege: 'dynamicManage:edit' },
  validateSearch: (search: Record<string, unknown>): { id?: string } =>
    uuidParam(search.id) ? { id: uuidParam(search.id) } : {},
  component: function CreateMessageRoute() {
    const { id } = Route.useSearch()
    return <ContentEditorScreen key={id ?? 'new'} id={id} />
  },
})
