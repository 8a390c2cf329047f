// The submit button of a form: busy while submitting, held (and saying why) while uploads run.
import { Trans } from '@lingui/react/macro'
import { Button, type ButtonProps } from '@mantine/core'
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
