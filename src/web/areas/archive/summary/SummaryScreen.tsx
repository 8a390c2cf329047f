// /artworkArchive/artSummary: the collection at a glance. How many artworks and what their latest
// valuations add up to, overall and by medium, period, invest market, room, status and insurance —
// always per currency, never adding one currency to another. Bars for looking, a table for reading;
// a bar opens the archive filtered by it. The archive's filters narrow the summary too (kept in the URL).
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  Collapse,
  EmptyState,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { type ArtworkSummary, SUMMARY_GROUPS } from '../../../../shared/contracts/artworks'
import { moneyText } from '../../../../shared/money-text'
import { artworkSummaryQuery } from '../../../api/queries/artworks'
import { formatNumber } from '../../../i18n/format'
import { IconChart } from '../../../shell/icons'
import { PageHeader } from '../../../shell/PageHeader'
import { ActiveFilters, ArchiveFilters } from '../ArchiveFilters'
import { IconFilter } from '../archive-icons'
import { SUMMARY_GROUP_LABELS } from '../archive-labels'
import { type ArchiveSearch, activeFilterCount, filterParams } from '../archive-search'
import { useArchiveReference } from '../reference-data'
import { type BarItem, BarList } from './BarList'

type SummaryGroup = (typeof SUMMARY_GROUPS)[number]
type GroupItem = ArtworkSummary['groups'][SummaryGroup][number]

/** The archive search that lists one group's artworks ("Not set" where the list can express it). */
export function searchFor(group: SummaryGroup, key: string | null): ArchiveSearch | null {
  if (key === null) return group === 'room' ? { inWarehouse: false } : null
  switch (group) {
    case 'medium':
      return { mediumTagId: [Number(key)] }
    case 'period':
      return { periodTagId: [Number(key)] }
    case 'market':
      return { investMarketTagId: [Number(key)] }
    case 'room':
      return { roomId: [key] }
    case 'status':
      return { status: [key as NonNullable<ArchiveSearch['status']>[number]] }
    case 'insurance':
      return { insuranceStatus: [key as NonNullable<ArchiveSearch['insuranceStatus']>[number]] }
  }
}

/** Every currency the summary holds, the most valued first. */
export function currenciesOf(summary: ArtworkSummary): string[] {
  return [...summary.valuations]
    .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency))
    .map((v) => v.currency)
}

function GroupCard({
  group,
  items,
  metric,
  currencies,
  onOpen,
  lang,
}: {
  group: SummaryGroup
  items: GroupItem[]
  metric: string
  currencies: string[]
  onOpen: (group: SummaryGroup, key: string | null) => void
  lang: 'zh-CN' | 'en'
}) {
  const { i18n, t } = useLingui()
  const [asTable, setAsTable] = useState(false)
  const total = items.reduce((n, i) => n + i.count, 0)
  const bars: BarItem[] = items
    .map((item) => {
      const label = lang === 'en' ? item.labelEn : item.labelZh
      if (metric === 'count') {
        const share = total > 0 ? Math.round((item.count / total) * 100) : 0
        return {
          key: item.key ?? '',
          label,
          value: item.count,
          display: formatNumber(item.count, lang),
          hint: t`${share}% of these artworks`,
        }
      }
      const v = item.valuations.find((x) => x.currency === metric)
      const valued = v?.count ?? 0
      return {
        key: item.key ?? '',
        label,
        // Only the bar's length is a number; the figure shown is the exact decimal string.
        value: v ? Number(v.total) : 0,
        display: v ? moneyText(v.total, metric) : '—',
        hint: t`${valued} of ${item.count} artworks valued in ${metric}`,
      }
    })
    .filter((b) => metric === 'count' || b.value > 0)
    .sort((a, b) => b.value - a.value)
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`summary-${group}`}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz={15} fw={600}>
          {i18n._(SUMMARY_GROUP_LABELS[group])}
        </Title>
        <SegmentedControl
          size="xs"
          value={asTable ? 'table' : 'bars'}
          onChange={(v) => setAsTable(v === 'table')}
          data={[
            { value: 'bars', label: t`Chart` },
            { value: 'table', label: t`Table` },
          ]}
        />
      </Group>
      {asTable ? (
        <Table.ScrollContainer minWidth={currencies.length * 140 + 260}>
          <Table fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th style={{ textAlign: 'right' }}>
                  <Trans>Artworks</Trans>
                </Table.Th>
                {currencies.map((c) => (
                  <Table.Th key={c} style={{ textAlign: 'right' }}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.key ?? 'none'}>
                  <Table.Td>{lang === 'en' ? item.labelEn : item.labelZh}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatNumber(item.count, lang)}</Table.Td>
                  {currencies.map((c) => {
                    const v = item.valuations.find((x) => x.currency === c)
                    return (
                      <Table.Td
                        key={c}
                        style={{
                          textAlign: 'right',
                          whiteSpace: 'nowrap',
                          fontVariantNumeric: 'tabular-nums',
                        }}
                      >
                        {v ? moneyText(v.total) : '—'}
                      </Table.Td>
                    )
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : bars.length === 0 ? (
        <Text fz="sm" c="dimmed">
          <Trans>Nothing valued in {metric} here.</Trans>
        </Text>
      ) : (
        <BarList
          items={bars}
          color={metric === 'count' ? 'var(--mantine-color-ink-6)' : 'var(--mantine-color-bronze-5)'}
          onSelect={(bar) => onOpen(group, bar.key === '' ? null : bar.key)}
          testId={`bars-${group}`}
        />
      )}
    </Card>
  )
}

export interface SummaryScreenProps {
  search: ArchiveSearch
  onSearch: (next: ArchiveSearch) => void
}

export function SummaryScreen({ search, onSearch }: SummaryScreenProps) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const reference = useArchiveReference()
  const lang = reference.lang
  const params = useMemo(() => filterParams(search), [search])
  const summary = useQuery(artworkSummaryQuery(params))
  const [metric, setMetric] = useState('count')
  const [filtersOpen, setFiltersOpen] = useState(false)
  const data = summary.data
  const currencies = data ? currenciesOf(data) : []
  const filters = activeFilterCount(search)
  const shownMetric = metric === 'count' || currencies.includes(metric) ? metric : 'count'

  const open = (group: SummaryGroup, key: string | null) => {
    const extra = searchFor(group, key)
    if (!extra) return
    void navigate({ to: '/artworkArchive/index', search: { ...search, ...extra } })
  }

  return (
    <Stack gap="md">
      <PageHeader
        description={
          <Trans>
            The collection at a glance: how many works and what they are valued at, by the ways the office
            looks at them. Values are never added across currencies.
          </Trans>
        }
        actions={
          <Button
            variant={filtersOpen ? 'light' : 'default'}
            leftSection={<IconFilter size={16} />}
            rightSection={
              filters > 0 ? (
                <Badge size="sm" circle>
                  {filters}
                </Badge>
              ) : null
            }
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <Trans>Filters</Trans>
          </Button>
        }
      />
      <Collapse expanded={filtersOpen}>
        <Card withBorder radius="md" padding="md">
          <ArchiveFilters search={search} onChange={onSearch} reference={reference} />
        </Card>
      </Collapse>
      <ActiveFilters search={search} onChange={onSearch} reference={reference} />

      {summary.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : !data || data.count === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <EmptyState
            icon={<IconChart size={26} />}
            withIndicatorBackground
            title={
              filters > 0 ? (
                <Trans>No artwork matches these filters</Trans>
              ) : (
                <Trans>The archive is empty</Trans>
              )
            }
            description={<Trans>The summary fills in as artworks are registered.</Trans>}
          />
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" data-testid="summary-figures">
            <Card withBorder radius="md" padding="lg">
              <Text fz="xs" c="dimmed" fw={500}>
                <Trans>Artworks</Trans>
              </Text>
              <Group gap="xs" align="baseline">
                <Text fz={30} fw={600} data-testid="summary-count">
                  {formatNumber(data.count, lang)}
                </Text>
                {summary.isFetching ? <Loader size="xs" /> : null}
              </Group>
              <Text fz="xs" c="dimmed" data-testid="summary-count-scope">
                <Trans>
                  Every artwork on record, sold and missing ones included (the data centre counts only those
                  held)
                </Trans>
              </Text>
            </Card>
            {data.valuations.map((v) => (
              <Card key={v.currency} withBorder radius="md" padding="lg" data-testid="summary-currency">
                <Group justify="space-between" align="flex-start">
                  <Text fz="xs" c="dimmed" fw={500}>
                    <Trans>Latest valuations in {v.currency}</Trans>
                  </Text>
                  <Badge size="xs" variant="light" color="gray">
                    {v.currency}
                  </Badge>
                </Group>
                <Text fz={22} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {moneyText(v.total)}
                </Text>
                <Text fz="xs" c="dimmed">
                  <Trans>{formatNumber(v.count, lang)} artworks valued</Trans>
                </Text>
              </Card>
            ))}
          </SimpleGrid>

          <Group justify="space-between" wrap="wrap">
            <Text fz="sm" c="dimmed">
              <Trans>Bars show</Trans>
            </Text>
            <SegmentedControl
              value={shownMetric}
              onChange={setMetric}
              data={[
                { value: 'count', label: t`Number of artworks` },
                ...currencies.map((c) => ({ value: c, label: t`Value in ${c}` })),
              ]}
              data-testid="summary-metric"
            />
          </Group>

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {SUMMARY_GROUPS.map((group) => (
              <GroupCard
                key={group}
                group={group}
                items={data.groups[group]}
                metric={shownMetric}
                currencies={currencies}
                onOpen={open}
                lang={lang}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  )
}
