// What both rooms screens draw: a room's icon and its name in the language shown, its occupancy against its
// capacity as a bar, and its climate targets in words.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core'
import {
  IconAnchor,
  IconBriefcase,
  IconBuildingWarehouse,
  IconHome2,
  IconLock,
  IconPalette,
  type TablerIcon,
} from '@tabler/icons-react'
import { ROOM_ICONS, type RoomIcon } from '../../../shared/contracts/reference'
import type { RoomSummary } from '../../../shared/contracts/warehouse'
import type { Lang } from '../../../shared/errors'
import { formatNumber } from '../../i18n/format'

export const ROOM_ICON_WORDS = {
  freeport: { icon: IconAnchor, label: msg`Freeport` },
  vault: { icon: IconLock, label: msg`Vault` },
  warehouse: { icon: IconBuildingWarehouse, label: msg`Storehouse` },
  office: { icon: IconBriefcase, label: msg`Office` },
  gallery: { icon: IconPalette, label: msg`Gallery` },
  residence: { icon: IconHome2, label: msg`Residence` },
} satisfies Record<RoomIcon, { icon: TablerIcon; label: MessageDescriptor }>

export const ROOM_ICON_CHOICES = ROOM_ICONS

export const roomName = (r: Pick<RoomSummary, 'nameZh' | 'nameEn'>, lang: Lang) =>
  (lang === 'en' ? r.nameEn || r.nameZh : r.nameZh || r.nameEn) || ''

export function RoomIconBadge({ icon, size = 36 }: { icon: RoomIcon; size?: number }) {
  const { i18n } = useLinguiCore()
  const Drawn = ROOM_ICON_WORDS[icon].icon
  return (
    <ThemeIcon
      variant="light"
      size={size}
      radius="md"
      role="img"
      aria-label={i18n._(ROOM_ICON_WORDS[icon].label)}
    >
      <Drawn size={Math.round(size * 0.6)} stroke={1.7} aria-hidden />
    </ThemeIcon>
  )
}

/** The room's icon, its name and code: the headline of a row or card. */
export function RoomHeadline({ room, lang }: { room: RoomSummary; lang: Lang }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <RoomIconBadge icon={room.icon} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="room-name">
          {roomName(room, lang)}
        </Text>
        <Text fz="xs" c="dimmed">
          {room.code}
        </Text>
      </Stack>
    </Group>
  )
}

/** How full the room is: a bar against its capacity, or the count alone when it has none. */
export function Occupancy({ room, lang }: { room: RoomSummary; lang: Lang }) {
  const held = formatNumber(room.artworkCount, lang)
  if (room.capacity === null || room.capacity === 0)
    return (
      <Text fz="sm" data-testid="room-occupancy">
        <Trans>{held} artworks (no capacity set)</Trans>
      </Text>
    )
  const capacity = formatNumber(room.capacity, lang)
  const share = Math.min(100, (room.artworkCount / room.capacity) * 100)
  return (
    <Stack gap={4} miw={120} data-testid="room-occupancy">
      <Text fz="sm">
        <Trans>
          {held} of {capacity}
        </Trans>
      </Text>
      <Progress
        value={share}
        color={share >= 100 ? 'red' : share >= 85 ? 'orange' : 'teal'}
        size="sm"
        aria-label={`${held} / ${capacity}`}
      />
    </Stack>
  )
}

const range = (min: number | null, max: number | null, unit: string, lang: Lang) => {
  const n = (v: number) => formatNumber(v, lang, { maximumFractionDigits: 1 })
  if (min !== null && max !== null) return `${n(min)}–${n(max)} ${unit}`
  if (min !== null) return `≥ ${n(min)} ${unit}`
  if (max !== null) return `≤ ${n(max)} ${unit}`
  return null
}

/** Temperature and humidity targets, e.g. "18–22 °C · 45–55 % RH"; a dash when none is set. */
export function climateText(room: RoomSummary, lang: Lang): string {
  const parts = [
    range(room.temperatureMin, room.temperatureMax, '°C', lang),
    range(room.humidityMin, room.humidityMax, '% RH', lang),
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : '—'
}
