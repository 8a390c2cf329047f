// One step of a process as the person looking at it needs it: the form while it is being filled (and this
// user may fill it), otherwise its record — what was submitted, by whom and when, who approved, the
// approver's comment when it came back, a failed payment's reason, and the step's own events (departed,
// arrived, paid) with what was reported.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Divider, EmptyState, Group, Stack, Text, Timeline } from '@mantine/core'
import type { ProcessContext, ProcessDefinition, StepRecord as StepData } from '../../../../machines/types'
import type { ProcessView } from '../../../shared/contracts/process'
import { formatDateTime } from '../../i18n/format'
import { IconCheck, IconNotes } from '../../shell/icons'
import type { Values } from './field-spec'
import { EVENT_FORMS, stepFormOf } from './form-registry'
import { eventLabel, stepLabel, useLang } from './machine-words'
import { StepForm } from './StepForm'
import { NoFormRecord, StepRecord } from './StepRecord'
import type { useProcessEvent } from './use-process-event'

/** User ids to names, from the people the process's history names. */
export function namesOf(view: ProcessView): (id: string | undefined) => string {
  return (id) => (id ? (view.people[id] ?? '') : '')
}

function StepEvents({ record, nameOf }: { record: StepData; nameOf: (id: string) => string }) {
  const lang = useLang()
  const events = record.events ?? []
  if (events.length === 0) return null
  return (
    <Stack gap="xs" data-testid="step-events">
      <Divider />
      <Timeline bulletSize={18} lineWidth={2}>
        {events.map((e, i) => {
          const spec = EVENT_FORMS[e.type]
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: events are append-only
            <Timeline.Item key={i} title={eventLabel(e.type, lang)} bullet={<IconCheck size={11} />}>
              <Text fz="xs" c="dimmed">
                {nameOf(e.by)} · {formatDateTime(e.at, lang)}
              </Text>
              {spec && e.payload ? (
                <Stack mt={6}>
                  <StepRecord spec={spec} data={e.payload as Values} />
                </Stack>
              ) : null}
            </Timeline.Item>
          )
        })}
      </Timeline>
    </Stack>
  )
}

export function StepPanel({
  view,
  definition,
  step,
  events,
}: {
  view: ProcessView
  definition: ProcessDefinition
  step: string
  events: ReturnType<typeof useProcessEvent>
}) {
  const { t } = useLingui()
  const lang = useLang()
  const context = view.context as ProcessContext
  const record: StepData = context.steps[step] ?? { approvals: [] }
  const spec = stepFormOf(view.type, step)
  const nameOf = namesOf(view)
  const current = view.currentStep === step && !view.done && view.status !== 'terminated'
  const leaf = current ? view.state.split('.').pop() : undefined
  const editable =
    current && !!spec && (view.nextEvents.includes('SAVE') || view.nextEvents.includes('SUBMIT'))
  const failures = record.paymentFailures ?? []

  const notices = (
    <>
      {current && leaf === 'rejected' && record.rejection ? (
        <Alert
          color="orange"
          variant="light"
          title={t`Sent back for correction`}
          data-testid="rejection-note"
        >
          <Text fz="sm">{record.rejection.comment}</Text>
          <Text fz="xs" c="dimmed" mt={4}>
            {nameOf(record.rejection.by)} · {formatDateTime(record.rejection.at, lang)}
          </Text>
        </Alert>
      ) : null}
      {current && leaf === 'paymentFailed' && failures.length > 0 ? (
        <Alert color="red" variant="light" title={t`The payment failed`} data-testid="payment-failure-note">
          <Text fz="sm">{failures[failures.length - 1].comment}</Text>
          <Text fz="xs" c="dimmed" mt={4}>
            {nameOf(failures[failures.length - 1].by)} ·{' '}
            {formatDateTime(failures[failures.length - 1].at, lang)}
          </Text>
        </Alert>
      ) : null}
    </>
  )

  if (editable && spec)
    return (
      <Stack gap="md">
        {notices}
        <StepForm
          key={`${view.id}:${step}:${view.version}`}
          view={view}
          definition={definition}
          step={step}
          spec={spec}
          events={events}
        />
      </Stack>
    )

  const shown = (record.data ?? (current ? record.draft : undefined)) as Values | undefined
  if (!shown && !(record.events?.length ?? 0))
    return (
      <Stack gap="md">
        {notices}
        <EmptyState
          size="sm"
          icon={<IconNotes size={22} />}
          title={current ? <Trans>Nothing filled in yet</Trans> : <Trans>Not reached yet</Trans>}
          description={
            current ? (
              <Trans>The form of “{stepLabel(definition, step, lang)}” has not been filled in yet.</Trans>
            ) : (
              <Trans>This step starts when the steps before it are done.</Trans>
            )
          }
          data-testid="step-empty"
        />
      </Stack>
    )

  return (
    <Stack gap="md">
      {notices}
      {record.data && record.submittedAt ? (
        <Group gap="lg" data-testid="step-submitted">
          <Text fz="sm" c="dimmed">
            <Trans>
              Submitted by {nameOf(record.submittedBy)} on {formatDateTime(record.submittedAt, lang)}
            </Trans>
          </Text>
          {record.approvals.map((a) => (
            <Text key={a.by + a.at} fz="sm" c="teal.8">
              <Trans>
                Approved by {nameOf(a.by)} on {formatDateTime(a.at, lang)}
              </Trans>
            </Text>
          ))}
        </Group>
      ) : current && record.draft ? (
        <Text fz="sm" c="dimmed">
          <Trans>A draft, not submitted yet.</Trans>
        </Text>
      ) : null}
      {shown ? spec ? <StepRecord spec={spec} data={shown} /> : <NoFormRecord data={shown} /> : null}
      <StepEvents record={record} nameOf={nameOf} />
    </Stack>
  )
}
