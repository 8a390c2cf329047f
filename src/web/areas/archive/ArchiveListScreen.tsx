// /artworkArchive/index: the archive everyone opens every day. Full-text search over titles, artists and
// inventory numbers, filters by every tag, dictionary value, status, room, buy year and valuation, sort and
// paging — all kept in the URL — in a table or a gallery of server thumbnails. Selected artworks download
// as one zip, or export as one LIDO file (the museum exchange format, docs/standards.md); the current search
// exports to Excel with the template's columns; the import dialog brings a sheet in. Buttons show only for
// the privileges that make them work.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionBar,
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Collapse,
  EmptyState,
  Group,
  Loader,
  Modal,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { holds } from '../../../shared/access'
import { ARTWORK_SORTS, type ArtworkListItem, type ArtworkSort } from '../../../shared/contracts/artworks'
import { artworkDetailQuery, artworkListQuery } from '../../api/queries/artworks'
import { FilterBar, SearchFilter } from '../../forms/FilterBar'
import { showWarning } from '../../forms/notify'
import { formatNumber } from '../../i18n/format'
import { officeToday } from '../../i18n/office-zone'
import { useMe } from '../../session/use-session'
import { IconFrame, IconPlus, IconUpload } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { PrintLabelsButton } from '../labels/PrintLabelsButton'
import { ShareButton } from '../shares/ShareDialog'
import { ActiveFilters, ArchiveFilters } from './ArchiveFilters'
import { ArtworkGallery, ArtworkTable } from './ArtworkResults'
import { useFileLinks } from './ArtworkThumb'
import {
  IconDownload,
  IconFilter,
  IconGrid,
  IconSearch,
  IconSheet,
  IconSortAsc,
  IconSortDesc,
  IconTable,
  IconXml,
} from './archive-icons'
import { SORT_LABELS } from './archive-labels'
import {
  type ArchiveSearch,
  activeFilterCount,
  clearedFilters,
  DEFAULT_PAGE_SIZE,
  filterParams,
  PAGE_SIZES,
  toApiParams,
  withFilters,
} from './archive-search'
import { OwnersForm } from './detail/OwnershipPanel'
import { downloadFromApi, downloadZip } from './download'
import { ImportDialog } from './ImportDialog'
import { useArchiveReference } from './reference-data'
import { ButtonLink } from './router-links'

export interface ArchiveListScreenProps {
  search: ArchiveSearch
  onSearch: (next: ArchiveSearch, options?: { replace?: boolean }) => void
}

/** The most files one batch download collects (the file API's limit). */
const ZIP_MAX_FILES = 500

function stamp(): string {
  return officeToday().replaceAll('-', '')
}

export function ArchiveListScreen({ search, onSearch }: ArchiveListScreenProps) {
  const { t, i18n } = useLingui()
  const me = useMe()
  const queryClient = useQueryClient()
  const reference = useArchiveReference()
  const lang = reference.lang
  const view = search.view ?? 'table'
  const sort: ArtworkSort = search.sort ?? 'updatedAt'
  const order = search.order ?? 'desc'
  const filters = activeFilterCount(search)
  const [filtersOpen, setFiltersOpen] = useState(filters > (search.keyword ? 1 : 0))
  const [importOpen, setImportOpen] = useState(false)
  const [selected, setSelected] = useState<Map<string, ArtworkListItem>>(new Map())
  const [owning, setOwning] = useState(false)

  const list = useQuery(artworkListQuery(toApiParams(search)))
  const items = list.data?.list ?? []
  const links = useFileLinks(useMemo(() => items.map((i) => i.previewFileId), [items]))
  const total = list.data?.total ?? 0
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE
  const pages = Math.max(1, Math.ceil(total / pageSize))

  const canEdit = holds(me, 'artworkArchive:edit')
  const canImport = holds(me, 'artworkArchive:import')
  const canExport = holds(me, 'artworkArchive:export')

  const exporting = useMutation({
    mutationFn: () =>
      downloadFromApi(
        'artworks/export',
        { ...filterParams(search), sort: search.sort, order: search.order, lang },
        `${lang === 'en' ? 'artworks' : '艺术品档案'}-${stamp()}.xlsx`,
      ),
  })
  const lido = useMutation({
    mutationFn: (ids: string[]) =>
      downloadFromApi(
        'exports/lido.xml',
        { artworkIds: ids.join(',') },
        `${lang === 'en' ? 'artworks-lido' : '艺术品-LIDO'}-${stamp()}.xml`,
      ),
  })
  const zipping = useMutation({
    mutationFn: async (artworks: ArtworkListItem[]) => {
      const details = await Promise.all(artworks.map((a) => queryClient.fetchQuery(artworkDetailQuery(a.id))))
      const ids = details.flatMap((d) => [...d.media.map((m) => m.fileId), ...(d.zip ? [d.zip.fileId] : [])])
      if (ids.length === 0) {
        showWarning(t`The selected artworks have no files to download.`)
        return
      }
      if (ids.length > ZIP_MAX_FILES) showWarning(t`Only the first ${ZIP_MAX_FILES} files go into one zip.`)
      await downloadZip(ids, `${lang === 'en' ? 'artwork-files' : '艺术品文件'}-${stamp()}.zip`)
    },
  })

  const setSort = (column: ArtworkSort) => {
    const nextOrder =
      column === sort
        ? order === 'asc'
          ? 'desc'
          : 'asc'
        : column.startsWith('title') || column === 'inventoryNo'
          ? 'asc'
          : 'desc'
    onSearch({ ...search, sort: column, order: nextOrder, page: undefined })
  }
  const toggle = (item: ArtworkListItem) =>
    setSelected((prev) => {
      const next = new Map(prev)
      if (next.has(item.id)) next.delete(item.id)
      else next.set(item.id, item)
      return next
    })
  const toggleAll = (checked: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev)
      for (const item of items) {
        if (checked) next.set(item.id, item)
        else next.delete(item.id)
      }
      return next
    })

  const firstRow = total === 0 ? 0 : ((search.page ?? 1) - 1) * pageSize + 1
  const lastRow = Math.min(total, (search.page ?? 1) * pageSize)
  const loadingFirst = list.isPending

  return (
    <Stack gap="md">
      <PageHeader
        description={
          <Trans>
            Every artwork in the collection: find one by title, artist or inventory number, narrow by tags and
            status.
          </Trans>
        }
        actions={
          <>
            {canImport ? (
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                onClick={() => setImportOpen(true)}
                data-testid="import-button"
              >
                <Trans>Import</Trans>
              </Button>
            ) : null}
            {canExport ? (
              <Tooltip label={t`The current search, with the import template's columns`}>
                <Button
                  variant="default"
                  leftSection={<IconSheet size={16} />}
                  loading={exporting.isPending}
                  disabled={total === 0}
                  onClick={() => exporting.mutate()}
                  data-testid="export-button"
                >
                  <Trans>Export</Trans>
                </Button>
              </Tooltip>
            ) : null}
            {canEdit ? (
              <ButtonLink
                to="/artworkArchive/add"
                leftSection={<IconPlus size={16} />}
                data-testid="add-artwork"
              >
                <Trans>Add artwork</Trans>
              </ButtonLink>
            ) : null}
          </>
        }
      />

      <FilterBar
        card
        footer={
          <>
            <Collapse expanded={filtersOpen}>
              <Stack pt="sm">
                <ArchiveFilters search={search} onChange={onSearch} reference={reference} />
              </Stack>
            </Collapse>
            <ActiveFilters search={search} onChange={onSearch} reference={reference} />
          </>
        }
      >
        <SearchFilter
          placeholder={t`Search titles, artists, inventory numbers`}
          leftSection={<IconSearch size={16} />}
          value={search.keyword}
          onSearch={(keyword) => {
            if (keyword !== search.keyword) onSearch(withFilters(search, { keyword }))
          }}
          flex="1 1 320px"
          testId="archive-search"
        />
        <Button
          variant={filtersOpen ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          rightSection={
            filters > 0 ? (
              <Badge size="sm" circle>
                {filters}
              </Badge>
            ) : null
          }
          onClick={() => setFiltersOpen((o) => !o)}
          data-testid="toggle-filters"
        >
          <Trans>Filters</Trans>
        </Button>
        <Group gap={4} wrap="nowrap">
          <Select
            aria-label={t`Sort by`}
            data={ARTWORK_SORTS.map((s) => ({ value: s, label: i18n._(SORT_LABELS[s]) }))}
            value={sort}
            onChange={(v) => v && onSearch({ ...search, sort: v as ArtworkSort, page: undefined })}
            allowDeselect={false}
            w={160}
            data-testid="sort-select"
          />
          <Tooltip label={order === 'asc' ? t`Ascending` : t`Descending`}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={order === 'asc' ? t`Ascending` : t`Descending`}
              onClick={() =>
                onSearch({ ...search, order: order === 'asc' ? 'desc' : 'asc', page: undefined })
              }
            >
              {order === 'asc' ? <IconSortAsc /> : <IconSortDesc />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <SegmentedControl
          value={view}
          onChange={(v) =>
            onSearch({ ...search, view: v === 'table' ? undefined : 'gallery' }, { replace: true })
          }
          data={[
            {
              value: 'table',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconTable />
                  <span>{t`Table`}</span>
                </Group>
              ),
            },
            {
              value: 'gallery',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconGrid />
                  <span>{t`Gallery`}</span>
                </Group>
              ),
            },
          ]}
          data-testid="view-switch"
        />
      </FilterBar>

      <Group justify="space-between" align="center" mih={28}>
        <Text fz="sm" c="dimmed" data-testid="result-count">
          {loadingFirst ? (
            <Trans>Searching…</Trans>
          ) : total === 0 ? (
            <Trans>No artworks</Trans>
          ) : (
            <Trans>
              {formatNumber(firstRow, lang)}–{formatNumber(lastRow, lang)} of {formatNumber(total, lang)}{' '}
              artworks
            </Trans>
          )}
        </Text>
        {list.isFetching && !loadingFirst ? <Loader size="xs" /> : null}
      </Group>

      {loadingFirst ? (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} h={48} radius="sm" />
            ))}
          </Stack>
        </Card>
      ) : items.length === 0 ? (
        <Card withBorder radius="md" padding="xl" data-testid="archive-empty">
          {filters > 0 ? (
            <EmptyState
              icon={<IconSearch size={26} />}
              withIndicatorBackground
              title={<Trans>No artwork matches this search</Trans>}
              description={<Trans>Try fewer filters or other words.</Trans>}
            >
              <EmptyState.Actions>
                <Button variant="default" onClick={() => onSearch(clearedFilters(search))}>
                  <Trans>Clear the filters</Trans>
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              icon={<IconFrame size={26} />}
              withIndicatorBackground
              title={<Trans>The archive is empty</Trans>}
              description={<Trans>Add the first artwork, or import a sheet of them.</Trans>}
            >
              {canEdit || canImport ? (
                <EmptyState.Actions>
                  {canImport ? (
                    <Button variant="default" onClick={() => setImportOpen(true)}>
                      <Trans>Import from Excel</Trans>
                    </Button>
                  ) : null}
                  {canEdit ? (
                    <ButtonLink to="/artworkArchive/add">
                      <Trans>Add artwork</Trans>
                    </ButtonLink>
                  ) : null}
                </EmptyState.Actions>
              ) : null}
            </EmptyState>
          )}
        </Card>
      ) : view === 'table' ? (
        <Card withBorder radius="md" padding={0}>
          <ArtworkTable
            items={items}
            links={links}
            reference={reference}
            selected={new Set(selected.keys())}
            onToggle={toggle}
            onToggleAll={toggleAll}
            sort={sort}
            order={order}
            onSort={setSort}
          />
        </Card>
      ) : (
        <ArtworkGallery
          items={items}
          links={links}
          reference={reference}
          selected={new Set(selected.keys())}
          onToggle={toggle}
          onToggleAll={toggleAll}
        />
      )}

      {total > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fz="sm" c="dimmed">
              <Trans>Per page</Trans>
            </Text>
            <Select
              aria-label={t`Per page`}
              data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
              value={String(pageSize)}
              onChange={(v) =>
                onSearch({
                  ...search,
                  pageSize: v && Number(v) !== DEFAULT_PAGE_SIZE ? Number(v) : undefined,
                  page: undefined,
                })
              }
              allowDeselect={false}
              w={84}
              size="xs"
            />
          </Group>
          <Pagination
            total={pages}
            value={Math.min(search.page ?? 1, pages)}
            onChange={(p) => onSearch({ ...search, page: p === 1 ? undefined : p })}
            withEdges
            data-testid="pagination"
          />
        </Group>
      ) : null}

      <ActionBar
        opened={selected.size > 0}
        onClose={() => setSelected(new Map())}
        data-testid="selection-bar"
      >
        <Text fz="sm" fw={500} px="xs">
          <Trans>{selected.size} selected</Trans>
        </Text>
        <ActionBar.Divider />
        <Button
          variant="subtle"
          leftSection={<IconDownload size={16} />}
          loading={zipping.isPending}
          onClick={() => zipping.mutate([...selected.values()])}
          data-testid="batch-download"
          aria-label={t`Download files (zip)`}
        >
          {/* On a phone the bar holds icons only: the words stay for screen readers. */}
          <Box component="span" visibleFrom="sm">
            <Trans>Download files (zip)</Trans>
          </Box>
        </Button>
        <PrintLabelsButton artworkIds={[...selected.keys()]} variant="subtle" compactOnPhone />
        {canExport ? (
          <Button
            variant="subtle"
            leftSection={<IconXml size={16} />}
            loading={lido.isPending}
            onClick={() => lido.mutate([...selected.keys()])}
            data-testid="batch-lido"
            aria-label={t`Export as LIDO (XML)`}
          >
            <Box component="span" visibleFrom="sm">
              <Trans>LIDO</Trans>
            </Box>
          </Button>
        ) : null}
        {canEdit ? (
          <Button variant="subtle" onClick={() => setOwning(true)} data-testid="batch-owners">
            <Trans>Set owners</Trans>
          </Button>
        ) : null}
        <ShareButton artworkIds={[...selected.keys()]} />
        <ActionBar.CloseButton aria-label={t`Clear the selection`} />
      </ActionBar>

      <ImportDialog opened={importOpen} onClose={() => setImportOpen(false)} lang={lang} />
      <Modal
        opened={owning}
        onClose={() => setOwning(false)}
        title={t`Set the owners of ${selected.size} artworks from a day`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {owning ? <OwnersForm artworkIds={[...selected.keys()]} onDone={() => setOwning(false)} /> : null}
      </Modal>
    </Stack>
  )
}
