// /devOpsManage/dueDiligence: the purchases whose due-diligence report is being written or approved, each
// opening its process view (the report form with its PDF attachments) in place: `?process=<id>`.
import { Trans } from '@lingui/react/macro'
import { Button, Skeleton, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { mayStartType } from '../../../shared/access'
import { processListQuery } from '../../api/queries/process'
import { useMe } from '../../session/use-session'
import { IconPlus } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { OpenProcess } from '../process/OpenProcess'
import { ProcessTable } from '../process/ProcessTable'
import type { ProcessOpenSearch } from '../process/process-search'

const PAGE_SIZE = 20

export function DueDiligenceScreen({
  search,
  onSearch,
}: {
  search: ProcessOpenSearch & { page?: number }
  onSearch: (next: ProcessOpenSearch & { page?: number }) => void
}) {
  const me = useMe()
  const page = search.page ?? 1
  const list = useQuery({
    ...processListQuery({ type: 'BUY_ART', step: 'dueDiligence', live: '1', page, pageSize: PAGE_SIZE }),
    enabled: !search.process,
  })
  return (
    <OpenProcess
      process={search.process}
      tab={search.tab}
      onNavigate={(next) => onSearch({ page: search.page, ...next })}
    >
      <PageHeader
        description={
          <Trans>
            Purchases whose due-diligence report is being written or waits for approval. Open one to fill in
            or decide on its report.
          </Trans>
        }
        actions={
          mayStartType(me, 'BUY_ART') ? (
            <Button component={Link} to="/devOpsManage/initiateBuy" leftSection={<IconPlus size={16} />}>
              <Trans>Start a purchase</Trans>
            </Button>
          ) : null
        }
      />
      <Stack>
        {list.data ? (
          <ProcessTable
            list={list.data.list}
            total={list.data.total}
            page={page}
            pageSize={PAGE_SIZE}
            showType={false}
            onPage={(p) => onSearch({ page: p > 1 ? p : undefined })}
            onOpen={(id) => onSearch({ page: search.page, process: id })}
            empty={<Trans>No purchase is at the due-diligence step.</Trans>}
          />
        ) : (
          <Skeleton h={240} radius="md" />
        )}
      </Stack>
    </OpenProcess>
  )
}
