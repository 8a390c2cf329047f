// /devOpsManage/devOpsIngArt: the artworks a live process holds now — which process (type, step, status),
// where the artwork is (a room, or a place in words: the framer, the shipper, the borrower) and since when
// (the process's start or latest restart) — newest first, filtered by type in the URL. A row opens the
// process view in place.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { InOperationItem } from '../../../shared/contracts/operations'
import type { ProcessType } from '../../../shared/process-types'
import { type InOperationFilters, inOperationQuery } from '../../api/queries/operations'
import { FilterBar } from '../../forms/FilterBar'
import { formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { transportStatusLabel } from '../archive/archive-labels'
import { TypeFilter } from '../process/list-parts'
import { definitionFor, leafLabel, stepLabel, typeLabel, useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import type { ProcessOpenSearch } from '../process/process-search'
import { StatusBadge } from '../process/StatusBadge'
import { artworkColumn, type Column, OpList, placeText, useThumbs } from './parts'
import { PAGE_SIZE } from './TypeListScreen'

export interface InOperationSearch extends ProcessOpenSearch {
  type?: ProcessType
  page?: number
}

export const inOperationFilters = (search: InOperationSearch): InOperationFilters => ({
  ...(search.type ? { type: search.type } : {}),
  page: search.page ?? 1,
  pageSize: PAGE_SIZE,
})

const days = (iso: string) => Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000))

export function InOperationScreen({
  search,
  onSearch,
}: {
  search: InOperationSearch
  onSearch: (next: InOperationSearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const { process, tab, ...rest } = search
  const page = useQuery({ ...inOperationQuery(inOperationFilters(search)), enabled: !process })
  const links = useThumbs((page.data?.list ?? []).map((i) => i.artwork))
  const columns: Column<InOperationItem>[] = [
    artworkColumn(links),
    {
      key: 'process',
      header: <Trans>In</Trans>,
      miw: 200,
      cell: (i) => {
        const definition = definitionFor(i.process.type, i.process.definitionVersion)
        return (
          <Stack gap={2} align="flex-start">
            <Text fz="sm">{typeLabel(i.process.type, lang)}</Text>
            <Text fz="xs" c="dimmed">
              {i.process.currentStep
                ? `${stepLabel(definition, i.process.currentStep, lang)} · ${leafLabel(definition, i.process.state, lang)}`
                : leafLabel(definition, i.process.state, lang)}
            </Text>
          </Stack>
        )
      },
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      miw: 120,
      cell: (i) => <StatusBadge status={i.process.status} />,
    },
    {
      key: 'where',
      header: <Trans>Where</Trans>,
      miw: 180,
      cell: (i) => (
        <Stack gap={2} align="flex-start">
          <Text fz="sm">{placeText(i.where, lang) || '—'}</Text>
          {i.transportStatus !== 'none' ? (
            <Badge size="sm" variant="light" color="orange">
              {transportStatusLabel(i.transportStatus, lang)}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'since',
      header: <Trans>Since</Trans>,
      cell: (i) => (
        <Stack gap={0}>
          <Text fz="sm">{formatDateTime(i.since, lang)}</Text>
          <Text fz="xs" c="dimmed">
            {t`${days(i.since)} days`}
          </Text>
        </Stack>
      ),
    },
    { key: 'by', header: <Trans>Started by</Trans>, cell: (i) => i.process.createdByName },
  ]
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Artworks held by a process under way — a transport, a loan, a repair, a sale… — where each is now
            and since when. An artwork in a process cannot be taken into another one.
          </Trans>
        }
      />
      <Stack gap="md">
        <FilterBar card grid>
          <TypeFilter
            span={{ base: 12, sm: 6, lg: 4 }}
            value={search.type}
            onChange={(type) => onSearch({ ...rest, type, page: undefined }, { replace: true })}
          />
        </FilterBar>
        {page.data ? (
          <OpList
            testId="in-operation-list"
            rows={page.data.list}
            rowKey={(i) => i.artwork.id}
            columns={columns}
            onOpen={(i) => onSearch({ ...rest, process: i.process.id })}
            total={page.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
            empty={<Trans>No artwork is in a process now.</Trans>}
          />
        ) : (
          <Skeleton h={240} radius="md" />
        )}
      </Stack>
    </OpenProcess>
  )
}
