// The artwork's artist: an artist record of its own (names in both languages, nationality, years, stage
// tag), picked by searching names in either language, or created on the spot when the office meets them
// for the first time. The new artist's form checks with the shared rule the server applies.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { ARTWORK_LIMITS, artistInput } from '../../../../shared/artwork-rules'
import type { ArtistView } from '../../../../shared/contracts/artworks'
import { artistQuery, artistsQuery, artworkKeys, createArtist } from '../../../api/queries/artworks'
import { DigitsInput } from '../../../forms/DigitsInput'
import { FormRefusal } from '../../../forms/FormRefusal'
import { showSuccess } from '../../../forms/notify'
import { SubmitButton } from '../../../forms/SubmitButton'
import { TextField } from '../../../forms/TextField'
import { useForm } from '../../../forms/use-form'
import { IconPlus } from '../../../shell/icons'
import type { Option } from '../reference-data'

function artistLabel(a: ArtistView): string {
  const names = [a.nameZh, a.nameEn].filter(Boolean).join(' · ')
  const years = [a.birthYear, a.deathYear].filter((y) => y !== null).join('–')
  return years ? `${names} (${years})` : names
}

interface NewArtistValues {
  nameZh: string
  nameEn: string
  nationality: string
  birthYear: string
  deathYear: string
  artistStageTagId: number | null
}

function NewArtistForm({
  stages,
  onCreated,
  onCancel,
  initialName,
}: {
  stages: Option[]
  onCreated: (a: ArtistView) => void
  onCancel: () => void
  initialName: string
}) {
  const { t } = useLingui()
  const latin = /^[\x20-\x7e]+$/.test(initialName)
  const initialValues: NewArtistValues = {
    nameZh: latin ? '' : initialName,
    nameEn: latin ? initialName : '',
    nationality: '',
    birthYear: '',
    deathYear: '',
    artistStageTagId: null,
  }
  const form = useForm({ schema: artistInput, initialValues })
  const v = form.values
  return (
    <form
      // The modal is portalled, but React still bubbles its submit to the artwork form around it.
      onSubmit={(event) => {
        event.stopPropagation()
        void form.onSubmit(async (data) => onCreated(await createArtist(data)))(event)
      }}
      data-testid="new-artist-form"
    >
      <Stack gap="sm">
        <FormRefusal form={form} />
        <SimpleGrid cols={2} spacing="sm">
          <TextField
            label={t`Name in Chinese`}
            maxLength={ARTWORK_LIMITS.artistName}
            {...form.getInputProps('nameZh')}
            data-testid="artist-nameZh"
          />
          <TextField
            label={t`Name in English`}
            maxLength={ARTWORK_LIMITS.artistName}
            {...form.getInputProps('nameEn')}
            data-testid="artist-nameEn"
          />
          <TextField
            label={t`Nationality`}
            maxLength={ARTWORK_LIMITS.nationality}
            {...form.getInputProps('nationality')}
          />
          <Select
            label={t`Artist stage`}
            data={stages}
            value={v.artistStageTagId === null ? null : String(v.artistStageTagId)}
            onChange={(x) => form.setFieldValue('artistStageTagId', x ? Number(x) : null)}
            error={form.errors.artistStageTagId}
            clearable
          />
          <DigitsInput
            label={t`Year of birth`}
            maxLength={4}
            value={v.birthYear}
            onChange={(x) => form.setFieldValue('birthYear', x)}
            error={form.errors.birthYear}
          />
          <DigitsInput
            label={t`Year of death`}
            maxLength={4}
            value={v.deathYear}
            onChange={(x) => form.setFieldValue('deathYear', x)}
            error={form.errors.deathYear}
          />
        </SimpleGrid>
        <Text fz="xs" c="dimmed">
          <Trans>A name in one language at least.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <SubmitButton form={form}>
            <Trans>Create the artist</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}

export interface ArtistPickerProps {
  value: string | null
  onChange: (id: string | null) => void
  stages: Option[]
  error?: string
  disabled?: boolean
}

export function ArtistPicker({ value, onChange, stages, error, disabled }: ArtistPickerProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, 250)
  const [creating, setCreating] = useState(false)
  const found = useQuery(artistsQuery(debounced.trim()))
  const chosen = useQuery({ ...artistQuery(value ?? ''), enabled: value !== null })
  const data = useMemo(() => {
    const list = [...(found.data?.list ?? [])]
    if (chosen.data && !list.some((a) => a.id === chosen.data.id)) list.unshift(chosen.data)
    return list.map((a) => ({ value: a.id, label: artistLabel(a) }))
  }, [found.data, chosen.data])

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t`Artist`}
          placeholder={t`Search by name in Chinese or English`}
          data={data}
          value={value}
          onChange={(v) => onChange(v)}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          clearable
          nothingFoundMessage={found.isFetching ? t`Searching…` : t`No artist by that name`}
          error={error}
          disabled={disabled}
          style={{ flex: 1 }}
          data-testid="artist-picker"
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={14} />}
          onClick={() => setCreating(true)}
          disabled={disabled}
          data-testid="new-artist"
        >
          <Trans>New artist</Trans>
        </Button>
      </Group>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={<Trans>New artist</Trans>}
        centered
        size="lg"
      >
        {creating ? (
          <NewArtistForm
            stages={stages}
            initialName={value ? '' : search.trim()}
            onCancel={() => setCreating(false)}
            onCreated={(artist) => {
              queryClient.setQueryData(artistQuery(artist.id).queryKey, artist)
              void queryClient.invalidateQueries({ queryKey: [...artworkKeys.all, 'artists'] })
              onChange(artist.id)
              setCreating(false)
              const name = artist.name
              showSuccess(t`Artist ${name} created.`)
            }}
          />
        ) : null}
      </Modal>
    </>
  )
}
