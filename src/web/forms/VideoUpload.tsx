// Video upload (spec §2, §3): an MP4 whose cover frame is taken at 1 s in the browser (video-cover.ts); the
// upload sends the video's width, height and the cover with the file. A video the browser cannot decode is
// still uploaded, without a cover, and the user is told its preview is unavailable.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Card, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { UploadResponse } from '../../shared/contracts/files'
import { PURPOSE_ACCEPT } from '../../shared/file-types'
import { IconUpload } from '../shell/icons'
import { checkFile, headFits } from './file-checks'
import { notifyMessage } from './notify'
import { CancelOrRemove, UploadProgress } from './UploadControls'
import { useFileUpload } from './use-file-upload'
import type { UploadTracker } from './use-form'
import { captureVideoCover, type VideoCover } from './video-cover'

export interface UploadedVideo {
  file: UploadResponse
  /** Measured in the browser; null when the browser could not decode the video. */
  width: number | null
  height: number | null
  cover: string | null
}

export interface VideoUploadProps {
  value: UploadedVideo | null
  onChange: (video: UploadedVideo | null) => void
  uploads?: UploadTracker
  label?: React.ReactNode
  description?: React.ReactNode
  required?: boolean
  error?: React.ReactNode
  disabled?: boolean
  /** For tests: how the cover is taken. */
  capture?: (file: File) => Promise<VideoCover>
}

export function VideoUpload({
  value,
  onChange,
  uploads,
  label,
  description,
  required,
  error,
  disabled,
  capture = captureVideoCover,
}: VideoUploadProps) {
  const { t } = useLingui()
  const [name, setName] = useState<string | null>(null)
  const [cover, setCover] = useState<string | null>(null)
  const upload = useFileUpload(uploads)

  async function pick(file: File | null) {
    if (!file) return
    if (checkFile(file, 'video') || !(await headFits(file, 'video'))) {
      notifyMessage('incorrectFileFormat')
      return
    }
    const end = uploads?.begin() // the cover is part of the upload: submit waits for it too
    let measured: VideoCover | null = null
    try {
      measured = await capture(file)
    } catch {
      notifyMessage('unavailablePreview')
    } finally {
      end?.()
    }
    setName(file.name)
    setCover(measured?.cover ?? null)
    const stored = await upload.start(file, {
      purpose: 'video',
      ...(measured ? { width: measured.width, height: measured.height, cover: measured.cover } : {}),
    })
    if (!stored) {
      setName(null)
      setCover(null)
      return
    }
    onChange({
      file: stored,
      width: measured?.width ?? null,
      height: measured?.height ?? null,
      cover: measured?.cover ?? null,
    })
  }

  const shownName = name ?? value?.file.name ?? null
  const shownCover = cover ?? value?.cover ?? null
  return (
    <Input.Wrapper label={label} description={description} required={required} error={error}>
      <Stack gap={6} mt={4}>
        {shownName ? (
          <Card withBorder padding="xs" radius="sm">
            <Group wrap="nowrap" gap="sm">
              {shownCover ? (
                <Image
                  src={shownCover}
                  alt={shownName}
                  w={96}
                  h={64}
                  fit="cover"
                  radius="sm"
                  data-testid="video-cover"
                />
              ) : null}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fz="sm" truncate>
                  {shownName}
                </Text>
                {upload.progress ? (
                  <UploadProgress percent={upload.progress.percent} />
                ) : value?.width && value.height ? (
                  <Text fz="xs" c="dimmed">
                    {value.width} × {value.height}
                  </Text>
                ) : null}
              </Stack>
              <CancelOrRemove
                uploading={upload.uploading}
                onCancel={upload.cancel}
                removeLabel={t`Remove the video`}
                disabled={disabled}
                onRemove={() => {
                  setName(null)
                  setCover(null)
                  onChange(null)
                }}
              />
            </Group>
          </Card>
        ) : null}
        {!upload.uploading ? (
          <FileButton onChange={(file) => void pick(file)} accept={PURPOSE_ACCEPT.video} disabled={disabled}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} />}
                w="fit-content"
              >
                {shownName ? <Trans>Replace the video</Trans> : <Trans>Choose a video</Trans>}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Stack>
    </Input.Wrapper>
  )
}
