// The submit button of a form: busy while submitting, held (and saying why) while uploads run; and the
// footer of a form in a drawer or modal: Cancel and Save, on the right.
import { Trans } from '@lingui/react/macro'
import { Button, type ButtonProps, Group } from '@mantine/core'
import type { ReactNode } from 'react'

export function SubmitButton({
  form,
  children,
  ...rest
}: ButtonProps & { form: { submitting: boolean; isUploading: boolean }; children: ReactNode }) {
  return (
    <Button
      type="submit"
      loading={form.submitting}
      disabled={form.isUploading}
      {...rest}
      data-testid="submit"
    >
      {form.isUploading ? <Trans>Waiting for uploads…</Trans> : children}
    </Button>
  )
}

/** Cancel (calls `onCancel`) and Save (submits the form), on the right below the fields. */
export function FormFooter({
  form,
  onCancel,
}: {
  form: { submitting: boolean; isUploading: boolean }
  onCancel: () => void
}) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <SubmitButton form={form}>
        <Trans>Save</Trans>
      </SubmitButton>
    </Group>
  )
}
