// The current step's form: filled from the saved draft (or from the data sent back by a rejection),
// checked with the schema the runtime applies to SUBMIT (the definition's own, against the context where
// it depends on it), saved as a draft (SAVE) or submitted (SUBMIT) — each button shown only when the view's
// `nextEvents` offer it. Refusals from the server land at the same fields.
import { useLingui } from '@lingui/react/macro'
import { Button, Group, Skeleton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ProcessDefinition } from '../../../../machines/types'
import type { ProcessView } from '../../../shared/contracts/process'
import { isApiError } from '../../api/api-error'
import { processQuery } from '../../api/queries/process'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { initialValues, resolveSpec, type StepFormSpec, toDraft, toPayload, type Values } from './field-spec'
import { eventLabel, stepSchema, useLang } from './machine-words'
import { vendorsQuery } from './reference-queries'
import { StepFields } from './StepFields'
import type { useProcessEvent } from './use-process-event'

interface StepFormProps {
  view: ProcessView
  definition: ProcessDefinition
  step: string
  spec: StepFormSpec
  events: ReturnType<typeof useProcessEvent>
}

/**
 * The values the form starts with: the draft, the data sent back, or (untouched) the form's defaults from
 * earlier steps and the records they name; drawn once those records are at hand.
 */
export function StepForm(props: StepFormProps) {
  const context = props.view.context
  const record = context.steps[props.step]
  const untouched = !record?.draft && !record?.data && props.spec.defaults !== undefined
  const reads = untouched ? (props.spec.defaultsRead ?? []) : []
  const vendors = useQuery({ ...vendorsQuery(), enabled: reads.includes('vendors') })
  const previousId = context.subject?.previousProcessId
  const withPrevious = reads.includes('previous') && typeof previousId === 'string'
  const previous = useQuery({
    ...processQuery(typeof previousId === 'string' ? previousId : ''),
    enabled: withPrevious,
  })
  if ((reads.includes('vendors') && vendors.isPending) || (withPrevious && previous.isPending))
    return <Skeleton h={120} data-testid="step-form-loading" />
  const saved = (record?.draft ??
    record?.data ??
    props.spec.defaults?.(context, { vendors: vendors.data ?? [], previous: previous.data?.context })) as
    | Values
    | undefined
  return <StepFormBody {...props} saved={saved} />
}

function StepFormBody({
  view,
  definition,
  step,
  spec: ownSpec,
  events,
  saved,
}: StepFormProps & { saved: Values | undefined }) {
  // Limits, required marks and choices from the step's own schema (the context only adds caps).
  const spec = resolveSpec(ownSpec, definition.payloads[step])
  const { t } = useLingui()
  const lang = useLang()
  const context = view.context
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
