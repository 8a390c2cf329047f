// /devOpsManage/storehouse/StoreHouse?id=<room>: one room — its facts (liaison, country, location, how full,
// climate), what it holds now or held at the end of any chosen date (from the movement ledger; thumbnails,
// inventory numbers, titles, artists, since when and by which process), its movements in and out, and its
// stocktakes (each opening the process view; a new one starts there with the room filled in, and the list of
// every stocktake is a link away). The date, tab, direction, page and the open start live in the URL.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { holds, mayStartType } from '../../../shared/access'
import type { MovementView } from '../../../shared/contracts/operations'
import type { ContentsItem, RoomSummary, StocktakeItem } from '../../../shared/contracts/warehouse'
import {
  roomContentsQuery,
  roomMovementsQuery,
  roomQuery,
  roomStocktakesQuery,
} from '../../api/queries/warehouse'
import { DateField } from '../../forms/DateField'
import { EnableActions, EnabledBadge } from '../../forms/EnabledCell'
import { FilterBar, SearchFilter } from '../../forms/FilterBar'
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { IconPlus } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { ProcessLink, ProcessStatusBadge, processTypeLabel } from '../archive/process-links'
import { AnchorLink, ButtonLink } from '../archive/router-links'
import { PrintLabelsButton } from '../labels/PrintLabelsButton'
import { movementWords } from '../operations/movement-words'
import {
  artworkColumn,
  type Column,
  Fact,
  OpList,
  placeText,
  StartDrawer,
  useThumbs,
} from '../operations/parts'
import { useLang } from '../process/machine-words'
import { GrabSheetPdfButton } from '../reports/ReportPdfButton'
import { RoomFormModal } from './RoomForm'
import { ToggleRoomModal } from './RoomsScreen'
import { climateText, Occupancy, ROOM_ICON_WORDS, RoomIconBadge, roomName } from './room-parts'
import type { RoomSearch, RoomTab } from './room-search'

const PAGE_SIZE = 20

export function RoomScreen({
  search,
  onSearch,
}: {
  search: RoomSearch
  onSearch: (next: RoomSearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const id = search.id
  const room = useQuery({ ...roomQuery(id ?? ''), enabled: !!id })
  if (!id)
    return (
      <>
        <PageHeader title={t`Room`} />
        <Text c="dimmed" data-testid="room-missing">
          <Trans>
            No room chosen. Open one from the{' '}
            <AnchorLink to="/devOpsManage/storeHouse" underline="always">
              list of rooms
            </AnchorLink>
            .
          </Trans>
        </Text>
      </>
    )
  if (room.isPending) return <Skeleton h={240} />
  if (room.isError)
    return (
      <>
        <PageHeader title={t`Room`} />
        <Text c="dimmed" data-testid="room-missing">
          <Trans>
            This room could not be loaded. Go back to the{' '}
            <AnchorLink to="/devOpsManage/storeHouse" underline="always">
              list of rooms
            </AnchorLink>
            .
          </Trans>
        </Text>
      </>
    )
  const tab = search.tab ?? 'contents'
  return (
    <>
      <PageHeader title={roomName(room.data, lang)} />
      <Stack gap="md">
        <RoomFacts room={room.data} />
        <Tabs
          value={tab}
          onChange={(v) => v && onSearch({ id, tab: v === 'contents' ? undefined : (v as RoomTab) })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="contents" data-testid="room-tab-contents">
              <Trans>Contents</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="movements" data-testid="room-tab-movements">
              <Trans>Movements</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="stocktakes" data-testid="room-tab-stocktakes">
              <Trans>Stocktakes</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="contents" pt="md">
            <Contents room={room.data} search={search} onSearch={onSearch} />
          </Tabs.Panel>
          <Tabs.Panel value="movements" pt="md">
            <Movements roomId={id} search={search} onSearch={onSearch} />
          </Tabs.Panel>
          <Tabs.Panel value="stocktakes" pt="md">
            <Stocktakes roomId={id} search={search} onSearch={onSearch} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  )
}

function RoomFacts({ room }: { room: RoomSummary }) {
  const { i18n } = useLinguiCore()
  const lang = useLang()
  const me = useMe()
  const mayEdit = holds(me, 'authManage:referenceData')
  const [editing, setEditing] = useState(false)
  const [toggling, setToggling] = useState(false)
  return (
    <Card withBorder radius="md" padding="md" data-testid="room-facts">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <RoomIconBadge icon={room.icon} size={44} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {lang === 'en' ? room.nameZh : room.nameEn}
              </Text>
              <Group gap={6}>
                <Text fz="sm" c="dimmed">
                  {room.code}
                </Text>
                {room.enabled ? null : <EnabledBadge enabled={false} />}
              </Group>
            </Stack>
          </Group>
          <Group gap="xs" wrap="wrap">
            <PrintLabelsButton roomId={room.id} variant="light" size="xs" />
            <GrabSheetPdfButton roomId={room.id} variant="light" size="xs" />
            {mayEdit ? (
              <EnableActions
                enabled={room.enabled}
                size="xs"
                testId="room"
                onEdit={() => setEditing(true)}
                onToggle={() => setToggling(true)}
              />
            ) : null}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Fact label={<Trans>Liaison</Trans>}>
            {room.liaison}
            <Text fz="xs" c="dimmed">
              {room.email}
            </Text>
          </Fact>
          <Fact label={<Trans>Country or region</Trans>}>{room.countryName}</Fact>
          <Fact label={<Trans>Location</Trans>}>{room.location}</Fact>
          <Fact label={<Trans>Artworks now / capacity</Trans>}>
            <Occupancy room={room} lang={lang} />
          </Fact>
          <Fact label={<Trans>Climate targets</Trans>}>
            <span data-testid="room-climate">{climateText(room, lang)}</span>
          </Fact>
          <Fact label={<Trans>Kind</Trans>}>{i18n._(ROOM_ICON_WORDS[room.icon].label)}</Fact>
        </SimpleGrid>
      </Stack>
      <RoomFormModal opened={editing} room={room} onClose={() => setEditing(false)} />
      <ToggleRoomModal room={toggling ? room : null} onClose={() => setToggling(false)} />
    </Card>
  )
}

interface PartProps {
  search: RoomSearch
  onSearch: (next: RoomSearch, options?: { replace?: boolean }) => void
}

function Contents({ room, search, onSearch }: PartProps & { room: RoomSummary }) {
  const { t } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const page = search.page ?? 1
  const contents = useQuery(
    roomContentsQuery(room.id, { at: search.at, q: search.q, page, pageSize: PAGE_SIZE }),
  )
  const links = useThumbs((contents.data?.list ?? []).map((i) => i.artwork))
  const columns: Column<ContentsItem>[] = [
    artworkColumn(links, 240),
    {
      key: 'artist',
      header: <Trans>Artist</Trans>,
      cell: (i) => (lang === 'en' ? i.artistEn || i.artistZh : i.artistZh || i.artistEn) || '—',
    },
    {
      key: 'position',
      header: <Trans>Place in the room</Trans>,
      cell: (i) => (i.position ? <span data-raw>{i.position}</span> : '—'),
    },
    { key: 'since', header: <Trans>Here since</Trans>, cell: (i) => formatDateTime(i.since, lang) },
    {
      key: 'by',
      header: <Trans>Brought by</Trans>,
      cell: (i) =>
        i.processId && i.processType ? (
          <ProcessLink processId={i.processId}>{processTypeLabel(i.processType, lang)}</ProcessLink>
        ) : (
          <MovementKind kind={i.kind} processId={i.processId} />
        ),
    },
  ]
  const total = contents.data?.total ?? 0
  const held = formatNumber(total, lang)
  const on = search.at ? formatDate(search.at, lang) : ''
  return (
    <Stack gap="md">
      <FilterBar>
        <DateField
          label={t`Contents on`}
          description={t`Empty: now. A date: at the end of that day.`}
          value={search.at ?? ''}
          onChange={(at) => onSearch({ ...search, at: at || undefined, page: undefined })}
          upToToday
          w={220}
          maw="100%"
          data-testid="room-contents-date"
        />
        <SearchFilter
          label={t`Inventory number or title`}
          value={search.q}
          onSearch={(q) => onSearch({ ...search, q, page: undefined }, { replace: true })}
          w={260}
          testId="room-contents-search"
        />
      </FilterBar>
      <Text fw={600} data-testid="room-contents-heading">
        {search.at ? (
          <Trans>
            On {on}: {held} artworks
          </Trans>
        ) : (
          <Trans>Now: {held} artworks</Trans>
        )}
      </Text>
      {contents.isPending ? (
        <Skeleton h={120} />
      ) : contents.isError ? (
        <Text c="dimmed" fz="sm">
          {contents.error.message}
        </Text>
      ) : (
        <OpList
          rows={contents.data.list}
          rowKey={(i) => i.artwork.id}
          columns={columns}
          // a row opens its artwork; the title is the link (a keyboard's way in, a new tab)
          onOpen={(i) => void navigate({ to: '/artworkArchive/detail', search: { id: i.artwork.id } })}
          rowLink={(i, headline) => (
            <AnchorLink
              to="/artworkArchive/detail"
              search={{ id: i.artwork.id }}
              underline="hover"
              data-testid="room-content-link"
            >
              {headline}
            </AnchorLink>
          )}
          total={contents.data.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
          empty={
            search.at ? (
              <Trans>The room held no artworks at the end of that day.</Trans>
            ) : (
              <Trans>The room holds no artworks now.</Trans>
            )
          }
          testId="room-contents"
        />
      )}
    </Stack>
  )
}

function MovementKind({ kind, processId }: { kind: MovementView['kind']; processId: string | null }) {
  const { i18n } = useLinguiCore()
  return <>{i18n._(movementWords({ kind, processId }))}</>
}

function Movements({ roomId, search, onSearch }: PartProps & { roomId: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const page = search.page ?? 1
  const moves = useQuery(
    roomMovementsQuery(roomId, { direction: search.direction ?? 'all', page, pageSize: PAGE_SIZE }),
  )
  const links = useThumbs((moves.data?.list ?? []).map((m) => m.artwork))
  const columns: Column<MovementView>[] = [
    artworkColumn(links),
    {
      key: 'direction',
      header: <Trans>Movement</Trans>,
      cell: (m) => (
        <Group gap={6} wrap="wrap">
          {m.to.roomId === roomId && m.from.roomId !== roomId ? (
            <Badge variant="light" color="teal" radius="sm">
              <Trans>Moved in</Trans>
            </Badge>
          ) : m.from.roomId === roomId && m.to.roomId !== roomId ? (
            <Badge variant="light" color="orange" radius="sm">
              <Trans>Moved out</Trans>
            </Badge>
          ) : null}
          <MovementKind kind={m.kind} processId={m.processId} />
        </Group>
      ),
    },
    {
      key: 'route',
      header: <Trans>From → to</Trans>,
      cell: (m) => `${placeText(m.from, lang) || '—'} → ${placeText(m.to, lang) || '—'}`,
    },
    {
      key: 'at',
      header: <Trans>When</Trans>,
      cell: (m) => `${formatDateTime(m.at, lang)}${m.byName ? ` · ${m.byName}` : ''}`,
    },
    {
      key: 'process',
      header: <Trans>Process</Trans>,
      cell: (m) =>
        m.processId && m.processType ? (
          <ProcessLink processId={m.processId}>{processTypeLabel(m.processType, lang)}</ProcessLink>
        ) : (
          '—'
        ),
    },
  ]
  return (
    <Stack gap="md">
      <SegmentedControl
        value={search.direction ?? 'all'}
        onChange={(v) =>
          onSearch({ ...search, direction: v === 'all' ? undefined : (v as 'in' | 'out'), page: undefined })
        }
        data={[
          { value: 'all', label: t`In and out` },
          { value: 'in', label: t`Moved in` },
          { value: 'out', label: t`Moved out` },
        ]}
        maw={320}
        data-testid="room-movements-direction"
      />
      {moves.isPending ? (
        <Skeleton h={120} />
      ) : moves.isError ? (
        <Text c="dimmed" fz="sm">
          {moves.error.message}
        </Text>
      ) : (
        <OpList
          rows={moves.data.list}
          rowKey={(m) => m.id}
          columns={columns}
          total={moves.data.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
          empty={<Trans>No artwork has moved in or out of this room yet.</Trans>}
          testId="room-movements"
        />
      )}
    </Stack>
  )
}

/** The room's stocktakes, the start of a new one with this room filled in, and the link to all of them. */
function Stocktakes({ roomId, search, onSearch }: PartProps & { roomId: string }) {
  const lang = useLang()
  const me = useMe()
  const page = search.page ?? 1
  const list = useQuery(roomStocktakesQuery(roomId, page))
  const columns: Column<StocktakeItem>[] = [
    {
      key: 'process',
      header: <Trans>Stocktake</Trans>,
      primary: true,
      miw: 200,
      cell: (s) => (
        <Group gap="xs" wrap="wrap">
          <ProcessLink processId={s.process.id}>
            <Trans>Started {formatDate(s.process.createdAt, lang)}</Trans>
          </ProcessLink>
          <ProcessStatusBadge status={s.process.status} lang={lang} />
        </Group>
      ),
    },
    {
      key: 'planned',
      header: <Trans>Planned for</Trans>,
      cell: (s) => (s.plannedOn ? formatDate(`${s.plannedOn}T12:00:00`, lang) : '—'),
    },
    {
      key: 'counted',
      header: <Trans>Counted on</Trans>,
      cell: (s) => (s.countedOn ? formatDate(`${s.countedOn}T12:00:00`, lang) : '—'),
    },
    {
      key: 'result',
      header: <Trans>Found / missing</Trans>,
      cell: (s) => `${formatNumber(s.found, lang)} / ${formatNumber(s.missing, lang)}`,
    },
  ]
  return (
    <Stack gap="sm">
      <Group gap="xs" justify="flex-end" wrap="wrap">
        <ButtonLink to="/storageRoom/InventoryInformation" variant="default" data-testid="stocktakes-link">
          <Trans>All stocktakes</Trans>
        </ButtonLink>
        {mayStartType(me, 'INVENTORY_CHECK') ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => onSearch({ ...search, start: 1 })}
            data-testid="stocktake-start"
          >
            <Trans>Start a stocktake</Trans>
          </Button>
        ) : null}
      </Group>
      <StartDrawer
        type="INVENTORY_CHECK"
        open={search.start === 1}
        input={{ roomId }}
        onClose={() => onSearch({ ...search, start: undefined })}
      />
      {list.isPending ? (
        <Skeleton h={120} />
      ) : list.isError ? (
        <Text c="dimmed" fz="sm">
          {list.error.message}
        </Text>
      ) : (
        <OpList
          rows={list.data.list}
          rowKey={(s) => s.process.id}
          columns={columns}
          total={list.data.total}
          page={page}
          pageSize={10}
          onPage={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
          empty={<Trans>No stocktake of this room yet.</Trans>}
          testId="room-stocktakes"
        />
      )}
    </Stack>
  )
}
