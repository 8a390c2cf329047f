// The non-contract payment requests (FINANCE_PAYMENT processes): payee, amount in its currency, the cost it
// settles (an operation's, when it does), where it stands, who raised it; newest activity first, open or
// ended. "New payment request" opens the start form in a drawer (the request itself may be filled there as
// the first step's draft): nothing is created until the person starts it, so a stray click or a cancel leaves
// no empty request behind. The process screen then fills, approves and pays it (the generic process view).
// Mounted as a tab of the finance screen.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, SegmentedControl, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { mayStartType } from '../../../shared/access'
import type { ProcessView } from '../../../shared/contracts/process'
import { moneyText } from '../../../shared/money-text'
import { processListQuery } from '../../api/queries/process'
import { formatDateTime } from '../../i18n/format'
import { useMe, useSeesValues } from '../../session/use-session'
import { HiddenValue } from '../../shell/HiddenValue'
import { StartDrawer } from '../operations/parts'
import { FoldedList, ListEmpty, ListFooter } from '../process/list-parts'
import { definitionFor, leafLabel, typeLabel, useLang } from '../process/machine-words'
import { StatusBadge } from '../process/StatusBadge'

const PAGE_SIZE = 20
const PHASES = { active: msg`In progress`, ended: msg`Closed`, all: msg`All` } as const
type Phase = keyof typeof PHASES

/** What a request says so far: its submitted form, else its draft, else what it was opened with. */
export function requestOf(p: Pick<ProcessView, 'context'>) {
  const context = p.context
  const step = context?.steps?.payment
  const data = (step?.data ?? step?.draft ?? {}) as Record<string, unknown>
  const prefill = ((context?.subject as { prefill?: Record<string, unknown> } | undefined)?.prefill ??
    {}) as Record<string, unknown>
  const text = (key: string) => {
    const v = data[key] ?? prefill[key]
    return typeof v === 'string' ? v : ''
  }
  return {
    payee: text('payeeAccountName'),
    amount: text('amount'),
    currency: text('currency'),
    note: typeof context?.subject?.note === 'string' ? context.subject.note : '',
    forCost: typeof context?.subject?.forProcessId === 'string',
  }
}

function Amount({ p }: { p: ProcessView }) {
  const r = requestOf(p)
  const values = useSeesValues()
  if (!values) return <HiddenValue />
  return r.amount ? (
    moneyText(r.amount, r.currency)
  ) : (
    <Text span c="dimmed">
      —
    </Text>
  )
}

export function PaymentRequestsPanel() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const me = useMe()
  const navigate = useNavigate()
  const [phase, setPhase] = useState<Phase>('active')
  const [page, setPage] = useState(1)
  const [starting, setStarting] = useState(false)
  const mayStart = mayStartType(me, 'FINANCE_PAYMENT')
  const list = useQuery(
    processListQuery({
      type: 'FINANCE_PAYMENT',
      ...(phase === 'all' ? {} : { phase }),
      page,
      pageSize: PAGE_SIZE,
    }),
  )
  const open = (id: string) => void navigate({ to: '/devOpsManage/index', search: { process: id } })

  const rows = list.data?.list ?? []
  const where = (p: ProcessView) => leafLabel(definitionFor(p.type, p.definitionVersion), p.state, lang)
  const payee = (p: ProcessView) => requestOf(p).payee || t`Payee not given yet`
  const what = (p: ProcessView) => {
    const r = requestOf(p)
    return r.forCost ? t`An operation's cost` : r.note
  }

  return (
    <Stack gap="md" data-testid="payment-requests">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={phase}
          onChange={(v) => {
            setPhase(v as Phase)
            setPage(1)
          }}
          data={(Object.keys(PHASES) as Phase[]).map((value) => ({ value, label: i18n._(PHASES[value]) }))}
          data-testid="payment-requests-phase"
        />
        {mayStart ? (
          <Button onClick={() => setStarting(true)} data-testid="new-payment-request">
            <Trans>New payment request</Trans>
          </Button>
        ) : null}
      </Group>
      <StartDrawer type="FINANCE_PAYMENT" open={starting} onClose={() => setStarting(false)} />
      {list.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : rows.length === 0 ? (
        <ListEmpty
          title={<Trans>No payment requests</Trans>}
          description={
            <Trans>
              Payments outside a contract (a storage fee, a framer's invoice, an operation's cost) are
              requested here, approved and paid.
            </Trans>
          }
          testId="payment-requests-empty"
        />
      ) : (
        <FoldedList
          cardsTestId="payment-request-cards"
          tableTestId="payment-request-list"
          cards={rows.map((p) => (
            <UnstyledButton
              key={p.id}
              onClick={() => open(p.id)}
              px="md"
              py="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-payment-request-card={p.id}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Text fz="sm" fw={500} c="ink.8" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {payee(p)}
                </Text>
                <StatusBadge status={p.status} style={{ flexShrink: 0 }} />
              </Group>
              <Text fz="sm" mt={4}>
                <Amount p={p} />
              </Text>
              <Text fz="xs" c="dimmed">
                {where(p)} · {p.createdByName} · {formatDateTime(p.updatedAt, lang)}
              </Text>
            </UnstyledButton>
          ))}
          table={
            <>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Payee</Trans>
                  </Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>
                    <Trans>Amount</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>For</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Status</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Requested by</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Last change</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr
                    key={p.id}
                    onClick={() => open(p.id)}
                    style={{ cursor: 'pointer' }}
                    data-payment-request={p.id}
                    data-state={p.state}
                  >
                    <Table.Td>
                      <UnstyledButton onClick={() => open(p.id)} fz="sm" fw={500} c="ink.8">
                        {payee(p)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td fz="sm" style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                      <Amount p={p} />
                    </Table.Td>
                    <Table.Td fz="sm" c="dimmed" style={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
                      {what(p) || typeLabel(p.type, lang)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <StatusBadge status={p.status} />
                        <Text span fz="xs" c="dimmed">
                          {where(p)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td fz="sm">{p.createdByName}</Table.Td>
                    <Table.Td fz="sm" c="dimmed">
                      {formatDateTime(p.updatedAt, lang)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </>
          }
          footer={
            <ListFooter
              count={<Trans>{list.data?.total ?? 0} payment requests</Trans>}
              total={list.data?.total ?? 0}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={setPage}
              testId="payment-requests-count"
            />
          }
        />
      )}
    </Stack>
  )
}
