// The data centre's data-quality tab: the documentation backlog of the works the office holds — each rule with
// how many works it finds now (and their share), the daily counts kept since as a line per rule, and, for the
// rule picked (in the URL), the works behind it a page at a time, each opening its record.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { LineChart } from '@mantine/charts'
import {
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import {
  DATA_QUALITY_RULES,
  type DataQualityReport,
  type DataQualityRule,
} from '../../../shared/contracts/data-quality'
import { dataQualityArtworksQuery, dataQualityQuery } from '../../api/queries/datacentre'
import { formatDate, formatNumber } from '../../i18n/format'
import { ArtworkThumb, useFileLinks } from '../archive/ArtworkThumb'
import { AnchorLink } from '../archive/router-links'
import { useLang } from '../process/machine-words'

const PAGE_SIZE = 20
const COLORS = ['red.6', 'orange.6', 'yellow.7', 'teal.6', 'blue.6', 'grape.6']

/** Each rule as people read it; the thresholds are the report's. */
function ruleLabel(rule: DataQualityRule, r: Pick<DataQualityReport, 'valuationYears' | 'conditionMonths'>) {
  const years = r.valuationYears
  const months = r.conditionMonths
  const labels: Record<DataQualityRule, MessageDescriptor> = {
    noImage: msg`No image`,
    noValuation: msg`No valuation in ${years} years`,
    noDimensions: msg`No dimensions`,
    noLocation: msg`No location`,
    noConditionCheck: msg`No condition check in ${months} months`,
    noProvenance: msg`No provenance`,
  }
  return labels[rule]
}

export function DataQualityPanel({
  rule,
  page,
  onPick,
}: {
  rule: DataQualityRule | undefined
  page: number
  onPick: (rule: DataQualityRule | undefined, page?: number) => void
}) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const report = useQuery(dataQualityQuery())
  if (report.isPending) return <Skeleton h={320} />
  if (report.isError)
    return (
      <Text c="red.9" fz="sm">
        <Trans>The data quality figures could not be read.</Trans>
      </Text>
    )
  const d = report.data
  const share = (n: number) => (d.held === 0 ? '0' : formatNumber(Math.round((n / d.held) * 100), lang))
  const data = d.trend.map((p) => ({
    day: formatDate(p.on, lang),
    ...Object.fromEntries(DATA_QUALITY_RULES.map((k) => [i18n._(ruleLabel(k, d)), p.counts[k] ?? 0])),
  }))
  const series = DATA_QUALITY_RULES.map((k, i) => ({ name: i18n._(ruleLabel(k, d)), color: COLORS[i] }))
  const held = formatNumber(d.held, lang)
  const day = formatDate(d.on, lang)
  return (
    <Stack gap="md" data-testid="data-quality">
      <Text fz="sm" c="dimmed">
        {t`What the records of the ${held} works the office holds still lack, on ${day}. Pick a rule to see its works.`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {d.rules.map((r) => {
          const active = r.key === rule
          const percent = share(r.count)
          return (
            <UnstyledButton
              key={r.key}
              onClick={() => onPick(active ? undefined : r.key, 1)}
              aria-pressed={active}
              data-testid={`dq-rule-${r.key}`}
            >
              <Paper
                withBorder
                p="md"
                radius="md"
                style={active ? { borderColor: 'var(--mantine-color-bronze-6)', borderWidth: 2 } : undefined}
              >
                <Text fz="sm" fw={500}>
                  {i18n._(ruleLabel(r.key, d))}
                </Text>
                <Group gap="xs" align="baseline">
                  <Text fz={28} fw={600} c={r.count === 0 ? 'teal.8' : undefined} data-testid="dq-count">
                    {formatNumber(r.count, lang)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t`${percent}% of the works held`}
                  </Text>
                </Group>
              </Paper>
            </UnstyledButton>
          )
        })}
      </SimpleGrid>

      <Paper withBorder p="md" radius="md" data-testid="dq-trend">
        <Title order={3} fz={16} mb="xs">
          <Trans>The backlog over time</Trans>
        </Title>
        {data.length < 2 ? (
          <Text c="dimmed" fz="sm" py="md" data-testid="dq-trend-empty">
            <Trans>The counts are kept once a day; the line appears from the second day.</Trans>
          </Text>
        ) : (
          <LineChart
            h={240}
            data={data}
            dataKey="day"
            series={series}
            withLegend
            curveType="linear"
            valueFormatter={(v) => formatNumber(v, lang)}
          />
        )}
      </Paper>

      {rule ? (
        <RuleArtworks
          rule={rule}
          page={page}
          label={i18n._(ruleLabel(rule, d))}
          onPage={(p) => onPick(rule, p)}
        />
      ) : null}
    </Stack>
  )
}

function RuleArtworks({
  rule,
  page,
  label,
  onPage,
}: {
  rule: DataQualityRule
  page: number
  label: string
  onPage: (page: number) => void
}) {
  const lang = useLang()
  const list = useQuery(dataQualityArtworksQuery(rule, page, PAGE_SIZE))
  const links = useFileLinks(list.data?.items.map((a) => a.previewFileId) ?? [])
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1
  const name = (zh: string, en: string) => (lang === 'en' ? en || zh : zh || en)
  return (
    <Paper withBorder p="md" radius="md" data-testid="dq-artworks">
      <Title order={3} fz={16} mb="xs">
        {label}
        {list.data ? (
          <Text span fz="sm" c="dimmed" ml="xs">
            ({formatNumber(list.data.total, lang)})
          </Text>
        ) : null}
      </Title>
      {list.isPending ? (
        <Skeleton h={160} />
      ) : list.isError ? (
        <Text c="red.9" fz="sm">
          <Trans>The works could not be read.</Trans>
        </Text>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          <Trans>No work is missing this.</Trans>
        </Text>
      ) : (
        <Table verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64} />
              <Table.Th>
                <Trans>Title</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Artist</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Inventory number</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((a) => (
              <Table.Tr key={a.id} data-testid="dq-artwork">
                <Table.Td>
                  <ArtworkThumb fileId={a.previewFileId} links={links} alt="" w={44} h={44} />
                </Table.Td>
                <Table.Td>
                  <AnchorLink to="/artworkArchive/detail" search={{ id: a.id }} fz="sm">
                    {name(a.titleZh, a.titleEn)}
                  </AnchorLink>
                </Table.Td>
                <Table.Td fz="sm">{name(a.artistNameZh, a.artistNameEn)}</Table.Td>
                <Table.Td fz="sm">{a.inventoryNo}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 ? (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={page} onChange={onPage} size="sm" />
        </Group>
      ) : null}
    </Paper>
  )
}
