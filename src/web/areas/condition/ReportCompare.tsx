// One condition report opened beside the previous report of the same artwork — what insurers and lenders
// ask for: the condition then and now, the notes and photographs side by side, and whether the condition
// changed. Older / newer step through the artwork's reports without closing.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Alert, Button, Divider, Grid, Group, Modal, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCircleCheck } from '@tabler/icons-react'
import type { ConditionReport } from '../../../shared/contracts/condition'
import type { Lang } from '../../../shared/errors'
import { formatDate } from '../../i18n/format'
import { ReportFacts } from './ReportFacts'
import { CONDITION_LABELS, conditionOf, HANDOVER_LABELS, reportDate } from './words'

function Change({ current, previous }: { current: ConditionReport; previous: ConditionReport }) {
  const { i18n } = useLingui()
  const now = conditionOf(current)
  const then = conditionOf(previous)
  if (now === then || now === 'unknown')
    return (
      <Alert color="gray" variant="light" icon={<IconCircleCheck size={18} />} data-testid="condition-change">
        {now === 'unknown' ? (
          <Trans>This report records no condition; the previous one is shown beside it.</Trans>
        ) : (
          <Trans>The condition is the same as in the previous report.</Trans>
        )}
      </Alert>
    )
  const from = i18n._(CONDITION_LABELS[then])
  const to = i18n._(CONDITION_LABELS[now])
  return (
    <Alert
      color={now === 'notOk' ? 'red' : 'teal'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={<Trans>The condition changed since the previous report</Trans>}
      data-testid="condition-change"
      data-changed
    >
      {from} → {to}
    </Alert>
  )
}

export function ReportCompare({
  reports,
  index,
  onIndex,
  lang,
  canSeeOperations,
}: {
  /** The artwork's reports, newest first. */
  reports: ConditionReport[]
  index: number | null
  onIndex: (index: number | null) => void
  lang: Lang
  canSeeOperations: boolean
}) {
  const { i18n } = useLingui()
  const current = index === null ? undefined : reports[index]
  const previous = index === null ? undefined : reports[index + 1]
  return (
    <Modal
      opened={current !== undefined}
      onClose={() => onIndex(null)}
      size="72rem"
      closeButtonProps={{ 'aria-label': i18n._(msg`Close`) }}
      title={
        current ? (
          <Text fw={600} component="span">
            <Trans>Condition report</Trans> · {i18n._(HANDOVER_LABELS[current.kind])} ·{' '}
            {formatDate(reportDate(current), lang)}
          </Text>
        ) : null
      }
      data-testid="condition-report"
    >
      {current && index !== null ? (
        <Stack gap="md">
          {previous ? <Change current={current} previous={previous} /> : null}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, sm: 6 }} data-testid="report-current">
              <ReportFacts
                report={current}
                lang={lang}
                heading={<Trans>This report</Trans>}
                canSeeOperations={canSeeOperations}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }} data-testid="report-previous">
              {previous ? (
                <ReportFacts
                  report={previous}
                  lang={lang}
                  heading={<Trans>Previous report</Trans>}
                  canSeeOperations={canSeeOperations}
                />
              ) : (
                <Text fz="sm" c="dimmed" data-testid="first-report">
                  <Trans>No earlier report: this is the first condition recorded for this artwork.</Trans>
                </Text>
              )}
            </Grid.Col>
          </Grid>
          <Divider />
          <Group justify="space-between">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconArrowLeft size={14} />}
              disabled={index + 1 >= reports.length}
              onClick={() => onIndex(index + 1)}
            >
              <Trans>Older report</Trans>
            </Button>
            <Text fz="xs" c="dimmed">
              {reports.length - index} / {reports.length}
            </Text>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconArrowRight size={14} />}
              disabled={index === 0}
              onClick={() => onIndex(index - 1)}
            >
              <Trans>Newer report</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
