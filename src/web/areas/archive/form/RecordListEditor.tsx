// One of the record's dated lists as an editable table (exhibitions, auctions, private collections,
// literature typed by LITERATU_RECORD_TYPERE): add, edit in place, reorder, remove. Each cell shows the
// shared rule's message for its own path (`auctions.2.currency`), the same words the server would send.
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core'
import { ARTWORK_LIMITS, type RecordKind } from '../../../../shared/artwork-rules'
import { MoneyInput } from '../../../forms/MoneyInput'
import { clampLength } from '../../../forms/money'
import { IconPlus } from '../../../shell/icons'
import { IconTrash } from '../archive-icons'
import type { Option } from '../reference-data'

export interface EditableEntry {
  date: string
  titleZh: string
  titleEn: string
  placeZh: string
  placeEn: string
  note: string
  lot?: string
  price?: string | null
  currency?: string
  literatureType?: string
}

export function emptyEntry(kind: RecordKind): EditableEntry {
  const base = { date: '', titleZh: '', titleEn: '', placeZh: '', placeEn: '', note: '' }
  if (kind === 'auctions') return { ...base, lot: '', price: null, currency: '' }
  if (kind === 'literature') return { ...base, literatureType: '' }
  return base
}

export interface RecordListEditorProps {
  kind: RecordKind
  value: EditableEntry[]
  onChange: (value: EditableEntry[]) => void
  /** The form's errors; this list reads the ones under `${kind}.`. */
  errors: Record<string, string>
  currencies: Option[]
  literatureTypes: Option[]
  disabled?: boolean
}

const L = ARTWORK_LIMITS

export function RecordListEditor({
  kind,
  value,
  onChange,
  errors,
  currencies,
  literatureTypes,
  disabled,
}: RecordListEditorProps) {
  const { t } = useLingui()
  const err = (i: number, field: string) => errors[`${kind}.${i}.${field}`]
  const set = (i: number, patch: Partial<EditableEntry>) =>
    onChange(value.map((e, j) => (j === i ? { ...e, ...patch } : e)))
  const remove = (i: number) => onChange(value.filter((_, j) => j !== i))
  const names = {
    exhibitions: { title: t`Exhibition`, place: t`Venue` },
    auctions: { title: t`Auction sale`, place: t`Auction house` },
    privateCollections: { title: t`Collector`, place: t`Place` },
    literature: { title: t`Publication`, place: t`Publisher` },
  }[kind]
  const titleName = names.title
  const placeName = names.place
  const listError = errors[kind]
  const text = (
    i: number,
    field: 'titleZh' | 'titleEn' | 'placeZh' | 'placeEn' | 'note' | 'lot',
    max: number,
    placeholder: string,
  ) => (
    <TextInput
      size="xs"
      value={(value[i][field] as string) ?? ''}
      onChange={(e) => set(i, { [field]: clampLength(e.currentTarget.value, max) })}
      placeholder={placeholder}
      aria-label={placeholder}
      error={err(i, field)}
      disabled={disabled}
      data-testid={`${kind}-${i}-${field}`}
    />
  )
  return (
    <Stack gap="xs" data-testid={`record-editor-${kind}`}>
      {value.length === 0 ? (
        <Text fz="sm" c="dimmed">
          <Trans>Nothing recorded yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={kind === 'auctions' ? 1180 : 980}>
          <Table verticalSpacing={6} withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={130}>
                  <Trans>Date</Trans> *
                </Table.Th>
                {kind === 'literature' ? (
                  <Table.Th w={170}>
                    <Trans>Type</Trans> *
                  </Table.Th>
                ) : null}
                <Table.Th>{t`${titleName} (Chinese / English) *`}</Table.Th>
                <Table.Th>{t`${placeName} (Chinese / English)`}</Table.Th>
                {kind === 'auctions' ? (
                  <>
                    <Table.Th w={80}>
                      <Trans>Lot</Trans>
                    </Table.Th>
                    <Table.Th w={210}>
                      <Trans>Price</Trans>
                    </Table.Th>
                  </>
                ) : null}
                <Table.Th>
                  <Trans>Note</Trans>
                </Table.Th>
                <Table.Th w={36} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((entry, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the entries are an ordered list without ids
                <Table.Tr key={i} style={{ verticalAlign: 'top' }} data-testid={`${kind}-row`}>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      value={entry.date}
                      onChange={(e) =>
                        set(i, { date: e.currentTarget.value.replace(/[^\d-]/g, '').slice(0, 10) })
                      }
                      placeholder="yyyy-MM-dd"
                      aria-label={t`Date`}
                      error={err(i, 'date')}
                      disabled={disabled}
                      data-testid={`${kind}-${i}-date`}
                    />
                  </Table.Td>
                  {kind === 'literature' ? (
                    <Table.Td>
                      <Select
                        size="xs"
                        data={literatureTypes}
                        value={entry.literatureType || null}
                        onChange={(v) => set(i, { literatureType: v ?? '' })}
                        placeholder={t`Choose`}
                        aria-label={t`Type`}
                        error={err(i, 'literatureType')}
                        disabled={disabled}
                        data-testid={`${kind}-${i}-literatureType`}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Stack gap={4}>
                      {text(i, 'titleZh', L.recordTitle, `${names.title} · ${t`Chinese`}`)}
                      {text(i, 'titleEn', L.recordTitle, `${names.title} · ${t`English`}`)}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      {text(i, 'placeZh', L.recordPlace, `${names.place} · ${t`Chinese`}`)}
                      {text(i, 'placeEn', L.recordPlace, `${names.place} · ${t`English`}`)}
                    </Stack>
                  </Table.Td>
                  {kind === 'auctions' ? (
                    <>
                      <Table.Td>{text(i, 'lot', L.lot, t`Lot`)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" align="flex-start">
                          <Select
                            size="xs"
                            w={84}
                            data={currencies.map((c) => ({ value: c.value, label: c.value }))}
                            value={entry.currency || null}
                            onChange={(v) => set(i, { currency: v ?? '' })}
                            placeholder={t`Currency`}
                            aria-label={t`Currency`}
                            error={err(i, 'currency')}
                            searchable
                            disabled={disabled}
                          />
                          <MoneyInput
                            size="xs"
                            value={entry.price ?? ''}
                            onChange={(v) => set(i, { price: v === '' ? null : v })}
                            placeholder={t`Price`}
                            aria-label={t`Price`}
                            error={err(i, 'price')}
                            disabled={disabled}
                            style={{ flex: 1 }}
                          />
                        </Group>
                      </Table.Td>
                    </>
                  ) : null}
                  <Table.Td>{text(i, 'note', L.recordNote, t`Note`)}</Table.Td>
                  <Table.Td>
                    <Tooltip label={t`Remove this entry`}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => remove(i)}
                        aria-label={t`Remove this entry`}
                        disabled={disabled}
                      >
                        <IconTrash />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {listError ? (
        <Text fz="xs" c="red.7">
          {listError}
        </Text>
      ) : null}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        w="fit-content"
        onClick={() => onChange([...value, emptyEntry(kind)])}
        disabled={disabled || value.length >= L.records}
        data-testid={`${kind}-add`}
      >
        <Trans>Add an entry</Trans>
      </Button>
    </Stack>
  )
}
