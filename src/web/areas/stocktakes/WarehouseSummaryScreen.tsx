// /devOpsManage/warehouseSummary: the warehouse at a glance, room by room — the artworks held now, their
// value by latest valuation per currency (one figure per currency, never added across currencies), the last
// stocktake (date, outcome, a link to its result), the artworks missing, and the movements in and out per
// month over the last twelve months as a bar chart (all rooms, or the room chosen).
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import { Badge, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { RoomSummary } from '../../../shared/contracts/stocktakes'
import { moneyText } from '../../../shared/money-text'
import { warehouseSummaryQuery } from '../../api/queries/stocktakes'
import { formatDate, formatMonth, formatNumber } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { type Column, OpList } from '../operations/parts'
import { AnchorLink } from '../process/AnchorLink'
import { useLang } from '../process/machine-words'
import { roomName, SHOW_WORDS } from './words'

const IN = msg`Moved in`
const OUT = msg`Moved out`
const DISABLED = msg`disabled`
const ALL_ROOMS = msg`All rooms`
const CHART_ROOM = msg`Room shown in the chart`

function Figure({
  label,
  children,
  testId,
}: {
  label: React.ReactNode
  children: React.ReactNode
  testId: string
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Stack gap={0} mt={4}>
        {children}
      </Stack>
    </Paper>
  )
}

export function WarehouseSummaryScreen() {
  const { i18n } = useLingui()
  const lang = useLang()
  const summary = useQuery(warehouseSummaryQuery())
  const [chartRoom, setChartRoom] = useState<string | null>(null)
  if (!summary.data)
    return (
      <>
        <PageHeader />
        <Skeleton h={360} radius="md" />
      </>
    )
  const { rooms, totals } = summary.data
  const chosen = chartRoom ? rooms.find((r) => r.room.id === chartRoom) : undefined
  const series = chosen ? chosen.movements : totals.movements
  const inWord = i18n._(IN)
  const outWord = i18n._(OUT)
  const chartData = series.map((m) => ({
    month: formatMonth(m.month, lang),
    [inWord]: m.in,
    [outWord]: m.out,
  }))
  const columns: Column<RoomSummary>[] = [
    {
      key: 'room',
      header: <Trans>Room</Trans>,
      primary: true,
      miw: 180,
      cell: (r) => (
        <Stack gap={0}>
          <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {roomName(r.room, lang)}
          </Text>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[r.room.code, r.location].filter(Boolean).join(' · ')}
            {r.room.enabled ? '' : ` · ${i18n._(DISABLED)}`}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'artworks',
      header: <Trans>Artworks now</Trans>,
      cell: (r) =>
        r.capacity ? (
          <Trans>
            {formatNumber(r.artworks, lang)} of {formatNumber(r.capacity, lang)}
          </Trans>
        ) : (
          formatNumber(r.artworks, lang)
        ),
    },
    {
      key: 'value',
      header: <Trans>Value (latest valuations)</Trans>,
      miw: 160,
      cell: (r) =>
        r.values.length === 0 ? (
          '—'
        ) : (
          <Stack gap={0} data-testid="room-values">
            {r.values.map((v) => (
              <Text key={v.currency} fz="sm" data-currency={v.currency}>
                {moneyText(v.amount, v.currency)}
              </Text>
            ))}
            {r.unvalued > 0 ? (
              <Text fz="xs" c="dimmed">
                <Trans>{r.unvalued} without a valuation</Trans>
              </Text>
            ) : null}
          </Stack>
        ),
    },
    {
      key: 'stocktake',
      header: <Trans>Last stocktake</Trans>,
      miw: 160,
      cell: (r) =>
        r.lastStocktake ? (
          <Group gap={6} wrap="wrap">
            <AnchorLink
              to="/storageRoom/InventoryInformation"
              search={{ stocktake: r.lastStocktake.processId }}
              fz="sm"
              data-testid="last-stocktake"
            >
              {formatDate(r.lastStocktake.countedOn ?? r.lastStocktake.finishedAt, lang)}
            </AnchorLink>
            <Badge size="sm" variant="light" color={r.lastStocktake.show === 'completed' ? 'teal' : 'red'}>
              {i18n._(SHOW_WORDS[r.lastStocktake.show])}
            </Badge>
          </Group>
        ) : (
          <Text span fz="sm" c="dimmed">
            <Trans>Never counted</Trans>
          </Text>
        ),
    },
    {
      key: 'missing',
      header: <Trans>Missing</Trans>,
      cell: (r) =>
        r.missing > 0 ? (
          <Text span fz="sm" c="red.8" fw={500}>
            {formatNumber(r.missing, lang)}
          </Text>
        ) : (
          '0'
        ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="warehouse-summary">
      <PageHeader
        description={
          <Trans>
            Each warehouse room: the artworks it holds now and what they are worth by their latest valuations
            (one figure per currency), its last stocktake, the artworks missing, and the movements in and out
            over the last twelve months.
          </Trans>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure label={<Trans>Artworks in the rooms</Trans>} testId="total-artworks">
          <Text fz={24} fw={600}>
            {formatNumber(totals.artworks, lang)}
          </Text>
        </Figure>
        <Figure label={<Trans>Value per currency</Trans>} testId="total-values">
          {totals.values.length === 0 ? (
            <Text fz="sm" c="dimmed">
              <Trans>No valuation yet</Trans>
            </Text>
          ) : (
            totals.values.map((v) => (
              <Text key={v.currency} fz="md" fw={600} data-currency={v.currency}>
                {moneyText(v.amount, v.currency)}
              </Text>
            ))
          )}
        </Figure>
        <Figure label={<Trans>Artworks missing</Trans>} testId="total-missing">
          <Text fz={24} fw={600} c={totals.missing > 0 ? 'red.8' : undefined}>
            {formatNumber(totals.missing, lang)}
          </Text>
        </Figure>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" data-testid="movements-chart">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="sm">
          <Title order={2} fz={16}>
            <Trans>Movements in and out per month</Trans>
          </Title>
          <Select
            data={[
              { value: '', label: i18n._(ALL_ROOMS) },
              ...rooms.map((r) => ({ value: r.room.id, label: roomName(r.room, lang) })),
            ]}
            value={chartRoom ?? ''}
            onChange={(v) => setChartRoom(v || null)}
            allowDeselect={false}
            aria-label={i18n._(CHART_ROOM)}
            w={220}
            maw="100%"
            data-testid="chart-room"
          />
        </Group>
        <BarChart
          h={260}
          data={chartData}
          dataKey="month"
          withLegend
          series={[
            { name: inWord, color: 'teal.6' },
            { name: outWord, color: 'orange.6' },
          ]}
          tickLine="y"
          gridAxis="y"
          yAxisProps={{ allowDecimals: false, width: 32 }}
        />
      </Paper>
      <OpList
        testId="room-summary"
        rows={rooms}
        rowKey={(r) => r.room.id}
        columns={columns}
        total={rooms.length}
        page={1}
        pageSize={Math.max(1, rooms.length)}
        onPage={() => {}}
        empty={<Trans>No warehouse room yet.</Trans>}
      />
    </Stack>
  )
}
