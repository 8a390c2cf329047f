// /financeManage/paymentSummary: what was paid and collected by month, paying company, cost attribution or
// currency, over a date range (all in the URL). Each currency is its own line and its own series in the
// charts — amounts of different currencies are never added. Below, the totals in the reporting currency:
// each amount converted at the latest rate on or before its date, the rates used named (pair, rate, date),
// and the amounts no rate could convert shown apart in their own currency.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import {
  Alert,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import {
  type PaymentSummary,
  type ReportingRow,
  SUMMARY_GROUPS,
  type SummaryGroup,
  type SummaryRow,
} from '../../../shared/contracts/finance'
import { moneyText } from '../../../shared/money-text'
import { paymentSummaryQuery } from '../../api/queries/finance'
import { DateRangeFilter, FilterBar } from '../../forms/FilterBar'
import { formatMonth, formatNumber } from '../../i18n/format'
import { AmountText } from '../../shell/HiddenValue'
import { PageHeader } from '../../shell/PageHeader'
import { type Column, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import type { SummarySearch } from './finance-search'
import { dayText, GROUP_WORDS, NONE, rateSentence } from './words'

const COLORS = [
  'ink.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'blue.6',
  'red.6',
  'lime.6',
  'cyan.6',
  'pink.6',
  'yellow.6',
]

export const summaryFilters = (s: SummarySearch) => ({
  groupBy: s.groupBy ?? ('month' as const),
  from: s.from,
  to: s.to,
  reportingCurrency: s.reporting === 0 ? undefined : ('1' as const),
})

export function PaymentSummaryScreen({
  search,
  onSearch,
}: {
  search: SummarySearch
  onSearch: (next: SummarySearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const lang = useLang()
  const filters = summaryFilters(search)
  const summary = useQuery(paymentSummaryQuery(filters))
  const groupBy = filters.groupBy
  const label = (key: string, text: string) =>
    groupBy === 'month' ? formatMonth(key, lang) : key === '' ? i18n._(NONE) : text
  return (
    <>
      <PageHeader
        description={
          <Trans>
            What was paid and collected, each currency on its own line; the totals in the reporting currency
            name the exchange rates they used.
          </Trans>
        }
      />
      <Stack gap="md">
        <FilterBar>
          <SegmentedControl
            value={groupBy}
            onChange={(v) =>
              onSearch({ ...search, groupBy: v === 'month' ? undefined : (v as SummaryGroup) })
            }
            data={SUMMARY_GROUPS.map((g) => ({ value: g, label: i18n._(GROUP_WORDS[g]) }))}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
            data-testid="summary-group"
          />
          <DateRangeFilter
            label={t`Dates`}
            from={search.from}
            to={search.to}
            onChange={(range) => onSearch({ ...search, ...range })}
            w={260}
            testId="summary-dates"
          />
          <Switch
            label={t`Totals in the reporting currency`}
            checked={search.reporting !== 0}
            onChange={(e) => onSearch({ ...search, reporting: e.currentTarget.checked ? undefined : 0 })}
            data-testid="summary-reporting"
          />
        </FilterBar>
        {summary.isPending ? (
          <Skeleton h={300} />
        ) : summary.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>The summary could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : (
          <SummaryBody data={summary.data} label={label} />
        )}
      </Stack>
    </>
  )
}

/** One currency's amounts paid or collected, by group: a chart of its own. */
export interface CurrencyChartData {
  currency: string
  way: 'outgoing' | 'incoming'
  points: { group: string; amount: number }[]
}

/** Per currency, the paid chart and (when anything was collected in it) the collected one. */
export function currencyCharts(
  data: Pick<PaymentSummary, 'rows' | 'totals'>,
  label: (key: string, text: string) => string,
): CurrencyChartData[] {
  const keys = [...new Set(data.rows.map((r) => r.key))]
  return data.totals.flatMap((total) =>
    (['outgoing', 'incoming'] as const)
      .filter(
        (way) =>
          way === 'outgoing' ||
          data.rows.some((r) => r.currency === total.currency && Number(r.incoming) !== 0),
      )
      .map((way) => ({
        currency: total.currency,
        way,
        points: keys.map((k) => {
          const row = data.rows.find((r) => r.key === k && r.currency === total.currency)
          const text = data.rows.find((r) => r.key === k)?.label ?? k
          return { group: label(k, text), amount: row ? Number(row[way]) : 0 }
        }),
      })),
  )
}

function CurrencyChart({ chart, color }: { chart: CurrencyChartData; color: string }) {
  const lang = useLang()
  const { currency } = chart
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="summary-chart"
      data-currency={currency}
      data-way={chart.way}
    >
      <Text fw={600} mb="xs">
        {chart.way === 'outgoing' ? (
          <Trans>Paid in {currency}</Trans>
        ) : (
          <Trans>Collected in {currency}</Trans>
        )}
      </Text>
      <BarChart
        h={240}
        data={chart.points}
        dataKey="group"
        series={[{ name: 'amount', label: currency, color }]}
        tickLine="y"
        gridAxis="y"
        valueFormatter={(v) => formatNumber(v, lang)}
        yAxisProps={{ width: 88 }}
      />
    </Paper>
  )
}

function SummaryBody({
  data,
  label,
}: {
  data: PaymentSummary
  label: (key: string, text: string) => string
}) {
  const { t } = useLingui()
  const charts = currencyCharts(data, label)
  const columns: Column<SummaryRow>[] = [
    {
      key: 'group',
      header: <Trans>Group</Trans>,
      primary: true,
      miw: 160,
      cell: (r) => (
        <Text fz="sm" fw={500}>
          {label(r.key, r.label)} · {r.currency}
        </Text>
      ),
    },
    {
      key: 'outgoing',
      header: <Trans context="payment summary">Paid</Trans>,
      cell: (r) => <AmountText amount={r.outgoing} currency={r.currency} />,
    },
    {
      key: 'incoming',
      header: <Trans>Collected</Trans>,
      cell: (r) => <AmountText amount={r.incoming} currency={r.currency} />,
    },
    { key: 'count', header: <Trans>Payments</Trans>, cell: (r) => String(r.paidCount) },
    {
      key: 'failed',
      header: <Trans>Failed attempts</Trans>,
      cell: (r) =>
        r.failedCount > 0 ? (
          <Text fz="sm" c="red">
            {r.failedCount}
          </Text>
        ) : (
          '0'
        ),
    },
  ]
  if (data.rows.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid="summary-empty">
        <Trans>No payment in this period.</Trans>
      </Text>
    )
  // Without the values privilege the sums are left out: the counts alone, and a word why.
  const hidden = data.totals.some((x) => x.outgoing === null)
  return (
    <Stack gap="lg">
      {hidden ? (
        <Text c="dimmed" fz="sm" data-testid="summary-values-hidden">
          <Trans>The amounts are hidden: you may not see values. The numbers of payments are shown.</Trans>
        </Text>
      ) : (
        <>
          {/* One chart per currency and direction: amounts in different currencies share no axis. */}
          <SimpleGrid cols={{ base: 1, md: charts.length > 1 ? 2 : 1 }}>
            {charts.map((c, i) => (
              <CurrencyChart key={`${c.currency}-${c.way}`} chart={c} color={COLORS[i % COLORS.length]} />
            ))}
          </SimpleGrid>
          <Paper withBorder p="md" radius="md" data-testid="summary-totals">
            <Title order={4} mb="xs">
              <Trans>Totals per currency</Trans>
            </Title>
            <Stack gap={4}>
              {data.totals.map((x) => (
                <Text key={x.currency} fz="sm" data-currency={x.currency}>
                  {t`${x.currency}: paid ${moneyText(x.outgoing, x.currency)}, collected ${moneyText(x.incoming, x.currency)}`}
                </Text>
              ))}
            </Stack>
          </Paper>
        </>
      )}
      {data.reporting ? <ReportingTotals reporting={data.reporting} label={label} /> : null}
      <OpList
        rows={data.rows}
        rowKey={(r) => `${r.key}|${r.currency}`}
        columns={columns}
        total={data.rows.length}
        page={1}
        pageSize={Math.max(data.rows.length, 1)}
        onPage={() => undefined}
        empty={<Trans>No payment in this period.</Trans>}
        testId="summary-rows"
      />
    </Stack>
  )
}

function ReportingTotals({
  reporting,
  label,
}: {
  reporting: NonNullable<PaymentSummary['reporting']>
  label: (key: string, text: string) => string
}) {
  const { t } = useLingui()
  const c = reporting.currency
  const columns: Column<ReportingRow>[] = [
    {
      key: 'group',
      header: <Trans>Group</Trans>,
      primary: true,
      cell: (r) => (
        <Text fz="sm" fw={500}>
          {label(r.key, r.label)}
        </Text>
      ),
    },
    {
      key: 'outgoing',
      header: <Trans context="payment summary">Paid</Trans>,
      cell: (r) => moneyText(r.outgoing, c),
    },
    { key: 'incoming', header: <Trans>Collected</Trans>, cell: (r) => moneyText(r.incoming, c) },
    {
      key: 'apart',
      header: <Trans>Without a rate</Trans>,
      cell: (r) =>
        r.unconverted.length === 0
          ? '—'
          : r.unconverted
              .map((u) =>
                [
                  u.outgoing !== '0.00' ? moneyText(u.outgoing, u.currency) : null,
                  u.incoming !== '0.00' ? `+${moneyText(u.incoming, u.currency)}` : null,
                ]
                  .filter(Boolean)
                  .join(' '),
              )
              .join('; '),
    },
  ]
  return (
    <Paper withBorder p="md" radius="md" data-testid="summary-reporting-total">
      <Stack gap="sm">
        <Title order={4}>
          <Trans>In the reporting currency ({c})</Trans>
        </Title>
        <Group gap="xl" wrap="wrap">
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              <Trans context="payment summary">Paid</Trans>
            </Text>
            <Text fz="lg" fw={700} data-testid="reporting-outgoing">
              {moneyText(reporting.outgoing, c)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text fz="xs" c="dimmed">
              <Trans>Collected</Trans>
            </Text>
            <Text fz="lg" fw={700} data-testid="reporting-incoming">
              {moneyText(reporting.incoming, c)}
            </Text>
          </Stack>
        </Group>
        <div>
          <Text fz="sm" fw={600}>
            <Trans>Rates used</Trans>
          </Text>
          {reporting.ratesUsed.length === 0 ? (
            <Text fz="sm" c="dimmed">
              <Trans>None: every amount was already in {c}, or had no rate.</Trans>
            </Text>
          ) : (
            <List size="sm" data-testid="rates-used">
              {reporting.ratesUsed.map((r) => (
                <List.Item key={`${r.base}/${r.quote}/${r.on}`}>
                  {rateSentence(r)}
                  {r.inverse ? ` (${t`divided by, to convert ${r.currency}`})` : ''}
                </List.Item>
              ))}
            </List>
          )}
        </div>
        {reporting.unconverted.length > 0 ? (
          <Alert
            color="orange"
            title={t`Not converted: no rate on or before their date`}
            data-testid="reporting-unconverted"
          >
            <List size="sm">
              {reporting.unconverted.map((u) => (
                <List.Item key={u.currency}>
                  {t`${u.currency}: paid ${moneyText(u.outgoing, u.currency)}, collected ${moneyText(u.incoming, u.currency)} (${u.count} payments, ${dayText(u.firstOn)} – ${dayText(u.lastOn)})`}
                </List.Item>
              ))}
            </List>
            <Text fz="xs" mt="xs">
              <Trans>Add a rate for these currencies on the exchange rates tab to include them.</Trans>
            </Text>
          </Alert>
        ) : null}
        <OpList
          rows={reporting.rows}
          rowKey={(r) => r.key}
          columns={columns}
          total={reporting.rows.length}
          page={1}
          pageSize={Math.max(reporting.rows.length, 1)}
          onPage={() => undefined}
          empty={<Trans>No payment in this period.</Trans>}
          testId="reporting-rows"
        />
      </Stack>
    </Paper>
  )
}
