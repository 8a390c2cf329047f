// The analysts' view of the process machines (/art-data-center): every process type with its diagram, the
// number of live processes in each state written on it (GET /api/process/definitions/stats, every type at once), and the
// table of states and transitions — what docs/flows holds, in the language shown. The type shown is in the
// URL (`?flow=BUY_ART`), so a diagram can be linked to. It is the data centre's second tab: the diagram zooms
// and pans, and carries the process mining of the type (time per step, the bottleneck; MiningPanel).
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Card,
  Grid,
  Group,
  Loader,
  NavLink,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { EFFECT_LABELS, RECIPIENT_LABELS } from '../../../../machines/labels'
import type { ProcessDefinitionView, ProcessStatsView } from '../../../shared/contracts/process'
import type { Lang } from '../../../shared/errors'
import type { ProcessType } from '../../../shared/process-types'
import { miningQuery } from '../../api/queries/datacentre'
import { allStatsQuery, definitionsQuery } from '../../api/queries/process'
import { MiningPanel, useDuration } from '../datacentre/MiningPanel'
import { statusLabel, useLang } from '../process/machine-words'
import { StatusBadge } from '../process/StatusBadge'

const loadDiagram = () => import('./MachineDiagram')
const MachineDiagram = lazy(loadDiagram)

const words = (w: { labelZh: string; labelEn: string }, lang: Lang) => (lang === 'en' ? w.labelEn : w.labelZh)

/** Live processes per state path (every version of the type counted under its state). */
export function countsByState(stats: ProcessStatsView | undefined): Record<string, number> {
  const out: Record<string, number> = {}
  for (const s of stats?.states ?? []) out[s.state] = (out[s.state] ?? 0) + s.count
  return out
}

/** An effect as the graph names it (`recordPayment(payment; outgoing; paid)`) in words. */
export function effectWords(code: string, lang: Lang): string {
  const name = code.split('(')[0] as keyof typeof EFFECT_LABELS
  const label = EFFECT_LABELS[name]
  if (!label) return code
  if (name !== 'notify') return words(label, lang)
  const to = /\((\w+):/.exec(code)?.[1] as keyof typeof RECIPIENT_LABELS | undefined
  const recipient = to && RECIPIENT_LABELS[to] ? words(RECIPIENT_LABELS[to], lang) : ''
  return lang === 'en'
    ? `${label.labelEn} ${recipient}`.trim()
    : `${label.labelZh}${recipient ? `给${recipient}` : ''}`
}

function stateName(def: ProcessDefinitionView, id: string, lang: Lang): string {
  const node = def.graph.nodes.find((n) => n.id === id)
  if (!node) return id
  const step = node.step && node.path !== node.step ? def.steps.find((s) => s.key === node.step) : undefined
  return step ? `${words(step, lang)} · ${words(node, lang)}` : words(node, lang)
}

function FlowTables({ def, counts }: { def: ProcessDefinitionView; counts: Record<string, number> }) {
  const lang = useLang()
  const leaves = def.graph.nodes.filter(
    (n) => n.parent !== null && !def.graph.nodes.some((c) => c.parent === n.id),
  )
  return (
    <Tabs defaultValue="states" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="states">
          <Trans>States</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="transitions">
          <Trans>Transitions</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="states" pt="sm">
        <Table striped verticalSpacing={6} data-testid="flow-states">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>State</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status shown</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Live processes</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {leaves.map((n) => (
              <Table.Tr key={n.id} data-flow-state={n.path}>
                <Table.Td fz="sm">{stateName(def, n.id, lang)}</Table.Td>
                <Table.Td>{n.status ? <StatusBadge status={n.status} size="sm" /> : null}</Table.Td>
                <Table.Td ta="right" fz="sm" fw={counts[n.path] ? 600 : 400} data-count={counts[n.path] ?? 0}>
                  {counts[n.path] ?? 0}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Tabs.Panel>
      <Tabs.Panel value="transitions" pt="sm">
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing={6} data-testid="flow-transitions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>From state</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Event</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Who may, and when</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>To state</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>What it does</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {def.graph.edges.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td fz="sm">{stateName(def, e.source, lang)}</Table.Td>
                  <Table.Td fz="sm" fw={500}>
                    {words(e, lang)}
                  </Table.Td>
                  <Table.Td fz="xs" c="dimmed">
                    {(lang === 'en' ? e.guardEn : e.guardZh) ?? ''}
                  </Table.Td>
                  <Table.Td fz="sm">
                    {e.target === e.source ? <Trans>(stays)</Trans> : stateName(def, e.target, lang)}
                  </Table.Td>
                  <Table.Td fz="xs">
                    {e.effects.map((x) => effectWords(x, lang)).join(lang === 'en' ? '; ' : '；')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Tabs.Panel>
    </Tabs>
  )
}

export function FlowsScreen({ flow, onFlow }: { flow?: ProcessType; onFlow: (type: ProcessType) => void }) {
  const { t } = useLingui()
  const lang = useLang()
  const definitions = useQuery(definitionsQuery())
  const list = definitions.data ?? []
  // One request for every type's counts (one per type queued the mining behind fifteen of them).
  const allStats = useQuery(allStatsQuery())
  const statsOf = (type: ProcessType) => allStats.data?.find((s) => s.type === type)
  const selected = list.find((d) => d.type === flow) ?? list[0]
  const selectedStats = selected ? statsOf(selected.type) : undefined
  const counts = countsByState(selectedStats)
  const mining = useQuery({ ...miningQuery(selected?.type ?? 'BUY_ART'), enabled: !!selected })
  const duration = useDuration()
  // The drawing's code and Mermaid start loading with the screen, while its figures are on the way.
  useEffect(() => {
    void loadDiagram().then((m) => m.preloadMermaid())
  }, [])
  // Drawn once its figures are in (live counts and the mining's notes are written on it): each answer
  // arriving after a drawing changed its text and drew it again, a second or more each time.
  const figuresIn = !allStats.isPending && !mining.isPending
  const notes: Record<string, string> = {}
  for (const s of mining.data?.steps ?? [])
    if (s.medianSeconds !== null) notes[s.step] = t`median ${duration(s.medianSeconds)}`
  const neck = mining.data?.bottleneck
  if (neck) notes[neck] = [notes[neck], t`bottleneck`].filter(Boolean).join(' · ')
  return (
    <>
      {definitions.isPending ? (
        <Skeleton h={480} radius="md" />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Card withBorder radius="md" padding="xs" data-testid="flow-types">
              {list.map((d) => (
                <NavLink
                  key={d.type}
                  active={d.type === selected?.type}
                  label={words(d, lang)}
                  description={d.steps.map((s) => words(s, lang)).join(' → ')}
                  rightSection={
                    <Badge size="sm" variant="light" color={statsOf(d.type)?.total ? 'ink' : 'gray'}>
                      {statsOf(d.type)?.total ?? '·'}
                    </Badge>
                  }
                  onClick={() => onFlow(d.type)}
                  data-flow={d.type}
                />
              ))}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {selected ? (
              <Stack gap="md" data-testid="flow-detail" data-flow-type={selected.type}>
                <Card withBorder radius="md" padding="lg">
                  <Group justify="space-between" align="flex-start" mb="md">
                    <Stack gap={2}>
                      <Title order={3} fz={18}>
                        {words(selected, lang)}
                      </Title>
                      <Text fz="sm" c="dimmed">
                        {t`Version ${selected.version}`}
                      </Text>
                    </Stack>
                    <Group gap={6} data-testid="flow-statuses">
                      <Badge variant="filled" color="ink" data-testid="flow-live-total">
                        {t`Live: ${selectedStats?.total ?? 0}`}
                      </Badge>
                      {(selectedStats?.statuses ?? []).map((s) => (
                        <Badge key={s.status} variant="light" color="gray">
                          {statusLabel(s.status, lang)} {s.count}
                        </Badge>
                      ))}
                    </Group>
                  </Group>
                  <Suspense fallback={<Loader size="sm" />}>
                    {figuresIn ? (
                      <MachineDiagram
                        graph={selected.graph}
                        lang={lang}
                        counts={counts}
                        notes={notes}
                        bottleneck={mining.data?.bottleneck}
                        zoomable
                      />
                    ) : (
                      <Loader size="sm" data-testid="diagram-loading" />
                    )}
                  </Suspense>
                  <Text fz="xs" c="dimmed" mt="sm">
                    <Trans>The number after a state is how many live processes stand in it now.</Trans>
                  </Text>
                </Card>
                <Card withBorder radius="md" padding="lg">
                  <MiningPanel def={selected} mining={mining.data} pending={mining.isPending} />
                </Card>
                <Card withBorder radius="md" padding="lg">
                  <FlowTables def={selected} counts={counts} />
                </Card>
              </Stack>
            ) : null}
          </Grid.Col>
        </Grid>
      )}
    </>
  )
}
