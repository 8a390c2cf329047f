// /devOpsManage/transport/transportHistory/index: what has moved. Two views in the URL: finished transports
// (arrived or stopped), each opening its details; and the movement ledger — every change of an artwork's
// whereabouts, newest first, by kind, artwork and date — each row opening the batch it was moved in.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Select, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { MOVEMENT_KINDS, type MovementKind, type MovementView } from '../../../shared/contracts/operations'
import type { ProcessView } from '../../../shared/contracts/process'
import { type MovementFilters, movementsQuery } from '../../api/queries/operations'
import { type ProcessListFilters, processListQuery } from '../../api/queries/process'
import { FilterBar, FilterCell } from '../../forms/FilterBar'
import { formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { AnchorLink } from '../archive/router-links'
import { ArtworkDateFilters, pageParam } from '../process/list-parts'
import { typeLabel, useLang } from '../process/machine-words'
import { MOVEMENT_KIND_WORDS } from './movement-words'
import { type Column, CountTabs, OpList, placeText, useMovementColumns } from './parts'
import { useTransportColumns } from './TransportScreen'
import { PAGE_SIZE } from './TypeListScreen'

export type HistoryView = 'transports' | 'movements'
export interface TransportHistorySearch {
  view?: HistoryView
  kind?: MovementKind
  artworkId?: string
  from?: string
  to?: string
  page?: number
}

export const finishedTransportFilters = (search: TransportHistorySearch): ProcessListFilters => ({
  type: 'OPERATION_TRANS_ART',
  phase: 'ended',
  ...(search.artworkId ? { artworkId: search.artworkId } : {}),
  ...(search.from ? { from: search.from } : {}),
  ...(search.to ? { to: search.to } : {}),
  page: search.page ?? 1,
  pageSize: PAGE_SIZE,
})

export const movementFilters = (search: TransportHistorySearch): MovementFilters => ({
  ...(search.kind ? { kind: search.kind } : {}),
  ...(search.artworkId ? { artworkId: search.artworkId } : {}),
  ...(search.from ? { from: search.from } : {}),
  ...(search.to ? { to: search.to } : {}),
  page: search.page ?? 1,
  pageSize: PAGE_SIZE,
})

function Movements({
  search,
  onSearch,
}: {
  search: TransportHistorySearch
  onSearch: (next: TransportHistorySearch) => void
}) {
  const lang = useLang()
  const navigate = useNavigate()
  const page = useQuery(movementsQuery(movementFilters(search)))
  const [artworkColumn, kindColumn] = useMovementColumns(page.data?.list ?? [])
  const columns: Column<MovementView>[] = [
    { key: 'at', header: <Trans>When</Trans>, cell: (m) => formatDateTime(m.at, lang) },
    artworkColumn,
    kindColumn,
    {
      key: 'route',
      header: <Trans>Route</Trans>,
      miw: 220,
      cell: (m) => `${placeText(m.from, lang) || '—'} → ${placeText(m.to, lang) || '—'}`,
    },
    {
      key: 'process',
      header: <Trans>Process and person</Trans>,
      cell: (m) => (
        <Stack gap={0}>
          <Text fz="sm">{m.processType ? typeLabel(m.processType, lang) : '—'}</Text>
          <Text fz="xs" c="dimmed">
            {m.byName}
          </Text>
        </Stack>
      ),
    },
  ]
  if (!page.data) return <Skeleton h={240} radius="md" />
  return (
    <OpList
      testId="movement-list"
      rows={page.data.list}
      rowKey={(m) => m.id}
      columns={columns}
      onOpen={(m) => {
        if (m.processId && m.seq)
          void navigate({ to: '/devOpsManage/batchDetail', search: { process: m.processId, seq: m.seq } })
        else if (m.processId) void navigate({ to: '/devOpsManage/index', search: { process: m.processId } })
      }}
      rowLink={(m, headline) =>
        m.processId && m.seq ? (
          <AnchorLink
            to="/devOpsManage/batchDetail"
            search={{ process: m.processId, seq: m.seq }}
            underline="hover"
            data-testid="batch-link"
          >
            {headline}
          </AnchorLink>
        ) : m.processId ? (
          <AnchorLink to="/devOpsManage/index" search={{ process: m.processId }} underline="hover">
            {headline}
          </AnchorLink>
        ) : (
          headline
        )
      }
      total={page.data.total}
      page={search.page ?? 1}
      pageSize={PAGE_SIZE}
      onPage={(p) => onSearch({ ...search, page: pageParam(p) })}
      empty={<Trans>No movement matches these filters.</Trans>}
    />
  )
}

function FinishedTransports({
  search,
  onSearch,
}: {
  search: TransportHistorySearch
  onSearch: (next: TransportHistorySearch) => void
}) {
  const navigate = useNavigate()
  const list = useQuery(processListQuery(finishedTransportFilters(search)))
  const columns = useTransportColumns(false)
  if (!list.data) return <Skeleton h={240} radius="md" />
  return (
    <OpList<ProcessView>
      testId="finished-transports"
      rows={list.data.list}
      rowKey={(p) => p.id}
      columns={columns}
      onOpen={(p) => void navigate({ to: '/devOpsManage/transportFlowDetail', search: { process: p.id } })}
      total={list.data.total}
      page={search.page ?? 1}
      pageSize={PAGE_SIZE}
      onPage={(p) => onSearch({ ...search, page: pageParam(p) })}
      empty={<Trans>No transport has finished yet.</Trans>}
    />
  )
}

export function TransportHistoryScreen({
  search,
  onSearch,
}: {
  search: TransportHistorySearch
  onSearch: (next: TransportHistorySearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const view = search.view ?? 'transports'
  const set = (patch: Partial<TransportHistorySearch>) =>
    onSearch({ ...search, ...patch, page: undefined }, { replace: true })
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Transports that have arrived or were stopped, and every movement of an artwork: where it came
            from, where it went, in which process and when.
          </Trans>
        }
      />
      <Stack gap="md">
        <CountTabs<HistoryView>
          testId="transport-history-tabs"
          value={view}
          onChange={(v) => onSearch({ view: v === 'transports' ? undefined : v }, { replace: true })}
          tabs={[
            { value: 'transports', label: <Trans>Finished transports</Trans> },
            { value: 'movements', label: <Trans>Movements</Trans> },
          ]}
        />
        <FilterBar card grid>
          {view === 'movements' ? (
            <FilterCell span={{ base: 12, sm: 4 }}>
              <Select
                label={t`Movement`}
                placeholder={t`Any movement`}
                clearable
                data={MOVEMENT_KINDS.map((k) => ({ value: k, label: i18n._(MOVEMENT_KIND_WORDS[k]) }))}
                value={search.kind ?? null}
                onChange={(v) => set({ kind: (v as MovementKind) ?? undefined })}
                data-testid="filter-kind"
              />
            </FilterCell>
          ) : null}
          <ArtworkDateFilters
            span={{ base: 12, sm: 4 }}
            search={search}
            set={set}
            dateLabel={view === 'movements' ? t`Moved between` : undefined}
          />
        </FilterBar>
        {view === 'movements' ? (
          <Movements search={search} onSearch={onSearch} />
        ) : (
          <FinishedTransports search={search} onSearch={onSearch} />
        )}
      </Stack>
    </>
  )
}
