// One policy (/devOpsManage/historyInsurance?id=): its facts (insurer, number, kind, period, insured amount
// and premium in its currency, where it stands), the policy document, the artworks on its schedule (with the
// schedule value when recorded, and the endorsements that took some off), its claims and payouts, and its
// renewal chain (the covers it renews and its renewals). Processes open in place. The schedule of cover (agreed
// values against valuations, adjusted by the insurance approvers) opens in a drawer, and downloads as Excel.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import {
  Anchor,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core'
import { IconAdjustments } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { mayStartType, seesValues } from '../../../shared/access'
import type { ClaimItem, PolicyArtwork, PolicyDetail } from '../../../shared/contracts/insurance'
import { moneyText } from '../../../shared/money-text'
import { isApiError } from '../../api/api-error'
import { policyQuery } from '../../api/queries/insurance'
import { formatDate } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { ArtworksCell, artworkColumn, type Column, Fact, OpList, useThumbs } from '../operations/parts'
import { FileNames } from '../process/FileNames'
import { ListEmpty } from '../process/list-parts'
import { typeLabel, useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import type { ProcessTab } from '../process/process-search'
import { StatusBadge } from '../process/StatusBadge'
import { SchedulePdfButton } from '../reports/ReportPdfButton'
import { PolicySchedule, ScheduleDownloadButton } from './PolicySchedule'
import { ProcessLink, StandingBadge, StartRenewalButton } from './parts'
import { KIND_WORDS, REMOVAL_WORDS, STAGE_COLORS, STAGE_WORDS } from './words'

export function useClaimColumns(onProcess: (id: string) => void): Column<ClaimItem>[] {
  const { i18n } = useLinguiCore()
  const lang = useLang()
  return [
    {
      key: 'artworks',
      header: <Trans>Artworks</Trans>,
      primary: true,
      miw: 220,
      cell: (c) => <ClaimArtworks claim={c} />,
    },
    {
      key: 'incident',
      header: <Trans>Incident date</Trans>,
      cell: (c) => formatDate(c.incidentDate, lang) || '—',
    },
    {
      key: 'policy',
      header: <Trans>Insurer / policy</Trans>,
      miw: 160,
      cell: (c) => [c.insurer, c.policyNo].filter(Boolean).join(' · ') || '—',
    },
    {
      key: 'claimed',
      value: true,
      header: <Trans>Claimed</Trans>,
      cell: (c) => moneyText(c.claimedAmount, c.currency) || '—',
    },
    {
      key: 'paid',
      value: true,
      header: <Trans>Paid out</Trans>,
      cell: (c) =>
        c.paidAmount ? (
          <Stack gap={0}>
            <Text fz="sm">{moneyText(c.paidAmount, c.currency) || '—'}</Text>
            <Text fz="xs" c="dimmed">
              {formatDate(c.paidOn, lang)}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      key: 'stage',
      header: <Trans>Status</Trans>,
      miw: 150,
      cell: (c) => (
        <Stack gap={4}>
          <Badge color={STAGE_COLORS[c.stage]} variant="light" data-stage={c.stage}>
            {i18n._(STAGE_WORDS[c.stage])}
          </Badge>
          <Anchor
            component="button"
            type="button"
            fz="xs"
            onClick={(e) => {
              e.stopPropagation()
              onProcess(c.process.id)
            }}
          >
            <Trans>Open the process</Trans>
          </Anchor>
        </Stack>
      ),
    },
  ]
}

function ClaimArtworks({ claim }: { claim: ClaimItem }) {
  const links = useThumbs(claim.artworks.slice(0, 1))
  return <ArtworksCell artworks={claim.artworks} links={links} />
}

function ArtworkSchedule({
  policy,
  onProcess,
  onPage,
}: {
  policy: PolicyDetail
  onProcess: (id: string) => void
  onPage: (page: number) => void
}) {
  const { i18n } = useLinguiCore()
  const lang = useLang()
  const links = useThumbs(policy.artworks.map((a) => a.artwork))
  const columns: Column<PolicyArtwork>[] = [
    artworkColumn(links, 240),
    {
      key: 'amount',
      value: true,
      header: <Trans>Insured amount</Trans>,
      cell: (a) => moneyText(a.insuredAmount, policy.currency) || '—',
    },
    {
      key: 'endorsement',
      header: <Trans>Endorsement</Trans>,
      miw: 200,
      cell: (a) =>
        a.removedOn ? (
          <Stack gap={2} data-testid="endorsement">
            <Text fz="sm">
              <Trans>
                Taken off on {formatDate(a.removedOn, lang)}:{' '}
                {REMOVAL_WORDS[a.removedReason] ? i18n._(REMOVAL_WORDS[a.removedReason]) : a.removedReason}
              </Trans>
            </Text>
            {a.removedBy ? <ProcessLink process={a.removedBy} onOpen={onProcess} /> : null}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            <Trans>On the policy</Trans>
          </Text>
        ),
    },
  ]
  return (
    <OpList
      testId="policy-artworks"
      rows={policy.artworks}
      rowKey={(a) => a.artwork.id}
      columns={columns}
      total={policy.artworksTotal}
      page={policy.artworksPage}
      pageSize={policy.artworksPageSize}
      onPage={onPage}
      empty={<Trans>No artwork is on this policy.</Trans>}
    />
  )
}

function RenewalChain({ policy, onProcess }: { policy: PolicyDetail; onProcess: (id: string) => void }) {
  const lang = useLang()
  const navigate = useNavigate()
  if (policy.chain.length <= 1)
    return (
      <Text fz="sm" c="dimmed">
        <Trans>This policy neither renews another nor has been renewed.</Trans>
      </Text>
    )
  const active = policy.chain.findIndex((l) => l.current)
  return (
    <Timeline active={active} bulletSize={18} lineWidth={2} data-testid="renewal-chain">
      {policy.chain.map((link) => (
        <Timeline.Item
          key={link.process.id}
          title={
            <Group gap={6} wrap="wrap">
              <Text fz="sm" fw={link.current ? 700 : 500}>
                {typeLabel(link.process.type, lang)}
              </Text>
              {link.decision === 'lapse' ? (
                <Badge color="gray" variant="light">
                  <Trans>Not renewed</Trans>
                </Badge>
              ) : null}
            </Group>
          }
          data-current={link.current ? 'true' : undefined}
        >
          <Stack gap={4}>
            {link.policy ? (
              <Group gap={6} wrap="wrap">
                {link.current ? (
                  <Text fz="sm">{link.policy.policyNo || '—'}</Text>
                ) : (
                  <Anchor
                    component="button"
                    type="button"
                    fz="sm"
                    onClick={() =>
                      void navigate({ to: '/devOpsManage/historyInsurance', search: { id: link.policy!.id } })
                    }
                  >
                    {link.policy.policyNo || link.policy.insurer || '—'}
                  </Anchor>
                )}
                <Text fz="xs" c="dimmed">
                  {formatDate(link.policy.startDate, lang)} – {formatDate(link.policy.endDate, lang)}
                </Text>
                <StandingBadge standing={link.policy.standing} />
              </Group>
            ) : null}
            <Group gap={6}>
              <StatusBadge status={link.process.status} />
              <Anchor component="button" type="button" fz="xs" onClick={() => onProcess(link.process.id)}>
                <Trans>Open the process</Trans>
              </Anchor>
            </Group>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  )
}

export function PolicyScreen({
  id,
  process,
  tab,
  onProcess,
  back,
}: {
  id: string
  process?: string
  tab?: ProcessTab
  onProcess: (next: { process?: string; tab?: ProcessTab }) => void
  back: ReactNode
}) {
  const { i18n } = useLinguiCore()
  const lang = useLang()
  const me = useMe()
  const values = seesValues(me)
  const [schedulePage, setSchedulePage] = useState(1)
  const [scheduleOpen, setScheduleOpen] = useState(false)
  const policy = useQuery(policyQuery(id, schedulePage))
  const claimColumns = useClaimColumns((pid) => onProcess({ process: pid }))
  const open = (pid: string) => onProcess({ process: pid })
  if (policy.isError)
    return (
      <Stack>
        <PageHeader />
        {back}
        <ListEmpty
          testId="policy-missing"
          title={<Trans>No such policy</Trans>}
          description={
            isApiError(policy.error) && policy.error.code === 404 ? (
              <Trans>This policy does not exist (any more).</Trans>
            ) : (
              <Trans>The policy could not be loaded.</Trans>
            )
          }
        />
      </Stack>
    )
  const p = policy.data
  if (!p)
    return (
      <>
        <PageHeader />
        <Skeleton h={320} radius="md" />
      </>
    )
  // Renewable while active and no renewal follows it (the chain holds only renewals not terminated).
  const renewedAfter = p.chain.length - 1 - p.chain.findIndex((l) => l.current)
  const mayRenew = mayStartType(me, 'INSURANCE_RENEWAL') && p.status === 'active' && renewedAfter === 0
  return (
    <OpenProcess process={process} tab={tab} onNavigate={onProcess}>
      <Stack gap="lg" data-testid="policy-screen">
        {back}
        <PageHeader
          title={
            <span style={{ overflowWrap: 'anywhere' }} data-testid="policy-title">
              {p.policyNo || p.insurer}
            </span>
          }
          description={[p.insurer, i18n._(KIND_WORDS[p.kind])].filter(Boolean).join(' · ')}
          actions={
            <>
              <StandingBadge standing={p.standing} />
              {mayRenew ? <StartRenewalButton policy={p} /> : null}
            </>
          }
        />
        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="policy-facts">
            <Fact label={<Trans>Period</Trans>}>
              {formatDate(p.startDate, lang)} – {formatDate(p.endDate, lang)}
            </Fact>
            {values ? (
              <>
                <Fact label={<Trans>Insured amount</Trans>}>
                  {moneyText(p.insuredAmount, p.currency) || '—'}
                </Fact>
                <Fact label={<Trans>Premium</Trans>}>{moneyText(p.premium, p.currency) || '—'}</Fact>
              </>
            ) : null}
            <Fact label={<Trans>Artworks covered</Trans>}>{p.artworkCount}</Fact>
            <Fact label={<Trans>Process</Trans>}>
              {p.process ? <ProcessLink process={p.process} onOpen={open} /> : '—'}
            </Fact>
            <Fact label={<Trans>Renewal under way</Trans>}>
              {p.renewal ? <ProcessLink process={p.renewal} onOpen={open} /> : '—'}
            </Fact>
            <Fact label={<Trans>Policy document</Trans>}>
              <FileNames ids={p.policyFileId ? [p.policyFileId] : []} />
            </Fact>
            {p.remark ? <Fact label={<Trans>Remark</Trans>}>{p.remark}</Fact> : null}
          </SimpleGrid>
        </Card>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={3} fz={16}>
              <Trans>Artworks on this policy</Trans>
            </Title>
            {values ? (
              <Group gap="xs">
                <ScheduleDownloadButton policyId={p.id} policyNo={p.policyNo} />
                <SchedulePdfButton policyId={p.id} policyNo={p.policyNo} />
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconAdjustments size={16} />}
                  onClick={() => setScheduleOpen(true)}
                  data-testid="open-schedule"
                >
                  <Trans>Schedule of cover</Trans>
                </Button>
              </Group>
            ) : null}
          </Group>
          <ArtworkSchedule policy={p} onProcess={open} onPage={setSchedulePage} />
        </Stack>
        <Drawer
          opened={scheduleOpen}
          onClose={() => setScheduleOpen(false)}
          position="right"
          size="xl"
          title={<Trans>Schedule of cover</Trans>}
        >
          {scheduleOpen ? <PolicySchedule policyId={p.id} /> : null}
        </Drawer>
        <Stack gap="xs">
          <Title order={3} fz={16}>
            <Trans>Claims</Trans>
          </Title>
          <OpList
            testId="policy-claims"
            rows={p.claims}
            rowKey={(c) => c.process.id}
            columns={claimColumns}
            onOpen={(c) => open(c.process.id)}
            total={p.claims.length}
            page={1}
            pageSize={Math.max(1, p.claims.length)}
            onPage={() => {}}
            empty={<Trans>No claim has been paid under this policy.</Trans>}
          />
        </Stack>
        <Card withBorder radius="md" padding="lg">
          <Title order={3} fz={16} mb="md">
            <Trans>Renewals</Trans>
          </Title>
          <RenewalChain policy={p} onProcess={open} />
        </Card>
      </Stack>
    </OpenProcess>
  )
}
