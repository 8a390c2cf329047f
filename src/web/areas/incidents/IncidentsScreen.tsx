// /authManage/incidents: background work that failed — an email not delivered, a reminder not written, a
// task's timer, a scheduled job — open ones first, filtered by status and kind (kept in the URL). A row
// opens its incident: the error, the attempts, the process it belongs to (by its type's name, a link), and
// for administrators Retry (the work runs again now; success resolves it) and Resolve (with a note).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import {
  INCIDENT_KINDS,
  INCIDENT_STATUSES,
  type IncidentKind,
  type IncidentStatus,
  type IncidentView,
  incidentResolveInput,
} from '../../../shared/contracts/incidents'
import type { Lang } from '../../../shared/errors'
import { isApiError } from '../../api/api-error'
import {
  INCIDENT_PAGE_SIZE,
  type IncidentSearch,
  incidentKeys,
  incidentPageQuery,
  resolveIncident,
  retryIncident,
} from '../../api/queries/incidents'
import { FilterBar } from '../../forms/FilterBar'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { formatDateTime, formatNumber } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { ProcessLink, processTypeLabel } from '../archive/process-links'
import { type Column, Fact, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'

export const KIND_WORDS: Record<IncidentKind, MessageDescriptor> = {
  emailDelivery: msg`Email delivery`,
  reminderDelivery: msg`Reminder delivery`,
  taskTimer: msg`Task timer`,
  scheduledJob: msg`Scheduled job`,
}

const STATUS_WORDS: Record<IncidentStatus, MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'incident status' }),
  resolved: msg({ message: 'Resolved', context: 'incident status' }),
}

function StatusBadge({ status }: { status: IncidentStatus }) {
  const { i18n } = useLingui()
  return (
    <Badge
      variant="light"
      color={status === 'open' ? 'red' : 'teal'}
      radius="sm"
      data-testid="incident-status"
    >
      {i18n._(STATUS_WORDS[status])}
    </Badge>
  )
}

/** The process (and artwork) an incident belongs to, by name; a dash when it belongs to none. */
function BelongsTo({ incident, lang }: { incident: IncidentView; lang: Lang }) {
  if (!incident.processId && !incident.artworkTitle) return <>—</>
  return (
    <Stack gap={0}>
      {incident.processId && incident.processType ? (
        <ProcessLink processId={incident.processId}>
          {processTypeLabel(incident.processType, lang)}
        </ProcessLink>
      ) : null}
      {incident.artworkTitle ? (
        <Text fz="xs" c="dimmed">
          {incident.artworkInventoryNo} {incident.artworkTitle}
        </Text>
      ) : null}
    </Stack>
  )
}

export function IncidentsScreen({
  search,
  onSearch,
}: {
  search: IncidentSearch
  onSearch: (next: IncidentSearch, options?: { replace?: boolean }) => void
}) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const page = useQuery(incidentPageQuery(search))
  const [openId, setOpenId] = useState<string | null>(null)
  const set = (patch: Partial<IncidentSearch>) =>
    onSearch({ ...search, ...patch, page: undefined }, { replace: true })
  const columns: Column<IncidentView>[] = [
    {
      key: 'what',
      header: <Trans>What failed</Trans>,
      primary: true,
      miw: 240,
      cell: (r) => (
        <Stack gap={0}>
          <Text fz="sm" fw={500} data-testid="incident-subject">
            {r.subject}
          </Text>
          <Text fz="xs" c="dimmed">
            {i18n._(KIND_WORDS[r.kind])}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'process',
      header: <Trans>Belongs to</Trans>,
      cell: (r) => <BelongsTo incident={r} lang={lang} />,
    },
    { key: 'attempts', header: <Trans>Attempts</Trans>, cell: (r) => formatNumber(r.attempts, lang) },
    { key: 'last', header: <Trans>Last failure</Trans>, cell: (r) => formatDateTime(r.lastFailedAt, lang) },
    { key: 'status', header: <Trans>Status</Trans>, cell: (r) => <StatusBadge status={r.status} /> },
  ]
  const data = page.data
  const opened = data?.list.find((r) => r.id === openId) ?? null
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Background work that failed: emails not delivered, reminders not written, task timers and
            scheduled jobs. Retry runs the work again now; when it succeeds the incident is resolved.
          </Trans>
        }
      />
      <Stack gap="md">
        <FilterBar testId="incident-filters">
          <Select
            label={t`Status`}
            placeholder={t`Any status`}
            clearable
            data={INCIDENT_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_WORDS[s]) }))}
            value={search.status ?? null}
            onChange={(v) => set({ status: (v as IncidentStatus | null) ?? undefined })}
            data-testid="incident-filter-status"
          />
          <Select
            label={t`Kind`}
            placeholder={t`Any kind`}
            clearable
            data={INCIDENT_KINDS.map((k) => ({ value: k, label: i18n._(KIND_WORDS[k]) }))}
            value={search.kind ?? null}
            onChange={(v) => set({ kind: (v as IncidentKind | null) ?? undefined })}
            data-testid="incident-filter-kind"
          />
        </FilterBar>
        {page.isPending ? (
          <Skeleton h={240} />
        ) : page.isError || !data ? (
          <Text c="dimmed" fz="sm">
            <Trans>The incidents could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : (
          <OpList
            rows={data.list}
            rowKey={(r) => r.id}
            columns={columns}
            onOpen={(r) => setOpenId(r.id)}
            total={data.total}
            page={search.page ?? 1}
            pageSize={INCIDENT_PAGE_SIZE}
            onPage={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
            empty={<Trans>No incident matches these filters: nothing has failed.</Trans>}
            testId="incident-list"
          />
        )}
      </Stack>
      <IncidentDrawer incident={opened} onClose={() => setOpenId(null)} lang={lang} />
    </>
  )
}

function IncidentDrawer({
  incident,
  onClose,
  lang,
}: {
  incident: IncidentView | null
  onClose: () => void
  lang: Lang
}) {
  const { t, i18n } = useLingui()
  const me = useMe()
  const phone = useMediaQuery('(max-width: 48em)')
  const mayAct = holds(me, 'authManage:edit')
  return (
    <Drawer
      opened={incident !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={t`Incident`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {incident ? (
        <Stack gap="md" data-testid="incident-detail">
          <Text fw={600}>{incident.subject}</Text>
          <SimpleGrid cols={2} spacing="md">
            <Fact label={<Trans>Kind</Trans>}>{i18n._(KIND_WORDS[incident.kind])}</Fact>
            <Fact label={<Trans>Status</Trans>}>
              <StatusBadge status={incident.status} />
            </Fact>
            <Fact label={<Trans>Attempts</Trans>}>
              <span data-testid="incident-attempts">{formatNumber(incident.attempts, lang)}</span>
            </Fact>
            <Fact label={<Trans>Belongs to</Trans>}>
              <BelongsTo incident={incident} lang={lang} />
            </Fact>
            <Fact label={<Trans>First failure</Trans>}>{formatDateTime(incident.firstFailedAt, lang)}</Fact>
            <Fact label={<Trans>Last failure</Trans>}>{formatDateTime(incident.lastFailedAt, lang)}</Fact>
          </SimpleGrid>
          <Fact label={<Trans>Error</Trans>}>
            {/* The error as the failing work reported it (a server's or the database's own words): data-raw. */}
            <Code
              block
              color="red.0"
              style={{ whiteSpace: 'pre-wrap' }}
              data-testid="incident-error"
              data-raw
            >
              {incident.errorMessage}
            </Code>
          </Fact>
          {incident.status === 'resolved' ? (
            <Fact label={<Trans>Resolution</Trans>}>
              <Text fz="sm" data-testid="incident-resolution">
                {incident.resolutionNote}
              </Text>
              <Text fz="xs" c="dimmed">
                {incident.resolvedAt ? formatDateTime(incident.resolvedAt, lang) : null}
                {incident.resolvedByName ? ` · ${incident.resolvedByName}` : null}
              </Text>
            </Fact>
          ) : mayAct ? (
            <IncidentActions incident={incident} />
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  )
}

function IncidentActions({ incident }: { incident: IncidentView }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [failedAgain, setFailedAgain] = useState<string | null>(null)
  const retry = useMutation({
    mutationFn: () => retryIncident(incident.id),
    meta: { silent: true },
    onSuccess: async (result) => {
      if (result.succeeded) {
        setFailedAgain(null)
        showSuccess(t`The work ran again and succeeded: the incident is resolved`)
      } else setFailedAgain(result.incident.errorMessage)
      await queryClient.invalidateQueries({ queryKey: incidentKeys.all })
    },
  })
  const form = useForm({ schema: incidentResolveInput, initialValues: { note: '' } })
  const submit = form.onSubmit(async ({ note }) => {
    await resolveIncident(incident.id, note)
    showSuccess(t`The incident is resolved`)
    await queryClient.invalidateQueries({ queryKey: incidentKeys.all })
  })
  const refusal = retry.error
    ? isApiError(retry.error)
      ? retry.error.message
      : t`The retry could not be sent.`
    : null
  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => retry.mutate()} loading={retry.isPending} data-testid="incident-retry">
          <Trans>Retry now</Trans>
        </Button>
      </Group>
      {failedAgain ? (
        <Alert color="red" data-testid="incident-retry-failed">
          <Trans>It failed again; the attempt is counted. The error is shown above.</Trans>
        </Alert>
      ) : null}
      {refusal ? (
        <Alert color="red" data-testid="incident-retry-error">
          {refusal}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate data-testid="incident-resolve-form">
        <Stack gap="xs">
          <FormRefusal form={form} />
          <Textarea
            label={t`Resolve with a note`}
            description={t`What was done, or why nothing needs doing.`}
            autosize
            minRows={2}
            maxLength={500}
            required
            {...form.getInputProps('note')}
            data-testid="incident-note"
          />
          <Group justify="flex-end">
            <SubmitButton form={form}>
              <Trans>Resolve</Trans>
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}
