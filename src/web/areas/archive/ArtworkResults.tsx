// The archive's results in two views: a table (the registrar's working view: sortable columns, status at a
// glance, the latest valuation) and a gallery of thumbnails (how people recognise a work). Both select
// rows for batch actions and open the artwork's detail.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core'
import type { ReactNode } from 'react'
import type { ArtworkListItem, ArtworkSort } from '../../../shared/contracts/artworks'
import type { FileLink } from '../../../shared/contracts/files'
import type { Lang } from '../../../shared/errors'
import { moneyText } from '../../../shared/money-text'
import { formatDate } from '../../i18n/format'
import { useSeesValues } from '../../session/use-session'
import { placeWords } from '../warehouse/place-words'
import { ArtworkThumb } from './ArtworkThumb'
import { IconSortAsc, IconSortDesc } from './archive-icons'
import {
  artworkStatusLabel,
  insuranceStatusLabel,
  STATUS_COLORS,
  transportStatusLabel,
} from './archive-labels'
import type { ArchiveReference } from './reference-data'
import { AnchorLink } from './router-links'

export interface ResultsProps {
  items: ArtworkListItem[]
  links: Map<string, FileLink>
  reference: ArchiveReference
  selected: ReadonlySet<string>
  onToggle: (item: ArtworkListItem) => void
  onToggleAll: (checked: boolean) => void
}

export function otherTitle(item: { titleZh: string; titleEn: string }, lang: Lang): string {
  return lang === 'en' ? (item.titleEn ? item.titleZh : '') : item.titleZh ? item.titleEn : ''
}

export function whereText(
  item: Pick<ArtworkListItem, 'inWarehouse' | 'roomId' | 'locationText'>,
  reference: ArchiveReference,
): string {
  return placeWords(
    item.inWarehouse && item.roomId ? reference.roomLabel(item.roomId) : '',
    item.locationText,
  )
}

export function StatusBadges({
  item,
  lang,
  size = 'sm',
}: {
  item: ArtworkListItem
  lang: Lang
  size?: 'xs' | 'sm' | 'md'
}) {
  return (
    <Group gap={4} wrap="wrap" style={{ minWidth: 0 }}>
      <Badge
        size={size}
        variant="light"
        color={STATUS_COLORS[item.status]}
        radius="sm"
        style={{ overflow: 'visible' }}
      >
        {artworkStatusLabel(item.status, lang)}
      </Badge>
      {item.transportStatus !== 'none' ? (
        <Badge size={size} variant="light" color="orange" radius="sm">
          {transportStatusLabel(item.transportStatus, lang)}
        </Badge>
      ) : null}
      <Badge
        size={size}
        variant="outline"
        color={item.insuranceStatus === 'covered' ? 'teal' : 'yellow'}
        radius="sm"
      >
        {insuranceStatusLabel(item.insuranceStatus, lang)}
      </Badge>
      {item.inOperation ? (
        <Badge size={size} variant="dot" color="ink" radius="sm">
          <Trans>In a process</Trans>
        </Badge>
      ) : null}
      {item.pledgedTo ? (
        <Badge size={size} variant="filled" color="red" radius="sm" data-testid="pledged-badge">
          <Trans>Pledged to {item.pledgedTo}</Trans>
        </Badge>
      ) : null}
    </Group>
  )
}

function SortHeader({
  children,
  column,
  sort,
  order,
  onSort,
  align,
}: {
  children: ReactNode
  column: ArtworkSort
  sort: ArtworkSort
  order: 'asc' | 'desc'
  onSort: (column: ArtworkSort) => void
  align?: 'right'
}) {
  const active = sort === column
  return (
    // The column header says how it is sorted (a button may not).
    <Table.Th
      style={{ textAlign: align }}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : undefined}>
          <Text fz="sm" fw={600} c={active ? 'ink.8' : undefined}>
            {children}
          </Text>
          {active ? order === 'asc' ? <IconSortAsc size={14} /> : <IconSortDesc size={14} /> : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}

export function ArtworkTable({
  items,
  links,
  reference,
  selected,
  onToggle,
  onToggleAll,
  sort,
  order,
  onSort,
}: ResultsProps & { sort: ArtworkSort; order: 'asc' | 'desc'; onSort: (column: ArtworkSort) => void }) {
  const { t } = useLingui()
  const lang = reference.lang
  const allChecked = items.length > 0 && items.every((i) => selected.has(i.id))
  const someChecked = items.some((i) => selected.has(i.id))
  const titleSort: ArtworkSort = lang === 'en' ? 'titleEn' : 'titleZh'
  const values = useSeesValues()
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="artwork-table" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={t`Select every artwork on this page`}
                checked={allChecked}
                indeterminate={!allChecked && someChecked}
                onChange={(e) => onToggleAll(e.currentTarget.checked)}
              />
            </Table.Th>
            <SortHeader column={titleSort} sort={sort} order={order} onSort={onSort}>
              <Trans>Artwork</Trans>
            </SortHeader>
            <SortHeader column="inventoryNo" sort={sort} order={order} onSort={onSort}>
              <Trans>Inventory no.</Trans>
            </SortHeader>
            <Table.Th miw={150}>
              <Trans>Medium and period</Trans>
            </Table.Th>
            <SortHeader column="buyYear" sort={sort} order={order} onSort={onSort}>
              <Trans>Bought</Trans>
            </SortHeader>
            <Table.Th miw={150}>
              <Trans>Where</Trans>
            </Table.Th>
            <Table.Th miw={120}>
              <Trans>Status</Trans>
            </Table.Th>
            {values ? (
              <SortHeader column="latestValuation" sort={sort} order={order} onSort={onSort} align="right">
                <Trans>Latest valuation</Trans>
              </SortHeader>
            ) : null}
            <SortHeader column="updatedAt" sort={sort} order={order} onSort={onSort}>
              <Trans>Changed</Trans>
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const sub = otherTitle(item, lang)
            return (
              <Table.Tr
                key={item.id}
                bg={selected.has(item.id) ? 'var(--mantine-color-ink-0)' : undefined}
                data-testid="artwork-row"
              >
                <Table.Td>
                  <Checkbox
                    aria-label={t`Select ${item.inventoryNo}`}
                    checked={selected.has(item.id)}
                    onChange={() => onToggle(item)}
                  />
                </Table.Td>
                <Table.Td maw={380}>
                  <Group gap="sm" wrap="nowrap">
                    <ArtworkThumb fileId={item.previewFileId} links={links} alt={item.title} w={56} h={56} />
                    <Stack gap={1} style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                        <AnchorLink
                          to="/artworkArchive/detail"
                          search={{ id: item.id }}
                          fw={600}
                          fz="sm"
                          c="dark.8"
                          truncate
                          data-testid="artwork-title-link"
                        >
                          {item.title || '—'}
                        </AnchorLink>
                        {sub ? (
                          <Text fz="xs" c="dimmed" truncate>
                            {sub}
                          </Text>
                        ) : null}
                      </Group>
                      <Text fz="xs" c="dark.4" truncate>
                        {[item.artistName, item.creationTime].filter(Boolean).join(' · ') || '—'}
                      </Text>
                      {item.sizeText ? (
                        <Text fz="xs" c="dimmed">
                          {item.sizeText}
                        </Text>
                      ) : null}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text fz="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {item.inventoryNo}
                  </Text>
                </Table.Td>
                <Table.Td maw={200}>
                  <Text fz="sm" lineClamp={1}>
                    {reference.tagLabel(item.mediumTagId) || '—'}
                  </Text>
                  <Text fz="xs" c="dimmed" lineClamp={1}>
                    {reference.tagLabel(item.periodTagId)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{item.buyYear ?? '—'}</Text>
                </Table.Td>
                <Table.Td maw={180}>
                  <Text fz="sm" lineClamp={2}>
                    {whereText(item, reference) || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadges item={item} lang={lang} size="xs" />
                </Table.Td>
                {values ? (
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {item.latestValuation ? (
                      <Tooltip label={formatDate(item.valuationDate, lang)} disabled={!item.valuationDate}>
                        <Text fz="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {moneyText(item.latestValuation, item.latestValuationCurrency)}
                        </Text>
                      </Tooltip>
                    ) : (
                      <Text fz="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(item.updatedAt, lang)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

export function ArtworkGallery({ items, links, reference, selected, onToggle }: ResultsProps) {
  const { t } = useLingui()
  const lang = reference.lang
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 5 }} spacing="md" data-testid="artwork-gallery">
      {items.map((item) => {
        const isSelected = selected.has(item.id)
        return (
          <Card
            key={item.id}
            withBorder
            padding={0}
            radius="md"
            data-testid="artwork-card"
            style={{
              overflow: 'hidden',
              borderColor: isSelected ? 'var(--mantine-color-ink-6)' : undefined,
              boxShadow: isSelected ? '0 0 0 1px var(--mantine-color-ink-6)' : undefined,
            }}
          >
            <div style={{ position: 'relative' }}>
              <AnchorLink to="/artworkArchive/detail" search={{ id: item.id }} display="block">
                <ArtworkThumb
                  fileId={item.previewFileId}
                  links={links}
                  alt={item.title}
                  w="100%"
                  h={190}
                  radius="0"
                />
              </AnchorLink>
              <Checkbox
                aria-label={t`Select ${item.inventoryNo}`}
                checked={isSelected}
                onChange={() => onToggle(item)}
                style={{ position: 'absolute', top: 10, left: 10 }}
                styles={{ input: { boxShadow: '0 1px 3px rgba(0,0,0,.25)' } }}
              />
              {item.latestValuation ? (
                <Badge
                  variant="white"
                  color="dark"
                  radius="sm"
                  size="sm"
                  style={{ position: 'absolute', right: 8, bottom: 8, boxShadow: '0 1px 3px rgba(0,0,0,.2)' }}
                >
                  {moneyText(item.latestValuation, item.latestValuationCurrency)}
                </Badge>
              ) : null}
            </div>
            <Stack gap={4} p="sm">
              <AnchorLink
                to="/artworkArchive/detail"
                search={{ id: item.id }}
                fw={600}
                fz="sm"
                c="dark.8"
                lineClamp={1}
              >
                {item.title || '—'}
              </AnchorLink>
              <Text fz="xs" c="dimmed" lineClamp={1}>
                {[item.artistName, item.creationTime].filter(Boolean).join(' · ') || '—'}
              </Text>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text fz="xs" ff="monospace" c="dimmed" truncate>
                  {item.inventoryNo}
                </Text>
                <Badge size="xs" variant="light" color={STATUS_COLORS[item.status]} radius="sm">
                  {artworkStatusLabel(item.status, lang)}
                </Badge>
              </Group>
              {item.pledgedTo ? (
                <Badge size="xs" variant="filled" color="red" radius="sm" data-testid="pledged-badge">
                  <Trans>Pledged to {item.pledgedTo}</Trans>
                </Badge>
              ) : null}
            </Stack>
          </Card>
        )
      })}
    </SimpleGrid>
  )
}
