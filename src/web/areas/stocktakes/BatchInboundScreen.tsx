// /storageRoom/batcheEnterInventory: batch inbound — the batches of arriving artworks (purchase shippings)
// waiting to be put into rooms, with their artworks, where they came from and when they arrived; a row opens
// the batch's warehousing form in place (`?process=<id>`: one row per artwork, its room and its condition on
// arrival, approved once). Below, the batches warehoused lately, each opening its movements
// (/devOpsManage/batchDetail).
import { Trans } from '@lingui/react/macro'
import { Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { MovementView } from '../../../shared/contracts/operations'
import type { InboundItem } from '../../../shared/contracts/stocktakes'
import { movementsQuery } from '../../api/queries/operations'
import { inboundQuery } from '../../api/queries/stocktakes'
import { formatDate, formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { ArtworksCell, type Column, OpList, placeText, useThumbs } from '../operations/parts'
import { AnchorLink } from '../process/AnchorLink'
import { useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import type { ProcessOpenSearch } from '../process/process-search'
import { StatusBadge } from '../process/StatusBadge'
import { roomName } from './words'

export const INBOUND_PAGE_SIZE = 20

export interface InboundSearch extends ProcessOpenSearch {
  page?: number
}

interface Batch {
  processId: string
  seq: number
  at: string
  byName: string
  movements: MovementView[]
}

/** The warehousing movements grouped by the event that wrote them (one approval: one batch). */
function batchesOf(movements: MovementView[]): Batch[] {
  const out = new Map<string, Batch>()
  for (const m of movements) {
    if (!m.processId || !m.seq) continue
    const key = `${m.processId}:${m.seq}`
    const b = out.get(key) ?? {
      processId: m.processId,
      seq: m.seq,
      at: m.at,
      byName: m.byName,
      movements: [],
    }
    b.movements.push(m)
    out.set(key, b)
  }
  return [...out.values()]
}

export function BatchInboundScreen({
  search,
  onSearch,
}: {
  search: InboundSearch
  onSearch: (next: InboundSearch, options?: { replace?: boolean }) => void
}) {
  const lang = useLang()
  const { process, tab, ...rest } = search
  const page = search.page ?? 1
  const inbound = useQuery({ ...inboundQuery(page, INBOUND_PAGE_SIZE), enabled: !process })
  const recent = useQuery({
    ...movementsQuery({ kind: 'warehousing', page: 1, pageSize: 100 }),
    enabled: !process,
  })
  const links = useThumbs((inbound.data?.list ?? []).flatMap((b) => b.artworks.slice(0, 1)))
  const batches = batchesOf(recent.data?.list ?? []).slice(0, 10)
  const recentLinks = useThumbs(batches.flatMap((b) => b.movements.slice(0, 1).map((m) => m.artwork)))
  const columns: Column<InboundItem>[] = [
    {
      key: 'artworks',
      header: <Trans>Artworks of the batch</Trans>,
      primary: true,
      miw: 220,
      cell: (b) => <ArtworksCell artworks={b.artworks} links={links} />,
    },
    { key: 'count', header: <Trans>Number of artworks</Trans>, cell: (b) => b.artworks.length },
    {
      key: 'origin',
      header: <Trans>From</Trans>,
      miw: 160,
      cell: (b) => (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {b.origin || '—'}
        </Text>
      ),
    },
    { key: 'arrived', header: <Trans>Arrived on</Trans>, cell: (b) => formatDate(b.arrivedOn, lang) || '—' },
    {
      key: 'room',
      header: <Trans>Arrival room</Trans>,
      cell: (b) => (b.arrivalRoom ? roomName(b.arrivalRoom, lang) : '—'),
    },
    { key: 'status', header: <Trans>Status</Trans>, cell: (b) => <StatusBadge status={b.process.status} /> },
  ]
  const recentColumns: Column<Batch>[] = [
    {
      key: 'artworks',
      header: <Trans>Artworks</Trans>,
      primary: true,
      miw: 220,
      cell: (b) => <ArtworksCell artworks={b.movements.map((m) => m.artwork)} links={recentLinks} />,
    },
    {
      key: 'rooms',
      header: <Trans>Into</Trans>,
      cell: (b) =>
        [...new Set(b.movements.map((m) => placeText(m.to, lang)))].filter(Boolean).join(', ') || '—',
    },
    {
      key: 'at',
      header: <Trans>Warehoused</Trans>,
      cell: (b) => (
        <AnchorLink
          to="/devOpsManage/batchDetail"
          search={{ process: b.processId, seq: b.seq }}
          fz="sm"
          data-testid="batch-link"
        >
          {formatDateTime(b.at, lang)}
        </AnchorLink>
      ),
    },
    { key: 'by', header: <Trans>By</Trans>, cell: (b) => b.byName || '—' },
  ]
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Arriving artworks put into rooms in one batch: each artwork its own room and its condition on
            arrival, approved once.
          </Trans>
        }
      />
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={2} fz={18}>
            <Trans>Awaiting warehousing</Trans>
          </Title>
          {inbound.data ? (
            <OpList
              testId="inbound-list"
              rows={inbound.data.list}
              rowKey={(b) => b.process.id}
              columns={columns}
              onOpen={(b) => onSearch({ ...rest, process: b.process.id })}
              total={inbound.data.total}
              page={page}
              pageSize={INBOUND_PAGE_SIZE}
              onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
              empty={<Trans>No batch is waiting to be warehoused.</Trans>}
            />
          ) : (
            <Skeleton h={200} radius="md" />
          )}
        </Stack>
        <Stack gap="sm">
          <Title order={2} fz={18}>
            <Trans>Warehoused lately</Trans>
          </Title>
          {recent.data ? (
            <OpList
              testId="recent-batches"
              rows={batches}
              rowKey={(b) => `${b.processId}:${b.seq}`}
              columns={recentColumns}
              total={batches.length}
              page={1}
              pageSize={Math.max(1, batches.length)}
              onPage={() => {}}
              empty={<Trans>Nothing has been warehoused yet.</Trans>}
            />
          ) : (
            <Skeleton h={160} radius="md" />
          )}
        </Stack>
      </Stack>
    </OpenProcess>
  )
}
