// /financeManage/payment_history: every payment and collection, one line per attempt — paid, or failed with
// the reason, a retry being the next attempt — newest first, with the process it belongs to (by name, opening
// the process view) and, for a non-contract payment, the process whose cost it settles. Direction, status,
// currency and a date range filter it, all in the URL (`?processId=` narrows it to one process); the same
// rows export to Excel. A table on a desk, cards on a phone.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PAYMENT_DIRECTIONS, PAYMENT_STATUSES, type PaymentRow } from '../../../shared/contracts/finance'
import { params, paymentsQuery } from '../../api/queries/finance'
import { CurrencyFilter, DateRangeFilter, FilterBar } from '../../forms/FilterBar'
import { showError } from '../../forms/notify'
import { AmountText } from '../../shell/HiddenValue'
import { PageHeader } from '../../shell/PageHeader'
import { downloadFromApi } from '../archive/download'
import { type Column, OpList } from '../operations/parts'
import { PAGE_SIZE, type PaymentHistorySearch } from './finance-search'
import { useCurrencyOptions } from './RatesPanel'
import { DIRECTION_WORDS, dayText, METHOD_WORDS, ProcessName, STATUS_WORDS, StatusBadge } from './words'

export const paymentFilters = (s: PaymentHistorySearch) => ({ ...s, page: s.page ?? 1, pageSize: PAGE_SIZE })

export function PaymentHistoryScreen({
  search,
  onSearch,
}: {
  search: PaymentHistorySearch
  onSearch: (next: PaymentHistorySearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const payments = useQuery(paymentsQuery(paymentFilters(search)))
  const currencies = useCurrencyOptions()
  const [exporting, setExporting] = useState(false)
  const set = (change: Partial<PaymentHistorySearch>) => onSearch({ ...search, ...change, page: undefined })
  const columns: Column<PaymentRow>[] = [
    {
      key: 'amount',
      header: <Trans>Amount</Trans>,
      primary: true,
      miw: 180,
      cell: (p) => (
        <Stack gap={2}>
          <Group gap={6} wrap="wrap">
            <Text fz="sm" fw={600} data-testid="payment-amount">
              {p.direction === 'incoming' ? '+ ' : '− '}
              <AmountText amount={p.amount} currency={p.currency} />
            </Text>
            <StatusBadge status={p.status} />
          </Group>
          <Text fz="xs" c="dimmed">
            {i18n._(DIRECTION_WORDS[p.direction])}
            {p.attempt > 1 ? ` · ${t`attempt ${p.attempt}`}` : ''}
          </Text>
          {p.status === 'failed' && p.failureReason ? (
            <Text fz="xs" c="red" data-testid="payment-failure" style={{ overflowWrap: 'anywhere' }}>
              {t`Reason: ${p.failureReason}`}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'date', header: <Trans>Date</Trans>, cell: (p) => dayText(p.paidOn) },
    {
      key: 'parties',
      header: <Trans>Payer and payee</Trans>,
      cell: (p) => (
        <Stack gap={0}>
          <Text fz="sm">{p.payerCompany || '—'}</Text>
          <Text fz="xs" c="dimmed">
            → {p.payeeAccountName || '—'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'method',
      header: <Trans>Payment method</Trans>,
      cell: (p) => (p.method ? i18n._(METHOD_WORDS[p.method]) : '—'),
    },
    {
      key: 'attribution',
      header: <Trans>Cost attribution</Trans>,
      cell: (p) => (
        <Stack gap={0}>
          <Text fz="sm">{p.costAttributionLabel || '—'}</Text>
          {p.relatedEventLabel ? (
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {p.relatedEventLabel}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'process',
      header: <Trans>Process</Trans>,
      cell: (p) => (
        <Stack gap={0}>
          <ProcessName id={p.processId} type={p.processType} />
          {p.stepLabel ? (
            <Text fz="xs" c="dimmed">
              {p.stepLabel}
            </Text>
          ) : null}
          {p.forProcessId ? (
            <Group gap={4} wrap="wrap">
              <Text fz="xs" c="dimmed">
                <Trans>settles the cost of</Trans>
              </Text>
              <ProcessName id={p.forProcessId} type={p.forProcessType} />
            </Group>
          ) : null}
          {p.contractNo ? (
            <Text fz="xs" c="dimmed">
              {p.contractSuperseded ? (
                <Trans>Contract {p.contractNo} (superseded)</Trans>
              ) : (
                <Trans>Contract {p.contractNo}</Trans>
              )}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ]
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Every payment made and every sum collected, one line per attempt: a failed attempt keeps its
            reason, and a retry appears as the next attempt.
          </Trans>
        }
      />
      <Stack gap="md">
        <FilterBar>
          <Select
            label={t`Direction`}
            placeholder={t`Payments and collections`}
            data={PAYMENT_DIRECTIONS.map((d) => ({ value: d, label: i18n._(DIRECTION_WORDS[d]) }))}
            value={search.direction ?? null}
            onChange={(v) => set({ direction: (v as PaymentHistorySearch['direction']) ?? undefined })}
            clearable
            w={200}
            data-testid="payment-direction"
          />
          <Select
            label={t`Status`}
            placeholder={t`Paid and failed`}
            data={PAYMENT_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_WORDS[s]) }))}
            value={search.status ?? null}
            onChange={(v) => set({ status: (v as PaymentHistorySearch['status']) ?? undefined })}
            clearable
            w={180}
            data-testid="payment-status"
          />
          <CurrencyFilter
            currencies={currencies}
            value={search.currency}
            onChange={(currency) => set({ currency })}
            testId="payment-currency"
          />
          <DateRangeFilter
            label={t`Dates`}
            from={search.from}
            to={search.to}
            onChange={set}
            w={260}
            testId="payment-dates"
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={async () => {
              setExporting(true)
              try {
                const { page: _p, ...rest } = search
                await downloadFromApi('finance/payments/export', params(rest), 'payments.xlsx')
              } catch {
                showError(t`The export could not be made. Try again.`)
              } finally {
                setExporting(false)
              }
            }}
            data-testid="payment-export"
          >
            <Trans>Export to Excel</Trans>
          </Button>
        </FilterBar>
        {search.processId ? (
          <Group gap="xs">
            <Text fz="sm">
              <Trans>Only the payments of one process.</Trans>
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => set({ processId: undefined })}>
              <Trans>Show all</Trans>
            </Button>
          </Group>
        ) : null}
        {payments.isPending ? (
          <Skeleton h={200} />
        ) : payments.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>The payments could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : (
          <OpList
            rows={payments.data.list}
            rowKey={(p) => p.id}
            columns={columns}
            total={payments.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            empty={<Trans>No payment matches these filters.</Trans>}
            testId="payment-list"
          />
        )}
      </Stack>
    </>
  )
}
