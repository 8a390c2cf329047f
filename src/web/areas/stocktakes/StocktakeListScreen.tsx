// /storageRoom/InventoryInformation: the stocktakes (INVENTORY_CHECK) — start one of a room, above the
// stocktakes so far by outcome (in progress, completed, uncompleted, terminated) with counts; each row names
// the room, the count's date, the counters and what was found and missing. A row opens the stocktake's
// result artwork by artwork (`?stocktake=<id>`), and from there the process itself (`?process=<id>`).
import { Trans } from '@lingui/react/macro'
import { Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { mayStartType } from '../../../shared/access'
import type { StocktakeItem, StocktakeShow } from '../../../shared/contracts/stocktakes'
import { type StocktakeFilters, stocktakeListQuery } from '../../api/queries/stocktakes'
import { formatDate } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { type Column, CountTabs, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import type { ProcessOpenSearch } from '../process/process-search'
import { StatusBadge } from '../process/StatusBadge'
import { StartProcess } from '../process-start/StartProcess'
import { StocktakeResult } from './StocktakeResult'
import { roomName } from './words'

export const STOCKTAKE_PAGE_SIZE = 20

export interface StocktakeSearch extends ProcessOpenSearch {
  show?: StocktakeShow
  page?: number
  stocktake?: string
}

export const stocktakeFilters = (search: StocktakeSearch): StocktakeFilters => ({
  show: search.show ?? 'completed',
  page: search.page ?? 1,
  pageSize: STOCKTAKE_PAGE_SIZE,
})

export function StocktakeListScreen({
  search,
  onSearch,
}: {
  search: StocktakeSearch
  onSearch: (next: StocktakeSearch, options?: { replace?: boolean }) => void
}) {
  const me = useMe()
  const lang = useLang()
  const { process, tab, stocktake, ...rest } = search
  const show = search.show ?? 'completed'
  const list = useQuery({ ...stocktakeListQuery(stocktakeFilters(search)), enabled: !process && !stocktake })
  const counts = list.data?.counts
  const columns: Column<StocktakeItem>[] = [
    {
      key: 'room',
      header: <Trans>Room</Trans>,
      primary: true,
      miw: 180,
      cell: (s) => (
        <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {s.room ? roomName(s.room, lang) : '—'}
        </Text>
      ),
    },
    {
      key: 'countedOn',
      header: <Trans>Counted on</Trans>,
      cell: (s) =>
        s.countedOn ? (
          formatDate(s.countedOn, lang)
        ) : (
          <Text span fz="sm" c="dimmed">
            <Trans>Not counted yet</Trans>
          </Text>
        ),
    },
    { key: 'counters', header: <Trans>Counters</Trans>, cell: (s) => s.counters || '—' },
    {
      key: 'figures',
      header: <Trans>Found · missing</Trans>,
      cell: (s) => (
        <Stack gap={0} data-testid="stocktake-figures">
          <Text fz="sm">
            <Trans>
              {s.found} found · {s.missing} missing
            </Trans>
          </Text>
          {s.foundLater + s.stillMissing > 0 ? (
            <Text fz="xs" c={s.stillMissing > 0 ? 'red.8' : 'dimmed'}>
              <Trans>
                {s.foundLater} found later · {s.stillMissing} still missing
              </Trans>
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'status', header: <Trans>Status</Trans>, cell: (s) => <StatusBadge status={s.process.status} /> },
  ]
  if (stocktake && !process)
    return (
      <StocktakeResult
        id={stocktake}
        onBack={() => onSearch({ ...rest })}
        onOpenProcess={() => onSearch({ ...rest, stocktake, process: stocktake })}
      />
    )
  return (
    <OpenProcess
      process={process}
      tab={tab}
      onNavigate={(next) => onSearch({ ...rest, ...(next.process ? {} : { stocktake }), ...next })}
    >
      <PageHeader
        description={
          <Trans>
            Count a warehouse room against the archive: the artworks found, the ones missing, and how the
            differences were resolved.
          </Trans>
        }
      />
      <Stack gap="lg">
        {mayStartType(me, 'INVENTORY_CHECK') ? <StartProcess type="INVENTORY_CHECK" /> : null}
        <Stack gap="sm" data-testid="stocktakes">
          <CountTabs<StocktakeShow>
            testId="stocktake-tabs"
            value={show}
            onChange={(v) =>
              onSearch(
                { ...rest, show: v === 'completed' ? undefined : v, page: undefined },
                { replace: true },
              )
            }
            tabs={[
              { value: 'completed', label: <Trans>Completed</Trans>, count: counts?.completed },
              { value: 'uncompleted', label: <Trans>Uncompleted</Trans>, count: counts?.uncompleted },
              { value: 'inProgress', label: <Trans>In progress</Trans>, count: counts?.inProgress },
              ...(counts?.terminated
                ? [
                    {
                      value: 'terminated' as const,
                      label: <Trans>Terminated</Trans>,
                      count: counts.terminated,
                    },
                  ]
                : []),
            ]}
          />
          {list.data ? (
            <OpList
              testId="stocktake-list"
              rows={list.data.list}
              rowKey={(s) => s.process.id}
              columns={columns}
              onOpen={(s) => onSearch({ ...rest, stocktake: s.process.id })}
              total={list.data.total}
              page={search.page ?? 1}
              pageSize={STOCKTAKE_PAGE_SIZE}
              onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
              empty={
                show === 'completed' ? (
                  <Trans>No stocktake has been completed yet.</Trans>
                ) : show === 'uncompleted' ? (
                  <Trans>No stocktake closed with artworks still missing.</Trans>
                ) : show === 'inProgress' ? (
                  <Trans>No stocktake is under way.</Trans>
                ) : (
                  <Trans>No stocktake was terminated.</Trans>
                )
              }
            />
          ) : (
            <Group>
              <Skeleton h={240} radius="md" />
            </Group>
          )}
        </Stack>
      </Stack>
    </OpenProcess>
  )
}
