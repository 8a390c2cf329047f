// /devOpsManage/transportFlowDetail: one transport in full — its artworks with where each is now, the
// route, shipper, transport type, packing, planned dates and cost, the departure and arrival reports (the
// condition on arrival with its photos and notes), and the movements it recorded grouped by the event that
// made them (each group a batch). The process view (steps, events, history) is one click away.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Badge, Card, Grid, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { MovementView } from '../../../shared/contracts/operations'
import { moneyText } from '../../../shared/money-text'
import { movementsQuery, processArtworksQuery } from '../../api/queries/operations'
import { processQuery } from '../../api/queries/process'
import { formatDate, formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { AnchorLink, ButtonLink } from '../archive/router-links'
import { FileNames } from '../process/FileNames'
import { ListEmpty } from '../process/list-parts'
import { definitionFor, eventLabel, leafLabel, typeLabel, useLang } from '../process/machine-words'
import { useDictOptions } from '../process/reference-options'
import { StatusBadge } from '../process/StatusBadge'
import { movementWords } from './movement-words'
import { ArtworksCell, artworkTitle, placeText, useThumbs } from './parts'
import { useWhere } from './TransportScreen'
import { type MoveReport, transportFacts } from './transport-facts'

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  )
}

function useDictLabel(code: 'TRANSPORT_TYPE' | 'PACKAGING_TYPE' | 'TRANSPORT_PAY_TYPE') {
  const options = useDictOptions(code)
  return (value: string) => (value ? (options.find((o) => o.value === value)?.label ?? value) : '')
}

function Report({
  title,
  report,
  people,
  arrival,
}: {
  title: ReactNode
  report: MoveReport | null
  people: Record<string, string>
  arrival?: boolean
}) {
  const lang = useLang()
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      h="100%"
      data-testid={arrival ? 'arrival-report' : 'departure-report'}
    >
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {report ? (
        <Stack gap="sm">
          <Group gap="lg" wrap="wrap">
            <Field label={<Trans>Date</Trans>}>{formatDate(report.on, lang)}</Field>
            <Field label={<Trans>Recorded by</Trans>}>
              {people[report.by] ?? ''} · {formatDateTime(report.at, lang)}
            </Field>
            {report.trackingNo ? (
              <Field label={<Trans>Tracking number</Trans>}>{report.trackingNo}</Field>
            ) : null}
          </Group>
          {arrival ? (
            <Field label={<Trans>Condition on arrival</Trans>}>
              {report.conditionOk === null ? (
                <Trans>Not reported</Trans>
              ) : report.conditionOk ? (
                <Badge color="teal" variant="light">
                  <Trans>In good condition</Trans>
                </Badge>
              ) : (
                <Badge color="red" variant="light">
                  <Trans>Damage or a change noted</Trans>
                </Badge>
              )}
            </Field>
          ) : null}
          {report.conditionNote ? (
            <Field label={<Trans>Condition notes</Trans>}>{report.conditionNote}</Field>
          ) : null}
          {report.remark ? <Field label={<Trans>Remarks</Trans>}>{report.remark}</Field> : null}
          {report.comment ? <Field label={<Trans>Comment</Trans>}>{report.comment}</Field> : null}
          {report.attachments.length > 0 ? (
            <Field label={<Trans>Photos and documents</Trans>}>
              <FileNames ids={report.attachments} />
            </Field>
          ) : null}
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          {arrival ? <Trans>Not arrived yet.</Trans> : <Trans>Not picked up yet.</Trans>}
        </Text>
      )}
    </Card>
  )
}

/** Movements grouped by the event that made them: one batch per departure, arrival or warehousing. */
export function MovementBatches({ movements, processId }: { movements: MovementView[]; processId: string }) {
  const { i18n } = useLingui()
  const lang = useLang()
  const groups = new Map<string, MovementView[]>()
  for (const m of movements) {
    const key = `${m.seq ?? m.at}`
    groups.set(key, [...(groups.get(key) ?? []), m])
  }
  if (groups.size === 0)
    return (
      <Text fz="sm" c="dimmed">
        <Trans>No artwork has moved yet.</Trans>
      </Text>
    )
  return (
    <Stack gap="sm" data-testid="movement-batches">
      {[...groups.values()].map((batch) => {
        const first = batch[0]
        return (
          <Card key={first.id} withBorder radius="sm" padding="sm" data-batch-seq={first.seq ?? ''}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fz="sm" fw={600}>
                {i18n._(movementWords(first))} · {formatDateTime(first.at, lang)}
              </Text>
              {first.seq ? (
                <AnchorLink
                  to="/devOpsManage/batchDetail"
                  search={{ process: processId, seq: first.seq }}
                  fz="sm"
                  data-testid="batch-link"
                >
                  <Trans>Batch of {batch.length} artworks</Trans>
                </AnchorLink>
              ) : null}
            </Group>
            <Text fz="xs" c="dimmed">
              {placeText(first.from, lang) || '—'} → {placeText(first.to, lang) || '—'} · {first.byName}
            </Text>
            <Text fz="sm" mt={4}>
              {batch.map((m) => artworkTitle(m.artwork, lang)).join(lang === 'en' ? ', ' : '、')}
            </Text>
          </Card>
        )
      })}
    </Stack>
  )
}

export function TransportDetailScreen({ id }: { id?: string }) {
  const lang = useLang()
  const view = useQuery({ ...processQuery(id ?? ''), enabled: !!id })
  const artworks = useQuery({ ...processArtworksQuery(id ?? ''), enabled: !!id })
  const moves = useQuery({ ...movementsQuery({ processId: id, pageSize: 200 }), enabled: !!id })
  const links = useThumbs((artworks.data ?? []).map((a) => a.artwork))
  const where = useWhere()
  const transportType = useDictLabel('TRANSPORT_TYPE')
  const packaging = useDictLabel('PACKAGING_TYPE')
  const payType = useDictLabel('TRANSPORT_PAY_TYPE')
  if (!id || view.isError)
    return (
      <>
        <PageHeader />
        <ListEmpty
          title={<Trans>No transport to show</Trans>}
          description={<Trans>Open a transport from the list of transports.</Trans>}
          testId="transport-detail-missing"
          actions={
            <ButtonLink to="/devOpsManage/transport" variant="default">
              <Trans>All transports</Trans>
            </ButtonLink>
          }
        />
      </>
    )
  if (!view.data) return <Skeleton h={360} radius="md" />
  const p = view.data
  const f = transportFacts(p)
  const definition = definitionFor(p.type, p.definitionVersion)
  return (
    <Stack gap="md" data-testid="transport-detail">
      <PageHeader
        description={
          <>
            {typeLabel(p.type, lang)} · {leafLabel(definition, p.state, lang)}
          </>
        }
        actions={
          <>
            <ButtonLink to="/devOpsManage/transport" variant="default">
              <Trans>All transports</Trans>
            </ButtonLink>
            <ButtonLink to="/devOpsManage/index" search={{ process: p.id }} data-testid="open-process">
              <Trans>Open the process</Trans>
            </ButtonLink>
          </>
        }
      />
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} fz="md">
            {f.step ? (
              <>
                {where(f.fromRoomId, f.fromLocation)} → {where(f.toRoomId, f.toLocation)}
              </>
            ) : (
              <Trans>The route is not filled in yet</Trans>
            )}
          </Title>
          <StatusBadge status={p.status} />
        </Group>
        {f.step && !f.approved ? (
          <Text fz="xs" c="dimmed" mb="sm">
            <Trans>Draft: not yet approved.</Trans>
          </Text>
        ) : null}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Field label={<Trans>Shipper</Trans>}>{[f.shipper, f.courier].filter(Boolean).join(' · ')}</Field>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Field label={<Trans>Transport type</Trans>}>{transportType(f.transportType)}</Field>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Field label={<Trans>Packaging</Trans>}>{packaging(f.packagingType)}</Field>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Field label={<Trans>Cost</Trans>}>
              {f.cost ? moneyText(f.cost, f.currency) : ''}
              {f.payType ? ` · ${payType(f.payType)}` : ''}
            </Field>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Field label={<Trans>Planned departure</Trans>}>{formatDate(f.plannedDeparture, lang)}</Field>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Field label={<Trans>Planned arrival</Trans>}>{formatDate(f.plannedArrival, lang)}</Field>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
            <Field label={<Trans>Started by</Trans>}>
              {p.createdByName} · {formatDate(p.createdAt, lang)}
            </Field>
          </Grid.Col>
          {f.remark ? (
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Field label={<Trans>Remarks</Trans>}>{f.remark}</Field>
            </Grid.Col>
          ) : null}
        </Grid>
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Report title={<Trans>Departure</Trans>} report={f.departed} people={p.people} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Report title={<Trans>Arrival</Trans>} report={f.arrived} people={p.people} arrival />
        </Grid.Col>
      </Grid>
      <Card withBorder radius="md" padding="md">
        <Title order={2} fz="md" mb="sm">
          <Trans>Artworks concerned</Trans>
        </Title>
        {artworks.data ? (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" data-testid="transport-artworks">
              <Table.Tbody>
                {artworks.data.map((a) => (
                  <Table.Tr key={a.artwork.id}>
                    <Table.Td>
                      <ArtworksCell artworks={[a.artwork]} links={links} />
                    </Table.Td>
                    <Table.Td fz="sm">{placeText(a.where, lang) || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Skeleton h={80} />
        )}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} fz="md" mb="sm">
          <Trans>Movements</Trans>
        </Title>
        {moves.data ? <MovementBatches movements={moves.data.list} processId={p.id} /> : <Skeleton h={80} />}
      </Card>
      <Text fz="xs" c="dimmed">
        {eventLabel('DEPART', lang)} / {eventLabel('ARRIVE', lang)}:{' '}
        <Trans>recorded on the process view by the operations staff.</Trans>
      </Text>
    </Stack>
  )
}
