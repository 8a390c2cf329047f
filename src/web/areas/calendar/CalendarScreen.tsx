// /authManage/calendar: the office's business calendar — the region whose public holidays and make-up
// working days it follows, its weekend, and the list of dated days (the region's and the office's own
// closures), added and removed by whoever holds authManage:calendar. Due dates, reminders and escalation of
// tasks are counted in the working days this calendar leaves.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import {
  CALENDAR_DAY_KINDS,
  CALENDAR_NAME_MAX,
  type CalendarDayInput,
  type CalendarDayKind,
  type CalendarDayRow,
  type CalendarRegion,
  type CalendarView,
  calendarDaysInput,
} from '../../../shared/contracts/calendar'
import { calendarDateText } from '../../../shared/office-time'
import {
  addCalendarDays,
  calendarKeys,
  calendarQuery,
  removeCalendarDay,
  saveCalendarSettings,
} from '../../api/queries/calendar'
import { ConfirmModal } from '../../forms/ConfirmModal'
import { DateField } from '../../forms/DateField'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { useLang } from '../process/machine-words'

export const DAY_KIND_WORDS: Record<CalendarDayKind, MessageDescriptor> = {
  holiday: msg`Public holiday`,
  workday: msg`Make-up working day`,
  closure: msg`Office closure`,
}
const KIND_COLOURS: Record<CalendarDayKind, string> = { holiday: 'red', workday: 'teal', closure: 'orange' }

/** Weekdays as Date.getUTCDay() numbers them, listed Monday first. */
const WEEKDAYS: { value: number; label: MessageDescriptor }[] = [
  { value: 1, label: msg`Monday` },
  { value: 2, label: msg`Tuesday` },
  { value: 3, label: msg`Wednesday` },
  { value: 4, label: msg`Thursday` },
  { value: 5, label: msg`Friday` },
  { value: 6, label: msg`Saturday` },
  { value: 0, label: msg`Sunday` },
]

export function CalendarScreen() {
  const me = useMe()
  const mayEdit = holds(me, 'authManage:calendar')
  const calendar = useQuery(calendarQuery())
  return (
    <>
      <PageHeader
        description={
          <Trans>
            The office&apos;s working days: due dates, reminders and escalations of tasks count only these
            days.
          </Trans>
        }
      />
      {calendar.isPending ? (
        <Skeleton h={240} />
      ) : calendar.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The calendar could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : (
        <Stack gap="md" data-testid="calendar-screen">
          <SettingsCard view={calendar.data} mayEdit={mayEdit} />
          {mayEdit ? <AddDayCard /> : null}
          <DaysCard view={calendar.data} mayEdit={mayEdit} />
        </Stack>
      )}
    </>
  )
}

function SettingsCard({ view, mayEdit }: { view: CalendarView; mayEdit: boolean }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const [region, setRegion] = useState<CalendarRegion>(view.region)
  const [weekend, setWeekend] = useState<string[]>(view.weekend.map(String))
  const [saving, setSaving] = useState(false)
  const years = view.regions.find((r) => r.value === region)?.years ?? []
  const changed =
    region !== view.region || [...weekend].sort().join() !== view.weekend.map(String).sort().join()
  const save = async () => {
    setSaving(true)
    try {
      await saveCalendarSettings({ region, weekend: weekend.map(Number) })
      showSuccess(t`The calendar was saved`)
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all })
    } finally {
      setSaving(false)
    }
  }
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz={16}>
          <Trans>Region and weekend</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Public holidays of`}
            data={view.regions.map((r) => ({ value: r.value, label: r.label }))}
            value={region}
            onChange={(v) => v && setRegion(v as CalendarRegion)}
            allowDeselect={false}
            disabled={!mayEdit}
            data-testid="calendar-region"
          />
          <Checkbox.Group label={t`Weekend`} value={weekend} onChange={setWeekend}>
            <Group gap="sm" mt={6}>
              {WEEKDAYS.map((d) => (
                <Checkbox
                  key={d.value}
                  value={String(d.value)}
                  label={i18n._(d.label)}
                  disabled={!mayEdit}
                  data-testid={`calendar-weekend-${d.value}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
        </SimpleGrid>
        <Text fz="sm" c="dimmed" data-testid="calendar-years">
          {years.length > 0 ? (
            <Trans>
              Days known for: {years.join(', ')}. A later year is added when its official notice is out.
            </Trans>
          ) : (
            <Trans>No region: only the weekend and the office&apos;s own days.</Trans>
          )}
        </Text>
        <Text fz="sm" c="dimmed">
          {view.todayWorking ? (
            <Trans>Today ({calendarDateText(view.today, lang)}) is a working day.</Trans>
          ) : (
            <Trans>Today ({calendarDateText(view.today, lang)}) is not a working day.</Trans>
          )}
        </Text>
        {mayEdit ? (
          <Group>
            <Button onClick={save} loading={saving} disabled={!changed} data-testid="calendar-settings-save">
              <Trans>Save region and weekend</Trans>
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  )
}

interface DayValues {
  days: { day: string; kind: string; nameZh: string; nameEn: string }[]
}

function AddDayCard() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const blank = { day: '', kind: 'closure', nameZh: '', nameEn: '' }
  const form = useForm<DayValues, { days: CalendarDayInput[] }>({
    schema: calendarDaysInput,
    initialValues: { days: [blank] },
  })
  const submit = form.onSubmit(async (data) => {
    await addCalendarDays(data.days)
    showSuccess(t`The day was added to the calendar`)
    await queryClient.invalidateQueries({ queryKey: calendarKeys.all })
    form.setValues({ days: [blank] })
  })
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate data-testid="calendar-day-form">
        <Stack gap="sm">
          <Title order={3} fz={16}>
            <Trans>Add a day</Trans>
          </Title>
          <FormRefusal form={form} testId="calendar-day-error" />
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <DateField
              label={t`Date`}
              required
              {...form.getInputProps('days.0.day')}
              data-testid="calendar-day-date"
            />
            <Select
              label={t`Kind`}
              required
              allowDeselect={false}
              data={CALENDAR_DAY_KINDS.map((k) => ({ value: k, label: i18n._(DAY_KIND_WORDS[k]) }))}
              {...form.getInputProps('days.0.kind')}
              data-testid="calendar-day-kind"
            />
            <TextInput
              label={t`Name in Chinese`}
              maxLength={CALENDAR_NAME_MAX}
              {...form.getInputProps('days.0.nameZh')}
              data-testid="calendar-day-name-zh"
            />
            <TextInput
              label={t`Name in English`}
              maxLength={CALENDAR_NAME_MAX}
              {...form.getInputProps('days.0.nameEn')}
              data-testid="calendar-day-name-en"
            />
          </SimpleGrid>
          <Group>
            <SubmitButton form={form}>
              <Trans>Add</Trans>
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

function DaysCard({ view, mayEdit }: { view: CalendarView; mayEdit: boolean }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [removing, setRemoving] = useState<CalendarDayRow | null>(null)
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz={16}>
          <Trans>Dated days</Trans>
        </Title>
        {view.days.length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="calendar-empty">
            <Trans>No dated day: the office works every day but the weekend.</Trans>
          </Text>
        ) : (
          <Table striped data-testid="calendar-days">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Date`}</Table.Th>
                <Table.Th>{t`Kind`}</Table.Th>
                <Table.Th>{t`Name`}</Table.Th>
                <Table.Th>{t`From`}</Table.Th>
                {mayEdit ? <Table.Th /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.days.map((d) => (
                <Table.Tr key={d.day} data-testid="calendar-day-row" data-day={d.day} data-kind={d.kind}>
                  <Table.Td>{calendarDateText(d.day, lang)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={KIND_COLOURS[d.kind]} radius="sm">
                      {i18n._(DAY_KIND_WORDS[d.kind])}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{d.name}</Table.Td>
                  <Table.Td>{d.origin === 'region' ? t`The region` : t`The office`}</Table.Td>
                  {mayEdit ? (
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving(d)}
                        data-testid="calendar-day-remove"
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmModal
        subject={removing}
        title={(s) => t`Remove ${calendarDateText(s.day, lang)} from the calendar?`}
        effect={() => (
          <Trans>The office keeps this day by its weekday again. Due dates counted from now on follow.</Trans>
        )}
        confirm={() => ({ label: <Trans>Remove</Trans>, color: 'red' })}
        send={(s) => removeCalendarDay(s.day)}
        done={() => t`The day was removed from the calendar`}
        invalidate={calendarKeys.all}
        testId="calendar-day-remove-confirm"
        onClose={() => setRemoving(null)}
      />
    </Card>
  )
}
