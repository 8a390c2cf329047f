// /devOpsManage/storeHouse: the warehouses and rooms — icon and name in the language shown, country, liaison,
// how full each is against its capacity, climate targets — a table on a desk, cards on a phone. Whoever holds
// authManage:referenceData creates and edits rooms (a modal) and disables or enables them after a
// confirmation; the server's refusal (a room that still holds artworks) is shown in its words. A row opens
// the room's own screen (its name is the room's link). Search, "disabled too" and the page live in the URL.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Skeleton, Stack, Switch, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import type { RoomSummary } from '../../../shared/contracts/warehouse'
import { type RoomFilters, roomsListQuery, setRoomEnabled, warehouseKeys } from '../../api/queries/warehouse'
import { EnabledCell } from '../../forms/EnabledCell'
import { FilterBar, SearchFilter } from '../../forms/FilterBar'
import { ToggleModal } from '../../forms/ToggleModal'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { AnchorLink } from '../archive/router-links'
import { type Column, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { RoomFormModal } from './RoomForm'
import { climateText, Occupancy, RoomHeadline, roomName } from './room-parts'

export const ROOMS_PAGE_SIZE = 20
export const ROOM_SCREEN_PATH = '/devOpsManage/storehouse/StoreHouse'

export interface RoomsSearch {
  q?: string
  /** `1`: disabled rooms are listed too. */
  all?: 1
  page?: number
}

export const roomFilters = (s: RoomsSearch): RoomFilters => ({
  ...(s.q ? { q: s.q } : {}),
  ...(s.all ? {} : { enabled: 'true' as const }),
  page: s.page ?? 1,
  pageSize: ROOMS_PAGE_SIZE,
})

export function RoomsScreen({
  search,
  onSearch,
}: {
  search: RoomsSearch
  onSearch: (next: RoomsSearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const me = useMe()
  const mayEdit = holds(me, 'authManage:referenceData')
  const navigate = useNavigate()
  const rooms = useQuery(roomsListQuery(roomFilters(search)))
  const [editing, setEditing] = useState<RoomSummary | null | undefined>(undefined)
  const [toggling, setToggling] = useState<RoomSummary | null>(null)
  const columns: Column<RoomSummary>[] = [
    {
      key: 'room',
      header: <Trans>Room</Trans>,
      primary: true,
      miw: 200,
      cell: (r) => <RoomHeadline room={r} lang={lang} />,
    },
    { key: 'country', header: <Trans>Country or region</Trans>, cell: (r) => r.countryName },
    {
      key: 'liaison',
      header: <Trans>Liaison</Trans>,
      cell: (r) => (
        <Stack gap={0}>
          <Text fz="sm">{r.liaison}</Text>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'occupancy',
      header: <Trans>Artworks / capacity</Trans>,
      miw: 140,
      cell: (r) => <Occupancy room={r} lang={lang} />,
    },
    { key: 'climate', header: <Trans>Climate</Trans>, cell: (r) => climateText(r, lang) },
    {
      key: 'actions',
      header: <Trans>Status</Trans>,
      cell: (r) => (
        <EnabledCell
          enabled={r.enabled}
          mayChange={mayEdit}
          testId="room"
          onEdit={() => setEditing(r)}
          onToggle={() => setToggling(r)}
        />
      ),
    },
  ]
  return (
    <>
      <PageHeader
        description={
          <Trans>
            The warehouses and rooms where the collection is kept: who looks after each, how full it is and
            the climate it keeps. Open a room to see what it holds now or held on any date.
          </Trans>
        }
        actions={
          mayEdit ? (
            <Button onClick={() => setEditing(null)} data-testid="room-new">
              <Trans>New room</Trans>
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <FilterBar>
          <SearchFilter
            label={t`Search by code, name, liaison or location`}
            value={search.q}
            onSearch={(q) => onSearch({ ...search, q, page: undefined }, { replace: true })}
            w={320}
            testId="room-search"
          />
          <Switch
            label={t`Show disabled rooms`}
            checked={!!search.all}
            onChange={(e) =>
              onSearch({ ...search, all: e.currentTarget.checked ? 1 : undefined, page: undefined })
            }
            data-testid="room-show-all"
          />
        </FilterBar>
        {rooms.isPending ? (
          <Skeleton h={160} />
        ) : rooms.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>The rooms could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : (
          <OpList
            rows={rooms.data.list}
            rowKey={(r) => r.id}
            columns={columns}
            onOpen={(r) => void navigate({ to: ROOM_SCREEN_PATH, search: { id: r.id } })}
            rowLink={(r, headline) => (
              <AnchorLink
                to={ROOM_SCREEN_PATH}
                search={{ id: r.id }}
                underline="hover"
                data-testid="room-link"
              >
                {headline}
              </AnchorLink>
            )}
            total={rooms.data.total}
            page={search.page ?? 1}
            pageSize={ROOMS_PAGE_SIZE}
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            empty={<Trans>No room matches. Create one with “New room”.</Trans>}
            testId="room-list"
          />
        )}
      </Stack>
      <RoomFormModal
        opened={editing !== undefined}
        room={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ToggleRoomModal room={toggling} onClose={() => setToggling(null)} />
    </>
  )
}

/** Disable or enable a room after a confirmation; a refusal stays in the dialog in the server's words. */
export function ToggleRoomModal({ room, onClose }: { room: RoomSummary | null; onClose: () => void }) {
  const lang = useLang()
  return (
    <ToggleModal
      record={room}
      label={(r) => roomName(r, lang)}
      send={(r) => setRoomEnabled(r.id, !r.enabled)}
      invalidate={warehouseKeys.all}
      testId="room-toggle"
      onClose={onClose}
      effect={(r) =>
        r.enabled ? (
          <Trans>
            Forms will stop offering this room. Its history stays. A room that still holds artworks cannot be
            disabled.
          </Trans>
        ) : (
          <Trans>Forms will offer this room again.</Trans>
        )
      }
    />
  )
}
