// Several files for one form field (a report's PDFs, a payment's attachments): the value is the list of
// stored file ids. Each picked file is checked like the server checks it (a wrong type is refused at the
// field, in words), uploaded with a progress bar while the form's counter holds submit, and listed with
// its name, size, preview and a remove button. Files already stored (a saved draft) are listed by name.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Card, CloseButton, FileButton, Group, Input, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type FileView, linkResponse } from '../../shared/contracts/files'
import { formatMessage } from '../../shared/errors'
import { PURPOSE_ACCEPT, type UploadPurpose } from '../../shared/file-types'
import { api } from '../api/http'
import { fileKeys } from '../api/queries/files'
import { currentLanguage } from '../i18n/i18n'
import { IconFile, IconUpload } from '../shell/icons'
import { openPreview } from './FileUpload'
import { checkFile, formatBytes, headFits } from './file-checks'
import { CancelUpload, UploadProgress } from './UploadControls'
import { useFileUpload } from './use-file-upload'
import type { UploadTracker } from './use-form'

export interface FileListUploadProps {
  purpose: Exclude<UploadPurpose, 'video'>
  /** Stored file ids. */
  value: string[]
  onChange: (ids: string[]) => void
  uploads?: UploadTracker
  label?: React.ReactNode
  description?: React.ReactNode
  required?: boolean
  error?: React.ReactNode
  disabled?: boolean
  /** For tests: the field's path. */
  'data-field'?: string
}

/** Names and sizes of stored files (their signed links carry each file's record). */
export const storedFilesQuery = (ids: string[]) => ({
  queryKey: [...fileKeys.all, 'records', ...ids] as const,
  queryFn: async (): Promise<FileView[]> => {
    if (ids.length === 0) return []
    const { links } = await api.post('file/link', {
      json: { ids, disposition: 'inline' },
      schema: linkResponse,
    })
    return links
  },
  staleTime: 60_000,
})

export function FileListUpload({
  purpose,
  value,
  onChange,
  uploads,
  label,
  description,
  required,
  error,
  disabled,
  'data-field': dataField,
}: FileListUploadProps) {
  const { t } = useLingui()
  const [problem, setProblem] = useState<string | null>(null)
  const [picked, setPicked] = useState<File | null>(null)
  const [known, setKnown] = useState<Record<string, FileView>>({})
  const upload = useFileUpload(uploads)
  const missing = value.filter((id) => !known[id])
  const stored = useQuery({ ...storedFilesQuery(missing), enabled: missing.length > 0 })
  const records: Record<string, FileView> = { ...known }
  for (const f of stored.data ?? []) records[f.id] = f

  async function pick(file: File | null) {
    if (!file) return
    setProblem(null)
    const lang = currentLanguage()
    const refused = checkFile(file, purpose)
    if (refused) {
      setProblem(
        refused.key === 'fileTooLarge'
          ? formatMessage('fileTooLarge', lang, { limit: refused.limit })
          : formatMessage('incorrectFileFormat', lang),
      )
      return
    }
    if (!(await headFits(file, purpose))) {
      setProblem(formatMessage('incorrectFileFormat', lang))
      return
    }
    setPicked(file)
    const result = await upload.start(file, { purpose })
    setPicked(null)
    if (!result) return
    setKnown((prev) => ({ ...prev, [result.id]: result }))
    onChange([...value, result.id])
  }

  return (
    <Input.Wrapper
      label={label}
      description={description}
      required={required}
      error={problem ?? error}
      data-field={dataField}
      data-kind="files"
    >
      <Stack gap={6} mt={4}>
        {value.map((id) => {
          const file = records[id]
          return (
            <Card key={id} withBorder padding="xs" radius="sm" data-testid="stored-file">
              <Group wrap="nowrap" gap="sm">
                <IconFile size={22} color="var(--mantine-color-ink-7)" />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fz="sm" truncate>
                    {file?.name ?? t`Stored file`}
                  </Text>
                  {file ? (
                    <Text fz="xs" c="dimmed">
                      {formatBytes(file.size)}
                    </Text>
                  ) : null}
                </Stack>
                {file ? (
                  <Button variant="subtle" size="compact-xs" onClick={() => void openPreview(file)}>
                    <Trans>Preview</Trans>
                  </Button>
                ) : null}
                {disabled ? null : (
                  <CloseButton
                    aria-label={t`Remove the file`}
                    onClick={() => onChange(value.filter((v) => v !== id))}
                  />
                )}
              </Group>
            </Card>
          )
        })}
        {picked && upload.progress ? (
          <Card withBorder padding="xs" radius="sm">
            <Text fz="sm" truncate>
              {picked.name}
            </Text>
            <UploadProgress percent={upload.progress.percent} mt={4} />
            <Group justify="space-between" mt={4}>
              <Text fz="xs" c="dimmed">
                <Trans>Uploading… {upload.progress.percent}%</Trans>
              </Text>
              <CancelUpload onCancel={upload.cancel} />
            </Group>
          </Card>
        ) : null}
        {disabled || upload.uploading ? null : (
          <FileButton onChange={(file) => void pick(file)} accept={PURPOSE_ACCEPT[purpose]}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} />}
                w="fit-content"
              >
                {value.length > 0 ? <Trans>Add another file</Trans> : <Trans>Choose a file</Trans>}
              </Button>
            )}
          </FileButton>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
