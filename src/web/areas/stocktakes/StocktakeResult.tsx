// One stocktake's result, artwork by artwork: what was found, what was missing at the count and how each
// missing artwork was accounted for (found later, still missing), with thumbnail, inventory number and title,
// and where each artwork is now. Read from the stocktake's own steps (GET /api/stocktakes/{id}).
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { StocktakeDetail } from '../../../shared/contracts/stocktakes'
import { stocktakeDetailQuery } from '../../api/queries/stocktakes'
import { formatDate, formatNumber } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { artworkColumn, type Column, OpList, placeText, useThumbs } from '../operations/parts'
import { ListEmpty } from '../process/list-parts'
import { useLang } from '../process/machine-words'
import { StatusBadge } from '../process/StatusBadge'
import { StocktakePdfButton } from '../reports/ReportPdfButton'
import { RESULT_COLORS, RESULT_WORDS, roomName, SHOW_WORDS } from './words'

type Row = StocktakeDetail['artworks'][number]

export function StocktakeResult({
  id,
  onBack,
  onOpenProcess,
}: {
  id: string
  onBack: () => void
  onOpenProcess: () => void
}) {
  const { i18n } = useLingui()
  const lang = useLang()
  const detail = useQuery(stocktakeDetailQuery(id))
  const links = useThumbs((detail.data?.artworks ?? []).map((a) => a.artwork))
  const back = (
    <Group>
      <Anchor component="button" type="button" fz="sm" onClick={onBack} data-testid="back-to-list">
        ← <Trans>Back to the list</Trans>
      </Anchor>
    </Group>
  )
  if (detail.isError)
    return (
      <Stack>
        {back}
        <ListEmpty
          title={<Trans>No stocktake to show</Trans>}
          description={<Trans>This stocktake does not exist or is no longer available.</Trans>}
          testId="stocktake-missing"
        />
      </Stack>
    )
  if (!detail.data) return <Skeleton h={320} radius="md" />
  const d = detail.data
  const columns: Column<Row>[] = [
    artworkColumn(links),
    {
      key: 'result',
      header: <Trans>Result</Trans>,
      cell: (r) => (
        <Badge color={RESULT_COLORS[r.result]} variant="light" data-result={r.result}>
          {i18n._(RESULT_WORDS[r.result])}
        </Badge>
      ),
    },
    { key: 'now', header: <Trans>Where it is now</Trans>, cell: (r) => placeText(r.whereNow, lang) || '—' },
  ]
  const facts: [React.ReactNode, React.ReactNode][] = [
    [<Trans key="r">Room</Trans>, d.room ? roomName(d.room, lang) : '—'],
    [<Trans key="c">Counted on</Trans>, d.countedOn ? formatDate(d.countedOn, lang) : '—'],
    [<Trans key="p">Counters</Trans>, d.counters || '—'],
    [
      <Trans key="f">Found · missing</Trans>,
      `${formatNumber(d.found, lang)} · ${formatNumber(d.missing, lang)}`,
    ],
    [
      <Trans key="l">Found later · still missing</Trans>,
      `${formatNumber(d.foundLater, lang)} · ${formatNumber(d.stillMissing, lang)}`,
    ],
  ]
  return (
    <Stack gap="md" data-testid="stocktake-result" data-show={d.show}>
      {back}
      <PageHeader
        title={<Trans>Stocktake of {d.room ? roomName(d.room, lang) : '—'}</Trans>}
        actions={
          <>
            <StocktakePdfButton processId={d.process.id} />
            <Button variant="default" onClick={onOpenProcess} data-testid="open-process">
              <Trans>Open the process</Trans>
            </Button>
          </>
        }
      />
      <Group gap="sm">
        <Badge variant="light" color="ink" data-testid="stocktake-outcome">
          {i18n._(SHOW_WORDS[d.show])}
        </Badge>
        {/* Under way: where the process stands (the outcome says the rest). */}
        {d.show === 'inProgress' ? <StatusBadge status={d.process.status} /> : null}
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {facts.map(([label, value], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
            <Stack key={i} gap={0}>
              <Text fz="xs" c="dimmed">
                {label}
              </Text>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {d.remark || d.explanation ? (
          <Stack gap={4} mt="sm">
            {d.remark ? (
              <Text fz="sm">
                <Trans>Remark: {d.remark}</Trans>
              </Text>
            ) : null}
            {d.explanation ? (
              <Text fz="sm" data-testid="stocktake-explanation">
                <Trans>How the differences were accounted for: {d.explanation}</Trans>
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Paper>
      <OpList
        testId="stocktake-artworks"
        rows={d.artworks}
        rowKey={(r) => r.artwork.id}
        columns={columns}
        total={d.artworks.length}
        page={1}
        pageSize={Math.max(1, d.artworks.length)}
        onPage={() => {}}
        empty={<Trans>This stocktake has not been counted yet.</Trans>}
      />
    </Stack>
  )
}
