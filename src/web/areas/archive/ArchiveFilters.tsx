// The archive's filter panel and the row of filters in force: every tag family, the dictionary values,
// the statuses, the owner (a legal entity and those under it), the room, the buy-year range and a valuation range in one currency. Choices apply at once
// (the URL changes, the list follows); typed ranges apply on blur or Enter. Each filter in force shows as a
// pill that removes it.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Input, MultiSelect, Pill, Select, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { ARTWORK_STATUSES, INSURANCE_STATUSES, TRANSPORT_STATUSES } from '../../../shared/contracts/artworks'
import { moneyText } from '../../../shared/money-text'
import { entitiesQuery } from '../../api/queries/ownership'
import { DigitsInput } from '../../forms/DigitsInput'
import { FilterBar } from '../../forms/FilterBar'
import { MoneyInput } from '../../forms/MoneyInput'
import { useSeesValues } from '../../session/use-session'
import { entityName, flattenEntities } from '../entities/entity-words'
import { useLang } from '../process/machine-words'
import { artworkStatusLabel, insuranceStatusLabel, transportStatusLabel } from './archive-labels'
import { type ArchiveSearch, clearedFilters, withFilters } from './archive-search'
import type { ArchiveReference, ArchiveTagParent } from './reference-data'

export interface ArchiveFiltersProps {
  search: ArchiveSearch
  onChange: (next: ArchiveSearch) => void
  reference: ArchiveReference
}

type TagKey =
  | 'mediumTagId'
  | 'periodTagId'
  | 'investMarketTagId'
  | 'incomeStageTagId'
  | 'labelTagId'
  | 'artistStageTagId'
const TAG_FILTERS: { key: TagKey; parent: ArchiveTagParent }[] = [
  { key: 'mediumTagId', parent: 'CREATION_MEDIUM' },
  { key: 'periodTagId', parent: 'PERIOD' },
  { key: 'investMarketTagId', parent: 'INVEST_MARKET' },
  { key: 'incomeStageTagId', parent: 'INCOME_STAGE' },
  { key: 'labelTagId', parent: 'ARTWORK_LABEL' },
  { key: 'artistStageTagId', parent: 'ARTIST_STAGE' },
]

type Flag = 'any' | 'true' | 'false'
const flagOf = (v: boolean | undefined): Flag => (v === undefined ? 'any' : v ? 'true' : 'false')
const flagValue = (v: string | null): boolean | undefined =>
  v === 'true' ? true : v === 'false' ? false : undefined

function useTagLabels() {
  const { t } = useLingui()
  return {
    mediumTagId: t`Creation medium`,
    periodTagId: t`Period of creation`,
    investMarketTagId: t`Invest market`,
    incomeStageTagId: t`Income stage`,
    labelTagId: t`Labels`,
    artistStageTagId: t`Artist stage`,
  } satisfies Record<TagKey, string>
}

/** The owner filter: a legal entity of the tree (its descendants' works included), indented by depth. */
function OwnerFilter({ value, onChange }: { value?: string; onChange: (id: string | undefined) => void }) {
  const { t } = useLingui()
  const lang = useLang()
  const entities = useQuery(entitiesQuery())
  const data = flattenEntities(entities.data ?? []).map(({ node, depth }) => ({
    value: node.id,
    label: `${'— '.repeat(depth)}${entityName(node, lang)}`,
  }))
  return (
    <Select
      label={t`Owner`}
      placeholder={value ? undefined : t`Any`}
      data={data}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      searchable
      clearable
      data-testid="filter-ownerEntityId"
      comboboxProps={{ withinPortal: true }}
    />
  )
}

/** A year range or a money range typed into two boxes, applied when the box is left. */
function useDraft<T>(value: T): [T, (v: T) => void] {
  const [draft, setDraft] = useState(value)
  useEffect(() => setDraft(value), [value])
  return [draft, setDraft]
}

export function ArchiveFilters({ search, onChange, reference }: ArchiveFiltersProps) {
  const { t } = useLingui()
  const lang = reference.lang
  const tagLabels = useTagLabels()
  const set = (patch: Partial<ArchiveSearch>) => onChange(withFilters(search, patch))
  const [yearFrom, setYearFrom] = useDraft(search.buyYearFrom ? String(search.buyYearFrom) : '')
  const [yearTo, setYearTo] = useDraft(search.buyYearTo ? String(search.buyYearTo) : '')
  const values = useSeesValues()
  const [valMin, setValMin] = useDraft(search.valuationMin ?? '')
  const [valMax, setValMax] = useDraft(search.valuationMax ?? '')
  const yearOf = (v: string) => (v.length === 4 ? Number(v) : undefined)
  const applyYears = () => set({ buyYearFrom: yearOf(yearFrom), buyYearTo: yearOf(yearTo) })
  const applyValuation = (min = valMin, max = valMax) =>
    set({ valuationMin: min || undefined, valuationMax: max || undefined })
  const flagData = (yes: string, no: string) => [
    { value: 'any', label: t`Any` },
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ]

  return (
    <FilterBar cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} testId="archive-filters">
      {TAG_FILTERS.map(({ key, parent }) => (
        <MultiSelect
          key={key}
          label={tagLabels[key]}
          placeholder={search[key]?.length ? undefined : t`Any`}
          data={reference.tagOptions[parent]}
          value={(search[key] ?? []).map(String)}
          onChange={(v) => set({ [key]: v.map(Number) })}
          searchable
          clearable
          data-testid={`filter-${key}`}
          comboboxProps={{ withinPortal: true }}
        />
      ))}
      <MultiSelect
        label={t`Packaging`}
        placeholder={search.packagingType?.length ? undefined : t`Any`}
        data={reference.dictOptions.PACKAGING_TYPE}
        value={search.packagingType ?? []}
        onChange={(v) => set({ packagingType: v })}
        searchable
        clearable
      />
      <OwnerFilter value={search.ownerEntityId} onChange={(ownerEntityId) => set({ ownerEntityId })} />
      <MultiSelect
        label={t`Room`}
        placeholder={search.roomId?.length ? undefined : t`Any`}
        data={reference.roomOptions}
        value={search.roomId ?? []}
        onChange={(v) => set({ roomId: v })}
        searchable
        clearable
        data-testid="filter-roomId"
      />
      <MultiSelect
        label={t`Status`}
        placeholder={search.status?.length ? undefined : t`Any`}
        data={ARTWORK_STATUSES.map((s) => ({ value: s, label: artworkStatusLabel(s, lang) }))}
        value={search.status ?? []}
        onChange={(v) => set({ status: v as ArchiveSearch['status'] })}
        clearable
        data-testid="filter-status"
      />
      <MultiSelect
        label={t`Transport`}
        placeholder={search.transportStatus?.length ? undefined : t`Any`}
        data={TRANSPORT_STATUSES.map((s) => ({ value: s, label: transportStatusLabel(s, lang) }))}
        value={search.transportStatus ?? []}
        onChange={(v) => set({ transportStatus: v as ArchiveSearch['transportStatus'] })}
        clearable
      />
      <MultiSelect
        label={t`Insurance`}
        placeholder={search.insuranceStatus?.length ? undefined : t`Any`}
        data={INSURANCE_STATUSES.map((s) => ({ value: s, label: insuranceStatusLabel(s, lang) }))}
        value={search.insuranceStatus ?? []}
        onChange={(v) => set({ insuranceStatus: v as ArchiveSearch['insuranceStatus'] })}
        clearable
      />
      <Select
        label={t`In the warehouse`}
        data={flagData(t`In the warehouse`, t`Not in the warehouse`)}
        value={flagOf(search.inWarehouse)}
        onChange={(v) => set({ inWarehouse: flagValue(v) })}
        allowDeselect={false}
      />
      <Select
        label={t`In an operation`}
        data={flagData(t`In a live process`, t`Not in a process`)}
        value={flagOf(search.inOperation)}
        onChange={(v) => set({ inOperation: flagValue(v) })}
        allowDeselect={false}
      />
      <Select
        label={t`Preview image`}
        data={flagData(t({ message: 'Missing', context: 'absent data' }), t`Present`)}
        value={flagOf(search.missingPreview)}
        onChange={(v) => set({ missingPreview: flagValue(v) })}
        allowDeselect={false}
      />
      <Input.Wrapper label={t`Buy year`}>
        <Group gap={6} wrap="nowrap">
          <DigitsInput
            aria-label={t`Buy year from`}
            placeholder={t`From`}
            value={yearFrom}
            maxLength={4}
            onChange={setYearFrom}
            onBlur={applyYears}
            onKeyDown={(e) => e.key === 'Enter' && applyYears()}
            style={{ flex: 1 }}
            data-testid="filter-buyYearFrom"
          />
          <Text c="dimmed">–</Text>
          <DigitsInput
            aria-label={t`Buy year to`}
            placeholder={t`To`}
            value={yearTo}
            maxLength={4}
            onChange={setYearTo}
            onBlur={applyYears}
            onKeyDown={(e) => e.key === 'Enter' && applyYears()}
            style={{ flex: 1 }}
            data-testid="filter-buyYearTo"
          />
        </Group>
      </Input.Wrapper>
      {values ? (
        <Input.Wrapper label={t`Latest valuation`} style={{ gridColumn: 'span 2' }}>
          <Group gap={6} wrap="nowrap">
            <Select
              aria-label={t`Valuation currency`}
              placeholder={t`Currency`}
              data={reference.dictOptions.CURRENCY.map((o) => ({ value: o.value, label: o.value }))}
              value={search.valuationCurrency ?? null}
              onChange={(v) => set({ valuationCurrency: v ?? undefined })}
              clearable
              searchable
              w={110}
              data-testid="filter-valuationCurrency"
            />
            <MoneyInput
              aria-label={t`Valuation from`}
              placeholder={t`From`}
              value={valMin}
              onChange={(v) => {
                setValMin(v)
              }}
              onBlur={() => applyValuation()}
              style={{ flex: 1 }}
            />
            <Text c="dimmed">–</Text>
            <MoneyInput
              aria-label={t`Valuation to`}
              placeholder={t`To`}
              value={valMax}
              onChange={(v) => setValMax(v)}
              onBlur={() => applyValuation()}
              style={{ flex: 1 }}
            />
          </Group>
          {!search.valuationCurrency && (valMin || valMax) ? (
            <Text fz="xs" c="orange.8">
              <Trans>Choose the currency: a valuation range is in one currency.</Trans>
            </Text>
          ) : null}
        </Input.Wrapper>
      ) : null}
    </FilterBar>
  )
}

interface ActivePill {
  key: string
  label: ReactNode
  remove: () => void
}

/** The filters in force as pills; each removes its filter, and one button removes them all. */
export function ActiveFilters({ search, onChange, reference }: ArchiveFiltersProps) {
  const { t } = useLingui()
  const lang = reference.lang
  const tagLabels = useTagLabels()
  const set = (patch: Partial<ArchiveSearch>) => onChange(withFilters(search, patch))
  const pills: ActivePill[] = []
  const listPill = <V,>(
    key: string,
    title: string,
    values: V[] | undefined,
    label: (v: V) => string,
    patch: (rest: V[]) => Partial<ArchiveSearch>,
  ) => {
    for (const v of values ?? []) {
      pills.push({
        key: `${key}:${String(v)}`,
        label: `${title}: ${label(v)}`,
        remove: () => set(patch((values ?? []).filter((x) => x !== v))),
      })
    }
  }
  if (search.keyword)
    pills.push({ key: 'keyword', label: `“${search.keyword}”`, remove: () => set({ keyword: undefined }) })
  for (const { key } of TAG_FILTERS) {
    listPill(
      key,
      tagLabels[key],
      search[key],
      (id) => reference.tagLabel(id),
      (rest) => ({ [key]: rest }),
    )
  }
  listPill(
    'packagingType',
    t`Packaging`,
    search.packagingType,
    (v) => reference.dictLabel('PACKAGING_TYPE', v),
    (rest) => ({ packagingType: rest }),
  )
  listPill(
    'roomId',
    t`Room`,
    search.roomId,
    (v) => reference.roomLabel(v) || v,
    (rest) => ({ roomId: rest }),
  )
  listPill(
    'status',
    t`Status`,
    search.status,
    (v) => artworkStatusLabel(v, lang),
    (rest) => ({ status: rest }),
  )
  listPill(
    'transportStatus',
    t`Transport`,
    search.transportStatus,
    (v) => transportStatusLabel(v, lang),
    (rest) => ({ transportStatus: rest }),
  )
  listPill(
    'insuranceStatus',
    t`Insurance`,
    search.insuranceStatus,
    (v) => insuranceStatusLabel(v, lang),
    (rest) => ({ insuranceStatus: rest }),
  )
  if (search.inWarehouse !== undefined)
    pills.push({
      key: 'inWarehouse',
      label: search.inWarehouse ? t`In the warehouse` : t`Not in the warehouse`,
      remove: () => set({ inWarehouse: undefined }),
    })
  if (search.inOperation !== undefined)
    pills.push({
      key: 'inOperation',
      label: search.inOperation ? t`In a live process` : t`Not in a process`,
      remove: () => set({ inOperation: undefined }),
    })
  if (search.missingPreview !== undefined)
    pills.push({
      key: 'missingPreview',
      label: search.missingPreview ? t`Preview image missing` : t`Has a preview image`,
      remove: () => set({ missingPreview: undefined }),
    })
  if (search.buyYearFrom !== undefined || search.buyYearTo !== undefined) {
    const from = search.buyYearFrom ?? '…'
    const to = search.buyYearTo ?? '…'
    pills.push({
      key: 'buyYear',
      label: t`Buy year: ${from}–${to}`,
      remove: () => set({ buyYearFrom: undefined, buyYearTo: undefined }),
    })
  }
  if (search.valuationCurrency) {
    const cur = search.valuationCurrency
    const ranged = search.valuationMin !== undefined || search.valuationMax !== undefined
    const from = search.valuationMin ? moneyText(search.valuationMin) : '…'
    const to = search.valuationMax ? moneyText(search.valuationMax) : '…'
    pills.push({
      key: 'valuation',
      label: ranged ? t`Valuation: ${cur} ${from}–${to}` : t`Valued in ${cur}`,
      remove: () => set({ valuationCurrency: undefined, valuationMin: undefined, valuationMax: undefined }),
    })
  }
  if (search.artistId)
    pills.push({ key: 'artistId', label: t`One artist`, remove: () => set({ artistId: undefined }) })
  if (search.ownerEntityId)
    pills.push({
      key: 'ownerEntityId',
      label: t`One owner`,
      remove: () => set({ ownerEntityId: undefined }),
    })
  if (pills.length === 0) return null
  return (
    <Group gap={6} data-testid="active-filters">
      {pills.map((p) => (
        <Pill key={p.key} withRemoveButton onRemove={p.remove} size="md" bg="ink.0" c="ink.9">
          {p.label}
        </Pill>
      ))}
      <Button
        variant="subtle"
        size="compact-sm"
        color="gray"
        onClick={() => onChange(clearedFilters(search))}
      >
        <Trans>Clear all</Trans>
      </Button>
    </Group>
  )
}
