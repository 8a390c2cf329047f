// The current step's form: filled from the saved draft (or from the data sent back by a rejection),
// checked with the schema the runtime applies to SUBMIT (the definition's own, against the context where
// it depends on it), saved as a draft (SAVE) or submitted (SUBMIT) — each button shown only when the view's
// `nextEvents` offer it. Refusals from the server land at the same fields.
import { useLingui } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { z } from 'zod'
import type { ProcessContext, ProcessDefinition } from '../../../../machines/types'
import type { ProcessView } from '../../../shared/contracts/process'
import { isApiError } from '../../api/api-error'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { initialValues, resolveSpec, type StepFormSpec, toDraft, toPayload, type Values } from './field-spec'
import { eventLabel, stepSchema, useLang } from './machine-words'
import { StepFields } from './StepFields'
import type { useProcessEvent } from './use-process-event'

export function StepForm({
  view,
  definition,
  step,
  spec: ownSpec,
  events,
}: {
  view: ProcessView
  definition: ProcessDefinition
  step: string
  spec: StepFormSpec
  events: ReturnType<typeof useProcessEvent>
}) {
  // Limits, required marks and choices from the step's own schema (the context only adds caps).
  const spec = resolveSpec(ownSpec, definition.payloads[step])
  const { t } = useLingui()
  const lang = useLang()
  const context = view.context as ProcessContext
  const record = context.steps[step]
  const saved = (record?.draft ?? record?.data ?? spec.defaults?.(context)) as Values | undefined
  const target = stepSchema(definition, step, context) ?? z.unknown()
  const schema = z
    .custom<Values>()
    .transform((v) => toPayload(spec, v))
    .pipe(target as z.ZodType<Values, Values>)
  const form = useForm({ schema, initialValues: initialValues(spec, saved) })
  const values = form.values
  const maySave = view.nextEvents.includes('SAVE')
  const maySubmit = view.nextEvents.includes('SUBMIT')

  async function save() {
    try {
      const next = await events.send({ type: 'SAVE', payload: toDraft(spec, values) })
      if (next) showSuccess(t`Draft saved.`)
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) form.setErrors(error.fieldErrors)
    }
  }

  return (
    <form
      noValidate
      data-testid="step-form"
      data-step={step}
      onSubmit={form.onSubmit(async (data) => {
        const next = await events.send({ type: 'SUBMIT', payload: data })
        if (next) showSuccess(t`Submitted for approval.`)
      })}
    >
      {spec.intro ? spec.intro({ context, values }) : null}
      <StepFields spec={spec} form={form} />
      <Group justify="flex-end" mt="xl" gap="sm">
        {maySave ? (
          <Button
            variant="default"
            onClick={() => void save()}
            loading={events.pendingType === 'SAVE'}
            disabled={events.pending || form.isUploading}
            data-event="SAVE"
          >
            {eventLabel('SAVE', lang)}
          </Button>
        ) : null}
        {maySubmit ? (
          <SubmitButton
            form={{
              submitting: form.submitting || events.pendingType === 'SUBMIT',
              isUploading: form.isUploading,
            }}
            disabled={events.pending || form.isUploading}
            data-event="SUBMIT"
          >
            {eventLabel('SUBMIT', lang)}
          </SubmitButton>
        ) : null}
      </Group>
    </form>
  )
}
