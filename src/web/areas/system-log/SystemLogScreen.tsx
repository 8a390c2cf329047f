// /systemLog/home and /systemLog/index: every API request, newest first — when, who, which area (in words),
// what it did (in words), the request, how it went and how long it took, from where. Filters (user, module,
// operation, method, result, response code, time range, client address) and the page live in the URL, so a
// filtered log can be bookmarked. A row opens a drawer with all 14 fields and the exception. The filtered
// rows download as Excel; how many days the log is kept is shown, and editors change it. Below, the heads of
// the hash chains (ChainHeads.tsx).
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import type { LogView } from '../../../shared/contracts/system-log'
import { formatMessage, type Lang, MESSAGES, type MessageKey } from '../../../shared/errors'
import {
  LOG_METHODS,
  LOG_MODULES,
  LOG_OPERATION_CHOICES,
  LOG_RETENTION_MAX,
  LOG_RETENTION_MIN,
  moduleLabel,
  operationLabel,
} from '../../../shared/system-log'
import { isApiError } from '../../api/api-error'
import {
  LOG_PAGE_SIZE,
  type LogSearch,
  logPageQuery,
  logParams,
  logSettingsQuery,
  saveLogSettings,
  systemLogKeys,
} from '../../api/queries/system-log'
import { DateRangeFilter, FilterBar, SearchFilter, useFilterDebounce } from '../../forms/FilterBar'
import { showSuccess } from '../../forms/notify'
import { formatDateTime, formatNumber } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { downloadFromApi } from '../archive/download'
import { type Column, Fact, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { ChainHeads } from './ChainHeads'

/** The screen's URL: the API's filters, with the time range as calendar days. */
export interface LogScreenSearch extends Omit<LogSearch, 'from' | 'to' | 'userId'> {
  /** yyyy-MM-dd, the first day shown. */
  from?: string
  /** yyyy-MM-dd, the last day shown. */
  to?: string
}

/** The days of the URL as instants of this browser's day start and end. */
export function toApiSearch(s: LogScreenSearch): LogSearch {
  const { from, to, ...rest } = s
  return {
    ...rest,
    ...(from ? { from: new Date(`${from}T00:00:00`).toISOString() } : {}),
    ...(to ? { to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
  }
}

function ResultBadge({ row }: { row: LogView }) {
  return (
    <Badge variant="light" color={row.success ? 'teal' : 'red'} radius="sm" style={{ textTransform: 'none' }}>
      {row.success ? <Trans>Success</Trans> : <Trans>Failed</Trans>} · {row.responseCode}
    </Badge>
  )
}

export function SystemLogScreen({
  search,
  onSearch,
}: {
  search: LogScreenSearch
  onSearch: (next: LogScreenSearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const me = useMe()
  const apiSearch = toApiSearch(search)
  const page = useQuery(logPageQuery(apiSearch))
  const [open, setOpen] = useState<LogView | null>(null)
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)
  const set = (patch: Partial<LogScreenSearch>, replace = false) =>
    onSearch({ ...search, ...patch, page: undefined }, { replace })
  const setCode = useFilterDebounce((responseCode: number | undefined) => set({ responseCode }, true))
  const columns: Column<LogView>[] = [
    {
      key: 'time',
      header: <Trans>Time</Trans>,
      primary: true,
      miw: 150,
      cell: (r) => (
        <Stack gap={0}>
          <Text fz="sm" fw={500}>
            {formatDateTime(r.accessTime, lang)}
          </Text>
          <Text fz="xs" c="dimmed">
            {operationLabel(r.operationType, lang)}
          </Text>
        </Stack>
      ),
    },
    { key: 'user', header: <Trans>User</Trans>, cell: (r) => r.createBy ?? <Trans>Not signed in</Trans> },
    { key: 'module', header: <Trans>Module</Trans>, cell: (r) => moduleLabel(r.moduleName, lang) },
    {
      key: 'request',
      header: <Trans>Request</Trans>,
      miw: 220,
      cell: (r) => (
        // The request as the server received it: a technical address, shown as recorded (data-raw).
        <Text fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} lineClamp={2} data-raw>
          {r.httpMethod} {r.requestUri}
        </Text>
      ),
    },
    { key: 'result', header: <Trans>Result</Trans>, cell: (r) => <ResultBadge row={r} /> },
    {
      key: 'took',
      header: <Trans>Time taken</Trans>,
      cell: (r) => `${formatNumber(r.execTime, lang)} ms`,
    },
    { key: 'client', header: <Trans>Client address</Trans>, cell: (r) => r.clientIpAddr ?? '—' },
  ]
  const exportRows = async () => {
    setExporting(true)
    setExportError(null)
    try {
      await downloadFromApi(
        'system_log/export',
        logParams(apiSearch, false),
        lang === 'en' ? 'system-log.xlsx' : '系统日志.xlsx',
      )
    } catch (error) {
      setExportError(isApiError(error) ? error.message : t`The export failed.`)
    } finally {
      setExporting(false)
    }
  }
  const data = page.data
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Every request to the system: who made it, when, what it did, from where and how it went. Open an
            entry for its details and any error.
          </Trans>
        }
        actions={
          <>
            {holds(me, 'systemLog:export') ? (
              <Button
                component={Link}
                to="/systemLog/export"
                variant="default"
                data-testid="full-export-link"
              >
                <Trans>Full export</Trans>
              </Button>
            ) : null}
            <Button
              variant="light"
              loading={exporting}
              onClick={() => void exportRows()}
              data-testid="log-export"
            >
              <Trans>Export to Excel</Trans>
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <FilterBar cols={{ base: 1, xs: 2, md: 4 }} testId="log-filters">
          <SearchFilter
            label={t`User (sign-in name)`}
            value={search.createBy}
            onSearch={(createBy) => set({ createBy }, true)}
            maxLength={64}
            w="100%"
            testId="log-user"
          />
          <Select
            label={t`Module`}
            placeholder={t`Any module`}
            clearable
            searchable
            data={Object.keys(LOG_MODULES).map((m) => ({ value: m, label: moduleLabel(m, lang) }))}
            value={search.moduleName ?? null}
            onChange={(v) => set({ moduleName: v ?? undefined })}
            data-testid="log-module"
          />
          <Select
            label={t({ message: 'Operation', context: 'system log' })}
            placeholder={t`Any operation`}
            clearable
            searchable
            data={LOG_OPERATION_CHOICES.map((o) => ({ value: o, label: operationLabel(o, lang) }))}
            value={search.operationType ?? null}
            onChange={(v) => set({ operationType: v ?? undefined })}
            data-testid="log-operation"
          />
          <Select
            label={t({ message: 'Method', context: 'system log' })}
            placeholder={t`Any method`}
            clearable
            data={LOG_METHODS.map((m) => ({ value: m, label: m }))}
            value={search.httpMethod ?? null}
            onChange={(v) => set({ httpMethod: (v ?? undefined) as LogScreenSearch['httpMethod'] })}
            data-testid="log-method"
          />
          <Select
            label={t`Result`}
            placeholder={t`Any result`}
            clearable
            data={[
              { value: 'true', label: t`Success` },
              { value: 'false', label: t`Failed` },
            ]}
            value={search.success ?? null}
            onChange={(v) => set({ success: v === 'true' || v === 'false' ? v : undefined })}
            data-testid="log-success"
          />
          <NumberInput
            label={t`Response code`}
            placeholder={t`Any code`}
            min={0}
            max={99999}
            allowDecimal={false}
            allowNegative={false}
            defaultValue={search.responseCode ?? ''}
            onChange={(v) => setCode(typeof v === 'number' ? v : undefined)}
            data-testid="log-code"
          />
          <DateRangeFilter
            label={t`Time`}
            from={search.from}
            to={search.to}
            onChange={set}
            testId="log-dates"
          />
          <SearchFilter
            label={t`Client address`}
            value={search.clientIpAddr}
            onSearch={(clientIpAddr) => set({ clientIpAddr }, true)}
            w="100%"
            testId="log-client"
          />
        </FilterBar>
        {exportError ? (
          <Alert
            color="red"
            withCloseButton
            onClose={() => setExportError(null)}
            data-testid="log-export-error"
          >
            {exportError}
          </Alert>
        ) : null}
        {page.isPending ? (
          <Skeleton h={240} />
        ) : page.isError || !data ? (
          <Text c="dimmed" fz="sm">
            <Trans>The log could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : (
          <>
            <Text fz="sm" c="dimmed" data-testid="log-total">
              {data.more ? (
                <Trans>More than {formatNumber(data.total, lang)} entries</Trans>
              ) : (
                <Trans>{formatNumber(data.total, lang)} entries</Trans>
              )}
            </Text>
            <OpList
              rows={data.list}
              rowKey={(r) => r.logId}
              columns={columns}
              onOpen={setOpen}
              total={data.total}
              page={search.page ?? 1}
              pageSize={LOG_PAGE_SIZE}
              onPage={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
              empty={<Trans>No entry matches these filters.</Trans>}
              testId="log-list"
            />
          </>
        )}
        <Retention canEdit={holds(me, 'authManage:edit')} lang={lang} />
        <ChainHeads lang={lang} />
      </Stack>
      <LogDrawer row={open} onClose={() => setOpen(null)} lang={lang} />
    </>
  )
}

/** A refusal logged by its message key reads in words; anything else (a stack, a text) as written. */
function exceptionText(exception: string, lang: Lang): string {
  return Object.hasOwn(MESSAGES, exception) ? formatMessage(exception as MessageKey, lang) : exception
}

function LogDrawer({ row, onClose, lang }: { row: LogView | null; onClose: () => void; lang: Lang }) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={t`Log entry`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {row ? (
        <Stack gap="md" data-testid="log-detail">
          <SimpleGrid cols={2} spacing="md">
            <Fact label={<Trans>Time</Trans>}>{formatDateTime(row.accessTime, lang)}</Fact>
            <Fact label={<Trans>Result</Trans>}>
              <ResultBadge row={row} />
            </Fact>
            <Fact label={<Trans>User</Trans>}>{row.createBy ?? <Trans>Not signed in</Trans>}</Fact>
            <Fact label={<Trans>Module</Trans>}>{moduleLabel(row.moduleName, lang)}</Fact>
            <Fact label={<Trans context="system log">Operation</Trans>}>
              {operationLabel(row.operationType, lang)}
            </Fact>
            <Fact label={<Trans context="system log">Method</Trans>}>{row.httpMethod}</Fact>
            <Fact label={<Trans>Response code</Trans>}>{row.responseCode}</Fact>
            <Fact label={<Trans>Time taken</Trans>}>{formatNumber(row.execTime, lang)} ms</Fact>
            <Fact label={<Trans>Client address</Trans>}>{row.clientIpAddr ?? '—'}</Fact>
            <Fact label={<Trans>Log number</Trans>}>
              <Text fz="xs" ff="monospace">
                {row.logId}
              </Text>
            </Fact>
          </SimpleGrid>
          <Fact label={<Trans>Request</Trans>}>
            <Code block>
              {row.httpMethod} {row.requestUri}
            </Code>
          </Fact>
          <Fact label={<Trans>Browser</Trans>}>{row.browserUserAgent ?? '—'}</Fact>
          <Fact label={<Trans>Exception</Trans>}>
            {row.exception ? (
              <Code block color="red.0" data-testid="log-exception" style={{ whiteSpace: 'pre-wrap' }}>
                {exceptionText(row.exception, lang)}
              </Code>
            ) : (
              <Trans>None</Trans>
            )}
          </Fact>
        </Stack>
      ) : null}
    </Drawer>
  )
}

/** "Kept for N days" and, for editors, a dialog that changes it (7 to 3650 days). */
function Retention({ canEdit, lang }: { canEdit: boolean; lang: Lang }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const settings = useQuery(logSettingsQuery())
  const [editing, setEditing] = useState(false)
  const [days, setDays] = useState<number | string>('')
  const save = useMutation({
    mutationFn: (n: number) => saveLogSettings(n),
    meta: { silent: true },
    onSuccess: async () => {
      showSuccess(t`Saved`)
      await queryClient.invalidateQueries({ queryKey: systemLogKeys.settings() })
      setEditing(false)
    },
  })
  if (!settings.data) return null
  const error = save.error
    ? isApiError(save.error)
      ? (save.error.fieldErrors?.retentionDays ?? save.error.message)
      : t`The change could not be saved.`
    : null
  return (
    <Group gap="xs" data-testid="log-retention">
      <Text fz="sm" c="dimmed">
        <Trans>
          Entries are kept for {formatNumber(settings.data.retentionDays, lang)} days, then removed by the
          daily clean-up.
        </Trans>
      </Text>
      {canEdit ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            setDays(settings.data.retentionDays)
            save.reset()
            setEditing(true)
          }}
          data-testid="log-retention-edit"
        >
          <Trans>Change</Trans>
        </Button>
      ) : null}
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t`How long the log is kept`}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="sm">
          <NumberInput
            label={t`Days`}
            description={t`From ${LOG_RETENTION_MIN} to ${LOG_RETENTION_MAX} days`}
            min={LOG_RETENTION_MIN}
            max={LOG_RETENTION_MAX}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={error}
            data-testid="log-retention-days"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              loading={save.isPending}
              onClick={() => save.mutate(Number(days))}
              data-testid="log-retention-save"
            >
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  )
}
