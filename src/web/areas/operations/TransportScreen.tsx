// /devOpsManage/transport: every transport by where it stands — to be transported (information approved,
// not yet picked up), transporting (in transit), arrived — with counts. "To be transported" and
// "transporting" include the transport steps of mountings, repairs, loans and purchases' shippings, since
// the same crates leave the same rooms; "arrived" lists finished transports. A row names the artworks, the
// route, the shipper and the dates; it opens the process view in place, its link the transport's details.
// Start opens a new transport (OPERATION_TRANS_ART) in the drawer; the header links to every transport
// process by status and to the transport history.
import { Trans, useLingui } from '@lingui/react/macro'
import { Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ProcessView } from '../../../shared/contracts/process'
import { operationCountsQuery } from '../../api/queries/operations'
import { type ProcessListFilters, processListQuery } from '../../api/queries/process'
import { formatDate } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { AnchorLink, ButtonLink } from '../archive/router-links'
import { typeLabel, useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import type { ProcessOpenSearch } from '../process/process-search'
import { subjectLine, subjectOf } from '../process/process-subject'
import { useRoomOptions } from '../process/reference-options'
import { StatusBadge } from '../process/StatusBadge'
import type { StartSearch, TransportShow } from './op-search'
import { type Column, CountTabs, OpList, StartDrawer } from './parts'
import { countOf, PAGE_SIZE, StartButton } from './TypeListScreen'
import { transportFacts } from './transport-facts'

// Validated at the route, so kept with the other light search helpers (op-search.ts).
export { TRANSPORT_SHOWS, type TransportShow } from './op-search'
export interface TransportSearch extends ProcessOpenSearch, StartSearch {
  show?: TransportShow
  page?: number
}

export function transportListFilters(search: TransportSearch): ProcessListFilters {
  const show = search.show ?? 'toBeTransported'
  return {
    ...(show === 'arrived'
      ? { type: 'OPERATION_TRANS_ART' as const, status: 'completed' as const }
      : { status: show }),
    page: search.page ?? 1,
    pageSize: PAGE_SIZE,
  }
}

/** A room's name in the language shown, else the place as written. */
export function useWhere() {
  const rooms = useRoomOptions()
  return (roomId: string | null, location: string) =>
    (roomId ? rooms.find((r) => r.value === roomId)?.label : undefined) || location || '—'
}

export function useTransportColumns(showType: boolean): Column<ProcessView>[] {
  const { t } = useLingui()
  const lang = useLang()
  const where = useWhere()
  return [
    {
      key: 'artworks',
      header: <Trans>Artworks concerned</Trans>,
      primary: true,
      miw: 200,
      cell: (p) => (
        <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {subjectLine(subjectOf(p, lang), lang) || '—'}
        </Text>
      ),
    },
    ...(showType
      ? [
          {
            key: 'type',
            header: <Trans>Process</Trans>,
            miw: 110,
            cell: (p: ProcessView) => typeLabel(p.type, lang),
          },
        ]
      : []),
    {
      key: 'route',
      header: <Trans>Route</Trans>,
      miw: 220,
      cell: (p) => {
        const f = transportFacts(p)
        return f.step ? `${where(f.fromRoomId, f.fromLocation)} → ${where(f.toRoomId, f.toLocation)}` : '—'
      },
    },
    { key: 'shipper', header: <Trans>Shipper</Trans>, cell: (p) => transportFacts(p).shipper || '—' },
    {
      key: 'dates',
      header: <Trans>Dates</Trans>,
      miw: 170,
      cell: (p) => {
        const f = transportFacts(p)
        return (
          <Stack gap={0}>
            <Text fz="sm">
              {f.departed
                ? t`Left ${formatDate(f.departed.on, lang)}`
                : t`Leaves ${formatDate(f.plannedDeparture, lang) || '—'}`}
            </Text>
            <Text fz="xs" c="dimmed">
              {f.arrived
                ? t`Arrived ${formatDate(f.arrived.on, lang)}`
                : t`Expected ${formatDate(f.plannedArrival, lang) || '—'}`}
            </Text>
          </Stack>
        )
      },
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      miw: 120,
      cell: (p) => <StatusBadge status={p.status} style={{ overflow: 'visible' }} />,
    },
    {
      key: 'details',
      header: <Trans>Details</Trans>,
      miw: 110,
      cell: (p) => (
        <AnchorLink
          to="/devOpsManage/transportFlowDetail"
          search={{ process: p.id }}
          fz="sm"
          onClick={(e) => e.stopPropagation()}
          data-testid="transport-details-link"
        >
          <Trans>Transport details</Trans>
        </AnchorLink>
      ),
    },
  ]
}

export function TransportScreen({
  search,
  onSearch,
}: {
  search: TransportSearch
  onSearch: (next: TransportSearch, options?: { replace?: boolean }) => void
}) {
  const { process, tab, start, ...rest } = search
  const show = search.show ?? 'toBeTransported'
  const counts = useQuery(operationCountsQuery())
  const list = useQuery({ ...processListQuery(transportListFilters(search)), enabled: !process })
  const columns = useTransportColumns(show !== 'arrived')
  const all = [...new Set((counts.data ?? []).map((c) => c.type))]
  const n = (value: number) => (counts.data ? value : undefined)
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Artworks on the move: transports approved and waiting for the shipper, in transit, and arrived.
            Mountings, repairs, loans and purchases move their artworks here too.
          </Trans>
        }
        actions={
          <>
            <ButtonLink to="/devOpsManage/transportFlow" variant="default" data-testid="transport-flow-link">
              <Trans>All transport processes</Trans>
            </ButtonLink>
            <ButtonLink
              to="/devOpsManage/transport/transportHistory/index"
              variant="default"
              data-testid="transport-history-link"
            >
              <Trans>Transport history</Trans>
            </ButtonLink>
            <StartButton type="OPERATION_TRANS_ART" onStart={() => onSearch({ ...rest, start: 1 })}>
              <Trans>Start a transport</Trans>
            </StartButton>
          </>
        }
      />
      <StartDrawer
        type="OPERATION_TRANS_ART"
        open={start === 1}
        artworkId={search.artworkId}
        onClose={() => onSearch({ ...rest, start: undefined })}
      />
      <Stack gap="md">
        <CountTabs<TransportShow>
          testId="transport-tabs"
          value={show}
          onChange={(v) =>
            onSearch(
              { ...rest, show: v === 'toBeTransported' ? undefined : v, page: undefined },
              { replace: true },
            )
          }
          tabs={[
            {
              value: 'toBeTransported',
              label: <Trans>To be transported</Trans>,
              count: n(countOf(counts.data, all, ['toBeTransported'])),
            },
            {
              value: 'transporting',
              label: <Trans>Transporting</Trans>,
              count: n(countOf(counts.data, all, ['transporting'])),
            },
            {
              value: 'arrived',
              label: <Trans>Arrived</Trans>,
              count: n(countOf(counts.data, ['OPERATION_TRANS_ART'], ['completed'])),
            },
          ]}
        />
        {list.data ? (
          <OpList
            testId="transport-list"
            rows={list.data.list}
            rowKey={(p) => p.id}
            columns={columns}
            onOpen={(p) => onSearch({ ...rest, process: p.id })}
            total={list.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
            empty={
              show === 'toBeTransported' ? (
                <Trans>Nothing is waiting for a shipper.</Trans>
              ) : show === 'transporting' ? (
                <Trans>No artwork is in transit.</Trans>
              ) : (
                <Trans>No transport has arrived yet.</Trans>
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
