// /devOpsManage/index (and /home): every process, newest activity first, filtered by type, status, step,
// artwork, who started it and when — every filter kept in the URL, so a filtered list can be bookmarked
// and shared — and each one a click from its process view (`?process=<id>` on the same route).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Select, Skeleton, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { mayStartType } from '../../../shared/access'
import { PROCESS_STATUSES } from '../../../shared/contracts/process'
import { PROCESS_TYPES } from '../../../shared/process-types'
import { processListQuery } from '../../api/queries/process'
import { FilterBar, FilterCell } from '../../forms/FilterBar'
import { useMe } from '../../session/use-session'
import { IconPlus } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { BulkActions } from './BulkActions'
import { ArtworkColumn, DatesColumn, pageParam, TypeFilter } from './list-parts'
import { allSteps, statusLabel, useLang } from './machine-words'
import { OpenProcess } from './OpenProcess'
import { ProcessTable } from './ProcessTable'
import type { ProcessListSearch } from './process-search'
import { usersQuery } from './reference-queries'

const PAGE_SIZE = 20
const SPAN = { base: 6, lg: 2 }

function Filters({
  search,
  onSearch,
}: {
  search: ProcessListSearch
  onSearch: (next: ProcessListSearch) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const users = useQuery(usersQuery())
  const set = (patch: Partial<ProcessListSearch>) => onSearch({ ...search, ...patch, page: undefined })
  const any = Object.entries(search).some(([k, v]) => k !== 'page' && v !== undefined)
  return (
    <FilterBar
      card
      grid
      testId="process-filters"
      footer={
        any ? (
          <Button
            variant="subtle"
            size="compact-sm"
            mt="sm"
            onClick={() => onSearch({})}
            data-testid="clear-filters"
          >
            <Trans>Clear the filters</Trans>
          </Button>
        ) : null
      }
    >
      <TypeFilter span={SPAN} value={search.type} onChange={(type) => set({ type, step: undefined })} />
      <FilterCell span={SPAN}>
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          clearable
          data={PROCESS_STATUSES.map((s) => ({ value: s, label: statusLabel(s, lang) }))}
          value={search.status ?? null}
          onChange={(v) => set({ status: (v as ProcessListSearch['status']) ?? undefined })}
          data-testid="filter-status"
        />
      </FilterCell>
      <FilterCell span={SPAN}>
        <Select
          label={t`Step`}
          placeholder={t`Any step`}
          clearable
          searchable
          data={allSteps(search.type, PROCESS_TYPES, lang)}
          value={search.step ?? null}
          onChange={(v) => set({ step: v ?? undefined })}
          data-testid="filter-step"
        />
      </FilterCell>
      <ArtworkColumn span={SPAN} search={search} set={set} />
      <FilterCell span={SPAN}>
        <Select
          label={t`Started by`}
          placeholder={t`Anyone`}
          clearable
          searchable
          data={(users.data ?? []).map((u) => ({
            value: u.id,
            label: u.displayName || u.username || u.id,
          }))}
          value={search.createdBy ?? null}
          onChange={(v) => set({ createdBy: v ?? undefined })}
          data-testid="filter-user"
        />
      </FilterCell>
      <DatesColumn span={SPAN} search={search} set={set} />
    </FilterBar>
  )
}

export function ProcessListScreen({
  search,
  onSearch,
}: {
  search: ProcessListSearch
  onSearch: (next: ProcessListSearch, options?: { replace?: boolean }) => void
}) {
  const me = useMe()
  const { process, tab, page = 1, ...filters } = search
  const list = useQuery({ ...processListQuery({ ...filters, page, pageSize: PAGE_SIZE }), enabled: !process })
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const toggle = (ids: string[], on: boolean) =>
    setChosen((before) => {
      const next = new Set(before)
      for (const id of ids) on ? next.add(id) : next.delete(id)
      return next
    })
  return (
    <OpenProcess
      process={process}
      tab={tab}
      onNavigate={(next) => onSearch({ ...filters, page: pageParam(page), ...next })}
    >
      <PageHeader
        description={
          <Trans>Every purchase and operation under way or finished, with its current step and status.</Trans>
        }
        actions={
          mayStartType(me, 'BUY_ART') ? (
            <Button component={Link} to="/devOpsManage/initiateBuy" leftSection={<IconPlus size={16} />}>
              <Trans>Start a purchase</Trans>
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <Filters search={filters} onSearch={(next) => onSearch(next, { replace: true })} />
        <BulkActions chosen={[...chosen]} filter={filters} onDone={() => setChosen(new Set())} />
        {list.isPending ? <Skeleton h={320} radius="md" /> : null}
        {list.data ? (
          <ProcessTable
            list={list.data.list}
            total={list.data.total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...search, page: pageParam(p) })}
            onOpen={(id) => onSearch({ ...search, process: id })}
            selection={{ chosen, toggle }}
          />
        ) : null}
      </Stack>
    </OpenProcess>
  )
}
