// Create or edit a room, in a modal (full screen on a phone): the shared room schema checks the fields as the
// server does (required names, an email that is one, minimum not above maximum); what only the server knows —
// a code already in use, a capacity below the artworks in the room — comes back worded at its field.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { RoomIcon } from '../../../shared/contracts/reference'
import { type RoomSummary, roomCreate, roomEdit } from '../../../shared/contracts/warehouse'
import { countriesQuery } from '../../api/queries/reference'
import { createRoom, editRoom, warehouseKeys } from '../../api/queries/warehouse'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { useLang } from '../process/machine-words'
import { ROOM_ICON_CHOICES, ROOM_ICON_WORDS, roomName } from './room-parts'

type Out = z.output<typeof roomCreate> | z.output<typeof roomEdit>
type NumberField = 'capacity' | 'temperatureMin' | 'temperatureMax' | 'humidityMin' | 'humidityMax'

function initialOf(room: RoomSummary | null) {
  const common = {
    nameZh: room?.nameZh ?? '',
    nameEn: room?.nameEn ?? '',
    liaison: room?.liaison ?? '',
    email: room?.email ?? '',
    countryCode: room?.countryCode ?? '',
    icon: (room?.icon ?? 'warehouse') as RoomIcon,
    location: room?.location ?? '',
    capacity: room?.capacity ?? null,
    temperatureMin: room?.temperatureMin ?? null,
    temperatureMax: room?.temperatureMax ?? null,
    humidityMin: room?.humidityMin ?? null,
    humidityMax: room?.humidityMax ?? null,
    sort: room?.sort ?? 0,
    enabled: room?.enabled ?? true,
  }
  // A room's code is its identity: set when created, never edited (the edit schema refuses it).
  return room ? common : { code: '', ...common }
}

export function RoomFormModal({
  opened,
  room,
  onClose,
  onSaved,
}: {
  opened: boolean
  /** The room to edit; null creates one. */
  room: RoomSummary | null
  onClose: () => void
  onSaved?: (room: RoomSummary) => void
}) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={room ? t`Edit room` : t`New room`}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {opened ? <RoomForm key={room?.id ?? 'new'} room={room} onDone={onClose} onSaved={onSaved} /> : null}
    </Modal>
  )
}

function RoomForm({
  room,
  onDone,
  onSaved,
}: {
  room: RoomSummary | null
  onDone: () => void
  onSaved?: (room: RoomSummary) => void
}) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const lang = useLang()
  const queryClient = useQueryClient()
  const countries = useQuery(countriesQuery())
  const form = useForm({
    schema: (room ? roomEdit : roomCreate) as z.ZodType<Out>,
    initialValues: initialOf(room) as Record<string, unknown>,
  })
  const submit = form.onSubmit(async (data) => {
    const saved = room
      ? await editRoom(room.id, data as z.output<typeof roomEdit>)
      : await createRoom(data as z.output<typeof roomCreate>)
    showSuccess(t`Room ${roomName(saved, lang)} saved`)
    await queryClient.invalidateQueries({ queryKey: warehouseKeys.all })
    onSaved?.(saved)
    onDone()
  })
  const numberProps = (field: NumberField) => ({
    value: (form.values[field] as number | null) ?? '',
    onChange: (v: number | string) =>
      form.setFieldValue(field, v === '' || Number.isNaN(Number(v)) ? null : Number(v)),
    error: form.errors[field],
    'data-testid': `room-${field}`,
  })
  return (
    <form onSubmit={submit} noValidate data-testid="room-form">
      <Stack gap="sm">
        <FormRefusal form={form} testId="room-form-error" />
        {room ? (
          <Text fz="sm" c="dimmed">
            <Trans>Code</Trans>: {room.code}
          </Text>
        ) : (
          <TextInput
            label={t`Code`}
            description={t`Letters, digits and . _ - ; fixed once saved`}
            required
            maxLength={32}
            {...form.getInputProps('code')}
            data-testid="room-code"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`Name in Chinese`}
            required
            maxLength={100}
            {...form.getInputProps('nameZh')}
            data-testid="room-nameZh"
          />
          <TextInput
            label={t`Name in English`}
            required
            maxLength={100}
            {...form.getInputProps('nameEn')}
            data-testid="room-nameEn"
          />
          <TextInput
            label={t`Liaison`}
            required
            maxLength={100}
            {...form.getInputProps('liaison')}
            data-testid="room-liaison"
          />
          <TextInput
            label={t`Email`}
            required
            type="email"
            maxLength={200}
            {...form.getInputProps('email')}
            data-testid="room-email"
          />
          <Select
            label={t`Country or region`}
            required
            searchable
            data={(countries.data ?? []).map((c) => ({ value: c.value, label: c.label }))}
            value={(form.values.countryCode as string) || null}
            onChange={(v) => form.setFieldValue('countryCode', v ?? '')}
            error={form.errors.countryCode}
            data-testid="room-country"
          />
          <Select
            label={t`Icon`}
            required
            allowDeselect={false}
            data={ROOM_ICON_CHOICES.map((icon) => ({
              value: icon,
              label: i18n._(ROOM_ICON_WORDS[icon].label),
            }))}
            value={form.values.icon as string}
            onChange={(v) => v && form.setFieldValue('icon', v as RoomIcon)}
            error={form.errors.icon}
            data-testid="room-icon"
          />
        </SimpleGrid>
        <TextInput
          label={t`Location`}
          description={t`Address, building, floor`}
          required
          maxLength={300}
          {...form.getInputProps('location')}
          data-testid="room-location"
        />
        <NumberInput
          label={t`Capacity (artworks)`}
          min={0}
          max={1_000_000}
          allowDecimal={false}
          {...numberProps('capacity')}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <NumberInput
            label={t`Lowest °C`}
            min={-50}
            max={60}
            decimalScale={1}
            {...numberProps('temperatureMin')}
          />
          <NumberInput
            label={t`Highest °C`}
            min={-50}
            max={60}
            decimalScale={1}
            {...numberProps('temperatureMax')}
          />
          <NumberInput
            label={t`Lowest % RH`}
            min={0}
            max={100}
            decimalScale={1}
            {...numberProps('humidityMin')}
          />
          <NumberInput
            label={t`Highest % RH`}
            min={0}
            max={100}
            decimalScale={1}
            {...numberProps('humidityMax')}
          />
        </SimpleGrid>
        {room ? null : (
          <Switch
            label={t`Offered in forms (enabled)`}
            checked={form.values.enabled as boolean}
            onChange={(e) => form.setFieldValue('enabled', e.currentTarget.checked)}
          />
        )}
        <FormFooter form={form} onCancel={onDone} />
      </Stack>
    </form>
  )
}
