// One artwork's valuations: a line chart per currency (amounts of different currencies are never drawn on one
// axis nor added), then every valuation, newest first — a table on a desk, cards on a phone — with its
// method, valuer, note and report. Used in a modal of the valuation screens and in the artwork's detail.
import { Trans, useLingui } from '@lingui/react/macro'
import { LineChart } from '@mantine/charts'
import { Button, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import type { ArtworkValuationRow, ValuationView } from '../../../shared/contracts/valuations'
import { moneyText } from '../../../shared/money-text'
import { fileLink } from '../../api/queries/files'
import { valuationHistoryQuery } from '../../api/queries/valuations'
import { formatDate, formatNumber } from '../../i18n/format'
import { useSeesValues } from '../../session/use-session'
import { artworkTitle, type Column, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { useMethodWords } from './words'

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6']

/** The chart's points per currency, oldest first (the number is for drawing only; words show the string). */
function seriesByCurrency(list: ValuationView[]) {
  const out = new Map<string, { date: string; value: number; text: string }[]>()
  for (const v of [...list].reverse()) {
    const points = out.get(v.currency) ?? []
    points.push({ date: v.valuedOn, value: Number(v.amount), text: moneyText(v.amount, v.currency) || '—' })
    out.set(v.currency, points)
  }
  return [...out.entries()]
}

export function ValuationHistory({ artworkId }: { artworkId: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const methodWord = useMethodWords()
  const values = useSeesValues()
  const history = useQuery(valuationHistoryQuery(artworkId))
  if (history.isPending) return <Skeleton h={200} />
  if (history.isError)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The valuations could not be loaded. It will be tried again shortly.</Trans>
      </Text>
    )
  const list = history.data.list
  const columns: Column<ValuationView>[] = [
    {
      key: 'amount',
      value: true,
      header: <Trans>Amount</Trans>,
      primary: true,
      cell: (v) => (
        <Text fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {moneyText(v.amount, v.currency) || '—'}
        </Text>
      ),
    },
    { key: 'date', header: <Trans>Valued on</Trans>, cell: (v) => formatDate(v.valuedOn, lang) },
    { key: 'method', header: <Trans>Method</Trans>, cell: (v) => methodWord(v.method) },
    { key: 'valuer', header: <Trans>Valuer</Trans>, cell: (v) => v.valuer || '—' },
    { key: 'note', header: <Trans>Note</Trans>, cell: (v) => v.note || '—' },
    {
      key: 'report',
      header: <Trans>Report</Trans>,
      cell: (v) =>
        v.reportFileIds.length === 0
          ? '—'
          : v.reportFileIds.map((id, i) => (
              <Button
                key={id}
                size="compact-xs"
                variant="subtle"
                onClick={async () => {
                  const link = await fileLink(id)
                  const url = link.links[0]?.url
                  if (url) window.open(url, '_blank', 'noopener')
                }}
              >
                {v.reportFileIds.length > 1 ? t`Report ${i + 1}` : t`Open the report`}
              </Button>
            )),
    },
    { key: 'by', header: <Trans>Recorded by</Trans>, cell: (v) => v.createdByName ?? '—' },
  ]
  // Without the values privilege the amounts are not sent: no chart, no amount column.
  const series = values ? seriesByCurrency(list) : []
  return (
    <Stack gap="md" data-testid="valuation-history-view">
      {series.map(([currency, points], i) => (
        <Paper key={currency} withBorder p="sm" radius="md">
          <Title order={4} fz="sm" mb="xs">
            <Trans>Valuations in {currency}</Trans>
          </Title>
          <LineChart
            h={200}
            data={points}
            dataKey="date"
            series={[{ name: 'value', label: currency, color: COLORS[i % COLORS.length] }]}
            curveType="linear"
            withDots
            tickLine="y"
            gridAxis="y"
            valueFormatter={(n) => formatNumber(n, lang, { maximumFractionDigits: 2 })}
            yAxisProps={{ width: 88 }}
            xAxisProps={{ tickFormatter: (d: string) => formatDate(d, lang) }}
            data-testid="valuation-chart"
          />
        </Paper>
      ))}
      <OpList
        rows={list}
        rowKey={(v) => v.id}
        columns={columns}
        total={history.data.total}
        page={1}
        pageSize={200}
        onPage={() => undefined}
        empty={<Trans>No valuation has been recorded for this artwork.</Trans>}
        testId="valuation-history-list"
      />
    </Stack>
  )
}

export function ValuationHistoryModal({
  artworkId,
  artwork,
  onClose,
}: {
  artworkId: string | null
  /** The row it was opened from (for the title), when on the page. */
  artwork: ArtworkValuationRow | null
  onClose: () => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Modal
      opened={artworkId !== null}
      onClose={onClose}
      title={artwork ? t`Valuations of ${artworkTitle(artwork, lang)}` : t`Valuation history`}
      // Wide enough for the whole table (its seven columns need 860 px) on a desk screen; narrower
      // windows scroll it, a phone shows cards.
      size="min(70rem, 96vw)"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {artworkId ? <ValuationHistory artworkId={artworkId} /> : null}
    </Modal>
  )
}
