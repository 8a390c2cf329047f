// The data centre's "As of a date" tab: the collection as it was on the day picked (kept in the URL as
// `asOf`) — how many artworks, by status and by room, the value at that day's valuations and rates in the
// reporting currency, what no rate converted (apart, never added) — and the same as Excel and as a PDF.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ARTWORK_STATUS_LABELS } from '../../../shared/contracts/artworks'
import type { CollectionAsOf } from '../../../shared/contracts/as-of'
import { langOf } from '../../../shared/lang'
import { moneyText } from '../../../shared/money-text'
import { collectionAsOfQuery } from '../../api/queries/as-of'
import { DateField } from '../../forms/DateField'
import { formatNumber } from '../../i18n/format'
import { downloadFromApi } from '../archive/download'
import { ReportPdfButton } from '../reports/ReportPdfButton'

const asOfPdf = (day: string) => `/api/collection/as-of.pdf?at=${encodeURIComponent(day)}`

function Figure({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="lg" fw={600}>
        {children}
      </Text>
    </Card>
  )
}

function Figures({ data }: { data: CollectionAsOf }) {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  return (
    <Stack gap="md" data-testid="collection-as-of">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label={<Trans>Artworks in the archive</Trans>}>{formatNumber(data.count, lang)}</Figure>
        <Figure label={<Trans>Artworks valued</Trans>}>{formatNumber(data.valued, lang)}</Figure>
        {data.total !== null ? (
          <Figure label={<Trans>Value in {data.currency}</Trans>}>
            {moneyText(data.total, data.currency)}
          </Figure>
        ) : null}
      </SimpleGrid>
      {data.unconverted.length > 0 ? (
        <Alert color="orange" variant="light" data-testid="collection-as-of-unconverted">
          <Trans>No rate of that day converts these amounts; they are not in the value above:</Trans>{' '}
          {data.unconverted.map((u) => moneyText(u.amount, u.currency)).join(lang === 'en' ? '; ' : '；')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Table fz="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                <Trans>Artworks</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.byStatus.map((s) => (
              <Table.Tr key={s.status}>
                <Table.Td>{ARTWORK_STATUS_LABELS[s.status][lang]}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatNumber(s.count, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table fz="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Room</Trans>
              </Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                <Trans>Artworks</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.byRoom.map((r) => (
              <Table.Tr key={r.room?.id ?? 'none'}>
                <Table.Td>
                  {r.room ? (
                    (lang === 'en' ? r.room.nameEn : r.room.nameZh) || r.room.nameZh
                  ) : (
                    <Trans>Not in a room</Trans>
                  )}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatNumber(r.count, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </Stack>
  )
}

export function CollectionAsOfPanel({ day, onDay }: { day: string; onDay: (day: string) => void }) {
  const { t } = useLingui()
  const query = useQuery({ ...collectionAsOfQuery(day, ''), enabled: day !== '' })
  const excel = useMutation({
    mutationFn: () => downloadFromApi('collection/as-of.xlsx', { at: day }, `collection-${day}.xlsx`),
  })
  return (
    <Stack gap="md">
      <Title order={3} fz={16}>
        <Trans>The collection as it was on a day</Trans>
      </Title>
      <Group align="flex-end">
        <DateField
          label={t`Day`}
          value={day}
          onChange={onDay}
          upToToday
          w={220}
          data-testid="collection-as-of-date"
        />
        {query.isFetching ? <Loader size="sm" /> : null}
        {day !== '' ? (
          <>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={excel.isPending}
              onClick={() => excel.mutate()}
              data-testid="collection-as-of-excel"
            >
              <Trans>Excel</Trans>
            </Button>
            <ReportPdfButton
              url={asOfPdf(day)}
              fileName={`collection-${day}.pdf`}
              privilege="art-data-center:view"
              label={<Trans>PDF</Trans>}
              testId="collection-as-of-pdf"
            />
          </>
        ) : null}
      </Group>
      {day === '' ? (
        <Text fz="sm" c="dimmed">
          <Trans>
            Pick a day to see the collection as it was then: its artworks by status and by room, and its value
            at that day's valuations and rates.
          </Trans>
        </Text>
      ) : query.data ? (
        <Figures data={query.data} />
      ) : null}
    </Stack>
  )
}
