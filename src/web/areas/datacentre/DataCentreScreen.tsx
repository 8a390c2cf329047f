// The data centre (/art-data-center): four tabs, the tab in the URL — the collection dashboard first,
// what each legal entity holds, then the processes (each type's live diagram with its process mining). A link naming a type (`?flow=`) opens
// the processes tab, as before the tabs. The processes tab (and Mermaid) loads only when opened. The collection
// summary downloads as a PDF from the header. Then the collection as it was on a day, the documentation backlog
// (data quality, the rule picked in the URL) and the Spectrum 5.1 compliance map.
import { Trans } from '@lingui/react/macro'
import { Tabs } from '@mantine/core'
import type { ProcessType } from '../../../shared/process-types'
import { PageHeader } from '../../shell/PageHeader'
import { FlowsScreen } from '../flows/FlowsScreen'
import { CollectionSummaryPdfButton } from '../reports/ReportPdfButton'
import { CollectionAsOfPanel } from './CollectionAsOfPanel'
import { CollectionDashboard } from './CollectionDashboard'
import { CompliancePanel } from './CompliancePanel'
import { DataQualityPanel } from './DataQualityPanel'
import { type DataCentreSearch, filtersOf, type Tab, tabOf } from './datacentre-search'
import { HoldingsPanel } from './HoldingsPanel'

export function DataCentreScreen({
  search,
  onSearch,
}: {
  search: DataCentreSearch
  onSearch: (patch: Partial<DataCentreSearch>) => void
}) {
  const tab = tabOf(search)
  return (
    <>
      <PageHeader
        actions={<CollectionSummaryPdfButton variant="default" />}
        description={
          <Trans>
            What the collection is worth and where, what is insured and what is moving; and how each kind of
            process runs, how long its steps take and where work waits.
          </Trans>
        }
      />
      <Tabs value={tab} onChange={(v) => onSearch({ tab: (v as Tab) ?? 'collection' })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="collection" data-testid="tab-collection">
            <Trans>Collection at a glance</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="holdings" data-testid="tab-holdings">
            <Trans>Holdings by entity</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="processes" data-testid="tab-processes">
            <Trans>Processes</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="asOf" data-testid="tab-as-of">
            <Trans>As of a date</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="dataQuality" data-testid="tab-data-quality">
            <Trans>Data quality</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="compliance" data-testid="tab-compliance">
            <Trans>Standards compliance</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="collection">
          <CollectionDashboard search={search} filters={filtersOf(search)} onSearch={onSearch} />
        </Tabs.Panel>
        <Tabs.Panel value="asOf">
          <CollectionAsOfPanel
            day={search.asOf ?? ''}
            onDay={(asOf) => onSearch({ asOf: asOf || undefined })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="dataQuality">
          <DataQualityPanel
            rule={search.rule}
            page={search.rulePage ?? 1}
            onPick={(rule, page) => onSearch({ rule, rulePage: rule && page && page > 1 ? page : undefined })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="compliance">
          <CompliancePanel />
        </Tabs.Panel>
        <Tabs.Panel value="holdings">
          <HoldingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="processes">
          <FlowsScreen
            flow={search.flow}
            onFlow={(flow: ProcessType) => onSearch({ tab: 'processes', flow })}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  )
}
