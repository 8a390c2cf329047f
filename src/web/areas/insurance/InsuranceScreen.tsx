// /devOpsManage/insurance: the policy register (in force, expiring within 30/60/90 days, expired, lapsed,
// with counts), the covered and the to-be-insured artworks (rows chosen, then "Insure selected" or "Claim"
// start those processes with them), the renewals due (each starts its renewal with the policy chosen) and
// the under-insured artworks (UnderInsuredPanel).
// A policy opens its screen (historyInsurance?id=; its number is the link); a process opens in place
// (`?process=`). The header links to the claims and to every policy past and present.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Checkbox, Group, SegmentedControl, Skeleton, Stack, Tabs, Text } from '@mantine/core'
import { IconAlertTriangle, IconSearch, IconShieldPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { mayStartType } from '../../../shared/access'
import { ARTWORK_STATUS_LABELS } from '../../../shared/contracts/artworks'
import type { CoverItem, PolicyItem, WithinDays } from '../../../shared/contracts/insurance'
import type { PolicyShow } from '../../../shared/insurance-shows'
import { moneyText } from '../../../shared/money-text'
import { coverQuery, policiesQuery, renewalsDueQuery } from '../../api/queries/insurance'
import { FilterBar, SearchFilter } from '../../forms/FilterBar'
import { formatDate } from '../../i18n/format'
import { useMe, useSeesValues } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { AnchorLink, ButtonLink } from '../archive/router-links'
import { ArtworksCell, type Column, CountTabs, OpList, useThumbs } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import { type InsuranceSearch, type InsuranceTab, PAGE_SIZE, registerFilters } from './insurance-search'
import { StartRenewalButton, usePolicyColumns } from './parts'
import { UnderInsuredPanel } from './UnderInsuredPanel'

type Segment = Exclude<PolicyShow, 'all'>

/** A policy's headline as the link to its screen. */
const policyLink = (p: PolicyItem, headline: ReactNode) => (
  <AnchorLink
    to="/devOpsManage/historyInsurance"
    search={{ id: p.id }}
    underline="hover"
    data-testid="policy-link"
  >
    {headline}
  </AnchorLink>
)

type OnSearch = (next: InsuranceSearch, options?: { replace?: boolean }) => void

function WithinControl({ value, onChange }: { value: WithinDays; onChange: (v: WithinDays) => void }) {
  const { t } = useLingui()
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(v) => onChange(v as WithinDays)}
      data={[
        { value: '30', label: t`30 days` },
        { value: '60', label: t`60 days` },
        { value: '90', label: t`90 days` },
      ]}
      data-testid="within"
    />
  )
}

function PolicyRegister({ search, onSearch }: { search: InsuranceSearch; onSearch: OnSearch }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { process: _p, tab: _t, ...rest } = search
  const filters = registerFilters(search)
  const policies = useQuery(policiesQuery(filters))
  const counts = policies.data?.counts
  const columns = usePolicyColumns((id) => onSearch({ ...rest, process: id }))
  const set = (next: Partial<InsuranceSearch>) =>
    onSearch({ ...rest, page: undefined, ...next }, { replace: true })
  return (
    <Stack gap="md">
      <CountTabs<Segment>
        testId="policy-segments"
        value={filters.show}
        onChange={(v) => set({ show: v === 'active' ? undefined : v })}
        tabs={[
          { value: 'active', label: <Trans>Active</Trans>, count: counts?.active },
          { value: 'expiring', label: <Trans>Expiring</Trans>, count: counts?.expiring },
          { value: 'expired', label: <Trans>Expired</Trans>, count: counts?.expired },
          { value: 'lapsed', label: <Trans>Lapsed</Trans>, count: counts?.lapsed },
        ]}
      />
      <FilterBar>
        <SearchFilter
          value={search.q}
          onSearch={(q) => set({ q })}
          placeholder={t`Policy no. or insurer`}
          leftSection={<IconSearch size={16} />}
          w="100%"
          maw={360}
          testId="insurance-search"
        />
        {filters.show === 'expiring' ? (
          <WithinControl
            value={filters.within}
            onChange={(v) => set({ within: v === '30' ? undefined : (Number(v) as 60 | 90) })}
          />
        ) : null}
      </FilterBar>
      {policies.data ? (
        <OpList
          testId="policy-list"
          rows={policies.data.list}
          rowKey={(p) => p.id}
          columns={columns}
          onOpen={(p) => void navigate({ to: '/devOpsManage/historyInsurance', search: { id: p.id } })}
          rowLink={policyLink}
          total={policies.data.total}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPage={(page) => onSearch({ ...rest, page: page > 1 ? page : undefined })}
          empty={
            filters.show === 'expiring' ? (
              <Trans>No policy ends within {filters.within} days.</Trans>
            ) : filters.show === 'expired' ? (
              <Trans>No active policy has passed its end date.</Trans>
            ) : filters.show === 'lapsed' ? (
              <Trans>No policy has lapsed.</Trans>
            ) : (
              <Trans>No policy is in force.</Trans>
            )
          }
        />
      ) : (
        <Skeleton h={240} radius="md" />
      )}
    </Stack>
  )
}

/** Covered or to-be-insured artworks; rows can be chosen and a process started with them. */
function CoverList({
  cover,
  search,
  onSearch,
}: {
  cover: 'covered' | 'toBeInsured'
  search: InsuranceSearch
  onSearch: OnSearch
}) {
  const { t } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const me = useMe()
  // What the chosen rows start: cover for the uninsured, a claim for the covered.
  const mayStart = mayStartType(me, cover === 'toBeInsured' ? 'INSURANCE_ANNUAL' : 'INSURANCE_PAYOUT')
  const { process: _p, tab: _t, ...rest } = search
  const page = search.page ?? 1
  const list = useQuery(coverQuery({ cover, q: search.q, page, pageSize: PAGE_SIZE }))
  const [chosen, setChosen] = useState<string[]>([])
  const rows = list.data?.list ?? []
  const links = useThumbs(rows.map((r) => r.artwork))
  const toggle = (id: string, on: boolean) =>
    setChosen((ids) => (on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id)))
  const pageIds = rows.map((r) => r.artwork.id)
  const allChosen = pageIds.length > 0 && pageIds.every((id) => chosen.includes(id))
  const columns: Column<CoverItem>[] = [
    {
      key: 'artwork',
      header: mayStart ? (
        <Group gap="sm" wrap="nowrap">
          <Checkbox
            aria-label={t`Choose every artwork of this page`}
            checked={allChosen}
            indeterminate={!allChosen && pageIds.some((id) => chosen.includes(id))}
            onChange={(e) =>
              setChosen((ids) =>
                e.currentTarget.checked
                  ? [...new Set([...ids, ...pageIds])]
                  : ids.filter((id) => !pageIds.includes(id)),
              )
            }
            data-testid="choose-page"
          />
          <Trans>Artwork</Trans>
        </Group>
      ) : (
        <Trans>Artwork</Trans>
      ),
      primary: true,
      miw: 260,
      cell: (r) => (
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {mayStart ? (
            <Checkbox
              aria-label={t`Choose`}
              checked={chosen.includes(r.artwork.id)}
              onChange={(e) => toggle(r.artwork.id, e.currentTarget.checked)}
              onClick={(e) => e.stopPropagation()}
              data-testid="choose-artwork"
              data-artwork={r.artwork.id}
            />
          ) : null}
          <ArtworksCell artworks={[r.artwork]} links={links} />
        </Group>
      ),
    },
    {
      key: 'status',
      header: <Trans>Artwork status</Trans>,
      cell: (r) => ARTWORK_STATUS_LABELS[r.status][lang],
    },
    cover === 'covered'
      ? {
          key: 'policy',
          header: <Trans>Policy</Trans>,
          miw: 180,
          cell: (r) =>
            r.policy ? (
              <Stack gap={0}>
                <Text fz="sm">{r.policy.policyNo || '—'}</Text>
                <Text fz="xs" c="dimmed">
                  {r.policy.insurer}
                </Text>
              </Stack>
            ) : (
              '—'
            ),
        }
      : {
          key: 'valuation',
          value: true,
          header: <Trans>Latest valuation</Trans>,
          cell: (r) => moneyText(r.latestValuation, r.latestValuationCurrency ?? '') || '—',
        },
    ...(cover === 'covered'
      ? [
          {
            key: 'until',
            header: <Trans>Covered until</Trans>,
            cell: (r: CoverItem) => formatDate(r.insuredUntil, lang) || '—',
          },
        ]
      : []),
  ]
  const startWith = (to: '/devOpsManage/createAnnualInsurance' | '/devOpsManage/createPayoutInsurance') =>
    void navigate({ to, search: { artworkIds: chosen } })
  return (
    <Stack gap="md">
      <FilterBar
        actions={
          mayStart ? (
            <Group gap="xs" wrap="wrap">
              <Text fz="sm" c="dimmed" data-testid="chosen-count">
                <Trans>{chosen.length} chosen</Trans>
              </Text>
              {cover === 'toBeInsured' ? (
                <Button
                  leftSection={<IconShieldPlus size={16} />}
                  disabled={chosen.length === 0}
                  onClick={() => startWith('/devOpsManage/createAnnualInsurance')}
                  data-testid="insure-selected"
                >
                  <Trans>Insure selected</Trans>
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconAlertTriangle size={16} />}
                  disabled={chosen.length === 0}
                  onClick={() => startWith('/devOpsManage/createPayoutInsurance')}
                  data-testid="claim-selected"
                >
                  <Trans context="insurance claim">Claim</Trans>
                </Button>
              )}
            </Group>
          ) : null
        }
      >
        <SearchFilter
          value={search.q}
          onSearch={(q) => onSearch({ ...rest, q, page: undefined }, { replace: true })}
          placeholder={t`Title, artist or inventory no.`}
          leftSection={<IconSearch size={16} />}
          w="100%"
          maw={360}
          testId="insurance-search"
        />
      </FilterBar>
      {list.data ? (
        <OpList
          testId={cover === 'covered' ? 'covered-list' : 'uninsured-list'}
          rows={rows}
          rowKey={(r) => r.artwork.id}
          columns={columns}
          total={list.data.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
          empty={
            cover === 'covered' ? (
              <Trans>No artwork is covered.</Trans>
            ) : (
              <Trans>Every insurable artwork is covered.</Trans>
            )
          }
        />
      ) : (
        <Skeleton h={240} radius="md" />
      )}
    </Stack>
  )
}

function RenewalsDue({ search, onSearch }: { search: InsuranceSearch; onSearch: OnSearch }) {
  const navigate = useNavigate()
  const me = useMe()
  const mayStart = mayStartType(me, 'INSURANCE_RENEWAL')
  const { process: _p, tab: _t, ...rest } = search
  const within = String(search.within ?? 60) as WithinDays
  const page = search.page ?? 1
  const due = useQuery(renewalsDueQuery({ within, page, pageSize: PAGE_SIZE }))
  const base = usePolicyColumns((id) => onSearch({ ...rest, process: id }))
  const columns: Column<PolicyItem>[] = [
    ...base.filter((c) => c.key !== 'process'),
    ...(mayStart
      ? [
          {
            key: 'renew',
            header: <Trans>Renewal</Trans>,
            cell: (p: PolicyItem) => <StartRenewalButton policy={p} />,
          },
        ]
      : []),
  ]
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          <Trans>Ending within</Trans>
        </Text>
        <WithinControl
          value={within}
          onChange={(v) =>
            onSearch(
              { ...rest, within: v === '60' ? undefined : (Number(v) as 30 | 90), page: undefined },
              { replace: true },
            )
          }
        />
      </Group>
      {due.data ? (
        <OpList
          testId="renewals-due"
          rows={due.data.list}
          rowKey={(p) => p.id}
          columns={columns}
          onOpen={(p) => void navigate({ to: '/devOpsManage/historyInsurance', search: { id: p.id } })}
          rowLink={policyLink}
          total={due.data.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
          empty={<Trans>Every policy ending within {within} days has its renewal started.</Trans>}
        />
      ) : (
        <Skeleton h={240} radius="md" />
      )}
    </Stack>
  )
}

export function InsuranceScreen({ search, onSearch }: { search: InsuranceSearch; onSearch: OnSearch }) {
  const { process, tab, ...rest } = search
  const values = useSeesValues()
  const view: InsuranceTab = search.view ?? 'policies'
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            The policies in force and those ending soon, the artworks they cover and those still to be
            insured, and the renewals to start.
          </Trans>
        }
        actions={
          <>
            <ButtonLink to="/devOpsManage/payoutInsurance" variant="default" data-testid="claims-link">
              <Trans>Claims</Trans>
            </ButtonLink>
            <ButtonLink to="/devOpsManage/historyInsurance" variant="default" data-testid="history-link">
              <Trans>Insurance history</Trans>
            </ButtonLink>
          </>
        }
      />
      <Tabs
        value={view}
        onChange={(v) =>
          v &&
          onSearch({ view: v === 'policies' ? undefined : (v as InsuranceSearch['view']) }, { replace: true })
        }
        data-testid="insurance-tabs"
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="policies" data-tab="policies">
            <Trans>Policies</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="covered" data-tab="covered">
            <Trans>Covered artworks</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="toBeInsured" data-tab="toBeInsured">
            <Trans>To be insured</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="renewals" data-tab="renewals">
            <Trans>Renewals due</Trans>
          </Tabs.Tab>
          {values ? (
            <Tabs.Tab value="underInsured" data-tab="underInsured">
              <Trans>Under-insured</Trans>
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="policies">
          <PolicyRegister search={rest} onSearch={onSearch} />
        </Tabs.Panel>
        <Tabs.Panel value="covered">
          <CoverList key="covered" cover="covered" search={rest} onSearch={onSearch} />
        </Tabs.Panel>
        <Tabs.Panel value="toBeInsured">
          <CoverList key="toBeInsured" cover="toBeInsured" search={rest} onSearch={onSearch} />
        </Tabs.Panel>
        <Tabs.Panel value="renewals">
          <RenewalsDue search={rest} onSearch={onSearch} />
        </Tabs.Panel>
        {values ? (
          <Tabs.Panel value="underInsured">
            <UnderInsuredPanel />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </OpenProcess>
  )
}
