// Pieces the insurance screens share: money in its currency, a policy's standing as a badge, the register's
// columns (policy, period, money, artworks, standing, its process, a renewal under way), the search box and
// the button that starts a policy's renewal (the register's row and the policy page).
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { IconShieldCheck } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import type { PolicyItem, PolicyStanding, ProcessRef } from '../../../shared/contracts/insurance'
import { moneyText } from '../../../shared/money-text'
import { formatDate } from '../../i18n/format'
import type { Column } from '../operations/parts'
import { typeLabel, useLang } from '../process/machine-words'
import { StatusBadge } from '../process/StatusBadge'
import { KIND_WORDS, STANDING_COLORS, STANDING_WORDS } from './words'

export function StandingBadge({ standing }: { standing: PolicyStanding }) {
  const { i18n } = useLinguiCore()
  return (
    <Badge color={STANDING_COLORS[standing]} variant="light" data-standing={standing}>
      {i18n._(STANDING_WORDS[standing])}
    </Badge>
  )
}

/** A process named by its type and status; a click opens it (the row's own click does not fire). */
export function ProcessLink({ process, onOpen }: { process: ProcessRef; onOpen: (id: string) => void }) {
  const lang = useLang()
  return (
    <Group gap={6} wrap="wrap">
      <Anchor
        component="button"
        type="button"
        fz="sm"
        onClick={(e) => {
          e.stopPropagation()
          onOpen(process.id)
        }}
        data-testid="open-process"
      >
        {typeLabel(process.type, lang)}
      </Anchor>
      <StatusBadge status={process.status} />
    </Group>
  )
}

/** The register's columns; `onProcess` opens a policy's process (or its renewal under way). */
export function usePolicyColumns(onProcess: (id: string) => void): Column<PolicyItem>[] {
  const { i18n } = useLinguiCore()
  const lang = useLang()
  return [
    {
      key: 'policy',
      header: <Trans>Policy</Trans>,
      primary: true,
      miw: 200,
      cell: (p) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="policy-no">
            {p.policyNo || '—'}
          </Text>
          <Text fz="xs" c="dimmed">
            {[p.insurer, i18n._(KIND_WORDS[p.kind])].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'period',
      header: <Trans>Period</Trans>,
      miw: 170,
      cell: (p) => (
        <Stack gap={0}>
          <Text fz="sm">
            {formatDate(p.startDate, lang)} – {formatDate(p.endDate, lang)}
          </Text>
          {p.standing === 'inForce' || p.standing === 'upcoming' ? (
            <Text fz="xs" c={p.daysLeft <= 30 ? 'orange' : 'dimmed'}>
              <Trans>{p.daysLeft} days left</Trans>
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'amounts',
      value: true,
      header: <Trans>Insured / premium</Trans>,
      miw: 170,
      cell: (p) => (
        <Stack gap={0}>
          <Text fz="sm">{moneyText(p.insuredAmount, p.currency) || '—'}</Text>
          <Text fz="xs" c="dimmed">
            <Trans>Premium {moneyText(p.premium, p.currency) || '—'}</Trans>
          </Text>
        </Stack>
      ),
    },
    { key: 'artworks', header: <Trans>Number of artworks</Trans>, cell: (p) => String(p.artworkCount) },
    {
      key: 'standing',
      header: <Trans>Status</Trans>,
      cell: (p) => <StandingBadge standing={p.standing} />,
    },
    {
      key: 'process',
      header: <Trans>Process</Trans>,
      miw: 180,
      cell: (p) => (
        <Stack gap={4}>
          {p.process ? <ProcessLink process={p.process} onOpen={onProcess} /> : '—'}
          {p.renewal ? (
            <Group gap={4} data-testid="renewal-under-way">
              <Text fz="xs" c="dimmed">
                <Trans>Renewal under way:</Trans>
              </Text>
              <ProcessLink process={p.renewal} onOpen={onProcess} />
            </Group>
          ) : null}
        </Stack>
      ),
    },
  ]
}

/** Start the renewal of a policy (RenewStart, with the process that made it); the row's own click does not fire. */
export function StartRenewalButton({ policy }: { policy: Pick<PolicyItem, 'id' | 'process'> }) {
  const navigate = useNavigate()
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconShieldCheck size={14} />}
      onClick={(e) => {
        e.stopPropagation()
        void navigate({
          to: '/devOpsManage/resumeInsurance',
          search: {
            policyId: policy.id,
            ...(policy.process ? { previousProcessId: policy.process.id } : {}),
          },
        })
      }}
      data-testid="start-renewal"
    >
      <Trans>Start renewal</Trans>
    </Button>
  )
}
