// One step of a process as the person looking at it needs it: the form while it is being filled (and this
// user may fill it), otherwise its record — what was submitted, by whom and when, who approved, the
// approver's comment when it came back, a failed payment's reason, and the step's own events (departed,
// arrived, paid, returned) with what was reported. A step waiting for one of its own events (a transport
// to depart or arrive, a loan to come back, a payment to be confirmed) says so in words and offers those
// events' small forms right there; a step without a form of its own shows the step that planned it (the
// transport information), and when that step was sent back, its form to correct.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Button,
  Card,
  Divider,
  EmptyState,
  Group,
  Modal,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core'
import { IconCheck, IconHourglass, IconNotes } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AnyStateNode } from 'xstate'
import { z } from 'zod'
import type { Effect, ProcessDefinition, StepRecord as StepData } from '../../../../machines/types'
import { metaOf, payloadKeyAt } from '../../../../machines/view'
import type { ProcessView } from '../../../shared/contracts/process'
import { processTasksQuery } from '../../api/queries/tasks'
import { ConfirmActions } from '../../forms/ConfirmModal'
import { showSuccess } from '../../forms/notify'
import { useForm } from '../../forms/use-form'
import { formatDateTime } from '../../i18n/format'
import { candidatesLine } from '../inbox/task-words'
import { initialValues, type StepFormSpec, toPayload, type Values } from './field-spec'
import { EVENT_FORMS, stepFormOf } from './form-registry'
import { eventLabel, eventSchema, stepLabel, useLang } from './machine-words'
import { MONEY_EVENTS, PaymentToConfirm, paymentAtStep } from './payment-confirm'
import { StepEntriesNote } from './StepEntries'
import { StepFields } from './StepFields'
import { StepForm } from './StepForm'
import { NoFormRecord, StepRecord } from './StepRecord'
import type { useProcessEvent } from './use-process-event'
import { WhoMayAct } from './WhoMayAct'

/** Events every step shares: the form's and the approver's, and the end of a process. */
const SHARED_EVENTS = new Set(['SAVE', 'SUBMIT', 'APPROVE', 'REJECT', 'TERMINATE', 'RESTART'])

/** What a state waits for, by the event that ends the wait. */
const WAITING_FOR: Record<string, ReturnType<typeof msg>> = {
  DEPART: msg`The transport is approved: waiting for the artworks to be picked up.`,
  ARRIVE: msg`The artworks are on their way: waiting for their arrival.`,
  RETURN: msg`The artworks are on loan: waiting for their return.`,
  loanInReturn: msg`The borrowed work is with us: waiting for its return to the lender.`,
  CONFIRM_PAYMENT: msg`Approved: waiting for finance to confirm that the money has moved.`,
}

const DONE: Record<string, ReturnType<typeof msg>> = {
  DEPART: msg`The artworks are on their way.`,
  ARRIVE: msg`The artworks have arrived.`,
  RETURN: msg`The return is recorded.`,
  CONFIRM_PAYMENT: msg`The payment is recorded.`,
}

function stateNode(definition: ProcessDefinition, path: string): AnyStateNode | undefined {
  try {
    return definition.machine.getStateNodeById(`${definition.machine.id}.${path}`)
  } catch {
    return undefined
  }
}

/**
 * The payload key of a step's own event as the step's states name it (a borrowed work's RETURN:
 * `loanInReturn`), else the event type: what an event already recorded is shown with.
 */
export function eventPayloadKey(definition: ProcessDefinition, step: string, type: string): string {
  const node = stateNode(definition, step)
  for (const leaf of Object.values(node?.states ?? {}) as AnyStateNode[]) {
    const key = metaOf(leaf).eventPayloads?.[type]
    if (key) return key
  }
  return type
}

/** The step's own events the machine takes in this state (DEPART, ARRIVE, RETURN, CONFIRM_PAYMENT, ...). */
export function waitingEvents(definition: ProcessDefinition, state: string): string[] {
  const node = stateNode(definition, state)
  return node ? [...node.transitions.keys()].filter((t) => !SHARED_EVENTS.has(t)) : []
}

/**
 * The step whose data a step without a form acts on (a transport's movement follows the transport
 * information): the step its transitions' effects read, as the machine says.
 */
export function sourceStepOf(definition: ProcessDefinition, step: string): string | undefined {
  const node = stateNode(definition, step)
  if (!node) return undefined
  const walk = (n: AnyStateNode): string | undefined => {
    for (const candidates of n.transitions.values())
      for (const t of candidates)
        for (const a of t.actions as { type?: string; params?: Effect }[]) {
          const from = a.type === 'effect' ? a.params?.step : undefined
          if (from && from !== step && definition.payloads[from]) return from
        }
    for (const child of Object.values(n.states)) {
      const found = walk(child as AnyStateNode)
      if (found) return found
    }
    return undefined
  }
  return walk(node)
}

/** User ids to names, from the people the process's history names. */
export function namesOf(view: ProcessView): (id: string | undefined) => string {
  return (id) => (id ? (view.people[id] ?? '') : '')
}

function StepEvents({
  record,
  nameOf,
  definition,
  step,
}: {
  record: StepData
  nameOf: (id: string) => string
  definition: ProcessDefinition
  step: string
}) {
  const lang = useLang()
  const events = record.events ?? []
  if (events.length === 0) return null
  return (
    <Stack gap="xs" data-testid="step-events">
      <Divider />
      <Timeline bulletSize={18} lineWidth={2}>
        {events.map((e, i) => {
          const spec = EVENT_FORMS[eventPayloadKey(definition, step, e.type)]
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

/** One of the step's own events as a small form in the step (the same payload the header's dialog sends). */
function EventForm({
  view,
  definition,
  type,
  spec,
  events,
}: {
  view: ProcessView
  definition: ProcessDefinition
  type: string
  spec: StepFormSpec
  events: ReturnType<typeof useProcessEvent>
}) {
  const { i18n } = useLingui()
  const lang = useLang()
  const key = payloadKeyAt(definition, view.state, type) ?? type
  const target = eventSchema(definition, key) ?? z.unknown()
  const schema = z
    .custom<Values>()
    .transform((v) => toPayload(spec, v))
    .pipe(target as z.ZodType<Values, Values>)
  const form = useForm({ schema, initialValues: initialValues(spec, undefined) })
  // A payment is confirmed only after its sum and payee have been read back in a dialog.
  const payment = MONEY_EVENTS.has(type) ? paymentAtStep(view) : null
  const [confirming, setConfirming] = useState<Values | null>(null)
  const send = async (data: Values) => {
    const payload = data && Object.keys(data).length > 0 ? (data as Record<string, unknown>) : undefined
    const next = await events.send({ type, payload })
    if (next && DONE[type]) showSuccess(i18n._(DONE[type]))
    setConfirming(null)
  }
  return (
    <Card withBorder radius="md" padding="md">
      <form
        noValidate
        data-testid="event-form"
        data-event-form={type}
        onSubmit={form.onSubmit(async (data) => (payment ? setConfirming(data) : send(data)))}
      >
        <Title order={3} fz={14} mb="xs">
          {eventLabel(type, lang)}
        </Title>
        {payment ? <PaymentToConfirm type="PAYMENT" payment={payment} /> : null}
        <StepFields spec={spec} form={form} />
        <Group justify="flex-end" mt="md">
          <Button
            type="submit"
            color="ink"
            loading={events.pendingType === type}
            disabled={events.pending || form.isUploading}
            data-step-event={type}
          >
            {eventLabel(type, lang)}
          </Button>
        </Group>
      </form>
      {payment ? (
        <Modal
          opened={confirming !== null}
          onClose={() => setConfirming(null)}
          title={eventLabel(type, lang)}
        >
          <Stack gap="sm" data-testid="payment-confirm" data-payment-confirm={type}>
            <PaymentToConfirm type={type} payment={payment} />
            <ConfirmActions
              onCancel={() => setConfirming(null)}
              onConfirm={() => confirming !== null && send(confirming)}
              pending={events.pendingType === type}
              label={eventLabel(type, lang)}
              color="teal"
              testId="payment-confirm-go"
            />
          </Stack>
        </Modal>
      ) : null}
    </Card>
  )
}

/** A step waiting for one of its own events: what it waits for, in words, and the events this user may send. */
function Waiting({
  view,
  definition,
  types,
  events,
}: {
  view: ProcessView
  definition: ProcessDefinition
  types: string[]
  events: ReturnType<typeof useProcessEvent>
}) {
  const { i18n } = useLingui()
  const lang = useLang()
  const mine = types.filter((t) => view.nextEvents.includes(t))
  const inline = mine.filter((t) => EVENT_FORMS[payloadKeyAt(definition, view.state, t) ?? t])
  const others = mine.filter((t) => !inline.includes(t))
  const said = types.map((t) => WAITING_FOR[payloadKeyAt(definition, view.state, t) ?? t]).filter(Boolean)
  const join = (list: string[]) => list.map((t) => eventLabel(t, lang)).join(lang === 'en' ? ', ' : '、')
  const labels = join(types)
  const otherLabels = join(others)
  return (
    <Stack gap="sm" data-testid="step-waiting" data-waiting-for={types.join(' ')}>
      <Alert color="blue" variant="light" icon={<IconHourglass size={18} />}>
        <Text fz="sm">
          {said.length > 0 ? said.map((m) => i18n._(m)).join(' ') : <Trans>Waiting for: {labels}.</Trans>}
        </Text>
        {mine.length === 0 ? (
          <WhoMayAct view={view} types={types} onBehalfOf={events.onBehalfOf} />
        ) : others.length > 0 ? (
          <Text fz="xs" c="dimmed" mt={4}>
            {inline.length > 0 ? (
              <Trans>Or, with the buttons above: {otherLabels}.</Trans>
            ) : (
              <Trans>Record it with the buttons above: {otherLabels}.</Trans>
            )}
          </Text>
        ) : null}
      </Alert>
      {inline.map((type) => (
        <EventForm
          key={`${type}:${view.version}`}
          view={view}
          definition={definition}
          type={type}
          spec={EVENT_FORMS[payloadKeyAt(definition, view.state, type) ?? type]}
          events={events}
        />
      ))}
    </Stack>
  )
}

/**
 * Whose step it is, when it waits to be filled in by someone else: the people the step's task names (or its
 * role, or the privilege that fills it). The claimer, when someone has claimed it.
 */
function WhoFills({ view, step }: { view: ProcessView; step: string }) {
  const lang = useLang()
  const tasks = useQuery({ ...processTasksQuery(view.id), enabled: !view.done })
  const task = (tasks.data ?? []).find((x) => x.step === step && x.kind === 'fill')
  if (!task) return null
  const claimer = task.claimedByName ?? ''
  const who =
    (task.people ?? []).map((p) => p.name).join(lang === 'en' ? ', ' : '、') || candidatesLine(task, lang)
  return (
    <span data-testid="step-who-fills">
      {claimer ? (
        <Trans>{claimer} has claimed it.</Trans>
      ) : who ? (
        <Trans>To be filled in by: {who}.</Trans>
      ) : null}
    </span>
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
  const context = view.context
  const record: StepData = context.steps[step] ?? { approvals: [] }
  const spec = stepFormOf(view.type, step, view.definitionVersion)
  const nameOf = namesOf(view)
  const current = view.currentStep === step && !view.done && view.status !== 'terminated'
  const leaf = current ? view.state.split('.').pop() : undefined
  const editable =
    current && !!spec && (view.nextEvents.includes('SAVE') || view.nextEvents.includes('SUBMIT'))
  const failures = record.paymentFailures ?? []
  // A step without a form of its own (its definition takes no payload for it) acts on an earlier step's data.
  const formless = !definition.payloads[step]
  const source = formless ? sourceStepOf(definition, step) : undefined
  const sourceSpec = source ? stepFormOf(view.type, source, view.definitionVersion) : undefined
  const sourceData = source ? (context.steps[source]?.data as Values | undefined) : undefined
  const waiting = current && !editable ? waitingEvents(definition, view.state) : []

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

  // The step this one follows was sent back (the process is in its `rejected` state): correct it here.
  if (
    source &&
    view.currentStep === source &&
    !view.done &&
    view.status !== 'terminated' &&
    view.state.split('.').pop() === 'rejected'
  )
    return (
      <Stack gap="md" data-testid="fix-source-step" data-source-step={source}>
        <Text fz="sm">
          <Trans>
            This step follows “{stepLabel(definition, source, lang)}”, which was sent back for correction:
          </Trans>
        </Text>
        <StepPanel view={view} definition={definition} step={source} events={events} />
      </Stack>
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
  const planned =
    sourceSpec && sourceData ? (
      <Stack gap="xs" data-testid="source-step-record" data-source-step={source}>
        <Title order={3} fz={14} c="dark.5">
          <Trans>As planned in “{stepLabel(definition, source ?? '', lang)}”</Trans>
        </Title>
        <StepRecord spec={sourceSpec} data={sourceData} />
      </Stack>
    ) : null
  const waitingPanel =
    waiting.length > 0 ? (
      <Waiting view={view} definition={definition} types={waiting} events={events} />
    ) : null

  if (!shown && !(record.events?.length ?? 0) && !waitingPanel && !planned)
    return (
      <Stack gap="md">
        {notices}
        <EmptyState
          size="sm"
          icon={<IconNotes size={22} />}
          title={current ? <Trans>Nothing filled in yet</Trans> : <Trans>Not reached yet</Trans>}
          description={
            current ? (
              <>
                <Trans>The form of “{stepLabel(definition, step, lang)}” has not been filled in yet.</Trans>{' '}
                <WhoFills view={view} step={step} />
              </>
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
            <Text key={a.by + a.at} fz="sm" c="teal">
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
      {waitingPanel}
      {shown ? spec ? <StepRecord spec={spec} data={shown} /> : <NoFormRecord data={shown} /> : null}
      {planned}
      <StepEvents record={record} nameOf={nameOf} definition={definition} step={step} />
      <StepEntriesNote view={view} step={step} />
    </Stack>
  )
}
