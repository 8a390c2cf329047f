// Pieces every operations screen shares: artworks as thumbnails with their names (and the artwork column of
// a list), a place in words, tabs with counts, the start drawer (StartProcess of the screen's type,
// `?start=1`), a labelled fact of a detail page, and a list that is a table on a desk and folds into cards
// on a phone (below `sm`), so the page never scrolls sideways. Warehouse, insurance and stocktake screens
// use them too.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Plural, Trans } from '@lingui/react/macro'
import { Badge, Drawer, Group, Stack, Table, Tabs, Text, UnstyledButton } from '@mantine/core'
import type { ReactNode } from 'react'
import type { ArtworkBrief, MovementView, PlaceView } from '../../../shared/contracts/operations'
import type { Lang } from '../../../shared/errors'
import type { ProcessType } from '../../../shared/process-types'
import { moreWords } from '../../../shared/subject-words'
import { formatNumber } from '../../i18n/format'
import { useSeesValues } from '../../session/use-session'
import { ArtworkThumb, useFileLinks } from '../archive/ArtworkThumb'
import { FoldedList, ListEmpty, ListFooter } from '../process/list-parts'
import { typeLabel, useLang } from '../process/machine-words'
import { StartProcess } from '../process-start/StartProcess'
import { placeWords } from '../warehouse/place-words'
import { movementWords } from './movement-words'

export const artworkTitle = (a: Pick<ArtworkBrief, 'titleZh' | 'titleEn' | 'inventoryNo'>, lang: Lang) =>
  (lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn) || a.inventoryNo

/** A room by its name in the language shown with the place in it, else the place as written. */
export function placeText(place: PlaceView, lang: Lang): string {
  const room = place.roomId
    ? lang === 'en'
      ? place.roomEn || place.roomZh
      : place.roomZh || place.roomEn
    : ''
  return placeWords(room, place.location)
}

/** Thumbnail links for every artwork a page shows (one call per page). */
export function useThumbs(artworks: ArtworkBrief[]) {
  return useFileLinks(artworks.map((a) => a.previewFileId))
}

/** One or a few artworks: the first's thumbnail, names and inventory numbers, "and n more". */
export function ArtworksCell({
  artworks,
  links,
  max = 2,
}: {
  artworks: ArtworkBrief[]
  links: ReturnType<typeof useThumbs>
  max?: number
}) {
  const lang = useLang()
  if (artworks.length === 0) return <Text fz="sm">—</Text>
  const shown = artworks.slice(0, max)
  const n = artworks.length - max
  return (
    <Group gap="sm" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
      <ArtworkThumb
        fileId={artworks[0].previewFileId}
        links={links}
        alt={artworkTitle(artworks[0], lang)}
        w={44}
        h={44}
      />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {shown.map((a) => (
          <Text key={a.id} fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {artworkTitle(a, lang)}{' '}
            <Text span fz="xs" c="dimmed">
              {a.inventoryNo}
            </Text>
          </Text>
        ))}
        {n > 0 ? (
          <Text fz="xs" c="dimmed">
            {moreWords(n, lang)}
          </Text>
        ) : null}
      </Stack>
    </Group>
  )
}

export interface CountTab<V extends string> {
  value: V
  label: ReactNode
  count?: number
}

/** Tabs of a list, each with how many it holds; the chosen one lives in the URL. */
export function CountTabs<V extends string>({
  tabs,
  value,
  onChange,
  testId,
}: {
  tabs: CountTab<V>[]
  value: V
  onChange: (value: V) => void
  testId: string
}) {
  const lang = useLang()
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as V)} data-testid={testId}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            data-tab={tab.value}
            rightSection={
              tab.count === undefined ? null : (
                <Badge size="sm" variant="light" color={tab.value === value ? 'ink' : 'gray'} circle={false}>
                  {formatNumber(tab.count, lang)}
                </Badge>
              )
            }
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  )
}

/** The start of a process of `type` in a drawer, open while the URL says `start=1`. */
export function StartDrawer({
  type,
  open,
  artworkId,
  sourceProcessId,
  input: given,
  onClose,
}: {
  type: ProcessType
  open: boolean
  artworkId?: string
  /** The process this one follows (a sale's delivery names the sale), passed on to the start. */
  sourceProcessId?: string
  /** Start fields the screen already knows, filled in (a room's stocktake: the room). */
  input?: Record<string, unknown>
  onClose: () => void
}) {
  const lang = useLang()
  // A follow-up names the process it follows in its start input (a sale's delivery: the sale).
  const followUp = !!(sourceProcessId && artworkId)
  const input = followUp ? { ...given, artworkIds: [artworkId], sourceProcessId } : given
  return (
    <Drawer
      opened={open}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Trans>Start: {typeLabel(type, lang)}</Trans>}
      data-testid="start-drawer"
    >
      {/* A follow-up's artworks come in its input: the status check of a fresh start does not apply to them
          (a sold work starts its delivery), the server checks them against the process they follow. */}
      {open ? (
        <StartProcess
          type={type}
          artworkId={followUp ? undefined : artworkId}
          input={input}
          onCancel={onClose}
        />
      ) : null}
    </Drawer>
  )
}

export interface Column<T> {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  /** The card's headline on a phone (the first such column); the others show as labelled lines. */
  primary?: boolean
  miw?: number
  /** A value column (an amount, a valuation): left out for a user who may not see values. */
  value?: boolean
}

/** The artwork column (its thumbnail and name, the list's headline) of a list whose rows carry one artwork. */
export function artworkColumn<T extends { artwork: ArtworkBrief }>(
  links: ReturnType<typeof useThumbs>,
  miw = 220,
): Column<T> {
  return {
    key: 'artwork',
    header: <Trans>Artwork</Trans>,
    primary: true,
    miw,
    cell: (row) => <ArtworksCell artworks={[row.artwork]} links={links} />,
  }
}

/** A label over its value, as the facts of a detail page (a room, a policy) show them. */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>{children}</div>
    </Stack>
  )
}

/** The artwork (its thumbnail and name, the list's headline) and kind columns of a list of movements. */
export function useMovementColumns(rows: MovementView[]): [Column<MovementView>, Column<MovementView>] {
  const { i18n } = useLinguiCore()
  const links = useThumbs(rows.map((m) => m.artwork))
  return [
    artworkColumn(links),
    { key: 'kind', header: <Trans>Movement</Trans>, cell: (m) => i18n._(movementWords(m)) },
  ]
}

/** A click that a link inside a row handles itself (the row must not open something else too). */
const onLink = (event: React.MouseEvent) =>
  event.target instanceof Element && !!event.target.closest('a[href]')

/**
 * A page of rows: a table from `sm` up, cards below; a row (or card) opens what `onOpen` says. A row that
 * opens another screen names it with `rowLink` too: the headline becomes that screen's link (a keyboard's
 * way in, and "open in a new tab").
 */
export function OpList<T>({
  rows,
  rowKey,
  columns,
  onOpen,
  rowLink,
  total,
  page,
  pageSize,
  onPage,
  empty,
  testId,
}: {
  rows: T[]
  rowKey: (row: T) => string
  columns: Column<T>[]
  onOpen?: (row: T) => void
  /** The headline as a link to what the row opens (`headline` is the primary column's cell). */
  rowLink?: (row: T, headline: ReactNode) => ReactNode
  total: number
  page: number
  pageSize: number
  onPage: (page: number) => void
  empty: ReactNode
  testId: string
}) {
  const values = useSeesValues()
  if (rows.length === 0)
    return <ListEmpty title={<Trans>Nothing here</Trans>} description={empty} testId={`${testId}-empty`} />
  if (!values) columns = columns.filter((c) => !c.value)
  const primary = columns.find((c) => c.primary) ?? columns[0]
  const rest = columns.filter((c) => c !== primary)
  const open = onOpen
    ? (row: T) => (event: React.MouseEvent) => {
        if (!onLink(event)) onOpen(row)
      }
    : undefined
  const cellOf = (c: Column<T>, row: T) =>
    c === primary && rowLink ? rowLink(row, c.cell(row)) : c.cell(row)
  return (
    <FoldedList
      cardsTestId={`${testId}-cards`}
      tableTestId={testId}
      highlight={!!onOpen}
      cards={rows.map((row) => (
        // The card opens on a click anywhere; its headline is the one button (a keyboard opens it there),
        // so the links and buttons of other lines are not nested inside another control.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the headline button is the keyboard's way in
        // biome-ignore lint/a11y/noStaticElementInteractions: as above
        <div
          key={rowKey(row)}
          onClick={open?.(row)}
          style={{
            borderBottom: '1px solid var(--mantine-color-default-border)',
            padding: '12px 16px',
            cursor: onOpen ? 'pointer' : undefined,
          }}
          data-card={rowKey(row)}
        >
          {rowLink ? (
            rowLink(row, primary.cell(row))
          ) : onOpen ? (
            <UnstyledButton
              onClick={(e) => {
                e.stopPropagation()
                onOpen(row)
              }}
              style={{ display: 'block', width: '100%', textAlign: 'left' }}
            >
              {primary.cell(row)}
            </UnstyledButton>
          ) : (
            primary.cell(row)
          )}
          <Stack gap={2} mt="xs">
            {rest.map((c) => (
              <Group key={c.key} gap="xs" wrap="nowrap" align="flex-start">
                <Text fz="xs" c="dimmed" w={96} style={{ flexShrink: 0 }}>
                  {c.header}
                </Text>
                <div
                  style={{
                    minWidth: 0,
                    overflowWrap: 'anywhere',
                    fontSize: 'var(--mantine-font-size-sm)',
                  }}
                >
                  {c.cell(row)}
                </div>
              </Group>
            ))}
          </Stack>
        </div>
      ))}
      table={
        <>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} miw={c.miw}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={open?.(row)}
                style={onOpen ? { cursor: 'pointer' } : undefined}
                data-row={rowKey(row)}
              >
                {columns.map((c) => (
                  <Table.Td key={c.key} fz="sm">
                    {cellOf(c, row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </>
      }
      footer={
        <ListFooter
          count={<Plural value={total} one="# row" other="# rows" />}
          total={total}
          page={page}
          pageSize={pageSize}
          onPage={onPage}
          testId={`${testId}-total`}
        />
      }
    />
  )
}
