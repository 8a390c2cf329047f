// "As after event N": a stepper through a process's history. Choosing an event shows the process as it was
// after it — its state, step data and diagram, rebuilt by the server from the history
// (GET /api/process/:id/at/:seq) — read-only, with a clear way back to now.
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Alert, Button, Group, Slider, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import type { ProcessReplay } from '../../../shared/contracts/process'
import { formatDateTime } from '../../i18n/format'
import { eventLabel, useLang } from './machine-words'

export function HistoryScrubber({
  latest,
  seq,
  past,
  loading,
  onSeq,
}: {
  /** The latest event's seq (the process now). */
  latest: number
  /** The event shown, or null for now. */
  seq: number | null
  past: ProcessReplay | undefined
  loading: boolean
  onSeq: (seq: number | null) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const at = seq ?? latest
  const go = (n: number) => onSeq(n >= latest ? null : Math.max(1, n))
  return (
    <Group gap="sm" wrap="wrap" align="center" data-testid="history-scrubber" data-seq={seq ?? ''}>
      <Text fz="sm" fw={500}>
        <Trans>Look back</Trans>
      </Text>
      <ActionIcon
        variant="default"
        onClick={() => go(at - 1)}
        disabled={at <= 1}
        aria-label={t`One event back`}
        data-testid="history-back"
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Slider
        min={1}
        max={Math.max(latest, 2)}
        step={1}
        value={at}
        onChange={go}
        disabled={latest < 2}
        label={(n) => t`Event ${n}`}
        style={{ flex: '1 1 200px', minWidth: 160 }}
        // The thumb is the control (role slider): its name goes there, not on the wrapping element.
        thumbLabel={t`Event of the history`}
        data-testid="history-slider"
      />
      <ActionIcon
        variant="default"
        onClick={() => go(at + 1)}
        disabled={seq === null}
        aria-label={t`One event forward`}
        data-testid="history-forward"
      >
        <IconChevronRight size={16} />
      </ActionIcon>
      {seq !== null ? (
        <Button size="compact-sm" onClick={() => onSeq(null)} data-testid="history-now">
          <Trans>Back to now</Trans>
        </Button>
      ) : null}
      {seq !== null ? (
        <Alert color="yellow" variant="light" p="xs" w="100%" data-testid="history-as-of">
          {past ? (
            <Trans>
              As after event {seq} of {latest}: {eventLabel(past.replay.event, lang)},{' '}
              {formatDateTime(past.replay.at, lang)}. Nothing can be done here; go back to now to act.
            </Trans>
          ) : loading ? (
            <Trans>Rebuilding the process as it was after event {seq}…</Trans>
          ) : (
            <Trans>The process as it was could not be rebuilt. Go back to now and try again.</Trans>
          )}
        </Alert>
      ) : null}
    </Group>
  )
}
