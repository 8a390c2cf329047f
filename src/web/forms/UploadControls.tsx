// The controls every upload field shows beside a file: a progress bar while it uploads, and Cancel while it
// uploads or remove once it is there. One place, so the upload fields look and behave alike.
import { Trans } from '@lingui/react/macro'
import { Button, CloseButton, Progress, type ProgressProps } from '@mantine/core'

export function UploadProgress({ percent, ...rest }: { percent: number } & Omit<ProgressProps, 'value'>) {
  return <Progress value={percent} size="sm" animated data-testid="upload-progress" {...rest} />
}

export function CancelUpload({ onCancel }: { onCancel: () => void }) {
  return (
    <Button variant="subtle" color="gray" size="compact-xs" onClick={onCancel}>
      <Trans>Cancel</Trans>
    </Button>
  )
}

/** Cancel while the upload runs; afterwards a button that removes the file (`removeLabel` names it). */
export function CancelOrRemove({
  uploading,
  onCancel,
  removeLabel,
  disabled,
  onRemove,
}: {
  uploading: boolean
  onCancel: () => void
  removeLabel: string
  disabled?: boolean
  onRemove: () => void
}) {
  if (uploading) return <CancelUpload onCancel={onCancel} />
  return <CloseButton aria-label={removeLabel} disabled={disabled} onClick={onRemove} />
}
