// The filters above a list, one way on every screen. The bar lays the fields out: side by side on their
// bottom edge, wrapping on a narrow screen (the default); in equal columns (`cols`, for a screen with many
// filters); or in a 12-column grid whose cells (FilterCell) give their own widths (`grid`). `card` frames the
// bar, with `footer` below it; `actions` stand at the row's far end. The fields every list shares live here too: the text search (kept in the
// URL, sent 300 ms after the last key press, trimmed: an empty search is no search), the date range (two
// calendar days, either end open) and the currency.
import { useLingui } from '@lingui/react/macro'
import { Card, Grid, Group, Select, SimpleGrid, type SimpleGridProps, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { type ReactNode, useEffect, useState } from 'react'
import { DateRangePicker } from './DateRangePicker'

export interface FilterBarProps {
  children: ReactNode
  testId?: string
  /** Equal columns per screen width (`{ base: 1, md: 4 }`); without it the fields stand side by side. */
  cols?: SimpleGridProps['cols']
  /** A 12-column grid: each field is a FilterCell with its own span. */
  grid?: boolean
  /** Framed as a card. */
  card?: boolean
  /** Below the fields (a "clear the filters" button), inside the frame. */
  footer?: ReactNode
  /** At the row's far end (what to do with the rows chosen below), for a bar of side-by-side fields. */
  actions?: ReactNode
}

function FilterFields({ children, cols, grid }: Pick<FilterBarProps, 'children' | 'cols' | 'grid'>) {
  if (grid)
    return (
      <Grid gap="sm" align="flex-end">
        {children}
      </Grid>
    )
  if (cols)
    return (
      <SimpleGrid cols={cols} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    )
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      {children}
    </Group>
  )
}

export function FilterBar({ children, testId, cols, grid, card, footer, actions }: FilterBarProps) {
  const fields = actions ? (
    <Group gap="sm" justify="space-between" align="flex-end" wrap="wrap">
      <FilterFields>{children}</FilterFields>
      {actions}
    </Group>
  ) : (
    <FilterFields cols={cols} grid={grid}>
      {children}
    </FilterFields>
  )
  if (card)
    return (
      <Card withBorder radius="md" padding="md" data-testid={testId}>
        {fields}
        {footer}
      </Card>
    )
  return (
    <div data-testid={testId}>
      {fields}
      {footer}
    </div>
  )
}

/** One field of a `grid` bar, `span` columns of 12 wide (per screen width). */
export const FilterCell = Grid.Col

/** A text filter's changes, sent `wait` ms after the last one (so the list is not asked at each key). */
export function useFilterDebounce<T>(send: (value: T) => void, wait = 300) {
  return useDebouncedCallback(send, wait)
}

export interface SearchFilterProps {
  /** The field's label; without one, the field is named "Search" and says what it finds in `placeholder`. */
  label?: ReactNode
  placeholder?: string
  leftSection?: ReactNode
  /** The search in the URL: the field starts from it and follows it when it changes elsewhere (cleared). */
  value?: string
  /** The trimmed search, or undefined when the field is empty. */
  onSearch: (text: string | undefined) => void
  maxLength?: number
  w?: number | string
  maw?: number | string
  /** The field's share of a row (CSS flex), instead of a width. */
  flex?: string
  testId?: string
}

/** A text filter: sent 300 ms after the last key press, at once on Enter. */
export function SearchFilter({
  label,
  placeholder,
  leftSection,
  value,
  onSearch,
  maxLength = 100,
  w = 300,
  maw = '100%',
  flex,
  testId,
}: SearchFilterProps) {
  const { t } = useLingui()
  const [text, setText] = useState(value ?? '')
  const send = useFilterDebounce((next: string) => onSearch(next.trim() || undefined))
  useEffect(() => {
    setText((typed) => (typed.trim() === (value ?? '') ? typed : (value ?? '')))
  }, [value])
  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : t`Search`}
      placeholder={placeholder}
      leftSection={leftSection}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value)
        send(e.currentTarget.value)
      }}
      onKeyDown={(e) => e.key === 'Enter' && send.flush()}
      maxLength={maxLength}
      w={flex ? undefined : w}
      maw={maw}
      flex={flex}
      data-testid={testId}
    />
  )
}

export interface DateRangeFilterProps {
  label: ReactNode
  /** yyyy-MM-dd, the first day, or undefined when open. */
  from?: string
  /** yyyy-MM-dd, the last day, or undefined when open. */
  to?: string
  onChange: (range: { from?: string; to?: string }) => void
  testId?: string
  w?: number | string
}

/** A range of calendar days; cleared, both ends are open ("any time"). */
export function DateRangeFilter({ label, from, to, onChange, testId, w }: DateRangeFilterProps) {
  const { t } = useLingui()
  return (
    <DateRangePicker
      label={label}
      placeholder={t`Any time`}
      value={[from ?? null, to ?? null]}
      onChange={([a, b]) => onChange({ from: a ?? undefined, to: b ?? undefined })}
      w={w}
      maw="100%"
      {...(testId ? { 'data-testid': testId } : {})}
    />
  )
}

export interface CurrencyFilterProps {
  /** The currencies to offer (the dictionary's, as options). */
  currencies: { value: string; label: string }[]
  value?: string
  onChange: (currency: string | undefined) => void
  w?: number | string
  testId?: string
}

/** One currency, or all of them (cleared). */
export function CurrencyFilter({ currencies, value, onChange, w = 220, testId }: CurrencyFilterProps) {
  const { t } = useLingui()
  return (
    <Select
      label={t`Currency`}
      placeholder={t`All currencies`}
      data={currencies}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      searchable
      clearable
      w={w}
      maw="100%"
      data-testid={testId}
    />
  )
}
