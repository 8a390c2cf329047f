// /devOpsManage/mochaItom/$art_id: everything operational about one artwork. Where it is and what holds
// it, the processes it is in now and went through (each step's status, a link into the process view),
// and the processes that can be started for it by someone who may start them (the start screen opens
// with the artwork named).
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Card,
  EmptyState,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { StepStatus } from '../../../../../machines/types'
import { mayStartSome } from '../../../../shared/access'
import { ARTWORK_STATUS_LABELS } from '../../../../shared/contracts/artworks'
import type { ProcessView } from '../../../../shared/contracts/process'
import type { ProcessType } from '../../../../shared/process-types'
import { artworkDetailQuery } from '../../../api/queries/artworks'
import { processListQuery } from '../../../api/queries/process'
import { formatDate, formatDateTime } from '../../../i18n/format'
import { useMe } from '../../../session/use-session'
import { IconCheck, IconRoute } from '../../../shell/icons'
import { PageHeader } from '../../../shell/PageHeader'
import { definitionFor, stepLabel, stepStatusLabel } from '../../process/machine-words'
import { StatusBadge } from '../../process/StatusBadge'
import { START_GROUPS, startHref, startsOn } from '../../process-start/start-points'
import { StatusBadges, whereText } from '../ArtworkResults'
import { ArtworkThumb, useFileLinks } from '../ArtworkThumb'
import { IconMapPin } from '../archive-icons'
import { ProcessLink, processTypeLabel } from '../process-links'
import { useArchiveReference } from '../reference-data'
import { AnchorLink, ButtonLink, HrefButton } from '../router-links'

/**
 * Types started for artworks already in the archive (a purchase creates its artworks and opens their
 * shipping itself; a stocktake counts a room).
 */
export const PER_ARTWORK_TYPES: ReadonlySet<ProcessType> = new Set(
  START_GROUPS.flatMap((g) => g.points.map((p) => p.type)).filter(
    (t) => t !== 'BUY_ART' && t !== 'BUY_ART_TRANS' && t !== 'INVENTORY_CHECK',
  ),
)

/** The start points offered for an artwork of this status (the machines' `artworkStatuses`), by group. */
export function startGroupsFor(status: string) {
  return START_GROUPS.map((group) => ({
    ...group,
    points: group.points.filter((p) => PER_ARTWORK_TYPES.has(p.type) && startsOn(p.type, status)),
  })).filter((group) => group.points.length > 0)
}

const STEP_COLORS: Partial<Record<StepStatus, string>> = {
  approved: 'teal',
  approvalOngoing: 'ink',
  draft: 'ink',
  rejected: 'orange',
  paymentFailed: 'red',
  terminated: 'dark',
  toBeTransported: 'bronze',
  transporting: 'bronze',
  onLoan: 'grape',
}

function StepTrail({ process, lang }: { process: ProcessView; lang: 'zh-CN' | 'en' }) {
  let definition: ReturnType<typeof definitionFor> | null = null
  try {
    definition = definitionFor(process.type, process.definitionVersion)
  } catch {
    definition = null
  }
  return (
    <Group gap={4} wrap="wrap" data-testid="step-trail">
      {process.steps.map((s, i) => {
        const label = definition ? stepLabel(definition, s.key, lang) : s.key
        const done = s.status === 'approved'
        const current = process.currentStep === s.key
        return (
          <Group key={s.key} gap={4} wrap="nowrap">
            {i > 0 ? (
              <Text c="gray.4" fz="xs">
                —
              </Text>
            ) : null}
            <Tooltip label={stepStatusLabel(s.status, lang)}>
              <Badge
                size="sm"
                radius="sm"
                variant={current ? 'filled' : done ? 'light' : 'outline'}
                color={STEP_COLORS[s.status] ?? 'gray'}
                leftSection={done ? <IconCheck size={10} /> : undefined}
              >
                {label}
              </Badge>
            </Tooltip>
          </Group>
        )
      })}
    </Group>
  )
}

function ProcessCard({ process, lang }: { process: ProcessView; lang: 'zh-CN' | 'en' }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="operation-process">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <ProcessLink processId={process.id}>
              <Text span fw={600} fz="sm">
                {processTypeLabel(process.type, lang)}
              </Text>
            </ProcessLink>
            <StatusBadge status={process.status} size="sm" radius="sm" />
          </Group>
          <StepTrail process={process} lang={lang} />
          <Text fz="xs" c="dimmed">
            <Trans>
              Started by {process.createdByName} on {formatDate(process.createdAt, lang)} · last change{' '}
              {formatDateTime(process.updatedAt, lang)}
            </Trans>
            {process.finishedAt ? ` · ${formatDate(process.finishedAt, lang)}` : ''}
          </Text>
          {process.artworks.length > 1 ? (
            <Text fz="xs" c="dimmed">
              <Trans>With {process.artworks.length - 1} other artworks</Trans>
            </Text>
          ) : null}
        </Stack>
        <ButtonLink to="/devOpsManage/index" search={{ process: process.id }} size="xs" variant="default">
          <Trans>Open</Trans>
        </ButtonLink>
      </Group>
    </Card>
  )
}

export function ArtworkOperationsScreen({ artworkId, asTyped }: { artworkId: string; asTyped: string }) {
  const { i18n, t } = useLingui()
  const me = useMe()
  const reference = useArchiveReference()
  const lang = reference.lang
  const detail = useQuery({ ...artworkDetailQuery(artworkId), enabled: artworkId !== '' })
  const processes = useQuery({ ...processListQuery({ artworkId, pageSize: 100 }), enabled: artworkId !== '' })
  const data = detail.data
  const links = useFileLinks([data?.previewFileId])
  const canStart = mayStartSome(me, [...PER_ARTWORK_TYPES])
  const list = processes.data?.list ?? []
  const live = list.filter((p) => !p.done)
  const past = list.filter((p) => p.done)

  const startGroups = data ? startGroupsFor(data.status) : []
  const statusWords = data ? ARTWORK_STATUS_LABELS[data.status][lang] : ''
  if (artworkId !== '' && detail.isPending)
    return (
      <Stack gap="md">
        <Skeleton h={120} radius="md" />
        <Skeleton h={240} radius="md" />
      </Stack>
    )
  if (!data)
    return (
      // The page keeps its title (its h1) when the artwork cannot be shown.
      <>
        <PageHeader />
        <Card withBorder radius="md" padding="xl" data-testid="artwork-missing">
          <EmptyState
            icon={<IconRoute size={26} />}
            withIndicatorBackground
            title={<Trans>This artwork cannot be shown</Trans>}
            description={<Trans>It may have been removed, or the link is wrong.</Trans>}
          >
            <Text fz="sm" c="dimmed" data-testid="route-param">
              <Trans>Artwork: {asTyped}</Trans>
            </Text>
          </EmptyState>
        </Card>
      </>
    )

  return (
    <Stack gap="md" data-testid="artwork-operations">
      <PageHeader
        title={
          <>
            <Trans>Operations</Trans> · <span data-raw>{data.title || data.inventoryNo}</span>
          </>
        }
        description={
          <Trans>Every process this artwork is in or went through, and what can be started for it.</Trans>
        }
        actions={
          <ButtonLink to="/artworkArchive/detail" search={{ id: data.id }} variant="default">
            <Trans>Artwork record</Trans>
          </ButtonLink>
        }
      />
      <Card withBorder radius="md" padding="md">
        <Group wrap="nowrap" gap="md" align="flex-start">
          <ArtworkThumb fileId={data.previewFileId} links={links} alt={data.title} w={96} h={96} />
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <AnchorLink to="/artworkArchive/detail" search={{ id: data.id }} fw={600}>
                {data.title || data.inventoryNo}
              </AnchorLink>
              <Badge variant="outline" color="gray" radius="sm" ff="monospace">
                {data.inventoryNo}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              {[data.artistName, data.creationTime, data.sizeText].filter(Boolean).join(' · ')}
            </Text>
            <StatusBadges item={data} lang={lang} />
            <Group gap={6} c="dimmed">
              <IconMapPin size={14} />
              <Text fz="sm">{whereText(data, reference) || t`Whereabouts not recorded`}</Text>
            </Group>
          </Stack>
        </Group>
      </Card>
      {data.activeProcessId ? (
        <Alert color="ink" variant="light" data-testid="held-notice">
          <Trans>
            This artwork is held by a live process. Another operation on it can start once that one finishes
            or is terminated.
          </Trans>
        </Alert>
      ) : null}

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {processes.isPending ? (
            <Stack gap="sm">
              <Skeleton h={96} radius="md" />
              <Skeleton h={96} radius="md" />
            </Stack>
          ) : list.length === 0 ? (
            <Card withBorder radius="md" padding="xl" data-testid="no-process">
              <EmptyState
                icon={<IconRoute size={26} />}
                withIndicatorBackground
                title={<Trans>No process for this artwork yet</Trans>}
                description={
                  <Trans>
                    Transports, loans, repairs, photography and the like appear here from the moment they are
                    started.
                  </Trans>
                }
              />
            </Card>
          ) : (
            <Stack gap="md">
              <Stack gap="xs">
                <Group gap="xs">
                  <Title order={3} fz={16}>
                    <Trans>Live processes</Trans>
                  </Title>
                  <Badge variant="light" color="ink" size="sm">
                    {live.length}
                  </Badge>
                </Group>
                {live.length === 0 ? (
                  <Text fz="sm" c="dimmed" data-testid="no-live-process">
                    <Trans>No process is running for this artwork.</Trans>
                  </Text>
                ) : (
                  live.map((p) => <ProcessCard key={p.id} process={p} lang={lang} />)
                )}
              </Stack>
              <Stack gap="xs">
                <Group gap="xs">
                  <Title order={3} fz={16}>
                    <Trans>Past processes</Trans>
                  </Title>
                  <Badge variant="light" color="gray" size="sm">
                    {past.length}
                  </Badge>
                </Group>
                {past.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    <Trans>None yet.</Trans>
                  </Text>
                ) : (
                  past.map((p) => <ProcessCard key={p.id} process={p} lang={lang} />)
                )}
              </Stack>
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder radius="md" padding="lg" data-testid="start-for-artwork">
            <Title order={3} fz={16} mb={4}>
              <Trans>Start for this artwork</Trans>
            </Title>
            {canStart && (data.status === 'sold' || data.status === 'missing' || startGroups.length === 0) ? (
              <Text fz="sm" c="dimmed" mt="xs" data-testid="start-none">
                {data.status === 'sold' ? (
                  <Trans>
                    This artwork is sold: no operation or cover can be started for it (only a claim under a
                    policy that covered it). Its delivery to the buyer starts from the sale.
                  </Trans>
                ) : data.status === 'missing' ? (
                  <Trans>
                    This artwork is missing: no operation or cover can be started for it until a stocktake
                    finds it again; a claim for its loss can.
                  </Trans>
                ) : (
                  <Trans>This artwork is {statusWords}: no process can be started for it.</Trans>
                )}
              </Text>
            ) : null}
            {canStart && startGroups.length > 0 ? (
              <Stack gap="md" mt="sm">
                {startGroups.map((group) => (
                  <Stack key={group.points[0].type} gap={6}>
                    <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
                      {i18n._(group.title)}
                    </Text>
                    {group.points.map((point) => (
                      <Group key={point.type} justify="space-between" wrap="nowrap" gap="xs">
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text fz="sm" fw={500}>
                            {processTypeLabel(point.type, lang)}
                          </Text>
                          <Text fz="xs" c="dimmed" lineClamp={1}>
                            {i18n._(point.steps)}
                          </Text>
                        </Stack>
                        <HrefButton
                          href={startHref(point, data.id)}
                          size="compact-sm"
                          variant="light"
                          data-testid={`start-${point.type}`}
                        >
                          <Trans>Start</Trans>
                        </HrefButton>
                      </Group>
                    ))}
                  </Stack>
                ))}
              </Stack>
            ) : canStart ? null : (
              <Group gap="xs" mt="xs" wrap="nowrap">
                <ThemeIcon variant="light" color="gray" size="sm">
                  <IconRoute size={12} />
                </ThemeIcon>
                <Text fz="sm" c="dimmed">
                  <Trans>Starting processes needs the privilege to start them. Ask an administrator.</Trans>
                </Text>
              </Group>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
