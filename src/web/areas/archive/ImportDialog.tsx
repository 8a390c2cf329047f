// Import of artworks (docs/architecture.md § Input rules) from Excel, a CSV of the artworks sheet's columns or
// a LIDO 1.1 XML file (chosen above the file; docs/standards.md): the template in either language; the file
// (at most 3 MB, one at a time) uploaded and checked first, with every bad row listed by sheet, row, column and reason;
// only then imported, all valid rows in one transaction, with a progress bar throughout. A sheet with bad
// rows is imported only when the user agrees to leave those rows out.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ImportFormat, ImportJobView } from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import {
  artworkKeys,
  commitArtworkImport,
  importJobQuery,
  startArtworkFileImport,
  startArtworkImport,
} from '../../api/queries/artworks'
import { BadRowsTable } from '../../forms/BadRowsTable'
import { ExcelImport } from '../../forms/ExcelImport'
import { showSuccess } from '../../forms/notify'
import { TextFileImport } from '../../forms/TextFileImport'
import { formatNumber } from '../../i18n/format'
import { IconDownload } from './archive-icons'
import { downloadFromApi } from './download'

export interface ImportDialogProps {
  opened: boolean
  onClose: () => void
  lang: Lang
}

/** The stepper's position: choosing (0), checking or checked (1), importing (2), finished (3). */
function stepOf(job: ImportJobView | undefined): number {
  if (!job) return 0
  if (job.status === 'checking' || job.status === 'checked') return 1
  if (job.status === 'importing') return 2
  if (job.status === 'failed') return job.toCreate + job.toUpdate > 0 ? 2 : 1
  return 3
}

function Figure({ label, value, color }: { label: React.ReactNode; value: number; color?: string }) {
  return (
    <Stack gap={0} align="flex-start">
      <Text fz={22} fw={600} c={color} lh={1.2}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  )
}

export function ImportDialog({ opened, onClose, lang }: ImportDialogProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [jobId, setJobId] = useState<string | null>(null)
  const [format, setFormat] = useState<ImportFormat>('excel')
  const job = useQuery({ ...importJobQuery(jobId ?? ''), enabled: jobId !== null })
  const data = jobId ? job.data : undefined
  const template = useMutation({
    mutationFn: (which: Lang) =>
      downloadFromApi(
        'artworks/template',
        { lang: which },
        which === 'en' ? 'artwork-import-template.xlsx' : '艺术品导入模板.xlsx',
      ),
  })
  const commit = useMutation({
    mutationFn: ({ id, skipInvalid }: { id: string; skipInvalid: boolean }) =>
      commitArtworkImport(id, skipInvalid),
    onSuccess: (next) => queryClient.setQueryData(importJobQuery(next.id).queryKey, next),
  })
  const [announced, setAnnounced] = useState<string | null>(null)
  if (data?.status === 'done' && announced !== data.id) {
    setAnnounced(data.id)
    void queryClient.invalidateQueries({ queryKey: artworkKeys.all })
    const created = data.createdCount
    const updated = data.updatedCount
    showSuccess(t`Import finished: ${created} created, ${updated} updated.`)
  }

  const started = (job: ImportJobView) => {
    queryClient.setQueryData(importJobQuery(job.id).queryKey, job)
    setJobId(job.id)
  }
  const reset = () => {
    setJobId(null)
    commit.reset()
  }
  const close = () => {
    reset()
    onClose()
  }
  const percent = data && data.totalRows > 0 ? Math.round((data.processedRows / data.totalRows) * 100) : 0
  // The server checks or imports a few files at once; the others wait their turn in line.
  const ahead = data?.waitingAhead ?? 0
  const active = stepOf(data)

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Trans>Import artworks</Trans>}
      size="xl"
      centered
      data-testid="import-dialog"
    >
      <Stack gap="lg">
        <Stepper active={active} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label={t`Choose the file`} description={t`Excel, CSV or LIDO, at most 3 MB`} />
          <Stepper.Step label={t`Check`} description={t`Every row is checked`} />
          <Stepper.Step label={t`Import`} description={t`All valid rows at once`} />
        </Stepper>

        {!data ? (
          <Stack gap="md">
            <Group justify="space-between" align="center" wrap="wrap">
              <Text fz="sm" c="dimmed" maw={460}>
                <Trans>
                  Fill in the template: one row per artwork on the first sheet, its records on the other
                  sheets. An inventory number already in the archive updates that artwork.
                </Trans>
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  loading={template.isPending && template.variables === 'zh-CN'}
                  onClick={() => template.mutate('zh-CN')}
                  data-testid="template-zh"
                >
                  <Trans>Template (Chinese)</Trans>
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  loading={template.isPending && template.variables === 'en'}
                  onClick={() => template.mutate('en')}
                  data-testid="template-en"
                >
                  <Trans>Template (English)</Trans>
                </Button>
              </Group>
            </Group>
            <SegmentedControl
              value={format}
              onChange={(v) => setFormat(v as ImportFormat)}
              data={[
                { value: 'excel', label: t`Excel` },
                { value: 'csv', label: t`CSV` },
                { value: 'lido', label: t`LIDO XML` },
              ]}
              data-testid="import-format"
            />
            {format === 'csv' ? (
              <Text fz="sm" c="dimmed">
                <Trans>
                  A CSV holds the columns of the template’s first sheet (headers in either language); the
                  artworks’ records lists stay as they are.
                </Trans>
              </Text>
            ) : format === 'lido' ? (
              <Text fz="sm" c="dimmed">
                <Trans>
                  Each LIDO record is an artwork, found by its inventory number (workID). What LIDO does not
                  carry stays as recorded; a new artwork takes the period of its production year.
                </Trans>
              </Text>
            ) : null}
            {format === 'excel' ? (
              <ExcelImport onUploaded={(file) => startArtworkImport(file.id)} onImported={started} />
            ) : (
              <TextFileImport
                key={format}
                format={format}
                send={startArtworkFileImport}
                onImported={started}
                data-testid="text-import"
              />
            )}
          </Stack>
        ) : null}

        {data && (data.status === 'checking' || data.status === 'importing') ? (
          <Stack gap={6} data-testid="import-progress">
            <Group justify="space-between">
              <Text fz="sm" fw={500}>
                {data.status === 'checking' ? (
                  <Trans>Checking {data.fileName}…</Trans>
                ) : (
                  <Trans>Importing…</Trans>
                )}
              </Text>
              {ahead > 0 ? (
                <Text fz="sm" c="dimmed" data-testid="import-waiting">
                  <Trans>Waiting: {ahead} ahead</Trans>
                </Text>
              ) : data.status === 'checking' && data.totalRows > 0 ? (
                <Text fz="sm" c="dimmed">
                  {formatNumber(data.processedRows, lang)} / {formatNumber(data.totalRows, lang)}
                </Text>
              ) : null}
            </Group>
            <Progress
              value={ahead > 0 ? 0 : data.status === 'checking' ? percent : 100}
              animated
              size="lg"
              radius="sm"
            />
          </Stack>
        ) : null}

        {data && data.status !== 'checking' && data.status !== 'importing' ? (
          <SimpleGrid cols={4} spacing="lg" data-testid="import-figures">
            <Figure label={<Trans>Rows in the file</Trans>} value={data.totalRows} />
            <Figure label={<Trans>Valid rows</Trans>} value={data.validRows} color="teal.8" />
            <Figure
              label={<Trans>Rows with errors</Trans>}
              value={data.errorCount}
              color={data.errorCount > 0 ? 'red.7' : undefined}
            />
            {data.status === 'done' ? (
              <Figure
                label={<Trans>Created · updated</Trans>}
                value={data.createdCount + data.updatedCount}
                color="ink.7"
              />
            ) : (
              <Figure label={<Trans>To create or update</Trans>} value={data.toCreate + data.toUpdate} />
            )}
          </SimpleGrid>
        ) : null}

        {data?.failure ? (
          <Alert
            color="red"
            variant="light"
            title={<Trans>The import did not go through</Trans>}
            data-testid="import-failure"
          >
            {data.failure}
          </Alert>
        ) : null}

        {data && data.errors.length > 0 ? (
          <Stack gap={6}>
            <Group gap="xs">
              <Text fz="sm" fw={600}>
                <Trans>Rows to correct</Trans>
              </Text>
              <Badge color="red" variant="light" size="sm">
                {data.errorCount}
              </Badge>
            </Group>
            <BadRowsTable rows={data.errors} testId="import-errors" rowTestId="import-error-row" />
          </Stack>
        ) : null}

        {data?.status === 'checked' ? (
          <Group justify="space-between">
            <Button variant="default" onClick={reset}>
              <Trans>Choose another file</Trans>
            </Button>
            {data.validRows > 0 ? (
              <Button
                loading={commit.isPending}
                onClick={() => commit.mutate({ id: data.id, skipInvalid: data.errorCount > 0 })}
                data-testid="import-commit"
              >
                {data.errorCount > 0 ? (
                  <Trans>Import the {data.validRows} valid rows, leave the others out</Trans>
                ) : (
                  <Trans>Import {data.validRows} rows</Trans>
                )}
              </Button>
            ) : (
              <Text fz="sm" c="red.7">
                <Trans>No row can be imported: correct the file and choose it again.</Trans>
              </Text>
            )}
          </Group>
        ) : null}

        {data && (data.status === 'done' || data.status === 'failed') ? (
          <Group justify="flex-end">
            {data.status === 'failed' ? (
              <Button variant="default" onClick={reset}>
                <Trans>Choose another file</Trans>
              </Button>
            ) : null}
            <Button onClick={close} data-testid="import-close">
              {data.status === 'done' ? <Trans>Done</Trans> : <Trans>Close</Trans>}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Modal>
  )
}
