// Excel import (spec §5, §9): one file at a time, .xlsx or .xls, at most 3 MB, checked before sending; the
// file is uploaded with progress (purpose `excel`) and handed to the screen's import call. Refusals use the
// spec's words: "Only one file may be selected at a time", "Incorrect file format", "Import failed".
import { Trans } from '@lingui/react/macro'
import { Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { UploadResponse } from '../../shared/contracts/files'
import { PURPOSE_ACCEPT } from '../../shared/file-types'
import { isApiError } from '../api/api-error'
import { IconUpload } from '../shell/icons'
import { checkExcelSelection, headFits } from './file-checks'
import { notifyMessage } from './notify'
import { useFileUpload } from './use-file-upload'
import type { UploadTracker } from './use-form'

export interface ExcelImportProps<R> {
  /** The screen's import call with the stored file; its answer goes to onImported. */
  onUploaded: (file: UploadResponse) => Promise<R>
  onImported?: (result: R) => void
  uploads?: UploadTracker
  disabled?: boolean
}

export function ExcelImport<R>({ onUploaded, onImported, uploads, disabled }: ExcelImportProps<R>) {
  const [dragging, setDragging] = useState(false)
  const upload = useFileUpload(uploads)
  const importing = useMutation({ mutationFn: onUploaded })
  const busy = upload.uploading || importing.isPending

  async function take(files: File[]) {
    if (busy || disabled || files.length === 0) return
    const problem = checkExcelSelection(files)
    if (problem) {
      if (problem.key === 'fileTooLarge') notifyMessage('fileTooLarge', { limit: problem.limit })
      else notifyMessage(problem.key)
      return
    }
    const file = files[0]
    if (!(await headFits(file, 'excel'))) {
      notifyMessage('incorrectFileFormat')
      return
    }
    const stored = await upload.start(file, { purpose: 'excel' })
    if (!stored) return
    try {
      const result = await importing.mutateAsync(stored)
      onImported?.(result)
    } catch (error) {
      // The server's own refusal was shown by the error handler; anything else is "Import failed".
      if (!(isApiError(error) && error.kind === 'api')) notifyMessage('importFailed')
    }
  }

  return (
    <Box
      data-testid="excel-import"
      p="md"
      style={{
        border: `1px dashed var(--mantine-color-${dragging ? 'ink-6' : 'gray-4'})`,
        borderRadius: 6,
        background: dragging ? 'var(--mantine-color-ink-0)' : 'var(--mantine-color-white)',
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
      <Stack gap="xs" align="center">
        <Text fz="sm" c="dimmed" ta="center">
          <Trans>Drop an Excel file here, or choose one (.xlsx or .xls, at most 3 MB).</Trans>
        </Text>
        {busy ? (
          <Stack gap={4} w="100%" maw={320}>
            <Progress value={upload.progress?.percent ?? 100} animated size="sm" />
            <Text fz="xs" c="dimmed" ta="center">
              {upload.uploading ? <Trans>Uploading…</Trans> : <Trans>Importing…</Trans>}
            </Text>
          </Stack>
        ) : (
          <Group>
            <FileButton
              onChange={(file) => void take(file ? [file] : [])}
              accept={PURPOSE_ACCEPT.excel}
              disabled={disabled}
            >
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                  <Trans>Choose an Excel file</Trans>
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Stack>
    </Box>
  )
}
