// /devOpsManage/devOpsHistory: every finished process — completed or terminated — of every type the
// operations staff run (purchases, shippings, transports, the operations on artworks, insurance,
// stocktakes), filtered by type, ending, artwork and start date, all in the URL; a row opens the process
// view in place with its whole history.
import { Trans, useLingui } from '@lingui/react/macro'
import { Card, Grid, Select, Skeleton, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import { operationCountsQuery } from '../../api/queries/operations'
import { type ProcessListFilters, processListQuery } from '../../api/queries/process'
import { DateRangePicker } from '../../forms/DateRangePicker'
import { PageHeader } from '../../shell/PageHeader'
import { ArtworkFilter } from '../process/ArtworkPicker'
import { typeLabel, useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import { ProcessTable } from '../process/ProcessTable'
import type { HistorySearch } from './op-search'
import { CountTabs } from './parts'
import { countOf, PAGE_SIZE } from './TypeListScreen'

type Ending = 'all' | 'completed' | 'terminated'

export function historyFilters(search: HistorySearch): ProcessListFilters {
  const { process: _p, tab: _t, page, ...filters } = search
  return { ...filters, phase: 'ended', page: page ?? 1, pageSize: PAGE_SIZE }
}

export function HistoryScreen({
  search,
  onSearch,
}: {
  search: HistorySearch
  onSearch: (next: HistorySearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const { process, tab, ...rest } = search
  const counts = useQuery(operationCountsQuery())
  const list = useQuery({ ...processListQuery(historyFilters(search)), enabled: !process })
  const types: readonly ProcessType[] = search.type ? [search.type] : PROCESS_TYPES
  const n = (statuses: ('completed' | 'terminated' | 'uncompleted')[]) =>
    counts.data ? countOf(counts.data, types, statuses) : undefined
  const set = (patch: Partial<HistorySearch>) =>
    onSearch({ ...rest, ...patch, page: undefined }, { replace: true })
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Every finished process: completed or terminated, newest first, each with its steps and whole
            history.
          </Trans>
        }
      />
      <Stack gap="md">
        <CountTabs<Ending>
          testId="history-tabs"
          value={search.status ?? 'all'}
          onChange={(v) => set({ status: v === 'all' ? undefined : v })}
          tabs={[
            {
              value: 'all',
              label: <Trans>All finished</Trans>,
              count: n(['completed', 'terminated', 'uncompleted']),
            },
            { value: 'completed', label: <Trans>Completed</Trans>, count: n(['completed']) },
            { value: 'terminated', label: <Trans>Terminated</Trans>, count: n(['terminated']) },
          ]}
        />
        <Card withBorder radius="md" padding="md">
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label={t`Type`}
                placeholder={t`Any type`}
                clearable
                searchable
                data={PROCESS_TYPES.map((type) => ({ value: type, label: typeLabel(type, lang) }))}
                value={search.type ?? null}
                onChange={(v) => set({ type: (v as ProcessType) ?? undefined })}
                data-testid="filter-type"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <ArtworkFilter
                label={t`Artwork`}
                value={search.artworkId}
                onChange={(id) => set({ artworkId: id })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <DateRangePicker
                label={t`Started between`}
                placeholder={t`Any time`}
                value={[search.from ?? null, search.to ?? null]}
                onChange={([from, to]) => set({ from: from ?? undefined, to: to ?? undefined })}
                data-testid="filter-dates"
              />
            </Grid.Col>
          </Grid>
        </Card>
        {list.data ? (
          <ProcessTable
            list={list.data.list}
            total={list.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
            onOpen={(id) => onSearch({ ...rest, process: id })}
            empty={<Trans>No finished process matches these filters.</Trans>}
          />
        ) : (
          <Skeleton h={240} radius="md" />
        )}
      </Stack>
    </OpenProcess>
  )
}
