// /devOpsManage/artSellDelivery: sold works and their delivery to the buyer — awaiting delivery (the sale
// is paid, no transport started since) with a button that starts their transport (OPERATION_TRANS_ART
// naming the sale, in the drawer), and those whose delivery transport has started. A row opens the sale's
// process view in place; a started delivery opens its transport's details.
import { Trans } from '@lingui/react/macro'
import { Button, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { mayStartType } from '../../../shared/access'
import type { SaleDeliveryItem, SaleDeliveryShow } from '../../../shared/contracts/operations'
import { type SaleDeliveryFilters, saleDeliveriesQuery } from '../../api/queries/operations'
import { formatDate } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { AnchorLink } from '../archive/router-links'
import { useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import { StatusBadge } from '../process/StatusBadge'
import type { SaleDeliverySearch } from './op-search'
import { artworkColumn, type Column, CountTabs, OpList, placeText, StartDrawer, useThumbs } from './parts'
import { PAGE_SIZE } from './TypeListScreen'

// Validated at the route, so kept with the other light search helpers (op-search.ts).
export { type SaleDeliverySearch, validateSaleDeliverySearch } from './op-search'

export const saleDeliveryFilters = (search: SaleDeliverySearch): SaleDeliveryFilters => ({
  show: search.show ?? 'awaiting',
  page: search.page ?? 1,
  pageSize: PAGE_SIZE,
})

export function SaleDeliveryScreen({
  search,
  onSearch,
}: {
  search: SaleDeliverySearch
  onSearch: (next: SaleDeliverySearch, options?: { replace?: boolean }) => void
}) {
  const lang = useLang()
  const me = useMe()
  const mayStart = mayStartType(me, 'OPERATION_TRANS_ART')
  const { process, tab, deliver, sale, ...rest } = search
  const show = search.show ?? 'awaiting'
  const page = useQuery({ ...saleDeliveriesQuery(saleDeliveryFilters(search)), enabled: !process })
  const links = useThumbs((page.data?.list ?? []).map((i) => i.artwork))
  const columns: Column<SaleDeliveryItem>[] = [
    artworkColumn(links),
    { key: 'buyer', header: <Trans>Buyer</Trans>, cell: (i) => i.buyer || '—' },
    { key: 'sold', header: <Trans>Sold on</Trans>, cell: (i) => formatDate(i.soldAt, lang) },
    { key: 'where', header: <Trans>Recorded at</Trans>, cell: (i) => placeText(i.where, lang) || '—' },
    {
      key: 'delivery',
      header: <Trans>Delivery</Trans>,
      miw: 180,
      cell: (i) =>
        i.delivery ? (
          <Stack gap={2} align="flex-start">
            <StatusBadge status={i.delivery.status} />
            <AnchorLink
              to="/devOpsManage/transportFlowDetail"
              search={{ process: i.delivery.id }}
              fz="sm"
              onClick={(e) => e.stopPropagation()}
            >
              <Trans>Transport details</Trans>
            </AnchorLink>
          </Stack>
        ) : mayStart ? (
          <Button
            size="xs"
            onClick={(e) => {
              e.stopPropagation()
              onSearch({ ...rest, deliver: i.artwork.id, sale: i.sale.id })
            }}
            data-testid="start-delivery"
          >
            <Trans>Start the delivery transport</Trans>
          </Button>
        ) : (
          <Text fz="sm" c="dimmed">
            <Trans>Awaiting delivery</Trans>
          </Text>
        ),
    },
  ]
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Sold artworks handed over to their buyers: once a sale's payment is confirmed the work awaits its
            delivery transport here.
          </Trans>
        }
      />
      <StartDrawer
        type="OPERATION_TRANS_ART"
        open={!!deliver}
        artworkId={deliver}
        onClose={() => onSearch({ ...rest })}
        sourceProcessId={sale}
      />
      <Stack gap="md">
        <CountTabs<SaleDeliveryShow>
          testId="delivery-tabs"
          value={show}
          onChange={(v) =>
            onSearch({ ...rest, show: v === 'awaiting' ? undefined : v, page: undefined }, { replace: true })
          }
          tabs={[
            { value: 'awaiting', label: <Trans>Awaiting delivery</Trans>, count: page.data?.counts.awaiting },
            {
              value: 'started',
              label: <Trans>Delivery under way or done</Trans>,
              count: page.data?.counts.started,
            },
          ]}
        />
        {page.data ? (
          <OpList
            testId="delivery-list"
            rows={page.data.list}
            rowKey={(i) => i.artwork.id}
            columns={columns}
            onOpen={(i) => onSearch({ ...rest, process: i.sale.id })}
            total={page.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
            empty={
              show === 'awaiting' ? (
                <Trans>No sold work is waiting for its delivery.</Trans>
              ) : (
                <Trans>No delivery has been started yet.</Trans>
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
