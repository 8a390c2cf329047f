// The archive import's CSV and LIDO files: one file of at most 3 MB picked (or dropped), sent with its format
// and upload progress to the import call, which answers the job to follow; the server's refusal (a file
// that is neither, a CSV it cannot read, LIDO the schema refuses with the reason) is shown in place.
import { Trans } from '@lingui/react/macro'
import { Alert, Button, Card, FileButton, Group, Progress, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { type DragEvent, type ReactNode, useState } from 'react'
import { formatMessage } from '../../shared/errors'
import { EXCEL_MAX_BYTES } from '../../shared/file-types'
import { isApiError } from '../api/api-error'
import type { UploadProgress } from '../api/upload'
import { currentLanguage } from '../i18n/i18n'
import { IconUpload } from '../shell/icons'

export type TextImportFormat = 'csv' | 'lido'

export interface TextFileImportProps<R> {
  format: TextImportFormat
  /** The screen's import call with the file; its answer goes to onImported. */
  send: (file: File, format: TextImportFormat, onProgress: (p: UploadProgress) => void) => Promise<R>
  onImported: (result: R) => void
  'data-testid'?: string
}

const ACCEPT: Record<TextImportFormat, string> = {
  csv: '.csv,text/csv,text/plain',
  lido: '.xml,application/xml,text/xml',
}

export function TextFileImport<R>({ format, send, onImported, ...rest }: TextFileImportProps<R>) {
  const [percent, setPercent] = useState(0)
  const [refusal, setRefusal] = useState<ReactNode>(null)
  const sending = useMutation({
    mutationFn: (file: File) => send(file, format, (p) => setPercent(p.percent)),
    meta: { silent: true },
  })

  async function pick(file: File | null) {
    if (!file) return
    setRefusal(null)
    setPercent(0)
    const lang = currentLanguage()
    if (file.size > EXCEL_MAX_BYTES) {
      setRefusal(formatMessage('importTooLargeText', lang, { limit: '3 MB' }))
      return
    }
    try {
      onImported(await sending.mutateAsync(file))
    } catch (error) {
      setRefusal(
        isApiError(error) && error.kind === 'api' ? error.message : formatMessage('importFailed', lang),
      )
    }
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    const files = event.dataTransfer.files
    if (files.length !== 1) {
      setRefusal(formatMessage('oneFileOnly', currentLanguage()))
      return
    }
    void pick(files[0])
  }

  return (
    <Stack gap="xs" data-testid={rest['data-testid']}>
      <Card withBorder padding="lg" onDragOver={(e) => e.preventDefault()} onDrop={drop}>
        <Stack align="center" gap="sm">
          <Text fz="sm" c="dimmed" ta="center">
            {format === 'csv' ? (
              <Trans>
                Drop a CSV file here, or choose one (the artworks sheet’s columns, headers in either language,
                UTF-8, at most 3 MB).
              </Trans>
            ) : (
              <Trans>Drop a LIDO 1.1 XML file here, or choose one (at most 3 MB).</Trans>
            )}
          </Text>
          <FileButton onChange={(f) => void pick(f)} accept={ACCEPT[format]} disabled={sending.isPending}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} />}
                loading={sending.isPending}
                data-testid="text-import-choose"
              >
                {format === 'csv' ? <Trans>Choose a CSV file</Trans> : <Trans>Choose a LIDO file</Trans>}
              </Button>
            )}
          </FileButton>
          {sending.isPending ? (
            <Group w="100%" gap="xs" wrap="nowrap">
              <Progress value={percent} animated size="md" style={{ flex: 1 }} />
              <Text fz="xs" c="dimmed">
                {percent < 100 ? <Trans>Sending…</Trans> : <Trans>Reading the file…</Trans>}
              </Text>
            </Group>
          ) : null}
        </Stack>
      </Card>
      {refusal ? (
        <Alert color="red" variant="light" data-testid="text-import-refusal">
          {refusal}
        </Alert>
      ) : null}
    </Stack>
  )
}
