// /valueManage/index and /devOpsManage/valueManage: the artworks with their latest valuation — the
// amount in its own currency, the date, how it was made and by whom — a table on a desk, cards on a phone.
// Search, currency, method, the "not valued in N years" view and the page live in the URL; the operations
// screen shows only artworks a live process holds now (each of the two links to the other). Whoever holds
// valueManage:edit selects artworks and adds one valuation to all of them (AddValuation.tsx) or revalues
// from an Excel sheet (ValuationImport.tsx); a row opens the artwork's valuation history
// (ValuationHistory.tsx: a chart per currency and a table).
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import {
  type ArtworkValuationRow,
  VALUATION_METHODS,
  type ValuationMethod,
} from '../../../shared/contracts/valuations'
import { moneyText } from '../../../shared/money-text'
import {
  type ArtworkValuationFilters,
  artworkValuationsQuery,
  staleValuationsQuery,
  valuationSettingsQuery,
} from '../../api/queries/valuations'
import { CurrencyFilter, FilterBar, SearchFilter } from '../../forms/FilterBar'
import { formatDate } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { ArtworkThumb, useFileLinks } from '../archive/ArtworkThumb'
import { AnchorLink } from '../archive/router-links'
import { artworkTitle, type Column, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { useDictOptions } from '../process/reference-options'
import { AddValuationModal } from './AddValuation'
import { ValuationHistoryModal } from './ValuationHistory'
import { ValuationImportModal } from './ValuationImport'
import { useMethodWords } from './words'

export const VALUATIONS_PAGE_SIZE = 20

export interface ValuationsSearch {
  q?: string
  currency?: string
  method?: ValuationMethod
  /** `stale`: the artworks not valued in `years` years. */
  view?: 'stale'
  years?: number
  page?: number
  /** The artwork whose history is open. */
  artwork?: string
}

export type ValuationScope = 'all' | 'inOperation'

export const valuationFilters = (s: ValuationsSearch, scope: ValuationScope): ArtworkValuationFilters => ({
  ...(s.q ? { q: s.q } : {}),
  ...(s.currency ? { currency: s.currency } : {}),
  ...(s.method ? { method: s.method } : {}),
  ...(scope === 'inOperation' ? { scope } : {}),
  page: s.page ?? 1,
  pageSize: VALUATIONS_PAGE_SIZE,
})

export function ValuationsScreen({
  scope,
  search,
  onSearch,
}: {
  scope: ValuationScope
  search: ValuationsSearch
  onSearch: (next: ValuationsSearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const me = useMe()
  const mayEdit = holds(me, 'valueManage:edit')
  const methodWord = useMethodWords()
  const currencies = useDictOptions('CURRENCY')
  const settings = useQuery(valuationSettingsQuery())
  const stale = search.view === 'stale'
  const years = search.years ?? settings.data?.staleYears ?? 3
  const filters = valuationFilters(search, scope)
  const allRows = useQuery({ ...artworkValuationsQuery(filters), enabled: !stale })
  const staleRows = useQuery({
    ...staleValuationsQuery({ ...filters, ...(search.years ? { years: search.years } : {}) }),
    enabled: stale,
  })
  const rows = stale ? staleRows : allRows
  const links = useFileLinks((rows.data?.list ?? []).map((r) => r.previewFileId))
  const [selected, setSelected] = useState<Map<string, ArtworkValuationRow>>(new Map())
  const [adding, setAdding] = useState<ArtworkValuationRow[] | null>(null)
  const [importing, setImporting] = useState(false)
  const opened = search.artwork ? (rows.data?.list.find((r) => r.artworkId === search.artwork) ?? null) : null
  const toggle = (row: ArtworkValuationRow, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev)
      if (on) next.set(row.artworkId, row)
      else next.delete(row.artworkId)
      return next
    })

  const columns: Column<ArtworkValuationRow>[] = [
    {
      key: 'artwork',
      header: <Trans>Artwork</Trans>,
      primary: true,
      miw: 240,
      cell: (r) => (
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {mayEdit ? (
            // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click only
            // biome-ignore lint/a11y/useKeyWithClickEvents: as above
            <div onClick={(e) => e.stopPropagation()}>
              <Checkbox
                aria-label={t`Select ${artworkTitle(r, lang)}`}
                checked={selected.has(r.artworkId)}
                onChange={(e) => toggle(r, e.currentTarget.checked)}
                data-testid="valuation-select"
              />
            </div>
          ) : null}
          <ArtworkThumb fileId={r.previewFileId} links={links} alt={artworkTitle(r, lang)} w={44} h={44} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {artworkTitle(r, lang)}
            </Text>
            <Text fz="xs" c="dimmed">
              {r.inventoryNo}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'latest',
      value: true,
      header: <Trans>Latest valuation</Trans>,
      miw: 160,
      cell: (r) => (
        <Text fz="sm" fw={500} data-testid="valuation-latest" style={{ whiteSpace: 'nowrap' }}>
          {moneyText(r.latestValuation, r.latestValuationCurrency) || '—'}
        </Text>
      ),
    },
    {
      key: 'date',
      header: <Trans>Valued on</Trans>,
      cell: (r) =>
        r.valuationDate ? (
          formatDate(r.valuationDate, lang)
        ) : (
          <Badge variant="light" color="orange" radius="sm">
            <Trans>Never valued</Trans>
          </Badge>
        ),
    },
    { key: 'method', header: <Trans>Method</Trans>, cell: (r) => methodWord(r.method) },
    { key: 'valuer', header: <Trans>Valuer</Trans>, cell: (r) => r.valuer || '—' },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (r) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click only
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above
        <div onClick={(e) => e.stopPropagation()}>
          <Group gap={6} wrap="wrap">
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onSearch({ ...search, artwork: r.artworkId })}
              data-testid="valuation-history"
            >
              <Trans>History ({r.valuationCount})</Trans>
            </Button>
            {mayEdit ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setAdding([r])}
                data-testid="valuation-add-one"
              >
                <Trans>Add valuation</Trans>
              </Button>
            ) : null}
          </Group>
        </div>
      ),
    },
  ]

  const methodOptions = VALUATION_METHODS.map((m) => ({ value: m, label: methodWord(m) }))
  return (
    <>
      <PageHeader
        description={
          scope === 'inOperation' ? (
            <>
              <Trans>
                The valuations of the artworks that an operation holds now (in transport, on loan, being
                repaired ...). Each amount stays in its own currency.
              </Trans>{' '}
              <AnchorLink to="/valueManage/index" underline="always" data-testid="valuations-all-link">
                <Trans>Every artwork's valuation</Trans>
              </AnchorLink>
            </>
          ) : (
            <>
              <Trans>
                Every artwork with its latest valuation. Add a valuation to one or several artworks, revalue
                from an Excel sheet, or open an artwork to see how its value changed. Each amount stays in its
                own currency.
              </Trans>{' '}
              <AnchorLink
                to="/devOpsManage/valueManage"
                underline="always"
                data-testid="valuations-in-operation-link"
              >
                <Trans>Only the artworks in operation</Trans>
              </AnchorLink>
            </>
          )
        }
        actions={
          mayEdit ? (
            <Group gap="xs">
              <Button
                disabled={selected.size === 0}
                onClick={() => setAdding([...selected.values()])}
                data-testid="valuation-add-selected"
              >
                {selected.size > 0 ? (
                  <Trans>Add valuation ({selected.size})</Trans>
                ) : (
                  <Trans>Add valuation</Trans>
                )}
              </Button>
              <Button variant="default" onClick={() => setImporting(true)} data-testid="valuation-import">
                <Trans>Import from Excel</Trans>
              </Button>
            </Group>
          ) : null
        }
      />
      <Stack gap="md">
        <SegmentedControl
          value={stale ? 'stale' : 'all'}
          onChange={(v) =>
            onSearch({ ...search, view: v === 'stale' ? 'stale' : undefined, page: undefined })
          }
          data={[
            { value: 'all', label: t`All artworks` },
            { value: 'stale', label: t`Not valued in ${years} years` },
          ]}
          data-testid="valuation-view"
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
        <FilterBar>
          <SearchFilter
            label={t`Search by inventory number, title or artist`}
            value={search.q}
            onSearch={(q) => onSearch({ ...search, q, page: undefined }, { replace: true })}
            testId="valuation-search"
          />
          <CurrencyFilter
            currencies={currencies}
            value={search.currency}
            onChange={(currency) => onSearch({ ...search, currency, page: undefined })}
            w={160}
            testId="valuation-currency-filter"
          />
          <Select
            label={t`Method`}
            data={methodOptions}
            value={search.method ?? null}
            onChange={(v) =>
              onSearch({ ...search, method: (v as ValuationMethod | null) ?? undefined, page: undefined })
            }
            clearable
            w={200}
            maw="100%"
            data-testid="valuation-method-filter"
          />
          {stale ? (
            <NumberInput
              label={t`Years without a valuation`}
              value={years}
              min={1}
              max={50}
              allowDecimal={false}
              onChange={(v) => {
                const n = Number(v)
                if (Number.isInteger(n) && n >= 1 && n <= 50)
                  onSearch({ ...search, years: n, page: undefined }, { replace: true })
              }}
              w={180}
              data-testid="valuation-years"
            />
          ) : null}
        </FilterBar>
        {rows.isPending ? (
          <Skeleton h={160} />
        ) : rows.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>The valuations could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : (
          <OpList
            rows={rows.data.list}
            rowKey={(r) => r.artworkId}
            columns={columns}
            onOpen={(r) => onSearch({ ...search, artwork: r.artworkId })}
            total={rows.data.total}
            page={search.page ?? 1}
            pageSize={VALUATIONS_PAGE_SIZE}
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            empty={
              stale ? (
                <Trans>Every artwork here has been valued within {years} years.</Trans>
              ) : (
                <Trans>No artwork matches.</Trans>
              )
            }
            testId="valuation-list"
          />
        )}
      </Stack>
      <AddValuationModal
        artworks={adding}
        onClose={() => setAdding(null)}
        onSaved={() => setSelected(new Map())}
      />
      <ValuationImportModal opened={importing} onClose={() => setImporting(false)} />
      <ValuationHistoryModal
        artworkId={search.artwork ?? null}
        artwork={opened}
        onClose={() => onSearch({ ...search, artwork: undefined })}
      />
    </>
  )
}
