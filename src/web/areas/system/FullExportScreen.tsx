// The full export for administrators (/systemLog/export): start one, watch its progress, download the archive
// when it is done. The archive holds every table and every stored file (docs/export-format.md) and is read
// back by `npm run import` into a new installation.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Alert, Anchor, Badge, Button, Card, Group, Progress, Stack, Table, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ExportJobView } from '../../../shared/contracts/exports'
import { langOf } from '../../../shared/lang'
import { describeError } from '../../api/describe-error'
import { exportJobsQuery, exportKeys, startFullExport } from '../../api/queries/exports'
import { formatDateTime, formatNumber } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'

function StatusBadge({ status }: { status: ExportJobView['status'] }) {
  if (status === 'done')
    return (
      <Badge color="green" variant="light">
        <Trans>Done</Trans>
      </Badge>
    )
  if (status === 'failed')
    return (
      <Badge color="red" variant="light">
        <Trans>Failed</Trans>
      </Badge>
    )
  return (
    <Badge color="blue" variant="light">
      <Trans>Running</Trans>
    </Badge>
  )
}

function Megabytes({ bytes }: { bytes: number }) {
  const { i18n } = useLingui()
  const size = formatNumber(Math.max(0.1, Math.round(bytes / 104857.6) / 10), langOf(i18n.locale))
  return <Trans>{size} MB</Trans>
}

function JobProgress({ job }: { job: ExportJobView }) {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  const done = formatNumber(job.done, lang)
  const total = formatNumber(job.total, lang)
  return (
    <Stack gap={4} data-testid="export-progress">
      <Progress value={job.percent} animated={job.status === 'running'} aria-label={`${job.percent} %`} />
      <Text fz="xs" c="dimmed">
        <Trans>
          {done} of {total} rows and files
        </Trans>
      </Text>
    </Stack>
  )
}

function JobRow({ job }: { job: ExportJobView }) {
  const { i18n } = useLingui()
  return (
    <Table.Tr data-testid="export-job">
      <Table.Td>{formatDateTime(job.createdAt, langOf(i18n.locale))}</Table.Td>
      <Table.Td>{job.createdBy}</Table.Td>
      <Table.Td>
        <StatusBadge status={job.status} />
      </Table.Td>
      <Table.Td w="35%">
        {job.status === 'failed' ? (
          <Text fz="sm" c="red.7">
            {job.failure}
          </Text>
        ) : (
          <JobProgress job={job} />
        )}
      </Table.Td>
      <Table.Td>
        {job.downloadUrl && job.bytes !== null ? (
          <Anchor href={job.downloadUrl} data-testid="export-download">
            <Trans>Download</Trans> (<Megabytes bytes={job.bytes} />)
          </Anchor>
        ) : null}
      </Table.Td>
    </Table.Tr>
  )
}

export function FullExportScreen() {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const jobs = useQuery(exportJobsQuery())
  const start = useMutation({
    mutationFn: startFullExport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.jobs() }),
  })
  const running = jobs.data?.list.some((j) => j.status === 'running') ?? false
  return (
    <Stack gap="md" data-testid="full-export">
      <PageHeader
        description={
          <Trans>
            Everything this installation holds — every record, its history and every stored file — in one
            archive that another system can read and a new installation can import.
          </Trans>
        }
        actions={
          <Button
            onClick={() => start.mutate()}
            loading={start.isPending}
            disabled={running}
            data-testid="export-start"
          >
            <Trans>Start a full export</Trans>
          </Button>
        }
      />
      {start.isError ? (
        <Alert color="red" data-testid="export-error">
          {describeError(start.error, i18n)}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        {jobs.isPending ? (
          <Text fz="sm">
            <Trans>Loading…</Trans>
          </Text>
        ) : jobs.isError ? (
          <Text fz="sm" c="red.7">
            {describeError(jobs.error, i18n)}
          </Text>
        ) : jobs.data.list.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="export-none">
            <Trans>No full export has been made yet.</Trans>
          </Text>
        ) : (
          <Table verticalSpacing="sm" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Started</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>By</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Progress</Trans>
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.list.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Group>
        <Text fz="xs" c="dimmed">
          <Trans>The download link works for a limited time; open this page again for a fresh one.</Trans>
        </Text>
      </Group>
    </Stack>
  )
}
