// /dynamicManage/detail?id=: one item of either kind (areas/dynamic/ContentDetailScreen.tsx).
import { createFileRoute } from '@tanstack/react-router'
import { ContentDetailScreen } from '../../../../areas/dynamic/ContentDetailScreen'
import { uuidParam } from '../../../../areas/operations/op-search'

export const Route = createFileRoute('/_app/dynamicManage/detail/')({
  staticData: { privilege: 'dynamicManage:view' },
  validateSearch: (search: Record<string, unknown>): { id?: string } =>
    uuidParam(search.id) ? { id: uuidParam(search.id) } : {},
  component: function DetailRoute() {
    const { id } = Route.useSearch()
    return <ContentDetailScreen id={id} />
  },
})
