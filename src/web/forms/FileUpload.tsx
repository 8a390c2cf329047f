// File upload with preview and a progress bar (spec §2, §5): the picked file is checked like the server
// checks it, previewed at once (images and videos from the local copy), and uploaded with progress; while
// it uploads the form's counter blocks submit. Formats a browser cannot show say "Unavailable preview format".
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, Card, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { FileView, UploadResponse } from '../../shared/contracts/files'
import { INLINE_KINDS, PURPOSE_ACCEPT, type UploadPurpose } from '../../shared/file-types'
import { fileLink } from '../api/queries/files'
import { IconFile, IconUpload } from '../shell/icons'
import { checkFile, extensionOf, formatBytes, headFits } from './file-checks'
import { notifyMessage } from './notify'
import { CancelOrRemove, UploadProgress } from './UploadControls'
import { useFileUpload } from './use-file-upload'
import type { UploadTracker } from './use-form'

export interface FileUploadProps {
  purpose: Exclude<UploadPurpose, 'video'>
  value: FileView | null
  onChange: (file: UploadResponse | null) => void
  /** The form's upload counter (`form.uploads`): submit waits while this upload runs. */
  uploads?: UploadTracker
  label?: React.ReactNode
  description?: React.ReactNode
  required?: boolean
  error?: React.ReactNode
  disabled?: boolean
}

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jfif', 'png']

/** A local object URL for the picked file, revoked when it changes or the field goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}

export function FilePreview({
  file,
  localUrl,
}: {
  file: { name: string; kind?: string }
  localUrl: string | null
}) {
  const ext = extensionOf(file.name)
  if (localUrl && (IMAGE_EXTENSIONS.includes(ext) || file.kind === 'jpeg' || file.kind === 'png')) {
    return (
      <Image src={localUrl} alt={file.name} w={72} h={72} fit="cover" radius="sm" data-fallback="artwork" />
    )
  }
  if (localUrl && (ext === 'mp4' || file.kind === 'mp4')) {
    return (
      <Box
        component="video"
        src={localUrl}
        w={96}
        h={72}
        muted
        style={{ objectFit: 'cover', borderRadius: 4 }}
      />
    )
  }
  return (
    <Box w={72} h={72} bg="gray.1" style={{ display: 'grid', placeItems: 'center', borderRadius: 4 }}>
      <IconFile size={28} color="var(--mantine-color-gray-6)" />
    </Box>
  )
}

function UploadPercent({ percent }: { percent: number }) {
  return <Trans>Uploading… {percent}%</Trans>
}

export async function openPreview(file: FileView): Promise<void> {
  if (!INLINE_KINDS.has(file.kind)) {
    notifyMessage('unavailablePreview')
    return
  }
  const { links } = await fileLink(file.id, 'inline')
  if (links[0]) window.open(links[0].url, '_blank', 'noopener')
}

export function FileUpload({
  purpose,
  value,
  onChange,
  uploads,
  label,
  description,
  required,
  error,
  disabled,
}: FileUploadProps) {
  const { t } = useLingui()
  const [picked, setPicked] = useState<File | null>(null)
  const localUrl = useObjectUrl(picked)
  const upload = useFileUpload(uploads)

  async function pick(file: File | null) {
    if (!file) return
    const problem = checkFile(file, purpose)
    if (problem) {
      notifyMessage(
        problem.key === 'fileTooLarge' ? 'fileTooLarge' : 'incorrectFileFormat',
        problem.key === 'fileTooLarge' ? { limit: problem.limit } : undefined,
      )
      return
    }
    if (!(await headFits(file, purpose))) {
      notifyMessage('incorrectFileFormat')
      return
    }
    setPicked(file)
    const stored = await upload.start(file, { purpose })
    if (stored) onChange(stored)
    else setPicked(null)
  }

  const shownName = picked?.name ?? value?.name ?? null
  return (
    <Input.Wrapper label={label} description={description} required={required} error={error}>
      <Stack gap={6} mt={4}>
        {shownName ? (
          <Card withBorder padding="xs" radius="sm" data-testid="file-upload-card">
            <Group wrap="nowrap" gap="sm" align="center">
              <FilePreview file={{ name: shownName, kind: value?.kind }} localUrl={localUrl} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fz="sm" truncate>
                  {shownName}
                </Text>
                {upload.progress ? (
                  <>
                    <UploadProgress percent={upload.progress.percent} />
                    <Text fz="xs" c="dimmed">
                      <UploadPercent percent={upload.progress.percent} />
                    </Text>
                  </>
                ) : value ? (
                  <Group gap="xs">
                    <Text fz="xs" c="dimmed">
                      {formatBytes(value.size)}
                    </Text>
                    <Button variant="subtle" size="compact-xs" onClick={() => void openPreview(value)}>
                      <Trans>Preview</Trans>
                    </Button>
                  </Group>
                ) : null}
              </Stack>
              <CancelOrRemove
                uploading={upload.uploading}
                onCancel={upload.cancel}
                removeLabel={t`Remove the file`}
                disabled={disabled}
                onRemove={() => {
                  setPicked(null)
                  onChange(null)
                }}
              />
            </Group>
          </Card>
        ) : null}
        {!upload.uploading ? (
          <FileButton
            onChange={(file) => void pick(file)}
            accept={PURPOSE_ACCEPT[purpose]}
            disabled={disabled}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} />}
                w="fit-content"
              >
                {shownName ? <Trans>Replace the file</Trans> : <Trans>Choose a file</Trans>}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Stack>
    </Input.Wrapper>
  )
}
