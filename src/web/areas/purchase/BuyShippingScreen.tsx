// /devOpsManage/buyShipping: the shippings (BUY_ART_TRANS) that bring bought artworks in — transport, then
// warehousing into a room — under way or finished; each opens its process view in place (`?process=<id>`).
import { Trans, useLingui } from '@lingui/react/macro'
import { SegmentedControl, Skeleton, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { processListQuery } from '../../api/queries/process'
import { PageHeader } from '../../shell/PageHeader'
import { OpenProcess } from '../process/OpenProcess'
import { ProcessTable } from '../process/ProcessTable'
import type { ProcessOpenSearch } from '../process/process-search'

const PAGE_SIZE = 20

export type ShippingShow = 'live' | 'done'
export interface ShippingSearch extends ProcessOpenSearch {
  show?: ShippingShow
  page?: number
}

export function BuyShippingScreen({
  search,
  onSearch,
}: {
  search: ShippingSearch
  onSearch: (next: ShippingSearch) => void
}) {
  const { t } = useLingui()
  const show = search.show ?? 'live'
  const page = search.page ?? 1
  const list = useQuery({
    ...processListQuery({
      type: 'BUY_ART_TRANS',
      live: show === 'live' ? '1' : '0',
      page,
      pageSize: PAGE_SIZE,
    }),
    enabled: !search.process,
  })
  return (
    <OpenProcess
      process={search.process}
      tab={search.tab}
      onNavigate={(next) => onSearch({ show: search.show, page: search.page, ...next })}
    >
      <PageHeader
        description={
          <Trans>
            Bought artworks on their way in: the transport from the seller, then warehousing into a room.
          </Trans>
        }
        actions={
          <SegmentedControl
            value={show}
            onChange={(v) => onSearch({ show: v === 'live' ? undefined : (v as ShippingShow) })}
            data={[
              { value: 'live', label: t`Under way` },
              { value: 'done', label: t`Completed` },
            ]}
            data-testid="shipping-show"
          />
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
            onPage={(p) => onSearch({ show: search.show, page: p > 1 ? p : undefined })}
            onOpen={(id) => onSearch({ show: search.show, page: search.page, process: id })}
            empty={
              show === 'live' ? (
                <Trans>No shipping is under way. A shipping opens when a purchase is paid.</Trans>
              ) : (
                <Trans>No shipping has finished yet.</Trans>
              )
            }
          />
        ) : (
          <Skeleton h={240} radius="md" />
        )}
      </Stack>
    </OpenProcess>
  )
}
