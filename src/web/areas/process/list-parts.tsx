// Pieces every list of processes, movements and rows shares (the process list, the operations screens,
// their histories): the type, artwork and date-range filters kept in the URL (cells of a FilterBar grid), the
// "nothing here" card, the frame of a table that folds into cards on a phone, and the footer with the row
// count and the pager.
import { useLingui } from '@lingui/react/macro'
import { Card, EmptyState, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import { DateRangeFilter, FilterCell } from '../../forms/FilterBar'
import { IconList } from '../../shell/icons'
import { ArtworkFilter } from './ArtworkPicker'
import { typeLabel, useLang } from './machine-words'

type Span = { base: number; sm?: number; lg?: number }

/** The page a pager asks for, as the URL keeps it (page 1 is no parameter). */
export const pageParam = (page: number) => (page > 1 ? page : undefined)

/** The process-type filter, each type in words. */
export function TypeFilter({
  span,
  value,
  onChange,
}: {
  span: Span
  value?: ProcessType
  onChange: (type?: ProcessType) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  return (
    <FilterCell span={span}>
      <Select
        label={t`Type`}
        placeholder={t`Any type`}
        clearable
        searchable
        data={PROCESS_TYPES.map((type) => ({ value: type, label: typeLabel(type, lang) }))}
        value={value ?? null}
        onChange={(v) => onChange((v as ProcessType) ?? undefined)}
        data-testid="filter-type"
      />
    </FilterCell>
  )
}

export interface ArtworkDateSearch {
  artworkId?: string
  from?: string
  to?: string
}

interface ArtworkDateProps {
  span: Span
  search: ArtworkDateSearch
  set: (patch: ArtworkDateSearch) => void
}

/** The artwork filter, as a grid column. */
export function ArtworkColumn({ span, search, set }: ArtworkDateProps) {
  const { t } = useLingui()
  return (
    <FilterCell span={span}>
      <ArtworkFilter label={t`Artwork`} value={search.artworkId} onChange={(id) => set({ artworkId: id })} />
    </FilterCell>
  )
}

/** The date-range filter ("Started between" unless told), as a grid column. */
export function DatesColumn({ span, search, set, label }: ArtworkDateProps & { label?: string }) {
  const { t } = useLingui()
  return (
    <FilterCell span={span}>
      <DateRangeFilter
        label={label ?? t`Started between`}
        from={search.from}
        to={search.to}
        onChange={set}
        testId="filter-dates"
      />
    </FilterCell>
  )
}

/** The artwork filter and the date-range filter, as two grid columns. */
export function ArtworkDateFilters({ dateLabel, ...props }: ArtworkDateProps & { dateLabel?: string }) {
  return (
    <>
      <ArtworkColumn {...props} />
      <DatesColumn {...props} label={dateLabel} />
    </>
  )
}

/** The card a list or a detail shows when it has nothing to show, with `actions` (links) below. */
export function ListEmpty({
  title,
  description,
  testId,
  actions,
}: {
  title: ReactNode
  description: ReactNode
  testId: string
  actions?: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding="xl">
      <EmptyState icon={<IconList size={24} />} title={title} description={description} data-testid={testId}>
        {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
      </EmptyState>
    </Card>
  )
}

/** The foot of a list: how many rows in all, and the pager when there is more than one page. */
export function ListFooter({
  count,
  total,
  page,
  pageSize,
  onPage,
  testId,
}: {
  count: ReactNode
  total: number
  page: number
  pageSize: number
  onPage: (page: number) => void
  testId: string
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <Group justify="space-between" px="md" py="sm">
      <Text fz="sm" c="dimmed" data-testid={testId}>
        {count}
      </Text>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={onPage} size="sm" /> : null}
    </Group>
  )
}

/**
 * A list that is a table on a desk and folds into cards on a phone (below `sm`), so the page never scrolls
 * sideways: `cards` are the phone's rows, `table` the table's head and body, `footer` below both.
 */
export function FoldedList({
  cards,
  cardsTestId,
  table,
  tableTestId,
  highlight = true,
  footer,
}: {
  cards: ReactNode
  cardsTestId: string
  table: ReactNode
  tableTestId: string
  highlight?: boolean
  footer: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Stack gap={0} hiddenFrom="sm" data-testid={cardsTestId}>
        {cards}
      </Stack>
      <Table.ScrollContainer minWidth={860} visibleFrom="sm">
        <Table
          highlightOnHover={highlight}
          verticalSpacing="sm"
          horizontalSpacing="md"
          data-testid={tableTestId}
        >
          {table}
        </Table>
      </Table.ScrollContainer>
      {footer}
    </Card>
  )
}
