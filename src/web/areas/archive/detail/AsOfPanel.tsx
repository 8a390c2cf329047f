// The artwork as it was on a day: a date picker (no day after the office's today), then that day's status,
// place, value, cover, owners and record version, beside today's, and the fields of the record changed
// since — in words, as the change history names them, with the value then and now.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { ArtworkAsOf } from '../../../../shared/contracts/as-of'
import { moneyText } from '../../../../shared/money-text'
import { artworkAsOfQuery } from '../../../api/queries/as-of'
import { DateField } from '../../../forms/DateField'
import { formatDate } from '../../../i18n/format'
import { officeToday } from '../../../i18n/office-zone'
import { useSeesValues } from '../../../session/use-session'
import { artworkStatusLabel, FIELD_LABELS } from '../archive-labels'
import type { ArchiveReference } from '../reference-data'
import { type ChangeContext, changeValueText, EMPTY_VALUE } from './change-values'
import { Section } from './RecordPanels'

type Lang = 'zh-CN' | 'en'

/** One part of the day in words (status, place, value, cover, owners), the same way for the day and today. */
export function asOfWords(a: ArtworkAsOf, lang: Lang) {
  const room = a.room ? (lang === 'en' ? a.room.nameEn || a.room.nameZh : a.room.nameZh || a.room.nameEn) : ''
  return {
    status: a.status ? artworkStatusLabel(a.status, lang) : EMPTY_VALUE,
    place: room || a.location || EMPTY_VALUE,
    value: a.latestValuation
      ? `${moneyText(a.latestValuation)} ${a.valuationCurrency ?? ''} (${formatDate(a.valuationDate, lang)})`
      : EMPTY_VALUE,
    cover: a.coveredBy.length > 0 ? a.coveredBy.join(', ') : EMPTY_VALUE,
    owners:
      a.owners.length > 0
        ? a.owners
            .map((o) => `${lang === 'en' ? o.nameEn || o.nameZh : o.nameZh || o.nameEn} ${o.sharePercent} %`)
            .join(', ')
        : EMPTY_VALUE,
  }
}

function Fact({ label, then, now }: { label: ReactNode; then: string; now: string }) {
  const changed = then !== now
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {then}
      </Text>
      {changed ? (
        <Text fz="xs" c="orange.8">
          <Trans>Today: {now}</Trans>
        </Text>
      ) : null}
    </Stack>
  )
}

function DayFacts({ day, today, lang }: { day: ArtworkAsOf; today: ArtworkAsOf; lang: Lang }) {
  const then = asOfWords(day, lang)
  const now = asOfWords(today, lang)
  const values = useSeesValues()
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="as-of-facts">
      <Fact label={<Trans>Status</Trans>} then={then.status} now={now.status} />
      <Fact label={<Trans>Place</Trans>} then={then.place} now={now.place} />
      {values ? <Fact label={<Trans>Value</Trans>} then={then.value} now={now.value} /> : null}
      <Fact label={<Trans>Covered by</Trans>} then={then.cover} now={now.cover} />
      <Fact label={<Trans>Owners</Trans>} then={then.owners} now={now.owners} />
      <Fact
        label={<Trans>Record version</Trans>}
        then={String(day.recordVersion ?? EMPTY_VALUE)}
        now={String(today.recordVersion ?? EMPTY_VALUE)}
      />
    </SimpleGrid>
  )
}

/** The record's fields changed since the day, named in words (a field without a name is not shown). */
function ChangedSince({ day, ctx }: { day: ArtworkAsOf; ctx: ChangeContext }) {
  const { i18n } = useLingui()
  const named = day.changedSince.filter((c) => FIELD_LABELS[c.field])
  if (named.length === 0)
    return (
      <Text fz="sm" c="dimmed" data-testid="as-of-unchanged">
        <Trans>The record has not changed since that day.</Trans>
      </Text>
    )
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="as-of-changes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Changed since</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Then</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Now</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {named.map((c) => (
          <Table.Tr key={c.field}>
            <Table.Td>{i18n._(FIELD_LABELS[c.field])}</Table.Td>
            <Table.Td>{changeValueText(c.field, c.old, ctx)}</Table.Td>
            <Table.Td>{changeValueText(c.field, c.new, ctx)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

export function AsOfPanel({
  artworkId,
  reference,
  artistName,
}: {
  artworkId: string
  reference: ArchiveReference
  artistName: (id: string) => string | undefined
}) {
  const { t, i18n } = useLingui()
  const lang = reference.lang
  const today = officeToday()
  const [day, setDay] = useState('')
  const asked = useQuery({ ...artworkAsOfQuery(artworkId, day), enabled: day !== '' })
  const now = useQuery({ ...artworkAsOfQuery(artworkId, today), enabled: day !== '' })
  const ctx: ChangeContext = { i18n, reference, artistName }
  return (
    <Section title={<Trans>As of a date</Trans>} testId="artwork-as-of">
      <Stack gap="md">
        <Group align="flex-end">
          <DateField
            label={t`Show the artwork as it was on`}
            value={day}
            onChange={setDay}
            upToToday
            w={240}
            data-testid="as-of-date"
          />
          {asked.isFetching || now.isFetching ? <Loader size="sm" /> : null}
        </Group>
        {day === '' ? (
          <Text fz="sm" c="dimmed">
            <Trans>
              Pick a day to see this artwork's record, place, status, value and cover as they were then, and
              what has changed since.
            </Trans>
          </Text>
        ) : asked.isError ? (
          <Alert color="red" variant="light">
            {asked.error.message}
          </Alert>
        ) : asked.data && now.data ? (
          asked.data.existed ? (
            <Stack gap="md">
              <DayFacts day={asked.data} today={now.data} lang={lang} />
              <ChangedSince day={asked.data} ctx={ctx} />
            </Stack>
          ) : (
            <Text fz="sm" data-testid="as-of-not-yet">
              <Trans>This artwork was not yet in the archive on {formatDate(day, lang)}.</Trans>
            </Text>
          )
        ) : null}
      </Stack>
    </Section>
  )
}
