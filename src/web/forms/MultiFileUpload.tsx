// Several files picked (or dropped) at once for a list field, e.g. an artwork's images or documents. Each
// file is checked like the server checks it, then uploaded with its own progress bar; every upload counts
// in the form's upload counter, so submit waits for all of them (spec §5). A refused or failed file is
// reported and left out; the others go on. The kit's FileUpload remains the control for one file.
import { Trans } from '@lingui/react/macro'
import { Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { UploadResponse } from '../../shared/contracts/files'
import { PURPOSE_ACCEPT, type UploadPurpose } from '../../shared/file-types'
import { isApiError } from '../api/api-error'
import { type UploadFields, type UploadProgress, uploadFile } from '../api/upload'
import { IconUpload } from '../shell/icons'
import { checkFile, extensionOf, headFits } from './file-checks'
import { notifyMessage } from './notify'
import type { UploadTracker } from './use-form'

export interface MultiFileUploadProps {
  purpose: Exclude<UploadPurpose, 'video' | 'excel'>
  /** Called once per file the server stored, in the order they finish. */
  onUploaded: (file: UploadResponse) => void
  uploads?: UploadTracker
  /** Narrower than the purpose allows (e.g. images only where the purpose also takes MP4). */
  extensions?: readonly string[]
  /** At most this many files from one pick. */
  max?: number
  label: ReactNode
  disabled?: boolean
  /** For tests: how a file is sent. */
  send?: (
    file: File,
    fields: UploadFields,
    onProgress: (p: UploadProgress) => void,
  ) => Promise<UploadResponse>
}

interface Running {
  key: string
  name: string
  percent: number
}

const defaultSend: NonNullable<MultiFileUploadProps['send']> = (file, fields, onProgress) =>
  uploadFile(file, fields, { onProgress })

export function MultiFileUpload({
  purpose,
  onUploaded,
  uploads,
  extensions,
  max = 20,
  label,
  disabled,
  send = defaultSend,
}: MultiFileUploadProps) {
  const [running, setRunning] = useState<Running[]>([])
  const [dragging, setDragging] = useState(false)
  // One mutation per file: a server refusal goes through the app's one error handler like any call.
  const mutation = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) =>
      send(file, { purpose }, onProgress),
  })

  async function one(file: File, key: string) {
    const end = uploads?.begin()
    setRunning((r) => [...r, { key, name: file.name, percent: 0 }])
    try {
      const stored = await mutation.mutateAsync({
        file,
        onProgress: (p) =>
          setRunning((r) => r.map((x) => (x.key === key ? { ...x, percent: p.percent } : x))),
      })
      onUploaded(stored)
    } catch (error) {
      const handledAbove = isApiError(error) && (error.kind === 'api' || error.kind === 'http')
      if (!(isApiError(error) && error.kind === 'aborted') && !handledAbove) notifyMessage('uploadFailed')
    } finally {
      end?.()
      setRunning((r) => r.filter((x) => x.key !== key))
    }
  }

  async function take(picked: File[]) {
    if (disabled || picked.length === 0) return
    const files = picked.slice(0, max)
    const accepted: File[] = []
    for (const file of files) {
      const wrongExtension = extensions !== undefined && !extensions.includes(extensionOf(file.name))
      const problem = wrongExtension ? { key: 'incorrectFileFormat' as const } : checkFile(file, purpose)
      if (problem) {
        if (problem.key === 'fileTooLarge') notifyMessage('fileTooLarge', { limit: problem.limit })
        else notifyMessage('incorrectFileFormat')
        continue
      }
      if (!(await headFits(file, purpose))) {
        notifyMessage('incorrectFileFormat')
        continue
      }
      accepted.push(file)
    }
    const stamp = Date.now()
    await Promise.all(accepted.map((file, i) => one(file, `${stamp}-${i}-${file.name}`)))
  }

  const accept = extensions ? extensions.map((e) => `.${e}`).join(',') : PURPOSE_ACCEPT[purpose]
  return (
    <Stack gap={6}>
      <Box
        p="sm"
        data-testid={`multi-upload-${purpose}`}
        style={{
          border: `1px dashed var(--mantine-color-${dragging ? 'ink-6' : 'gray-4'})`,
          borderRadius: 6,
          background: dragging ? 'var(--mantine-color-ink-0)' : 'transparent',
        }}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          void take(Array.from(event.dataTransfer.files))
        }}
      >
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text fz="xs" c="dimmed">
            <Trans>Drop files here, or</Trans>
          </Text>
          <FileButton multiple accept={accept} disabled={disabled} onChange={(files) => void take(files)}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                {label}
              </Button>
            )}
          </FileButton>
        </Group>
      </Box>
      {running.map((r) => (
        <Stack key={r.key} gap={2} data-testid="multi-upload-progress">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fz="xs" truncate>
              {r.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {r.percent}%
            </Text>
          </Group>
          <Progress value={r.percent} size="xs" animated />
        </Stack>
      ))}
    </Stack>
  )
}
