// One policy's schedule of cover: each artwork's agreed value against its latest valuation, the
// policy's sum insured beside the schedule's total (they may differ once adjusted), the Excel download, and
// — for the insurance approvers, on an active policy — the agreed values edited in place and saved at once.
// A day may be picked: the schedule then reads as it was that day (read-only), and so do its downloads.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { z } from 'zod'
import { holds } from '../../../shared/access'
import {
  type PolicySchedule as PolicyScheduleView,
  positiveMoney,
  SCHEDULE_EDIT_PRIVILEGE,
  type ScheduleLine,
} from '../../../shared/contracts/insurance-schedule'
import { moneyText } from '../../../shared/money-text'
import { addMoney, compareMoney } from '../../../shared/validation'
import { isApiError } from '../../api/api-error'
import {
  insuranceScheduleKeys,
  policySchedulePath,
  policyScheduleQuery,
  savePolicySchedule,
} from '../../api/queries/insurance-schedule'
import { DateField } from '../../forms/DateField'
import { MoneyInput } from '../../forms/MoneyInput'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { formatDate } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { ArtworkThumb, useFileLinks } from '../archive/ArtworkThumb'
import { downloadFromApi } from '../archive/download'
import { FoldedList, ListFooter } from '../process/list-parts'
import { useLang } from '../process/machine-words'
import { SchedulePdfButton } from '../reports/ReportPdfButton'
import { LineFlag, percentText, ValuationText } from './schedule-words'

/** An agreed value as typed: empty (left as it is) or an amount above zero. */
const editSchema = z.object({
  items: z.array(
    z.object({
      artworkId: z.string(),
      insuredAmount: z
        .string()
        .refine((v) => v === '' || positiveMoney.safeParse(v).success, { message: 'positiveMoney' }),
    }),
  ),
})
type EditValues = z.infer<typeof editSchema>

/** The "Schedule (Excel)" download of a policy; with `at`, as it was on that day. */
export function ScheduleDownloadButton({
  policyId,
  policyNo,
  at = '',
}: {
  policyId: string
  policyNo: string
  at?: string
}) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy}
      data-testid="schedule-download"
      onClick={async () => {
        setBusy(true)
        try {
          await downloadFromApi(
            policySchedulePath(policyId),
            at ? { at } : undefined,
            `${policyNo || 'schedule'}${at ? `-${at}` : ''}.xlsx`,
          )
        } catch {
          // Refusals are toasted by the client's one handler.
        } finally {
          setBusy(false)
        }
      }}
    >
      <Trans>Schedule (Excel)</Trans>
    </Button>
  )
}

export function PolicySchedule({ policyId }: { policyId: string }) {
  const { t } = useLingui()
  const [at, setAt] = useState('')
  const schedule = useQuery(policyScheduleQuery(policyId, at))
  const picker = (
    <DateField
      label={t`Schedule as it was on`}
      value={at}
      onChange={setAt}
      upToToday
      w={220}
      data-testid="schedule-as-of"
    />
  )
  if (schedule.isPending)
    return (
      <Stack gap="sm">
        {picker}
        <Skeleton h={160} />
      </Stack>
    )
  if (schedule.isError || !schedule.data)
    return (
      <Stack gap="sm">
        {picker}
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          <Trans>The schedule of cover could not be loaded.</Trans>
        </Alert>
      </Stack>
    )
  // A new schedule from the server (saved, or changed elsewhere) starts the form again from its values.
  return (
    <Stack gap="sm">
      {picker}
      <ScheduleEditor key={schedule.dataUpdatedAt} schedule={schedule.data} />
    </Stack>
  )
}

function ScheduleEditor({ schedule }: { schedule: PolicyScheduleView }) {
  const { t } = useLingui()
  const lang = useLang()
  const me = useMe()
  const queryClient = useQueryClient()
  const { policy, lines } = schedule
  const mayEdit = schedule.editable && holds(me, SCHEDULE_EDIT_PRIVILEGE)
  const initial = useMemo(
    () => ({ items: lines.map((l) => ({ artworkId: l.artwork.id, insuredAmount: l.insuredAmount ?? '' })) }),
    [lines],
  )
  const form = useForm<EditValues, EditValues>({ schema: editSchema, initialValues: initial })
  const links = useFileLinks(lines.map((l) => l.artwork.previewFileId))
  const save = useMutation({
    mutationFn: (items: { artworkId: string; insuredAmount: string }[]) =>
      savePolicySchedule(policy.id, { items }),
  })
  const typed = form.values.items
    .map((i) => i.insuredAmount)
    .filter((v) => positiveMoney.safeParse(v).success)
  const liveTotal = typed.length ? addMoney('0', ...typed) : schedule.scheduleTotal
  const differs =
    liveTotal !== null && policy.insuredAmount !== null && compareMoney(liveTotal, policy.insuredAmount) !== 0
  const changed = form.values.items.some((item, i) => {
    const before = lines[i]?.insuredAmount ?? ''
    return item.insuredAmount !== '' && (before === '' || compareMoney(item.insuredAmount, before) !== 0)
  })

  const submit = form.onSubmit(async (data) => {
    // Only the amounts typed go (an empty field keeps its line as it is); the server's field errors come
    // back by the position sent, and land at the line they name.
    const sent = data.items.map((item, index) => ({ item, index })).filter(({ item }) => item.insuredAmount)
    try {
      await save.mutateAsync(sent.map(({ item }) => item))
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        const errors: Record<string, string> = {}
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          const m = /^items\.(\d+)\.(.+)$/.exec(key)
          const at = m ? sent[Number(m[1])]?.index : undefined
          errors[at === undefined ? '_' : `items.${at}.insuredAmount`] = message
        }
        form.setErrors(errors)
        return
      }
      throw error
    }
    showSuccess(t`Schedule of cover saved`)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: insuranceScheduleKeys.schedule(policy.id) }),
      queryClient.invalidateQueries({ queryKey: insuranceScheduleKeys.underInsuredAll() }),
    ])
  })

  const amountCell = (line: ScheduleLine, i: number) =>
    mayEdit ? (
      <MoneyInput
        size="xs"
        aria-label={t`Insured amount of ${line.artwork.inventoryNo}`}
        rightSection={<Text fz={10}>{policy.currency}</Text>}
        rightSectionWidth={40}
        data-testid="schedule-amount"
        value={form.values.items[i]?.insuredAmount ?? ''}
        error={form.errors[`items.${i}.insuredAmount`]}
        onChange={(v) => form.setFieldValue(`items.${i}.insuredAmount`, v)}
      />
    ) : (
      <Text fz="sm" data-testid="schedule-amount-text">
        {moneyText(line.insuredAmount, policy.currency) || '—'}
      </Text>
    )
  const title = (line: ScheduleLine) =>
    lang === 'en'
      ? line.artwork.titleEn || line.artwork.titleZh
      : line.artwork.titleZh || line.artwork.titleEn
  const flag = (line: ScheduleLine) => (
    <LineFlag
      flagged={line.flagged}
      reason={line.reason}
      currency={line.valuation?.currency ?? null}
      ratio={schedule.ratio}
      lang={lang}
    />
  )
  const artwork = (line: ScheduleLine) => (
    <Group gap="sm" wrap="nowrap">
      <ArtworkThumb fileId={line.artwork.previewFileId} links={links} alt={title(line)} w={44} h={44} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fz="sm" fw={500} lineClamp={2}>
          {title(line)}
        </Text>
        <Text fz="xs" c="dimmed">
          {line.artwork.inventoryNo}
          {line.artwork.artistName ? ` · ${line.artwork.artistName}` : ''}
        </Text>
      </Stack>
    </Group>
  )

  return (
    <form onSubmit={submit} noValidate data-testid="policy-schedule" data-policy-id={policy.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>
              {policy.policyNo || '—'} · {policy.insurer}
            </Text>
            <Text fz="sm" c="dimmed">
              {formatDate(policy.startDate, lang)} – {formatDate(policy.endDate, lang)}
            </Text>
          </Stack>
          <Group gap="xs">
            <ScheduleDownloadButton
              policyId={policy.id}
              policyNo={policy.policyNo}
              at={schedule.asOf ?? ''}
            />
            <SchedulePdfButton policyId={policy.id} policyNo={policy.policyNo} at={schedule.asOf ?? ''} />
          </Group>
        </Group>
        {schedule.asOf ? (
          <Alert color="gray" variant="light" data-testid="schedule-as-of-note">
            <Trans>
              The schedule as it was on {formatDate(schedule.asOf, lang)}: the artworks the policy covered
              that day, against their valuations of that day. It cannot be changed.
            </Trans>
          </Alert>
        ) : null}
        <Group gap="lg" wrap="wrap">
          <Text fz="sm">
            <Trans>Policy sum insured</Trans>:{' '}
            <b data-testid="schedule-policy-total">
              {moneyText(policy.insuredAmount, policy.currency) || '—'}
            </b>
          </Text>
          <Text fz="sm">
            <Trans>Schedule total</Trans>:{' '}
            <b data-testid="schedule-total">{moneyText(liveTotal, policy.currency) || '—'}</b>
          </Text>
        </Group>
        {differs ? (
          <Alert color="yellow" p="xs" data-testid="schedule-differs">
            <Trans>
              The schedule does not add up to the policy's sum insured: the insurer should confirm both.
            </Trans>
          </Alert>
        ) : null}
        {!schedule.editable ? (
          <Text fz="sm" c="dimmed">
            <Trans>This policy has lapsed or is void: its schedule can no longer be changed.</Trans>
          </Text>
        ) : null}
        {form.errors._ ? (
          <Text fz="sm" c="red">
            {form.errors._}
          </Text>
        ) : null}
        <FoldedList
          cardsTestId="schedule-cards"
          tableTestId="schedule-table"
          highlight={false}
          cards={lines.map((line, i) => (
            <Stack
              key={line.artwork.id}
              gap={6}
              p="md"
              data-line={line.artwork.id}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              {artwork(line)}
              <Text fz="xs" c="dimmed">
                <Trans>Latest valuation</Trans>: <ValuationText valuation={line.valuation} lang={lang} />
              </Text>
              {amountCell(line, i)}
              <Group gap="xs">
                {line.percent !== null ? <Text fz="sm">{percentText(line.percent, lang)}</Text> : null}
                {flag(line)}
              </Group>
            </Stack>
          ))}
          table={
            <>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Artwork</Trans>
                  </Table.Th>
                  <Table.Th w={220}>
                    <Trans>Latest valuation</Trans>
                  </Table.Th>
                  <Table.Th w={200}>
                    <Trans>Insured amount</Trans>
                  </Table.Th>
                  <Table.Th w={90}>
                    <Trans>Ratio</Trans>
                  </Table.Th>
                  <Table.Th w={180}>
                    <Trans>Flag</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, i) => (
                  <Table.Tr key={line.artwork.id} data-line={line.artwork.id}>
                    <Table.Td>{artwork(line)}</Table.Td>
                    <Table.Td fz="sm">
                      <ValuationText valuation={line.valuation} lang={lang} />
                    </Table.Td>
                    <Table.Td>{amountCell(line, i)}</Table.Td>
                    <Table.Td fz="sm">
                      {line.percent !== null ? percentText(line.percent, lang) : '—'}
                    </Table.Td>
                    <Table.Td>{flag(line)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </>
          }
          footer={
            <ListFooter
              count={<Trans>{lines.length} artworks on the schedule</Trans>}
              total={lines.length}
              page={1}
              pageSize={Math.max(1, lines.length)}
              onPage={() => {}}
              testId="schedule-count"
            />
          }
        />
        {mayEdit ? (
          <Group justify="flex-end">
            <Button variant="default" disabled={!changed} onClick={() => form.setValues(initial)}>
              <Trans>Undo changes</Trans>
            </Button>
            <SubmitButton form={form} disabled={!changed}>
              <Trans>Save schedule</Trans>
            </SubmitButton>
          </Group>
        ) : null}
      </Stack>
    </form>
  )
}
