// /financeManage/index: contracts and payments. Tabs (in the URL, `?tab=`): the contracts register —
// purchase, sale and service contracts with their amount, what has been paid or collected under them in
// their own currency, what is outstanding, those ending soon flagged; filters in the URL and an Excel export
// — the exchange rates with the reporting currency (RatesPanel), and the non-contract payment requests
// (PaymentRequestsPanel, areas/payment-requests). A table on a desk, cards on a phone.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Checkbox, Group, Select, Skeleton, Stack, Tabs, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { CONTRACT_DIRECTIONS, type ContractRow, EXPIRING_SOON_DAYS } from '../../../shared/contracts/finance'
import { contractsQuery, params } from '../../api/queries/finance'
import { CurrencyFilter, FilterBar, SearchFilter } from '../../forms/FilterBar'
import { showError } from '../../forms/notify'
import { AmountText } from '../../shell/HiddenValue'
import { PageHeader } from '../../shell/PageHeader'
import { downloadFromApi } from '../archive/download'
import { type Column, OpList } from '../operations/parts'
import { PaymentRequestsPanel } from '../payment-requests/PaymentRequestsPanel'
import { type FinanceSearch, PAGE_SIZE } from './finance-search'
import { RatesPanel, useCurrencyOptions } from './RatesPanel'
import { CONTRACT_KIND_WORDS, dayText, ProcessName } from './words'

type OnSearch = (next: FinanceSearch, options?: { replace?: boolean }) => void

export const contractFilters = (s: FinanceSearch) => ({
  direction: s.direction,
  currency: s.currency,
  q: s.q,
  expiring: s.expiring ? ('1' as const) : undefined,
  outstanding: s.outstanding ? ('1' as const) : undefined,
  page: s.page ?? 1,
  pageSize: PAGE_SIZE,
})

export function FinanceScreen({ search, onSearch }: { search: FinanceSearch; onSearch: OnSearch }) {
  const tab = search.tab ?? 'contracts'
  return (
    <>
      <PageHeader
        description={
          <Trans>
            The contracts the processes recorded, with what has been paid or collected under each; the
            exchange rates and the currency totals are reported in.
          </Trans>
        }
      />
      <Tabs
        value={tab}
        onChange={(v) => v && onSearch({ tab: v === 'contracts' ? undefined : (v as FinanceSearch['tab']) })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="contracts" data-tab="contracts">
            <Trans>Contracts</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="rates" data-tab="rates">
            <Trans>Exchange rates</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="requests" data-tab="requests">
            <Trans>Payment requests</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contracts">
          <ContractsRegister search={search} onSearch={onSearch} />
        </Tabs.Panel>
        <Tabs.Panel value="rates">
          <RatesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="requests">
          <PaymentRequestsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  )
}

function ContractsRegister({ search, onSearch }: { search: FinanceSearch; onSearch: OnSearch }) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const filters = contractFilters(search)
  const contracts = useQuery(contractsQuery(filters))
  const currencies = useCurrencyOptions()
  const [exporting, setExporting] = useState(false)
  const set = (change: Partial<FinanceSearch>, replace = false) =>
    onSearch({ ...search, ...change, page: undefined }, { replace })
  const columns: Column<ContractRow>[] = [
    {
      key: 'contract',
      header: <Trans>Contract</Trans>,
      primary: true,
      miw: 200,
      cell: (c) => (
        <Stack gap={0}>
          <Group gap={6} wrap="wrap">
            <Text fz="sm" fw={500} td={c.supersededAt ? 'line-through' : undefined}>
              {c.number}
            </Text>
            {c.supersededAt ? (
              <Badge color="gray" variant="light" radius="sm" data-testid="contract-superseded">
                <Trans>Superseded</Trans>
              </Badge>
            ) : null}
          </Group>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {c.subject}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'kind',
      header: <Trans>Kind</Trans>,
      cell: (c) => (
        <Stack gap={0}>
          <Text fz="sm">{i18n._(CONTRACT_KIND_WORDS[c.direction])}</Text>
          {c.contractTypeLabel ? (
            <Text fz="xs" c="dimmed">
              {c.contractTypeLabel}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'counterparty', header: <Trans>Counterparty</Trans>, cell: (c) => c.counterparty || '—' },
    {
      key: 'amount',
      header: <Trans>Amount</Trans>,
      cell: (c) => <AmountText amount={c.amount} currency={c.currency} />,
    },
    {
      key: 'paid',
      header: <Trans>Paid or collected</Trans>,
      cell: (c) => <AmountText amount={c.paid} currency={c.currency} />,
    },
    {
      key: 'outstanding',
      header: <Trans>Outstanding</Trans>,
      cell: (c) => (
        <Text fz="sm" c={c.outstanding === '0.00' ? 'dimmed' : undefined} data-testid="contract-outstanding">
          <AmountText amount={c.outstanding} currency={c.currency} />
        </Text>
      ),
    },
    {
      key: 'dates',
      header: <Trans>Term</Trans>,
      cell: (c) => (
        <Group gap={6} wrap="wrap">
          <Text fz="sm">
            {dayText(c.effectiveDate)} – {c.endDate ? dayText(c.endDate) : '…'}
          </Text>
          {c.expiringSoon ? (
            <Badge color="orange" variant="light" radius="sm">
              <Trans>Ends soon</Trans>
            </Badge>
          ) : c.ended ? (
            <Badge color="gray" variant="light" radius="sm">
              <Trans>Ended</Trans>
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'process',
      header: <Trans>Process</Trans>,
      cell: (c) => <ProcessName id={c.processId} type={c.processType} />,
    },
  ]
  return (
    <Stack gap="md">
      <FilterBar>
        <SearchFilter
          label={t`Search by number, subject or counterparty`}
          value={search.q}
          onSearch={(q) => set({ q }, true)}
          testId="contract-search"
        />
        <Select
          label={t`Kind`}
          placeholder={t`All kinds`}
          data={CONTRACT_DIRECTIONS.map((d) => ({ value: d, label: i18n._(CONTRACT_KIND_WORDS[d]) }))}
          value={search.direction ?? null}
          onChange={(v) => set({ direction: (v as FinanceSearch['direction']) ?? undefined })}
          clearable
          w={160}
          data-testid="contract-kind"
        />
        <CurrencyFilter
          currencies={currencies}
          value={search.currency}
          onChange={(currency) => set({ currency })}
        />
        <Checkbox
          label={t`Ending within ${EXPIRING_SOON_DAYS} days`}
          checked={!!search.expiring}
          onChange={(e) => set({ expiring: e.currentTarget.checked ? 1 : undefined })}
          data-testid="contract-expiring"
        />
        <Checkbox
          label={t`Amount outstanding`}
          checked={!!search.outstanding}
          onChange={(e) => set({ outstanding: e.currentTarget.checked ? 1 : undefined })}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={async () => {
            setExporting(true)
            try {
              const { page: _p, pageSize: _s, ...rest } = filters
              await downloadFromApi('finance/contracts/export', params(rest), 'contracts.xlsx')
            } catch {
              showError(t`The export could not be made. Try again.`)
            } finally {
              setExporting(false)
            }
          }}
          data-testid="contract-export"
        >
          <Trans>Export to Excel</Trans>
        </Button>
      </FilterBar>
      {contracts.isPending ? (
        <Skeleton h={160} />
      ) : contracts.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The contracts could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : (
        <OpList
          rows={contracts.data.list}
          rowKey={(c) => c.id}
          columns={columns}
          total={contracts.data.total}
          page={search.page ?? 1}
          pageSize={PAGE_SIZE}
          onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
          empty={
            <Trans>
              No contract matches. Contracts are recorded by the purchase, sale and operation processes.
            </Trans>
          }
          testId="contract-list"
        />
      )}
    </Stack>
  )
}
