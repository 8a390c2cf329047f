// /devOpsManage/batchDetail: one batch — the artworks one event of a process moved or warehoused together
// (a transport's departure or arrival, a warehousing, a loan going out or coming back, a sale), with where
// each came from and went to, who recorded it and when. A batch is (process, history row): the movement
// rows an event writes carry its instant.
import { Trans } from '@lingui/react/macro'
import { Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { MovementView } from '../../../shared/contracts/operations'
import { batchQuery } from '../../api/queries/operations'
import { formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { ButtonLink } from '../archive/router-links'
import { ListEmpty } from '../process/list-parts'
import { eventLabel, typeLabel, useLang } from '../process/machine-words'
import { StatusBadge } from '../process/StatusBadge'
import { type Column, OpList, placeText, useMovementColumns } from './parts'

export function BatchScreen({ processId, seq }: { processId?: string; seq?: number }) {
  const lang = useLang()
  const batch = useQuery({ ...batchQuery(processId ?? '', seq ?? 0), enabled: !!processId && !!seq })
  const [artworkColumn, kindColumn] = useMovementColumns(batch.data?.movements ?? [])
  if (!processId || !seq || batch.isError)
    return (
      <>
        <PageHeader />
        <ListEmpty
          title={<Trans>No batch to show</Trans>}
          description={<Trans>Open a batch from a transport's movements or from the movement history.</Trans>}
          testId="batch-missing"
          actions={
            <ButtonLink to="/devOpsManage/transport/transportHistory/index" variant="default">
              <Trans>Movement history</Trans>
            </ButtonLink>
          }
        />
      </>
    )
  if (!batch.data) return <Skeleton h={320} radius="md" />
  const b = batch.data
  const columns: Column<MovementView>[] = [
    artworkColumn,
    kindColumn,
    { key: 'from', header: <Trans>From</Trans>, cell: (m) => placeText(m.from, lang) || '—' },
    { key: 'to', header: <Trans>To</Trans>, cell: (m) => placeText(m.to, lang) || '—' },
    { key: 'note', header: <Trans>Notes</Trans>, cell: (m) => m.note || '—' },
  ]
  const transport = b.movements.some((m) => m.kind.startsWith('transport_'))
  return (
    <Stack gap="md" data-testid="batch-detail">
      <PageHeader
        description={
          <>
            {typeLabel(b.process.type, lang)} · {eventLabel(b.eventType, lang)} · {formatDateTime(b.at, lang)}{' '}
            · {b.byName}
          </>
        }
        actions={
          <>
            {transport ? (
              <ButtonLink
                to="/devOpsManage/transportFlowDetail"
                search={{ process: b.process.id }}
                variant="default"
              >
                <Trans>Transport details</Trans>
              </ButtonLink>
            ) : null}
            <ButtonLink to="/devOpsManage/index" search={{ process: b.process.id }}>
              <Trans>Open the process</Trans>
            </ButtonLink>
          </>
        }
      />
      <Group gap="sm">
        <StatusBadge status={b.process.status} />
        <Text fz="sm" c="dimmed">
          <Trans>{b.movements.length} artworks moved together</Trans>
        </Text>
      </Group>
      {b.comment ? (
        <Text fz="sm">
          <Trans>Comment: {b.comment}</Trans>
        </Text>
      ) : null}
      <OpList
        testId="batch-movements"
        rows={b.movements}
        rowKey={(m) => m.id}
        columns={columns}
        total={b.movements.length}
        page={1}
        pageSize={Math.max(1, b.movements.length)}
        onPage={() => {}}
        empty={<Trans>This event moved no artwork.</Trans>}
      />
    </Stack>
  )
}
