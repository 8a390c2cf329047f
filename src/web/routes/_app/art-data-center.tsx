// /art-data-center: the data centre — the collection dashboard (`?tab=collection`, its shared filters in the
// URL) and the processes (`?tab=processes`, `?flow=<TYPE>` naming the type shown; a link with only `?flow=`
// opens that tab).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DataCentreScreen } from '../../areas/datacentre/DataCentreScreen'
import { validateDataCentreSearch } from '../../areas/datacentre/datacentre-search'

export const Route = createFileRoute('/_app/art-data-center')({
  staticData: { title: msg`Art data centre`, privilege: 'art-data-center:view' },
  validateSearch: validateDataCentreSearch,
  component: function ArtDataCentre() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <DataCentreScreen
        search={search}
        onSearch={(patch) =>
          void navigate({
            search: (prev) =>
              Object.fromEntries(
                Object.entries({ ...prev, ...patch }).filter(([, v]) => v !== undefined),
              ) as typeof prev,
            replace: true,
          })
        }
      />
    )
  },
})
