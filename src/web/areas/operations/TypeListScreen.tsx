// The list screen of one operation type (photography, replication, mounting, repair, sale, transport
// processes): tabs for under way, each status the type's machine can be in, and finished, each with its
// count; filtered by artwork and start date; all in the URL. A row opens the process view in place
// (`?process=<id>`); "Start" opens the type's start in a drawer (`?start=1`, keeping `artworkId`).
import { Trans } from '@lingui/react/macro'
import { Button, Skeleton, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Bilingual } from '../../../../machines/types'
import { mayStartType } from '../../../shared/access'
import type { OperationCounts } from '../../../shared/contracts/operations'
import type { ProcessType } from '../../../shared/process-types'
import { operationCountsQuery } from '../../api/queries/operations'
import { type ProcessListFilters, processListQuery } from '../../api/queries/process'
import { FilterBar } from '../../forms/FilterBar'
import { useMe } from '../../session/use-session'
import { IconPlus } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { ButtonLink } from '../archive/router-links'
import { ArtworkDateFilters, pageParam } from '../process/list-parts'
import { definitionFor, graphOf, statusLabel, useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import { ProcessTable } from '../process/ProcessTable'
import type { TypeListSearch, TypeListShow } from './op-search'
import { CountTabs, StartDrawer } from './parts'

export const PAGE_SIZE = 20
const FINAL = ['completed', 'terminated'] as const
type Status = OperationCounts[number]['status']

/** The statuses a process of this type can be in while under way, in the machine's order. */
export function liveStatuses(type: ProcessType): Status[] {
  const nodes = graphOf(definitionFor(type)).nodes
  const ended = new Set<string>(['terminated'])
  for (const n of nodes) if (n.type === 'final' && n.status) ended.add(n.status)
  const seen = new Set<Status>()
  for (const node of nodes) if (node.status && !ended.has(node.status)) seen.add(node.status)
  return [...seen]
}

/** The list query a type's screen makes for its URL (route loaders warm the same). */
export function typeListFilters(type: ProcessType, search: TypeListSearch): ProcessListFilters {
  const show = search.show ?? 'live'
  return {
    type,
    ...(show === 'live'
      ? { phase: 'active' as const }
      : show === 'done'
        ? { phase: 'ended' as const }
        : { status: show }),
    ...(search.artworkId ? { artworkId: search.artworkId } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    page: search.page ?? 1,
    pageSize: PAGE_SIZE,
  }
}

export function countOf(
  counts: OperationCounts | undefined,
  types: readonly ProcessType[],
  statuses?: readonly Status[],
) {
  return (counts ?? [])
    .filter((c) => types.includes(c.type) && (!statuses || statuses.includes(c.status)))
    .reduce((sum, c) => sum + c.count, 0)
}

/** The Start button of an operations screen (for those who may start processes). */
export function StartButton({
  type,
  onStart,
  children,
}: {
  type: ProcessType
  onStart: () => void
  children?: ReactNode
}) {
  const me = useMe()
  if (!mayStartType(me, type)) return null
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onStart} data-testid="start-button">
      {children ?? <Trans>Start</Trans>}
    </Button>
  )
}

export function TypeListScreen({
  type,
  description,
  search,
  onSearch,
  empty,
  links,
}: {
  type: ProcessType
  /** What the type's processes go through, in both languages (its declaration's `list.screen`). */
  description: Bilingual
  search: TypeListSearch
  onSearch: (next: TypeListSearch, options?: { replace?: boolean }) => void
  empty?: Bilingual
  /** Links to the screens that carry on from this one (the sales' deliveries), beside Start. */
  links?: readonly { to: LinkProps['to']; words: Bilingual; testId: string }[]
}) {
  const lang = useLang()
  const { process, tab, start, ...rest } = search
  const counts = useQuery(operationCountsQuery())
  const list = useQuery({ ...processListQuery(typeListFilters(type, search)), enabled: !process })
  const show = search.show ?? 'live'
  const statuses = liveStatuses(type)
  const tabs: { value: TypeListShow; label: ReactNode; count: number | undefined }[] = [
    {
      value: 'live' as TypeListShow,
      label: <Trans>Under way</Trans>,
      count: countOf(counts.data, [type], statuses),
    },
    ...[...statuses, ...FINAL].map((s) => ({
      value: s as TypeListShow,
      label: statusLabel(s, lang),
      count: countOf(counts.data, [type], [s]),
    })),
  ].map((tab) => ({ ...tab, count: counts.data ? tab.count : undefined }))
  const set = (patch: Partial<TypeListSearch>) =>
    onSearch({ ...rest, ...patch, page: undefined }, { replace: true })
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={description[lang]}
        actions={
          <>
            {links?.map((l) => (
              <ButtonLink key={l.testId} to={l.to} variant="default" data-testid={l.testId}>
                {l.words[lang]}
              </ButtonLink>
            ))}
            <StartButton type={type} onStart={() => onSearch({ ...rest, start: 1 })} />
          </>
        }
      />
      <StartDrawer
        type={type}
        open={start === 1}
        artworkId={search.artworkId}
        onClose={() => onSearch({ ...rest, start: undefined })}
      />
      <Stack gap="md">
        <CountTabs
          tabs={tabs}
          value={show}
          onChange={(v) => set({ show: v === 'live' ? undefined : v })}
          testId="type-list-tabs"
        />
        <FilterBar card grid>
          <ArtworkDateFilters span={{ base: 12, sm: 6 }} search={search} set={set} />
        </FilterBar>
        {list.data ? (
          <ProcessTable
            list={list.data.list}
            total={list.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            showType={false}
            onPage={(p) => onSearch({ ...rest, page: pageParam(p) })}
            onOpen={(id) => onSearch({ ...rest, process: id })}
            empty={empty?.[lang]}
          />
        ) : (
          <Skeleton h={240} radius="md" />
        )}
      </Stack>
    </OpenProcess>
  )
}
