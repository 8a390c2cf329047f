// The "Under-insured" tab of the insurance screen: the ratio in force (editable by the settings'
// administrators), the covered artworks insured below it of their latest valuation in the same currency —
// largest shortfall first — and those that cannot be compared (another currency: never converted; no
// valuation; no schedule value), and per policy its schedule of cover (to see and adjust) and its Excel.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { holds } from '../../../shared/access'
import {
  type CheckedPolicy,
  MAX_RATIO,
  MIN_RATIO,
  SETTINGS_EDIT_PRIVILEGE,
  type UnderInsuredList,
  type UnderInsuredRow,
} from '../../../shared/contracts/insurance-schedule'
import { moneyText } from '../../../shared/money-text'
import {
  insuranceScheduleKeys,
  insuranceSettingsQuery,
  saveInsuranceSettings,
  underInsuredQuery,
} from '../../api/queries/insurance-schedule'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { formatDate, formatDateTime } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { ArtworkThumb, useFileLinks } from '../archive/ArtworkThumb'
import { FoldedList, ListEmpty, ListFooter } from '../process/list-parts'
import { useLang } from '../process/machine-words'
import { PolicySchedule, ScheduleDownloadButton } from './PolicySchedule'
import { percentText, useReasonText, ValuationText } from './schedule-words'

const PAGE_SIZE = 20

/** The ratio as a percentage typed on the screen (50 to 150, one decimal); the server checks it again. */
const ratioForm = z.object({
  percent: z
    .number({ message: 'badRatio' })
    .min(MIN_RATIO * 100, { message: 'badRatio' })
    .max(MAX_RATIO * 100, { message: 'badRatio' })
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { message: 'badRatio' }),
})
type RatioValues = { percent: number | string }

function RatioCard() {
  const { t } = useLingui()
  const lang = useLang()
  const me = useMe()
  const queryClient = useQueryClient()
  const settings = useQuery(insuranceSettingsQuery())
  const mayEdit = holds(me, SETTINGS_EDIT_PRIVILEGE)
  const [editing, setEditing] = useState(false)
  const form = useForm<RatioValues, z.infer<typeof ratioForm>>({
    schema: ratioForm,
    initialValues: { percent: '' },
  })
  if (settings.isPending) return <Skeleton h={72} />
  if (!settings.data) return null
  const s = settings.data
  const open = () => {
    form.setValues({ percent: Math.round(s.underInsuranceRatio * 1000) / 10 })
    form.setErrors({})
    setEditing(true)
  }
  const submit = form.onSubmit(async ({ percent }) => {
    await saveInsuranceSettings({ underInsuranceRatio: Math.round(percent * 10) / 1000 })
    showSuccess(t`Saved`)
    setEditing(false)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: insuranceScheduleKeys.settings() }),
      queryClient.invalidateQueries({ queryKey: insuranceScheduleKeys.underInsuredAll() }),
      queryClient.invalidateQueries({ queryKey: [...insuranceScheduleKeys.all, 'schedule'] }),
    ])
  })
  const pct = percentText(s.underInsuranceRatio, lang, true)
  return (
    <Card withBorder radius="md" padding="md" data-testid="ratio-card">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fz="sm" c="dimmed">
            <Trans>Under-insured when insured below this share of the latest valuation</Trans>
          </Text>
          <Text fz={28} fw={700} data-testid="ratio-in-force">
            {pct}
          </Text>
          <Text fz="xs" c="dimmed">
            {s.isDefault ? (
              <Trans>The default</Trans>
            ) : (
              <Trans>
                Set by {s.updatedByName ?? '—'} on {formatDateTime(s.updatedAt, lang)}
              </Trans>
            )}
          </Text>
        </Stack>
        {mayEdit && !editing ? (
          <Button size="xs" variant="default" onClick={open} data-testid="ratio-edit">
            <Trans>Change</Trans>
          </Button>
        ) : null}
      </Group>
      {editing ? (
        <form onSubmit={submit} noValidate data-testid="ratio-form">
          <FormRefusal form={form} />
          <Group align="flex-start" mt="sm" gap="xs" wrap="wrap">
            <NumberInput
              label={t`Ratio (%)`}
              description={t`From 50 % to 150 %`}
              min={50}
              max={150}
              step={5}
              decimalScale={1}
              clampBehavior="none"
              suffix=" %"
              w={180}
              value={form.values.percent}
              onChange={(v) => form.setFieldValue('percent', v === '' ? '' : Number(v))}
              error={form.errors.percent}
              data-testid="ratio-input"
            />
            <Group gap="xs" mt={46}>
              <Button variant="default" size="xs" onClick={() => setEditing(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <SubmitButton form={form} size="xs">
                <Trans>Save</Trans>
              </SubmitButton>
            </Group>
          </Group>
        </form>
      ) : null}
    </Card>
  )
}

function artworkTitle(row: UnderInsuredRow, lang: string) {
  return lang === 'en'
    ? row.artwork.titleEn || row.artwork.titleZh
    : row.artwork.titleZh || row.artwork.titleEn
}

/** The rows as phone cards and as a table (a hook: it reads the language and the thumbnails' links). */
function useRows(list: UnderInsuredList, rows: UnderInsuredRow[], ratio: number) {
  const lang = useLang()
  const reasonText = useReasonText()
  const links = useFileLinks(rows.map((r) => r.artwork.previewFileId))
  const artwork = (row: UnderInsuredRow) => (
    <Group gap="sm" wrap="nowrap">
      <ArtworkThumb
        fileId={row.artwork.previewFileId}
        links={links}
        alt={artworkTitle(row, lang)}
        w={48}
        h={48}
      />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fz="sm" fw={500} lineClamp={2}>
          {artworkTitle(row, lang)}
        </Text>
        <Text fz="xs" c="dimmed">
          {row.artwork.inventoryNo}
        </Text>
      </Stack>
    </Group>
  )
  const policy = (row: UnderInsuredRow) => (
    <Text fz="xs" c="dimmed">
      {row.policy.policyNo || '—'} · {row.policy.insurer}
    </Text>
  )
  const standing = (row: UnderInsuredRow) =>
    row.reason ? (
      <Badge color="gray" variant="light" style={{ whiteSpace: 'normal' }} data-reason={row.reason}>
        {reasonText(row.reason, row.valuation?.currency ?? null)}
      </Badge>
    ) : (
      <Text fz="sm" c="red" fw={500}>
        <Trans>
          {moneyText(row.shortfall, row.policy.currency) || '—'} short of {percentText(ratio, lang, true)}
        </Trans>
      </Text>
    )
  return {
    cards: rows.map((row) => (
      <Stack
        key={`${row.policy.id}-${row.artwork.id}`}
        gap={6}
        p="md"
        data-row={row.artwork.id}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {artwork(row)}
        {policy(row)}
        <Text fz="sm">
          <Trans>Insured</Trans>: {moneyText(row.insuredAmount, row.policy.currency) || '—'}
          {row.percent !== null ? ` (${percentText(row.percent, lang)})` : ''}
        </Text>
        <Text fz="sm">
          <Trans>Latest valuation</Trans>: <ValuationText valuation={row.valuation} lang={lang} />
        </Text>
        {standing(row)}
      </Stack>
    )),
    table: (
      <>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Artwork</Trans>
            </Table.Th>
            <Table.Th w={170}>
              <Trans>Policy</Trans>
            </Table.Th>
            <Table.Th w={170}>
              <Trans>Insured amount</Trans>
            </Table.Th>
            <Table.Th w={210}>
              <Trans>Latest valuation</Trans>
            </Table.Th>
            <Table.Th w={80}>
              <Trans>Ratio</Trans>
            </Table.Th>
            <Table.Th w={190}>{list === 'flagged' ? <Trans>Shortfall</Trans> : <Trans>Why</Trans>}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.policy.id}-${row.artwork.id}`} data-row={row.artwork.id}>
              <Table.Td>{artwork(row)}</Table.Td>
              <Table.Td>
                <Text fz="sm">{row.policy.policyNo || '—'}</Text>
                <Text fz="xs" c="dimmed">
                  {row.policy.insurer}
                </Text>
              </Table.Td>
              <Table.Td fz="sm">{moneyText(row.insuredAmount, row.policy.currency) || '—'}</Table.Td>
              <Table.Td fz="sm">
                <ValuationText valuation={row.valuation} lang={lang} />
              </Table.Td>
              <Table.Td fz="sm">{row.percent !== null ? percentText(row.percent, lang) : '—'}</Table.Td>
              <Table.Td>{standing(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </>
    ),
  }
}

function PolicyCards({
  policies,
  onOpen,
}: {
  policies: CheckedPolicy[]
  onOpen: (p: CheckedPolicy) => void
}) {
  const lang = useLang()
  if (policies.length === 0) return null
  return (
    <Stack gap="xs" data-testid="checked-policies">
      <Title order={4}>
        <Trans>Schedules of cover</Trans>
      </Title>
      {policies.map((p) => (
        <Card key={p.id} withBorder radius="md" padding="sm" data-policy={p.id}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} fz="sm">
                {p.policyNo || '—'} · {p.insurer}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDate(p.startDate, lang)} – {formatDate(p.endDate, lang)} ·{' '}
                <Plural value={p.artworkCount} one="# artwork" other="# artworks" />
              </Text>
              <Text fz="xs">
                <Trans>Sum insured</Trans>: {moneyText(p.insuredAmount, p.currency) || '—'} ·{' '}
                <Trans>Schedule total</Trans>: {moneyText(p.scheduleTotal, p.currency) || '—'}
              </Text>
            </Stack>
            <Group gap="xs">
              {p.flagged > 0 ? (
                <Badge color="red" variant="light">
                  <Plural value={p.flagged} one="# under-insured" other="# under-insured" />
                </Badge>
              ) : null}
              <Button size="xs" variant="light" onClick={() => onOpen(p)} data-testid="schedule-open">
                <Trans>Schedule</Trans>
              </Button>
              <ScheduleDownloadButton policyId={p.id} policyNo={p.policyNo} />
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  )
}

export function UnderInsuredPanel() {
  const { t } = useLingui()
  const [list, setList] = useState<UnderInsuredList>('flagged')
  const [page, setPage] = useState(1)
  const [opened, setOpened] = useState<CheckedPolicy | null>(null)
  const data = useQuery(underInsuredQuery({ list, page, pageSize: PAGE_SIZE }))
  const view = data.data
  const rows = useRows(list, view?.list ?? [], view?.ratio ?? 0)
  return (
    <Stack gap="md" data-testid="under-insured-panel">
      <RatioCard />
      <SegmentedControl
        fullWidth
        value={list}
        onChange={(v) => {
          setList(v as UnderInsuredList)
          setPage(1)
        }}
        data-testid="under-insured-list"
        data={[
          {
            value: 'flagged',
            label: view ? t`Under-insured (${view.counts.flagged})` : t`Under-insured`,
          },
          {
            value: 'notComparable',
            label: view ? t`Cannot compare (${view.counts.notComparable})` : t`Cannot compare`,
          },
        ]}
      />
      {list === 'notComparable' ? (
        <Text fz="sm" c="dimmed">
          <Trans>
            Amounts in different currencies are never compared or converted: these artworks are valued in
            another currency than their policy, have no valuation, or have no value on the policy's schedule.
          </Trans>
        </Text>
      ) : null}
      {data.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          <Trans>The under-insured artworks could not be loaded.</Trans>
        </Alert>
      ) : !view ? (
        <Skeleton h={200} />
      ) : view.list.length === 0 ? (
        <ListEmpty
          testId="under-insured-empty"
          title={
            list === 'flagged' ? (
              <Trans>No artwork is under-insured</Trans>
            ) : (
              <Trans>Every covered artwork can be compared</Trans>
            )
          }
          description={
            list === 'flagged' ? (
              <Trans>
                Every covered artwork valued in its policy's currency is insured at or above the ratio.
              </Trans>
            ) : (
              <Trans>
                Each covered artwork has a schedule value and a valuation in its policy's currency.
              </Trans>
            )
          }
        />
      ) : (
        <div data-testid={`under-insured-${list}`}>
          <FoldedList
            cardsTestId="under-insured-cards"
            tableTestId="under-insured-table"
            cards={rows.cards}
            table={rows.table}
            footer={
              <ListFooter
                count={<Plural value={view.total} one="# artwork" other="# artworks" />}
                total={view.total}
                page={view.page}
                pageSize={view.pageSize}
                onPage={setPage}
                testId="under-insured-count"
              />
            }
          />
        </div>
      )}
      {view ? <PolicyCards policies={view.policies} onOpen={setOpened} /> : null}
      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? t`Schedule of cover: ${opened.policyNo || opened.insurer}` : ''}
        size="72rem"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {opened ? <PolicySchedule policyId={opened.id} /> : null}
      </Modal>
    </Stack>
  )
}
