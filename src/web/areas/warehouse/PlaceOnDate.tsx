// "Where was it on <date>": the archive's location tab asks the movement ledger where an artwork was at the
// end of a chosen day (GET /api/warehouse/artworks/:id/place), with since when and the movement (and its
// process) that put it there.
import { Trans, useLingui } from '@lingui/react/macro'
import { Card, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import { artworkPlaceQuery } from '../../api/queries/warehouse'
import { DateField } from '../../forms/DateField'
import { formatDateTime } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { ProcessLink, processTypeLabel } from '../archive/process-links'
import { placeText } from '../operations/parts'
import { useLang } from '../process/machine-words'

/** Shown to whoever may read the ledger (devOpsManage:view); the archive's other readers keep the list. */
export function PlaceOnDate({ artworkId }: { artworkId: string }) {
  const me = useMe()
  return holds(me, 'devOpsManage:view') ? <PlaceOnDateCard artworkId={artworkId} /> : null
}

function PlaceOnDateCard({ artworkId }: { artworkId: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const [date, setDate] = useState('')
  const place = useQuery({ ...artworkPlaceQuery(artworkId, date), enabled: date !== '' })
  return (
    <Card withBorder radius="md" padding="md" data-testid="place-on-date">
      <Stack gap="sm">
        <DateField
          label={t`Where was it on`}
          description={t`At the end of the chosen day, from the movement ledger`}
          value={date}
          onChange={setDate}
          upToToday
          w={240}
          maw="100%"
          data-testid="place-on-date-input"
        />
        {date === '' ? null : place.isPending ? (
          <Skeleton h={40} />
        ) : place.isError ? (
          <Text c="red" fz="sm">
            {place.error.message}
          </Text>
        ) : place.data.place === null ? (
          <Text fz="sm" c="dimmed" data-testid="place-on-date-answer">
            <Trans>The ledger records nothing of this artwork by then.</Trans>
          </Text>
        ) : (
          <Stack gap={2} data-testid="place-on-date-answer">
            <Text fw={600}>{placeText(place.data.place, lang) || t`Whereabouts not recorded`}</Text>
            <Group gap={6}>
              {place.data.since ? (
                <Text fz="sm" c="dimmed">
                  <Trans>Since {formatDateTime(place.data.since, lang)}</Trans>
                </Text>
              ) : null}
              {place.data.movement?.processId && place.data.movement.processType ? (
                <ProcessLink processId={place.data.movement.processId}>
                  {processTypeLabel(place.data.movement.processType, lang)}
                </ProcessLink>
              ) : null}
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
