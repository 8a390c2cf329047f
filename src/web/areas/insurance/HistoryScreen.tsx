// /devOpsManage/historyInsurance: every policy past and present (the register with show=all: active,
// expired, lapsed, void), searchable by number or insurer and by kind; `?id=` opens one policy's screen.
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Group, Select, Skeleton, Stack } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { policiesQuery } from '../../api/queries/insurance'
import { FilterBar, SearchFilter } from '../../forms/FilterBar'
import { PageHeader } from '../../shell/PageHeader'
import { OpList } from '../operations/parts'
import { OpenProcess } from '../process/OpenProcess'
import { type HistorySearch, historyFilters, PAGE_SIZE } from './insurance-search'
import { PolicyScreen } from './PolicyScreen'
import { usePolicyColumns } from './parts'

export function HistoryScreen({
  search,
  onSearch,
}: {
  search: HistorySearch
  onSearch: (next: HistorySearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const { id, process, tab, ...rest } = search
  const policies = useQuery({ ...policiesQuery(historyFilters(search)), enabled: !id && !process })
  const columns = usePolicyColumns((pid) => onSearch({ ...rest, process: pid }))
  if (id)
    return (
      <PolicyScreen
        key={id}
        id={id}
        process={process}
        tab={tab}
        onProcess={(next) => onSearch({ ...rest, id, ...next })}
        back={
          <Group>
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => onSearch(rest)}
              data-testid="back-to-policies"
            >
              ← <Trans>Every policy</Trans>
            </Anchor>
          </Group>
        }
      />
    )
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Every policy, past and present: in force, expired, lapsed and void. A policy opens with its
            artworks, claims and renewals.
          </Trans>
        }
      />
      <Stack gap="md">
        <FilterBar>
          <SearchFilter
            value={search.q}
            onSearch={(q) => onSearch({ ...rest, q, page: undefined }, { replace: true })}
            placeholder={t`Policy no. or insurer`}
            leftSection={<IconSearch size={16} />}
            w="100%"
            maw={360}
            testId="insurance-search"
          />
          <Select
            aria-label={t`Kind`}
            placeholder={t`Every kind`}
            clearable
            w={180}
            data={[
              { value: 'annual', label: t`Annual` },
              { value: 'operation', label: t`Operation` },
            ]}
            value={search.kind ?? null}
            onChange={(v) =>
              onSearch(
                { ...rest, kind: (v as HistorySearch['kind']) ?? undefined, page: undefined },
                { replace: true },
              )
            }
            data-testid="kind-filter"
          />
        </FilterBar>
        {policies.data ? (
          <OpList
            testId="policy-history"
            rows={policies.data.list}
            rowKey={(p) => p.id}
            columns={columns}
            onOpen={(p) => onSearch({ ...rest, id: p.id })}
            total={policies.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
            empty={<Trans>No policy has been recorded yet.</Trans>}
          />
        ) : (
          <Skeleton h={240} radius="md" />
        )}
      </Stack>
    </OpenProcess>
  )
}
