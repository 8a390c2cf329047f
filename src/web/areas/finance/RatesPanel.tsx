// The exchange-rates tab of /financeManage/index: the reporting currency (who set it, when; finance staff
// change it), the dated rates — a table on a desk, cards on a phone — added and edited in a form checked by
// the shared schema (the server's refusals at their fields: unknown currency, a duplicate for the pair and
// date), deleted after a confirmation, and imported from an Excel sheet or pasted CSV, the bad rows listed
// (an import with one bad row writes nothing).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import { holds } from '../../../shared/access'
import { type RateImportResult, type RateView, rateInput } from '../../../shared/contracts/finance'
import {
  createRate,
  deleteRate,
  financeSettingsQuery,
  importRates,
  ratesQuery,
  saveReportingCurrency,
  updateRate,
} from '../../api/queries/finance'
import { invalidateRateFigures } from '../../api/queries/rate-figures'
import { BadRowsTable } from '../../forms/BadRowsTable'
import { DateField } from '../../forms/DateField'
import { ExcelImport } from '../../forms/ExcelImport'
import { CurrencyFilter, FilterBar } from '../../forms/FilterBar'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { formatDateTime } from '../../i18n/format'
import { officeToday } from '../../i18n/office-zone'
import { useMe } from '../../session/use-session'
import { type Column, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { useDictOptions } from '../process/reference-options'
import { dayText } from './words'

const RATES_PAGE_SIZE = 20

/** Currencies as "USD · US Dollar". */
export function useCurrencyOptions() {
  return useDictOptions('CURRENCY').map((o) => ({ value: o.value, label: `${o.value} · ${o.label}` }))
}

export function RatesPanel() {
  const me = useMe()
  const mayEdit = holds(me, 'financeManage:edit')
  return (
    <Stack gap="lg">
      <ReportingCurrency mayEdit={mayEdit} />
      <RatesList mayEdit={mayEdit} />
      {mayEdit ? <RateImport /> : null}
    </Stack>
  )
}

function ReportingCurrency({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const setting = useQuery(financeSettingsQuery())
  const currencies = useCurrencyOptions()
  const [chosen, setChosen] = useState<string | null>(null)
  useEffect(() => {
    if (setting.data) setChosen(setting.data.reportingCurrency)
  }, [setting.data])
  const save = useMutation({
    mutationFn: (c: string) => saveReportingCurrency(c),
    onSuccess: async (saved) => {
      showSuccess(t`The reporting currency is now ${saved.reportingCurrency}`)
      await invalidateRateFigures(queryClient)
    },
  })
  return (
    <Paper withBorder p="md" radius="md" data-testid="reporting-currency">
      <Stack gap="xs">
        <Title order={4}>
          <Trans>Reporting currency</Trans>
        </Title>
        <Text fz="sm" c="dimmed">
          <Trans>
            Totals across currencies are shown in this currency, each amount converted at the latest rate on
            or before its date. Amounts without a rate are shown apart, never converted at 1.
          </Trans>
        </Text>
        {setting.isPending ? (
          <Skeleton h={36} />
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t`Reporting currency`}
              data={currencies}
              value={chosen}
              onChange={setChosen}
              searchable
              allowDeselect={false}
              disabled={!mayEdit}
              w={260}
              maw="100%"
              data-testid="reporting-currency-select"
            />
            {mayEdit ? (
              <Button
                onClick={() => chosen && save.mutate(chosen)}
                loading={save.isPending}
                disabled={!chosen || chosen === setting.data?.reportingCurrency}
                data-testid="reporting-currency-save"
              >
                <Trans>Save</Trans>
              </Button>
            ) : null}
          </Group>
        )}
        {setting.data && !setting.data.isDefault && setting.data.updatedAt ? (
          <Text fz="xs" c="dimmed">
            <Trans>
              Set by {setting.data.updatedByName ?? '—'} on {formatDateTime(setting.data.updatedAt, lang)}
            </Trans>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}

function RatesList({ mayEdit }: { mayEdit: boolean }) {
  const [currency, setCurrency] = useState<string | null>(null)
  const [page, setPage] = useState(1)
  const rates = useQuery(ratesQuery({ currency: currency ?? undefined, page, pageSize: RATES_PAGE_SIZE }))
  const currencies = useCurrencyOptions()
  const [editing, setEditing] = useState<RateView | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<RateView | null>(null)
  const columns: Column<RateView>[] = [
    {
      key: 'pair',
      header: <Trans>Rate</Trans>,
      primary: true,
      miw: 200,
      cell: (r) => (
        <Text fz="sm" fw={500} data-testid="rate-sentence">
          1 {r.base} = {r.rate} {r.quote}
        </Text>
      ),
    },
    { key: 'on', header: <Trans>From date</Trans>, cell: (r) => dayText(r.on) },
    { key: 'source', header: <Trans>Source</Trans>, cell: (r) => r.source || '—' },
    { key: 'by', header: <Trans>Entered by</Trans>, cell: (r) => r.createdByName ?? '—' },
    ...(mayEdit
      ? [
          {
            key: 'actions',
            header: <Trans>Actions</Trans>,
            cell: (r: RateView) => (
              <Group gap={6} wrap="wrap">
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => setEditing(r)}
                  data-testid="rate-edit"
                >
                  <Trans>Edit</Trans>
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(r)}
                  data-testid="rate-delete"
                >
                  <Trans>Delete</Trans>
                </Button>
              </Group>
            ),
          },
        ]
      : []),
  ]
  return (
    <Stack gap="sm">
      <FilterBar
        actions={
          mayEdit ? (
            <Button onClick={() => setEditing(null)} data-testid="rate-new">
              <Trans>Add a rate</Trans>
            </Button>
          ) : null
        }
      >
        <CurrencyFilter
          currencies={currencies}
          value={currency ?? undefined}
          onChange={(v) => {
            setCurrency(v ?? null)
            setPage(1)
          }}
          w={260}
          testId="rate-filter-currency"
        />
      </FilterBar>
      {rates.isPending ? (
        <Skeleton h={160} />
      ) : rates.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The rates could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : (
        <OpList
          rows={rates.data.list}
          rowKey={(r) => r.id}
          columns={columns}
          total={rates.data.total}
          page={page}
          pageSize={RATES_PAGE_SIZE}
          onPage={setPage}
          empty={<Trans>No exchange rate yet. Add one, or import a sheet of rates.</Trans>}
          testId="rate-list"
        />
      )}
      <RateFormModal rate={editing} onClose={() => setEditing(undefined)} />
      <DeleteRateModal rate={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  )
}

type RateOut = z.output<typeof rateInput>

function RateFormModal({ rate, onClose }: { rate: RateView | null | undefined; onClose: () => void }) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Modal
      opened={rate !== undefined}
      onClose={onClose}
      title={rate ? t`Edit the rate` : t`Add a rate`}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {rate !== undefined ? <RateForm key={rate?.id ?? 'new'} rate={rate} onDone={onClose} /> : null}
    </Modal>
  )
}

function RateForm({ rate, onDone }: { rate: RateView | null; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const currencies = useCurrencyOptions()
  const form = useForm({
    schema: rateInput as z.ZodType<RateOut>,
    initialValues: {
      base: rate?.base ?? 'USD',
      quote: rate?.quote ?? 'CNY',
      on: rate?.on ?? officeToday(),
      rate: rate?.rate ?? '',
      source: rate?.source ?? '',
    } as Record<string, unknown>,
  })
  const submit = form.onSubmit(async (data) => {
    const saved = rate ? await updateRate(rate.id, data) : await createRate(data)
    showSuccess(t`Rate saved: 1 ${saved.base} = ${saved.rate} ${saved.quote}`)
    await invalidateRateFigures(queryClient)
    onDone()
  })
  return (
    <form onSubmit={submit} noValidate data-testid="rate-form">
      <Stack gap="sm">
        <FormRefusal form={form} testId="rate-form-error" />
        <Text fz="sm" c="dimmed">
          <Trans>
            One unit of the base currency is worth the rate in the quote currency, from this date on.
          </Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Base currency`}
            data={currencies}
            searchable
            required
            allowDeselect={false}
            {...form.getInputProps('base')}
            data-testid="rate-base"
          />
          <Select
            label={t`Quote currency`}
            data={currencies}
            searchable
            required
            allowDeselect={false}
            {...form.getInputProps('quote')}
            data-testid="rate-quote"
          />
          <DateField
            label={t`From date`}
            required
            value={(form.values.on as string) ?? ''}
            onChange={(v) => form.setFieldValue('on', v)}
            error={form.errors.on}
            data-testid="rate-on"
          />
          <TextInput
            label={t`Rate`}
            required
            inputMode="decimal"
            maxLength={26}
            {...form.getInputProps('rate')}
            data-testid="rate-value"
          />
        </SimpleGrid>
        <TextInput
          label={t`Source`}
          maxLength={200}
          {...form.getInputProps('source')}
          data-testid="rate-source"
        />
        <FormFooter form={form} onCancel={onDone} />
      </Stack>
    </form>
  )
}

function DeleteRateModal({ rate, onClose }: { rate: RateView | null; onClose: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: (r: RateView) => deleteRate(r.id),
    onSuccess: async () => {
      showSuccess(t`The rate is deleted`)
      await invalidateRateFigures(queryClient)
      onClose()
    },
  })
  return (
    <Modal
      opened={rate !== null}
      onClose={onClose}
      title={t`Delete this rate?`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {rate ? (
        <Stack gap="sm">
          <Text fz="sm">
            1 {rate.base} = {rate.rate} {rate.quote} · {dayText(rate.on)}
          </Text>
          <Text fz="sm" c="dimmed">
            <Trans>Totals in the reporting currency will use the rates left.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(rate)}
              data-testid="rate-delete-confirm"
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}

const COLUMN_WORDS: Record<string, MessageDescriptor> = {
  base: msg`Base currency`,
  quote: msg`Quote currency`,
  on: msg`Date`,
  rate: msg`Rate`,
  source: msg`Source`,
}

function RateImport() {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const queryClient = useQueryClient()
  const [result, setResult] = useState<RateImportResult | null>(null)
  const [csv, setCsv] = useState('')
  const done = async (r: RateImportResult) => {
    // The panel's own alert says how many were imported: no toast repeating it.
    setResult(r)
    if (r.imported > 0) await invalidateRateFigures(queryClient)
  }
  const pasted = useMutation({ mutationFn: (text: string) => importRates({ csv: text }), onSuccess: done })
  return (
    <Paper withBorder p="md" radius="md" data-testid="rate-import">
      <Stack gap="sm">
        <Title order={4}>
          <Trans>Import rates</Trans>
        </Title>
        <Text fz="sm" c="dimmed">
          <Trans>
            One rate per row with the columns Base, Quote, Date (yyyy-MM-dd) and Rate, and optionally Source
            (headings in English or Chinese: 基准币种, 报价币种, 日期, 汇率, 来源). The whole sheet is checked
            first: if any row is wrong, nothing is imported and the wrong rows are listed.
          </Trans>
        </Text>
        <ExcelImport onUploaded={(file) => importRates({ fileId: file.id })} onImported={done} />
        <Textarea
          label={t`Or paste CSV`}
          placeholder={'base,quote,date,rate\nUSD,CNY,2025-01-02,7.1'}
          autosize
          minRows={3}
          maxRows={10}
          value={csv}
          onChange={(e) => setCsv(e.currentTarget.value)}
          data-testid="rate-import-csv"
        />
        <Group justify="flex-end">
          <Button
            variant="light"
            disabled={!csv.trim()}
            loading={pasted.isPending}
            onClick={() => pasted.mutate(csv)}
            data-testid="rate-import-csv-submit"
          >
            <Trans>Import the pasted rows</Trans>
          </Button>
        </Group>
        {result && result.errors.length > 0 ? (
          <Alert
            color="red"
            title={t`Nothing was imported: ${result.errors.length} problems`}
            data-testid="rate-import-errors"
          >
            <BadRowsTable
              rows={result.errors.map((e) => ({
                row: e.row,
                column: e.column in COLUMN_WORDS ? i18n._(COLUMN_WORDS[e.column]) : '',
                reason: e.message,
              }))}
            />
          </Alert>
        ) : result ? (
          <Alert color="teal" data-testid="rate-import-done">
            <Trans>{result.imported} rates imported.</Trans>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  )
}
