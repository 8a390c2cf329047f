// /devOpsManage/devOpsHistory: every finished process — completed or terminated — of every type the
// operations staff run (purchases, shippings, transports, the operations on artworks, insurance,
// stocktakes), filtered by type, ending, artwork and start date, all in the URL; a row opens the process
// view in place with its whole history.
import { Trans } from '@lingui/react/macro'
import { Skeleton, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import { operationCountsQuery } from '../../api/queries/operations'
import { type ProcessListFilters, processListQuery } from '../../api/queries/process'
import { FilterBar } from '../../forms/FilterBar'
import { PageHeader } from '../../shell/PageHeader'
import { ArtworkDateFilters, pageParam, TypeFilter } from '../process/list-parts'
import { OpenProcess } from '../process/OpenProcess'
import { ProcessTable } from '../process/ProcessTable'
import type { HistorySearch } from './op-search'
import { CountTabs } from './parts'
import { countOf, PAGE_SIZE } from './TypeListScreen'

type Ending = 'all' | 'completed' | 'terminated'
const SPAN = { base: 12, sm: 4 }

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
        <FilterBar card grid>
          <TypeFilter span={SPAN} value={search.type} onChange={(type) => set({ type })} />
          <ArtworkDateFilters span={SPAN} search={search} set={set} />
        </FilterBar>
        {list.data ? (
          <ProcessTable
            list={list.data.list}
            total={list.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...rest, page: pageParam(p) })}
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
