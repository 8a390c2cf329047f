// The server's refusal of a form that no field carries (a 409 "the artwork is held by another process", a
// 4031, a rule about the whole record), shown at the top of the form in the reader's words and kept there until
// the next submit. Field errors show at their fields instead. Every form that submits through `useForm`
// renders it, so no refusal is silent: a call made outside a mutation is not toasted by the query client.
import { Alert } from '@mantine/core'
import type { FormApi } from './use-form'

export function FormRefusal({ form, testId }: { form: Pick<FormApi, 'submitError'>; testId?: string }) {
  const error = form.submitError
  if (!error || (error.fieldErrors && Object.keys(error.fieldErrors).length > 0)) return null
  return (
    <Alert color="red" role="alert" data-testid={testId ?? 'form-refusal'}>
      {error.message}
    </Alert>
  )
}
