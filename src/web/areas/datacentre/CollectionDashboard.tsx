// The collection dashboard (/art-data-center, first tab): what the collection is worth — in the
// reporting currency through the dated rates it names, and per original currency, never added across
// currencies otherwise — where it is, what it is, what is insured, what is moving. Clicking a bar narrows every
// other chart (the filters live in the URL); "Open in the archive" lists exactly those artworks. An empty
// chart says why; a refused filter shows the server's message instead of charts.
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart, LineChart } from '@mantine/charts'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import {
  type Activity,
  type Breakdown,
  type BreakdownRow,
  type CollectionDashboard as Dashboard,
  DIMENSIONS,
  type Dimension,
  OUT_OF_WAREHOUSE,
} from '../../../shared/contracts/datacentre'
import type { RateUsed } from '../../../shared/contracts/finance'
import { langOf } from '../../../shared/lang'
import { moneyText } from '../../../shared/money-text'
import { ApiError } from '../../api/api-error'
import { collectionQuery, valueHistoryQuery } from '../../api/queries/datacentre'
import { formatDateTime, formatNumber } from '../../i18n/format'
import { useSeesValues } from '../../session/use-session'
import { AnchorLink, ButtonLink } from '../archive/router-links'
import { useLang } from '../process/machine-words'
import {
  archiveSearchOf,
  type DashboardFilters,
  type DataCentreSearch,
  dimensionFilter,
  FILTER_KEYS,
  filterParams,
  type Metric,
} from './datacentre-search'

const COLORS = ['ink.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6']
/** Drawing only: the words always show the decimal string. */
const num = (v: string | null) => Number(v ?? 0)

export interface CollectionDashboardProps {
  search: DataCentreSearch
  filters: DashboardFilters
  onSearch: (patch: Partial<DataCentreSearch>) => void
}

function useDimensionTitles(): Record<Dimension, string> {
  const { t } = useLingui()
  return {
    location: t`Location`,
    medium: t`Medium`,
    period: t`Period of creation`,
    artist: t`Artist`,
    market: t`Invest market`,
    stage: t`Income stage`,
  }
}

function useWorksWords() {
  const { t } = useLingui()
  return (count: number) => t`${count} artworks`
}

function useActivityWords(): Record<Activity, string> {
  const { t } = useLingui()
  return { operation: t`In operations`, loan: t`On loan`, transit: t`In transit` }
}

/** The words of a bar: the room, tag or artist name; "out of the warehouse"; "not recorded". */
function useRowLabel() {
  const { t } = useLingui()
  return (d: Dimension, r: Pick<BreakdownRow, 'key' | 'label'>) =>
    r.key === null
      ? t`Not recorded`
      : d === 'location' && r.key === OUT_OF_WAREHOUSE
        ? t`Out of the warehouse`
        : r.label || t`Not recorded`
}

/** A rate as stored: 1 base = rate quote, and its date (numbers and codes only). */
const rateWords = (r: RateUsed) => `1 ${r.base} = ${r.rate} ${r.quote} · ${r.on}`

export function CollectionDashboard({ search, filters, onSearch }: CollectionDashboardProps) {
  const { t } = useLingui()
  // Without the values privilege the server sends counts only: the charts count artworks.
  const values = useSeesValues()
  const metric: Metric = values ? (search.metric ?? 'reporting') : 'count'
  const params = filterParams(filters)
  const dashboard = useQuery(collectionQuery(params))
  const history = useQuery(
    valueHistoryQuery({ ...params, by: search.by ?? 'month', from: search.from, to: search.to }),
  )
  const setFilter = (patch: Partial<DashboardFilters>) => onSearch(patch)
  const active = FILTER_KEYS.filter((k) => filters[k] !== undefined)

  const refused = [dashboard.error, history.error].find((e) => e instanceof ApiError) as ApiError | undefined
  if (refused && !dashboard.data) return <Refused error={refused} onClear={() => onSearch(clearAll())} />
  if (dashboard.isPending) return <Skeleton h={520} radius="md" />
  if (!dashboard.data) return null
  const d = dashboard.data
  const rateDay = d.totals.at
  return (
    <Stack gap="md" data-testid="collection-dashboard" data-metric={metric}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {values ? (
          <SegmentedControl
            size="xs"
            value={metric}
            onChange={(v) => onSearch({ metric: v as Metric })}
            data={[
              { value: 'reporting', label: t`Value in ${d.totals.reportingCurrency}` },
              { value: 'value', label: t`Value per currency` },
              { value: 'count', label: t`Number of artworks` },
            ]}
            aria-label={t`What the charts show`}
            data-testid="metric"
          />
        ) : (
          <span />
        )}
        <ButtonLink
          to="/artworkArchive/index"
          search={archiveSearchOf(filters)}
          variant="light"
          size="xs"
          data-testid="open-archive"
        >
          {t`Open these ${d.totals.artworks} artworks in the archive`}
        </ButtonLink>
      </Group>
      {active.length > 0 ? (
        <ActiveFilters
          d={d}
          filters={filters}
          onRemove={(k) => setFilter({ [k]: undefined })}
          onClear={() => onSearch(clearAll())}
        />
      ) : null}
      {refused ? <Refused error={refused} onClear={() => onSearch(clearAll())} /> : null}
      {values ? <Totals d={d} /> : <CountTotals d={d} />}
      {d.totals.artworks === 0 ? (
        <Alert color="gray" data-testid="collection-empty">
          {active.length > 0 ? (
            <Trans>No artwork the office holds matches these filters, so there is nothing to chart.</Trans>
          ) : (
            <Trans>The office holds no artwork yet, so there is nothing to chart.</Trans>
          )}
        </Alert>
      ) : (
        <>
          {values ? (
            <ValueOverTime
              metric={metric}
              by={search.by ?? 'month'}
              onBy={(by) => onSearch({ by })}
              history={history.data}
              pending={history.isPending}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {DIMENSIONS.map((dim) => {
              const b = d.breakdowns.find((x) => x.dimension === dim)
              return b ? (
                <BreakdownCard
                  key={dim}
                  b={b}
                  metric={metric}
                  currency={d.totals.reportingCurrency}
                  selected={filters[dim === 'location' ? 'location' : dim] as string | number | undefined}
                  onPick={(key) => setFilter(dimensionFilter(dim, key))}
                  filters={filters}
                />
              ) : null
            })}
            <InsuranceCard
              d={d}
              metric={metric}
              filters={filters}
              onPick={(insurance) => setFilter({ insurance })}
            />
            <ActivityCard d={d} filters={filters} onPick={(activity) => setFilter({ activity })} />
          </SimpleGrid>
        </>
      )}
      {values ? (
        <Text fz="xs" c="dimmed">
          {t`Values are each artwork's latest valuation, converted at the latest rate on or before ${rateDay}.`}
        </Text>
      ) : null}
    </Stack>
  )
}

const clearAll = (): Partial<DataCentreSearch> =>
  Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) as Partial<DataCentreSearch>

function Refused({ error, onClear }: { error: ApiError; onClear: () => void }) {
  const fields = error.fieldErrors ?? {}
  return (
    <Alert color="red" title={error.message} data-testid="datacentre-refused">
      <Stack gap={4}>
        {Object.values(fields).map((m) => (
          <Text key={m} fz="sm">
            {m}
          </Text>
        ))}
        <Group>
          <Button size="xs" variant="light" onClick={onClear}>
            <Trans>Clear the filters</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

function ActiveFilters({
  d,
  filters,
  onRemove,
  onClear,
}: {
  d: Dashboard
  filters: DashboardFilters
  onRemove: (k: (typeof FILTER_KEYS)[number]) => void
  onClear: () => void
}) {
  const { t } = useLingui()
  const titles = useDimensionTitles()
  const activity = useActivityWords()
  const label = useRowLabel()
  const words = (k: (typeof FILTER_KEYS)[number]): string => {
    const v = filters[k]
    if ((DIMENSIONS as readonly string[]).includes(k)) {
      const dim = k as Dimension
      const row = d.breakdowns.find((b) => b.dimension === dim)?.rows.find((r) => r.key === String(v))
      return `${titles[dim]}: ${row ? label(dim, row) : String(v)}`
    }
    if (k === 'insurance') return v === 'covered' ? t`Insured` : t`Not insured`
    if (k === 'activity') return activity[v as Activity]
    return t`Valued in ${String(v)}`
  }
  return (
    <Group gap={6} data-testid="active-filters">
      {FILTER_KEYS.filter((k) => filters[k] !== undefined).map((k) => (
        <Badge
          key={k}
          variant="light"
          size="lg"
          data-filter={k}
          rightSection={
            <CloseButton size="xs" aria-label={t`Remove this filter`} onClick={() => onRemove(k)} />
          }
        >
          {words(k)}
        </Badge>
      ))}
      <Anchor component="button" fz="sm" onClick={onClear}>
        <Trans>Clear all</Trans>
      </Anchor>
    </Group>
  )
}

/** The totals for a user who may not see values: how many artworks are held. */
function CountTotals({ d }: { d: Dashboard }) {
  const { t } = useLingui()
  const held = d.totals.artworks
  return (
    <Paper withBorder p="md" radius="md" data-testid="collection-totals">
      <Text fz="sm" data-testid="totals-scope">
        {t`${held} artworks held (sold and missing artworks, and works in our care or borrowed, are not counted)`}
      </Text>
    </Paper>
  )
}

function Totals({ d }: { d: Dashboard }) {
  const { t } = useLingui()
  const tt = d.totals
  const worksWords = useWorksWords()
  const held = tt.artworks
  const valued = tt.valued
  return (
    <Paper withBorder p="md" radius="md" data-testid="collection-totals">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            <Trans>Total value in the reporting currency</Trans>
          </Text>
          <Text fz={26} fw={700} data-testid="reporting-total" data-amount={tt.total}>
            {moneyText(tt.total, tt.reportingCurrency)}
          </Text>
          <Text fz="xs" c="dimmed" data-testid="totals-scope">
            {t`${held} artworks held, ${valued} of them valued (sold and missing artworks, and works in our care or borrowed, are not counted; the archive summary counts every artwork on record)`}
          </Text>
          {tt.unconverted.length > 0 ? (
            <Alert color="orange" p="xs" mt={4} data-testid="unconverted">
              <Text fz="xs">
                <Trans>Not in the total, for want of a rate:</Trans>{' '}
                {tt.unconverted.map((u) => moneyText(u.amount, u.currency)).join(' · ')}
              </Text>
            </Alert>
          ) : null}
        </Stack>
        <Stack gap={4}>
          <Text fz="sm" c="dimmed">
            <Trans>Per original currency</Trans>
          </Text>
          {tt.perCurrency.length === 0 ? (
            <Text fz="sm" c="dimmed">
              <Trans>No valuation recorded.</Trans>
            </Text>
          ) : (
            <Table verticalSpacing={2} fz="sm" data-testid="per-currency">
              <Table.Tbody>
                {tt.perCurrency.map((c) => (
                  <Table.Tr key={c.currency} data-currency={c.currency}>
                    <Table.Td>{moneyText(c.amount, c.currency)}</Table.Td>
                    <Table.Td c="dimmed">{worksWords(c.count)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
        <Stack gap={4} data-testid="rates-used">
          <Text fz="sm" c="dimmed">
            <Trans>Rates used</Trans>
          </Text>
          {tt.ratesUsed.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {tt.unconverted.length > 0 ? (
                <Trans>No rate on record for these currencies on or before this date.</Trans>
              ) : (
                <Trans>None needed.</Trans>
              )}
            </Text>
          ) : (
            tt.ratesUsed.map((r) => (
              <Text key={`${r.base}${r.quote}${r.on}`} fz="sm">
                {rateWords(r)}
              </Text>
            ))
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  )
}

/** The chart's points: per row, the reporting value, each currency's value, or the count. */
function chartData<
  R extends { values: { currency: string; amount: string }[]; converted: string | null; count: number },
>(rows: R[], metric: Metric, name: (r: R) => string, reporting: string) {
  const currencies = [...new Set(rows.flatMap((r) => r.values.map((v) => v.currency)))].sort()
  const series =
    metric === 'count'
      ? [{ name: 'count', color: COLORS[0] }]
      : metric === 'reporting'
        ? [{ name: reporting, color: COLORS[0] }]
        : currencies.map((c, i) => ({ name: c, color: COLORS[i % COLORS.length] }))
  const data = rows.map((r) => {
    const point: Record<string, string | number> = { label: name(r) }
    if (metric === 'count') point.count = r.count
    else if (metric === 'reporting') point[reporting] = num(r.converted)
    else for (const v of r.values) point[v.currency] = num(v.amount)
    return point
  })
  return { data, series, currencies }
}

function ChartCard({
  title,
  testId,
  children,
  footer,
}: {
  title: ReactNode
  testId: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Title order={3} fz={16} mb="xs">
        {title}
      </Title>
      {children}
      {footer}
    </Paper>
  )
}

function BreakdownCard({
  b,
  metric,
  currency,
  selected,
  onPick,
  filters,
}: {
  b: Breakdown
  metric: Metric
  currency: string
  selected: string | number | undefined
  onPick: (key: string) => void
  filters: DashboardFilters
}) {
  const { t, i18n } = useLingui()
  const titles = useDimensionTitles()
  const label = useRowLabel()
  const rows = b.rows
  const moreRows = b.more.rows
  const moreCount = b.more.count
  const valued = rows.some((r) => r.values.length > 0)
  const { data, series } = chartData(rows, metric, (r) => label(b.dimension, r), currency)
  const unconverted = [...new Set(rows.flatMap((r) => r.unconverted))]
  const pick = (index: number) => {
    const key = rows[index]?.key
    if (key !== null && key !== undefined) onPick(key)
  }
  const empty =
    rows.length === 0 ? (
      <Trans>No artwork to group.</Trans>
    ) : metric !== 'count' && !valued ? (
      <Trans>None of these artworks has a valuation; switch to the number of artworks.</Trans>
    ) : null
  return (
    <ChartCard
      title={titles[b.dimension]}
      testId={`breakdown-${b.dimension}`}
      footer={
        <Stack gap={2} mt="xs">
          {metric === 'reporting' && unconverted.length > 0 ? (
            <Text fz="xs" c="red.9">
              {t`Values in ${unconverted.join(', ')} have no rate and are not in the bars.`}
            </Text>
          ) : null}
          {b.more.rows > 0 ? (
            <Text fz="xs" c="dimmed">
              {t`${moreRows} more, holding ${moreCount} artworks, not shown.`}
            </Text>
          ) : null}
          <Group gap={6} wrap="wrap" data-testid="bar-links">
            {rows.map((r, i) =>
              r.key === null ? null : (
                <UnstyledButton
                  key={r.key}
                  onClick={() => pick(i)}
                  data-key={r.key}
                  data-selected={String(selected) === r.key || undefined}
                  fz="xs"
                  c={String(selected) === r.key ? 'ink.8' : 'dimmed'}
                  fw={String(selected) === r.key ? 700 : 400}
                >
                  {label(b.dimension, r)} ({r.count})
                </UnstyledButton>
              ),
            )}
          </Group>
          {selected !== undefined ? (
            <AnchorLink
              to="/artworkArchive/index"
              search={archiveSearchOf(filters)}
              fz="xs"
              data-testid="card-archive"
            >
              <Trans>Open in the archive</Trans>
            </AnchorLink>
          ) : null}
        </Stack>
      }
    >
      {empty ? (
        <Text c="dimmed" fz="sm" py="lg" data-testid="chart-empty">
          {empty}
        </Text>
      ) : (
        <BarChart
          h={Math.max(180, Math.min(rows.length, 12) * 40 + 60)}
          data={data.slice(0, 12)}
          dataKey="label"
          orientation="vertical"
          series={series}
          withLegend={metric === 'value'}
          gridAxis="x"
          yAxisProps={{ width: 150 }}
          valueFormatter={(v) => formatNumber(v, langOf(i18n.locale))}
          barProps={{ cursor: 'pointer', onClick: (_: unknown, index: number) => pick(index) }}
          data-testid="bar-chart"
        />
      )}
    </ChartCard>
  )
}

function InsuranceCard({
  d,
  metric,
  filters,
  onPick,
}: {
  d: Dashboard
  metric: Metric
  filters: DashboardFilters
  onPick: (v: 'covered' | 'to_be_insured') => void
}) {
  const { t, i18n } = useLingui()
  const name = (s: string) => (s === 'covered' ? t`Insured` : t`Not insured`)
  const rows = d.insurance.rows
  const under = d.insurance.underInsured
  const percent = Math.round(d.insurance.ratio * 100)
  const { data, series } = chartData(rows, metric, (r) => name(r.status), d.totals.reportingCurrency)
  return (
    <ChartCard
      title={<Trans>Insured and not insured</Trans>}
      testId="insurance-card"
      footer={
        <Group justify="space-between" mt="xs" wrap="wrap">
          <Group gap={6}>
            {rows.map((r) => (
              <UnstyledButton
                key={r.status}
                fz="xs"
                c="dimmed"
                onClick={() => onPick(r.status)}
                data-key={r.status}
              >
                {name(r.status)} ({r.count})
              </UnstyledButton>
            ))}
          </Group>
          <AnchorLink
            to="/devOpsManage/insurance"
            search={{ view: 'underInsured' }}
            fz="xs"
            c={d.insurance.underInsured > 0 ? 'red.9' : 'dimmed'}
            data-testid="under-insured"
          >
            {t`${under} under-insured (cover below ${percent}% of the valuation), whole collection`}
          </AnchorLink>
          {filters.insurance ? (
            <AnchorLink to="/artworkArchive/index" search={archiveSearchOf(filters)} fz="xs">
              <Trans>Open in the archive</Trans>
            </AnchorLink>
          ) : null}
        </Group>
      }
    >
      <BarChart
        h={180}
        data={data}
        dataKey="label"
        series={series}
        withLegend={metric === 'value'}
        gridAxis="y"
        yAxisProps={{ width: 80 }}
        valueFormatter={(v) => formatNumber(v, langOf(i18n.locale))}
        barProps={{
          cursor: 'pointer',
          onClick: (_: unknown, index: number) => {
            const s = rows[index]?.status
            if (s) onPick(s)
          },
        }}
      />
    </ChartCard>
  )
}

function ActivityCard({
  d,
  filters,
  onPick,
}: {
  d: Dashboard
  filters: DashboardFilters
  onPick: (v: Activity) => void
}) {
  const words = useActivityWords()
  return (
    <ChartCard title={<Trans>What is moving</Trans>} testId="activity-card">
      <SimpleGrid cols={3} spacing="xs">
        {d.activity.rows.map((r) => (
          <Paper
            key={r.activity}
            withBorder
            p="sm"
            radius="md"
            bg={filters.activity === r.activity ? 'ink.0' : undefined}
            data-activity={r.activity}
          >
            <UnstyledButton onClick={() => onPick(r.activity)} w="100%">
              <Text fz={24} fw={700} data-count={r.count}>
                {r.count}
              </Text>
              <Text fz="xs" c="dimmed">
                {words[r.activity]}
              </Text>
            </UnstyledButton>
            <AnchorLink
              to="/artworkArchive/index"
              search={archiveSearchOf({ ...filters, activity: r.activity })}
              fz="xs"
            >
              <Trans>List</Trans>
            </AnchorLink>
          </Paper>
        ))}
      </SimpleGrid>
    </ChartCard>
  )
}

function ValueOverTime({
  metric,
  by,
  onBy,
  history,
  pending,
}: {
  metric: Metric
  by: 'month' | 'year'
  onBy: (by: 'month' | 'year') => void
  history: import('../../../shared/contracts/datacentre').ValueHistory | undefined
  pending: boolean
}) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const points = history?.points ?? []
  const anything = points.some((p) => p.values.length > 0)
  const anyConverted = points.some((p) => p.converted !== '0.00')
  const reporting = history?.reportingCurrency ?? ''
  const perCurrency = metric !== 'reporting'
  const currencies = history?.currencies ?? []
  const data = points.map((p) => {
    const point: Record<string, string | number> = { period: p.period }
    if (perCurrency) for (const v of p.values) point[v.currency] = num(v.amount)
    else point[reporting] = num(p.converted)
    return point
  })
  const series = perCurrency
    ? currencies.map((c, i) => ({ name: c, color: COLORS[i % COLORS.length] }))
    : [{ name: reporting, color: COLORS[0] }]
  const missing = [...new Set(points.flatMap((p) => p.unconverted))]
  const computedAt = history?.computedAt ? formatDateTime(history.computedAt, lang) : null
  return (
    <ChartCard
      title={<Trans>Value over time</Trans>}
      testId="value-over-time"
      footer={
        <Stack gap={2} mt="xs">
          {!perCurrency && missing.length > 0 ? (
            <Text fz="xs" c="red.9">
              {t`Values in ${missing.join(', ')} have no rate on some dates and are left out of the line there.`}
            </Text>
          ) : null}
          {metric === 'count' ? (
            <Text fz="xs" c="dimmed">
              <Trans>Shown per currency: the valuation history has values, not counts.</Trans>
            </Text>
          ) : null}
          {computedAt ? (
            <Text fz="xs" c="dimmed" data-testid="computed-at">
              {t`Precomputed at ${computedAt}; refreshed every few minutes.`}
            </Text>
          ) : null}
        </Stack>
      }
    >
      <Group justify="flex-end" mb="xs">
        <SegmentedControl
          size="xs"
          value={by}
          onChange={(v) => onBy(v as 'month' | 'year')}
          data={[
            { value: 'month', label: t`By month` },
            { value: 'year', label: t`By year` },
          ]}
          aria-label={t`Interval`}
        />
      </Group>
      {pending ? (
        <Skeleton h={220} />
      ) : !anything ? (
        <Text c="dimmed" fz="sm" py="lg" data-testid="chart-empty">
          <Trans>No valuation recorded in this period.</Trans>
        </Text>
      ) : !perCurrency && !anyConverted ? (
        <Text c="dimmed" fz="sm" py="lg" data-testid="chart-empty">
          <Trans>
            No rate converts these valuations into the reporting currency; show the value per currency.
          </Trans>
        </Text>
      ) : (
        <LineChart
          h={240}
          data={data}
          dataKey="period"
          series={series}
          withLegend
          curveType="stepAfter"
          yAxisProps={{ width: 90 }}
          valueFormatter={(v) => formatNumber(v, langOf(i18n.locale))}
          data-testid="line-chart"
        />
      )}
    </ChartCard>
  )
}
