// What happened to the artwork beyond its record, on the detail screen: its valuations (read from the
// record's history, where every valuation change is kept), where it has been (the movement rows), the
// processes it went through (each linking to the process view) and its insurance policies. The location tab
// also answers "where was it on <date>" from the movement ledger (warehouse/PlaceOnDate.tsx).
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Card, EmptyState, Group, Loader, Stack, Table, Text, Timeline } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { holds } from '../../../../shared/access'
import type { ArtworkDetail } from '../../../../shared/contracts/artworks'
import { moneyText } from '../../../../shared/money-text'
import { artworkHistoryQuery } from '../../../api/queries/artworks'
import { formatDate, formatDateTime } from '../../../i18n/format'
import { useMe, useSeesValues } from '../../../session/use-session'
import { IconChart, IconRoute, IconShield, IconTruck } from '../../../shell/icons'
import { ValuationHistory } from '../../valuations/ValuationHistory'
import { PlaceOnDate } from '../../warehouse/PlaceOnDate'
import { placeWords } from '../../warehouse/place-words'
import { IconArrowRight, IconMapPin } from '../archive-icons'
import { HISTORY_ACTION_LABELS, MOVEMENT_KIND_LABELS } from '../archive-labels'
import { ProcessLink, ProcessStatusBadge, processTypeLabel } from '../process-links'
import type { ArchiveReference } from '../reference-data'
import { AnchorLink } from '../router-links'
import { valuationHistory } from './change-values'
import { Section } from './RecordPanels'

export function ValuationPanel({
  detail,
  reference,
}: {
  detail: ArtworkDetail
  reference: ArchiveReference
}) {
  const { i18n } = useLingui()
  const lang = reference.lang
  const history = useQuery(artworkHistoryQuery(detail.id, 1, 200))
  const points = valuationHistory(history.data?.list ?? [])
  const mayReadValuations = holds(useMe(), 'valueManage:view')
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group gap="xl" align="flex-end">
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              <Trans>Latest valuation</Trans>
            </Text>
            <Text
              fz={28}
              fw={600}
              style={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid="latest-valuation"
            >
              {moneyText(detail.latestValuation, detail.latestValuationCurrency) || '—'}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              <Trans>Valuation date</Trans>
            </Text>
            <Text fz="md">{detail.valuationDate ? formatDate(detail.valuationDate, lang) : '—'}</Text>
          </Stack>
        </Group>
      </Card>
      {mayReadValuations ? (
        <Section title={<Trans>Valuations by currency</Trans>} testId="artwork-valuations">
          <ValuationHistory artworkId={detail.id} />
        </Section>
      ) : null}
      <Section title={<Trans>Valuation history</Trans>} testId="valuation-history">
        {history.isPending ? (
          <Loader size="sm" />
        ) : points.length === 0 ? (
          <EmptyState
            icon={<IconChart size={24} />}
            withIndicatorBackground
            size="sm"
            title={<Trans>Not valued yet</Trans>}
            description={
              <Trans>
                Valuations recorded in valuation management are listed here with who recorded them.
              </Trans>
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table fz="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Recorded</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>By</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Valuation date</Trans>
                  </Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>
                    <Trans>Before</Trans>
                  </Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>
                    <Trans>Valuation after</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {points.map((p) => (
                  <Table.Tr key={p.version}>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text fz="sm">{formatDateTime(p.at, lang)}</Text>
                        <Text fz="xs" c="dimmed">
                          {i18n._(
                            HISTORY_ACTION_LABELS[p.action as keyof typeof HISTORY_ACTION_LABELS] ??
                              HISTORY_ACTION_LABELS.update,
                          )}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{p.byName || '—'}</Table.Td>
                    <Table.Td>{p.date ? formatDate(p.date, lang) : '—'}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} c="dimmed">
                      {moneyText(p.previousValue, p.previousCurrency) || '—'}
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} fw={600}>
                      {moneyText(p.value, p.currency) || '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  )
}

export function WhereaboutsPanel({
  detail,
  reference,
}: {
  detail: ArtworkDetail
  reference: ArchiveReference
}) {
  const { i18n } = useLingui()
  const lang = reference.lang
  const inRoom = detail.inWarehouse && detail.roomId !== null
  const here = inRoom && detail.roomId ? reference.roomLabel(detail.roomId) : detail.locationText
  const position = detail.locationText || '—'
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group gap="sm">
          <IconMapPin size={22} />
          <Stack gap={0}>
            <Text fw={600} data-testid="current-location">
              {here ||
                (reference.ready ? (
                  <Trans>Whereabouts not recorded</Trans>
                ) : (
                  <Loader size="xs" type="dots" />
                ))}
            </Text>
            {inRoom ? (
              <Text fz="sm" data-testid="current-position">
                <Trans>Place in the room: {position}</Trans>
              </Text>
            ) : null}
            <Text fz="sm" c="dimmed">
              {detail.inWarehouse ? <Trans>In the warehouse</Trans> : <Trans>Not in the warehouse</Trans>}
            </Text>
          </Stack>
        </Group>
      </Card>
      <PlaceOnDate artworkId={detail.id} />
      <Section title={<Trans>Location history</Trans>} testId="location-history">
        {detail.movements.length === 0 ? (
          <EmptyState
            icon={<IconTruck size={24} />}
            withIndicatorBackground
            size="sm"
            title={<Trans>No movements yet</Trans>}
            description={<Trans>Transports, warehousing, loans and stocktakes write each move here.</Trans>}
          />
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={0}>
            {detail.movements.map((m) => {
              const from = placeWords(m.fromRoomName, m.fromLocation)
              const to = placeWords(m.toRoomName, m.toLocation)
              const kind = MOVEMENT_KIND_LABELS[m.kind]
              return (
                <Timeline.Item
                  key={m.id}
                  title={
                    <Group gap={8}>
                      <Text fz="sm" fw={600}>
                        {kind ? i18n._(kind) : m.kind}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(m.at, lang)}
                        {m.byName ? ` · ${m.byName}` : ''}
                      </Text>
                    </Group>
                  }
                >
                  <Group gap={6} mt={2}>
                    <Text fz="sm" c={from ? undefined : 'dimmed'}>
                      {from || '—'}
                    </Text>
                    <IconArrowRight size={14} />
                    <Text fz="sm" fw={500}>
                      {to || '—'}
                    </Text>
                  </Group>
                  {m.note ? (
                    <Text fz="xs" c="dimmed">
                      {m.note}
                    </Text>
                  ) : null}
                  {m.processId ? (
                    <ProcessLink processId={m.processId}>
                      <Trans>Open the process</Trans>
                    </ProcessLink>
                  ) : null}
                </Timeline.Item>
              )
            })}
          </Timeline>
        )}
      </Section>
    </Stack>
  )
}

export function ProcessesPanel({
  detail,
  lang,
  canSeeOperations,
}: {
  detail: ArtworkDetail
  lang: 'zh-CN' | 'en'
  canSeeOperations: boolean
}) {
  return (
    <Section
      title={<Trans>Processes this artwork went through</Trans>}
      testId="artwork-processes"
      extra={
        canSeeOperations ? (
          <AnchorLink to="/devOpsManage/mochaItom/$art_id" params={{ art_id: detail.id }} fz="sm">
            <Trans>Operations of this artwork</Trans>
          </AnchorLink>
        ) : null
      }
    >
      {detail.processes.length === 0 ? (
        <EmptyState
          icon={<IconRoute size={24} />}
          withIndicatorBackground
          size="sm"
          title={<Trans>No processes yet</Trans>}
          description={
            <Trans>Purchases, transports, loans, repairs and the like appear here once started.</Trans>
          }
        />
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table fz="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Process</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Started</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Finished</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.processes.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <ProcessLink processId={p.id}>{processTypeLabel(p.type, lang)}</ProcessLink>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      <ProcessStatusBadge status={p.status} lang={lang} size="sm" />
                      {!p.done ? (
                        <Badge size="sm" variant="dot" color="ink">
                          <Trans>Live</Trans>
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(p.createdAt, lang)}</Table.Td>
                  <Table.Td>{p.finishedAt ? formatDate(p.finishedAt, lang) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  )
}

/** The whole policy's sum insured, labelled as such beside the artwork's own value. */
function PolicyTotal({ amount }: { amount: string }) {
  return (
    <Text fz="xs" c="dimmed" data-testid="policy-total">
      <Trans>Policy total {amount}</Trans>
    </Text>
  )
}

export function InsurancePanel({
  detail,
  reference,
}: {
  detail: ArtworkDetail
  reference: ArchiveReference
}) {
  const values = useSeesValues()
  const lang = reference.lang
  return (
    <Section title={<Trans>Insurance</Trans>} testId="artwork-insurance">
      {detail.insurancePolicies.length === 0 ? (
        <EmptyState
          icon={<IconShield size={24} />}
          withIndicatorBackground
          size="sm"
          title={detail.insuranceStatus === 'covered' ? <Trans>Covered</Trans> : <Trans>To be insured</Trans>}
          description={<Trans>No policy lists this artwork yet.</Trans>}
        />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Policy</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Insurer</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Period</Trans>
                </Table.Th>
                {values ? (
                  <Table.Th style={{ textAlign: 'right' }}>
                    <Trans>This artwork's insured value</Trans>
                  </Table.Th>
                ) : null}
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.insurancePolicies.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text fz="sm" ff="monospace">
                        {p.policyNo || '—'}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {p.kind === 'annual' ? <Trans>Annual policy</Trans> : <Trans>Operation policy</Trans>}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{p.insurer || '—'}</Table.Td>
                  <Table.Td>
                    {formatDate(p.startDate, lang)} – {formatDate(p.endDate, lang)}
                  </Table.Td>
                  {values ? (
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      <Stack gap={0} align="flex-end">
                        <Text fz="sm" data-testid="artwork-scheduled-value">
                          {p.scheduledAmount ? moneyText(p.scheduledAmount, p.currency) || '—' : '—'}
                        </Text>
                        {p.insuredAmount ? (
                          <PolicyTotal amount={moneyText(p.insuredAmount, p.currency) || '—'} />
                        ) : null}
                      </Stack>
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Badge
                      variant="light"
                      radius="sm"
                      size="sm"
                      color={p.status === 'active' ? 'teal' : 'gray'}
                    >
                      {p.status === 'active' ? <Trans>In force</Trans> : <Trans>Lapsed</Trans>}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  )
}
