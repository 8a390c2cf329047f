// Process mining of one type (the data centre's second tab): per step the time processes spend in
// it (median and 90th percentile), the share rejected and terminated there, how many are in it now and how many
// of its tasks are overdue — the bottleneck marked (largest median × live processes) — and the processes
// completed and terminated per month. The same figures as the diagram's notes, in a table and a chart.
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import { Alert, Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import type { ProcessMining } from '../../../shared/contracts/datacentre'
import type { ProcessDefinitionView } from '../../../shared/contracts/process'
import { formatDateTime } from '../../i18n/format'
import { AnchorLink } from '../archive/router-links'
import { useLang } from '../process/machine-words'

/** A duration in words: the two largest units (3 d 4 h, 2 h 5 min, 40 s). */
export function useDuration() {
  const { t } = useLingui()
  return (seconds: number | null): string => {
    if (seconds === null) return '—'
    const d = Math.floor(seconds / 86400)
    const h = Math.floor((seconds % 86400) / 3600)
    const m = Math.floor((seconds % 3600) / 60)
    const s = Math.round(seconds % 60)
    if (d > 0) return t`${d} d ${h} h`
    if (h > 0) return t`${h} h ${m} min`
    if (m > 0) return t`${m} min ${s} s`
    return t`${s} s`
  }
}

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 1000) / 10}%`)

export function MiningPanel({
  def,
  mining,
  pending,
}: {
  def: ProcessDefinitionView
  mining: ProcessMining | undefined
  pending: boolean
}) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const duration = useDuration()
  if (pending) return <Skeleton h={240} radius="md" />
  if (!mining) return null
  const stepWords = (key: string) => {
    const s = def.steps.find((x) => x.key === key)
    return s ? (i18n.locale === 'en' ? s.labelEn : s.labelZh) : key
  }
  const bottleneck = mining.bottleneck ? stepWords(mining.bottleneck) : null
  const overdue = mining.overdue
  const measured = mining.steps.some((s) => s.entered > 0)
  const computedAt = mining.computedAt ? formatDateTime(mining.computedAt, lang) : null
  return (
    <Stack gap="md" data-testid="mining">
      <Group gap="xs" wrap="wrap">
        {bottleneck ? (
          <Badge color="red" variant="light" size="lg" data-testid="bottleneck" data-step={mining.bottleneck}>
            {t`Bottleneck: ${bottleneck}`}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="lg" data-testid="bottleneck">
            <Trans>No bottleneck: no live process waits in a step that takes time</Trans>
          </Badge>
        )}
        <AnchorLink
          to="/devOpsManage/inbox"
          search={{ type: mining.type }}
          fz="sm"
          c={overdue > 0 ? 'red.9' : 'dimmed'}
          data-testid="overdue"
          data-count={overdue}
        >
          {t`${overdue} overdue tasks`}
        </AnchorLink>
      </Group>
      {computedAt ? (
        <Text fz="xs" c="dimmed" data-testid="computed-at">
          {t`Times and shares precomputed at ${computedAt}; live counts and overdue tasks are current.`}
        </Text>
      ) : null}
      <Text fz="xs" c="dimmed">
        <Trans>
          Time in a step: from entering it until leaving it, every visit of a process added up, over the
          processes that left it. The bottleneck is the step with the largest median time × live processes.
        </Trans>
      </Text>
      {!measured ? (
        <Alert color="gray" data-testid="mining-empty">
          <Trans>No process of this type has run yet, so there are no times to show.</Trans>
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing={6} data-testid="mining-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Step</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Live now</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Entered</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Median time</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>90th percentile</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Rejected</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Terminated</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Overdue tasks</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mining.steps.map((s) => (
              <Table.Tr
                key={s.step}
                data-step={s.step}
                bg={s.step === mining.bottleneck ? 'red.0' : undefined}
              >
                <Table.Td fz="sm" fw={s.step === mining.bottleneck ? 700 : 500}>
                  {stepWords(s.step)}
                </Table.Td>
                <Table.Td ta="right" fz="sm" data-live={s.live}>
                  {s.live}
                </Table.Td>
                <Table.Td ta="right" fz="sm">
                  {s.entered}
                </Table.Td>
                <Table.Td ta="right" fz="sm" data-median={s.medianSeconds ?? ''}>
                  {duration(s.medianSeconds)}
                </Table.Td>
                <Table.Td ta="right" fz="sm">
                  {duration(s.p90Seconds)}
                </Table.Td>
                <Table.Td ta="right" fz="sm" data-rejected={s.rejectionShare ?? ''}>
                  {percent(s.rejectionShare)}
                </Table.Td>
                <Table.Td ta="right" fz="sm" data-terminated={s.terminationShare ?? ''}>
                  {percent(s.terminationShare)}
                </Table.Td>
                <Table.Td ta="right" fz="sm" c={s.overdue > 0 ? 'red.9' : undefined}>
                  {s.overdue}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Paper withBorder p="md" radius="md" data-testid="throughput">
        <Title order={4} fz={15} mb="xs">
          <Trans>Finished per month</Trans>
        </Title>
        {mining.throughput.length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="chart-empty">
            <Trans>No process of this type finished in the last twelve months.</Trans>
          </Text>
        ) : (
          <BarChart
            h={200}
            data={mining.throughput}
            dataKey="month"
            series={[
              { name: 'completed', label: t`Completed`, color: 'teal.6' },
              { name: 'terminated', label: t`Terminated`, color: 'red.5' },
            ]}
            withLegend
            gridAxis="y"
          />
        )}
      </Paper>
    </Stack>
  )
}
