// A step whose own lists grew long (a payment failed and retried many times): the process view carries only
// its latest entries (STEP_ENTRIES_IN_VIEW), so the step says how many it holds in all and opens the whole
// record (GET /api/process/:id/steps/:step) in a dialog: every event, failed payment and approval, by whom
// and when, in words.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Loader, Modal, Table, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { type ProcessView, STEP_ENTRIES_IN_VIEW } from '../../../shared/contracts/process'
import { processStepQuery } from '../../api/queries/process'
import { formatDateTime } from '../../i18n/format'
import { eventLabel, useLang } from './machine-words'

interface Entry {
  what: string
  by: string
  at: string
  comment: string
}

/** What of the process view the note reads. */
type Viewed = Pick<ProcessView, 'id' | 'version' | 'people' | 'stepTotals'>

function WholeRecord({ view, step }: { view: Viewed; step: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const query = useQuery(processStepQuery(view.id, step, view.version))
  if (query.isPending) return <Loader size="sm" aria-label={t`Loading`} />
  if (query.isError)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The step's whole record could not be loaded.</Trans>
      </Text>
    )
  const record = query.data
  const entries: Entry[] = [
    ...(record.events ?? []).map((e) => ({ what: eventLabel(e.type, lang), ...e, comment: e.comment ?? '' })),
    ...(record.paymentFailures ?? []).map((f) => ({ what: eventLabel('PAYMENT_FAILED', lang), ...f })),
    ...record.approvals.map((a) => ({ what: eventLabel('APPROVE', lang), ...a, comment: '' })),
  ].sort((a, b) => a.at.localeCompare(b.at))
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table data-testid="step-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>When</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>What</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Who</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Comment</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={`${e.at}-${e.what}-${e.by}`}>
              <Table.Td fz="sm">{formatDateTime(e.at, lang)}</Table.Td>
              <Table.Td fz="sm">{e.what}</Table.Td>
              <Table.Td fz="sm">{view.people[e.by] ?? t`Someone no longer listed`}</Table.Td>
              <Table.Td fz="sm">{e.comment}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** "The latest 10 of 37 entries are shown" and the button that opens all of them; nothing for a short step. */
export function StepEntriesNote({ view, step }: { view: Viewed; step: string }) {
  const { t } = useLingui()
  const [opened, { open, close }] = useDisclosure(false)
  const totals = view.stepTotals[step]
  if (!totals) return null
  const total = totals.events + totals.paymentFailures + totals.approvals
  return (
    <Group gap="sm" data-testid="step-entries-note">
      <Text fz="sm" c="dimmed">
        <Trans>
          This step holds {total} entries; the latest {STEP_ENTRIES_IN_VIEW} of each kind are shown.
        </Trans>
      </Text>
      <Button size="xs" variant="subtle" onClick={open} data-testid="step-entries-open">
        <Trans>Show all</Trans>
      </Button>
      <Modal opened={opened} onClose={close} title={t`The step's whole record`} size="xl">
        {opened ? <WholeRecord view={view} step={step} /> : null}
      </Modal>
    </Group>
  )
}
