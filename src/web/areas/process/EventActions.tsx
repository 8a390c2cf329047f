// The buttons of a process view: exactly the events in the view's `nextEvents` (the machine's answer for
// this user), worded by the machines' labels, except SAVE and SUBMIT, which belong to the step's form.
// Each opens a short dialog: a comment where the machine requires one (reject, terminate, payment failed),
// the payload form of a type's own event (payment confirmed, departed, arrived), or a confirmation.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { z } from 'zod'
import { COMMENT_REQUIRED } from '../../../../machines/labels'
import type { ProcessDefinition } from '../../../../machines/types'
import { payloadKeyAt } from '../../../../machines/view'
import type { ProcessView } from '../../../shared/contracts/process'
import { showSuccess } from '../../forms/notify'
import { TextAreaField } from '../../forms/TextField'
import { scopedForm, useForm } from '../../forms/use-form'
import { resolveSpec, type StepFormSpec, toPayload, type Values } from './field-spec'
import { EVENT_FORMS } from './form-registry'
import { eventLabel, eventSchema, useLang } from './machine-words'
import { MONEY_EVENTS, type PaymentAtStep, PaymentToConfirm, paymentAtStep } from './payment-confirm'
import { StepFields } from './StepFields'
import type { useProcessEvent } from './use-process-event'

/** Events the form itself offers. */
export const FORM_EVENTS = new Set(['SAVE', 'SUBMIT'])

/** The order buttons appear in, most expected first; the end of a process last. */
const ORDER = [
  'APPROVE',
  'REJECT',
  'CONFIRM_PAYMENT',
  'PAYMENT_FAILED',
  'RETRY_PAYMENT',
  'DEPART',
  'ARRIVE',
  'RETURN',
  'RESTART',
  'TERMINATE',
]

export function actionEvents(nextEvents: readonly string[]): string[] {
  const rank = (t: string) => (ORDER.includes(t) ? ORDER.indexOf(t) : ORDER.length - 1.5)
  return nextEvents.filter((t) => !FORM_EVENTS.has(t)).sort((a, b) => rank(a) - rank(b))
}

function buttonLook(type: string): ButtonProps {
  switch (type) {
    case 'APPROVE':
    case 'CONFIRM_PAYMENT':
    case 'DEPART':
    case 'ARRIVE':
    case 'RETURN':
    case 'RESTART':
      return { variant: 'filled', color: type === 'APPROVE' || type === 'CONFIRM_PAYMENT' ? 'teal' : 'ink' }
    case 'REJECT':
      return { variant: 'outline', color: 'orange' }
    case 'PAYMENT_FAILED':
    case 'TERMINATE':
      return { variant: 'subtle', color: 'red' }
    default:
      return { variant: 'default' }
  }
}

const COMMENT_LABELS: Record<string, ReturnType<typeof msg>> = {
  REJECT: msg`What should be corrected`,
  TERMINATE: msg`Reason for terminating`,
  PAYMENT_FAILED: msg`What went wrong with the payment`,
}
const DONE: Record<string, ReturnType<typeof msg>> = {
  APPROVE: msg`Approved.`,
  REJECT: msg`Sent back to the submitter.`,
  TERMINATE: msg`The process is terminated.`,
  RESTART: msg`The process starts again from its first step.`,
  CONFIRM_PAYMENT: msg`The payment is recorded.`,
  PAYMENT_FAILED: msg`The failed payment is recorded.`,
  RETRY_PAYMENT: msg`The payment is to be made again.`,
  DEPART: msg`The artworks are on their way.`,
  ARRIVE: msg`The artworks have arrived.`,
}

const EMPTY_SPEC: StepFormSpec = { sections: [] }

function EventDialog({
  definition,
  state,
  type,
  events,
  payment,
  onClose,
}: {
  definition: ProcessDefinition
  /** The money a payment event confirms (null when the step holds none). */
  payment: PaymentAtStep | null
  /** The process's state path: a state may ask for a payload of its own (TERMINATE in transit). */
  state: string
  type: string
  events: ReturnType<typeof useProcessEvent>
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const key = payloadKeyAt(definition, state, type) ?? type
  const payloadSchema = EVENT_FORMS[key] ? eventSchema(definition, key) : undefined
  const spec = EVENT_FORMS[key] ? resolveSpec(EVENT_FORMS[key], payloadSchema) : EMPTY_SPEC
  const commentRequired = COMMENT_REQUIRED.has(type)
  const schema = z
    .object({ comment: z.string().trim().max(2000).optional(), payload: z.custom<Values>() })
    .transform((v) => ({ comment: v.comment ?? '', payload: toPayload(spec, v.payload) }))
    .pipe(
      z.object({
        comment: commentRequired ? z.string().trim().min(1, { message: 'commentRequired' }) : z.string(),
        payload: (payloadSchema ?? z.unknown()) as z.ZodType<unknown, Values>,
      }),
    )
  const form = useForm({ schema, initialValues: { comment: '', payload: {} } })
  const values = form.values
  // The payload's fields are drawn by the shared renderer on a form of their own values.
  const payloadForm = scopedForm(form, 'payload')
  return (
    <Modal
      opened
      onClose={onClose}
      title={eventLabel(type, lang)}
      size={spec.sections.length ? 'lg' : 'md'}
      centered
    >
      <form
        onSubmit={form.onSubmit(async (data) => {
          const given = (data.payload ?? {}) as Values
          const payload = payloadSchema && Object.keys(given).length > 0 ? given : undefined
          const next = await events.send({ type, payload, comment: data.comment || undefined })
          if (next) {
            const done = DONE[type]
            if (done) showSuccess(i18n._(done))
            onClose()
          }
        })}
        data-testid="event-dialog"
        data-event-dialog={type}
      >
        <Stack gap="md">
          {payment && MONEY_EVENTS.has(type) ? <PaymentToConfirm type={type} payment={payment} /> : null}
          {spec.sections.length ? <StepFields spec={spec} form={payloadForm} /> : null}
          {type === 'RESTART' ? (
            <Text fz="sm">
              <Trans>
                The process starts again from its first step; what was filled in before is kept as drafts.
              </Trans>
            </Text>
          ) : null}
          {type === 'RETRY_PAYMENT' ? (
            <Text fz="sm">
              <Trans>The same payment details are sent for payment again.</Trans>
            </Text>
          ) : null}
          <TextAreaField
            label={commentRequired ? i18n._(COMMENT_LABELS[type]) : t`Comment (optional)`}
            withAsterisk={commentRequired}
            maxLength={2000}
            minRows={2}
            value={values.comment ?? ''}
            onChange={(v) => form.setFieldValue('comment', v)}
            error={form.errors.comment}
            data-field="comment"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              type="submit"
              loading={events.pending}
              disabled={form.isUploading}
              {...buttonLook(type)}
              variant="filled"
              data-testid="event-confirm"
            >
              {eventLabel(type, lang)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

export function EventActions({
  view,
  definition,
  events,
}: {
  view: ProcessView
  definition: ProcessDefinition
  events: ReturnType<typeof useProcessEvent>
}) {
  const lang = useLang()
  const [open, setOpen] = useState<string | null>(null)
  const types = actionEvents(view.nextEvents)
  if (types.length === 0) return null
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="process-actions">
        {types.map((type) => (
          <Button
            key={type}
            {...buttonLook(type)}
            disabled={events.pending}
            loading={events.pendingType === type}
            onClick={() => setOpen(type)}
            data-event={type}
          >
            {eventLabel(type, lang)}
          </Button>
        ))}
      </Group>
      {open ? (
        <EventDialog
          definition={definition}
          state={view.state}
          type={open}
          events={events}
          payment={paymentAtStep(view)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  )
}
