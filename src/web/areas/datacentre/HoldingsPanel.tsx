// The holdings tab of the data centre: what a legal entity and those under it own on a day, share-weighted,
// in the reporting currency at the rates of that day. A chart compares the entity with each entity directly
// under it (each bar that entity's own subtree); the table lists the works with their share and value, and
// the values no rate converts are listed apart, in their own currency.

import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import { Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useMutation, useQueries, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { EntityNode } from '../../../shared/contracts/ownership'
import { moneyText } from '../../../shared/money-text'
import { financeSettingsQuery } from '../../api/queries/finance'
import { entitiesQuery, holdingsQuery, ownerSplitQuery } from '../../api/queries/ownership'
import { DateField } from '../../forms/DateField'
import { formatNumber } from '../../i18n/format'
import { officeToday } from '../../i18n/office-zone'
import { useSeesValues } from '../../session/use-session'
import { downloadFromApi } from '../archive/download'
import { entityName, flattenEntities } from '../entities/entity-words'
import { useLang } from '../process/machine-words'
import { ReportPdfButton } from '../reports/ReportPdfButton'

export function HoldingsPanel() {
  const { t } = useLingui()
  const lang = useLang()
  const entities = useQuery(entitiesQuery())
  const settings = useQuery(financeSettingsQuery())
  const [chosen, setChosen] = useState<string | null>(null)
  const [at, setAt] = useState(officeToday())
  const flat = flattenEntities(entities.data ?? [])
  const entity = flat.find(({ node }) => node.id === chosen)?.node ?? entities.data?.[0]
  const currency = settings.data?.reportingCurrency
  if (entities.isPending || settings.isPending) return <Skeleton h={240} />
  if (!entity || !currency)
    return (
      <Text c="dimmed" fz="sm" data-testid="holdings-empty">
        <Trans>No legal entity yet: holdings are shown once the owners of the collection are recorded.</Trans>
      </Text>
    )
  return (
    <Stack gap="md" data-testid="holdings">
      <Group align="flex-end">
        <Select
          label={t`Legal entity`}
          data={flat.map(({ node, depth }) => ({
            value: node.id,
            label: `${'— '.repeat(depth)}${entityName(node, lang)}`,
          }))}
          value={entity.id}
          onChange={(v) => v && setChosen(v)}
          allowDeselect={false}
          searchable
          w={320}
          data-testid="holdings-entity"
        />
        <DateField label={t`On`} value={at} onChange={(v) => v && setAt(v)} upToToday w={180} />
        <HoldingsDownloads entityId={entity.id} at={at} currency={currency} />
      </Group>
      <EntityHoldings entity={entity} at={at} currency={currency} />
      <OwnerSplit at={at} currency={currency} />
    </Stack>
  )
}

/** The holdings of the entity on the day as Excel and as a PDF (values only for those who may see them). */
function HoldingsDownloads({ entityId, at, currency }: { entityId: string; at: string; currency: string }) {
  const excel = useMutation({
    mutationFn: () =>
      downloadFromApi(`entities/${entityId}/holdings.xlsx`, { at, currency }, `holdings-${at}.xlsx`),
  })
  const pdf = `/api/entities/${entityId}/holdings.pdf?${new URLSearchParams({ at, currency })}`
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={excel.isPending}
        onClick={() => excel.mutate()}
        data-testid="holdings-excel"
      >
        <Trans>Excel</Trans>
      </Button>
      <ReportPdfButton
        url={pdf}
        fileName={`holdings-${at}.pdf`}
        privilege="art-data-center:view"
        label={<Trans>PDF</Trans>}
        testId="holdings-pdf"
      />
    </>
  )
}

/** The collection split by owner: each top-level entity (with those under it), share-weighted. */
function OwnerSplit({ at, currency }: { at: string; currency: string }) {
  const lang = useLang()
  const values = useSeesValues()
  const split = useQuery(ownerSplitQuery(at, currency))
  if (!split.data) return null
  const rows = split.data.entities
  return (
    <Card withBorder radius="md" padding="md" data-testid="owner-split">
      <Text fz="sm" fw={600} mb="xs">
        <Trans>The collection by owner (each top-level entity with those under it, by share)</Trans>
      </Text>
      {values && rows.length > 0 ? (
        <BarChart
          h={200}
          data={rows.map((r) => ({ entity: entityName(r, lang), value: Number(r.total ?? 0) }))}
          dataKey="entity"
          series={[{ name: 'value', label: currency, color: 'indigo.6' }]}
          tickLine="y"
          gridAxis="y"
          valueFormatter={(v) => formatNumber(v, lang)}
          data-testid="owner-split-chart"
        />
      ) : null}
      <Table fz="sm" striped mt="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Legal entity</Trans>
            </Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>
              <Trans>Artworks</Trans>
            </Table.Th>
            {values ? <Table.Th style={{ textAlign: 'right' }}>{currency}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.entityId} data-testid="owner-split-row">
              <Table.Td>{entityName(r, lang)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{r.count}</Table.Td>
              {values ? (
                <Table.Td style={{ textAlign: 'right' }}>{moneyText(r.total, currency) || '—'}</Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  )
}

function EntityHoldings({ entity, at, currency }: { entity: EntityNode; at: string; currency: string }) {
  const lang = useLang()
  const values = useSeesValues()
  const holdings = useQuery(holdingsQuery(entity.id, at, currency))
  const parts = [entity, ...entity.children]
  const totals = useQueries({ queries: parts.map((e) => holdingsQuery(e.id, at, currency)) })
  if (holdings.isPending) return <Skeleton h={240} />
  if (holdings.isError)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The holdings could not be loaded. It will be tried again shortly.</Trans>
      </Text>
    )
  const data = holdings.data
  const chart = parts.map((e, k) => ({
    entity: k === 0 ? `${entityName(e, lang)} *` : entityName(e, lang),
    value: Number(totals[k].data?.total ?? 0),
  }))
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder radius="md" padding="md">
          <Text fz="xs" c="dimmed">
            <Trans>Artworks held</Trans>
          </Text>
          <Text fz={24} fw={600} data-testid="holdings-count">
            {data.count}
          </Text>
        </Card>
        {values ? (
          <>
            <Card withBorder radius="md" padding="md">
              <Text fz="xs" c="dimmed">
                <Trans>Value of the shares held</Trans>
              </Text>
              <Text fz={24} fw={600} data-testid="holdings-total">
                {moneyText(data.total, data.currency)}
              </Text>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text fz="xs" c="dimmed">
                <Trans>Not converted (no rate that day)</Trans>
              </Text>
              <Stack gap={0}>
                {data.unconverted.length === 0 ? (
                  <Text fz="sm">—</Text>
                ) : (
                  data.unconverted.map((u) => (
                    <Text key={u.artworkId} fz="sm">
                      {moneyText(u.value, u.currency)}
                    </Text>
                  ))
                )}
              </Stack>
            </Card>
          </>
        ) : null}
      </SimpleGrid>
      {values ? (
        <Card withBorder radius="md" padding="md">
          <Text fz="sm" fw={600} mb="xs">
            <Trans>
              Held by the entity (*, with everything under it) and by each entity directly under it
            </Trans>
          </Text>
          <BarChart
            h={240}
            data={chart}
            dataKey="entity"
            series={[{ name: 'value', label: currency, color: 'teal.6' }]}
            tickLine="y"
            gridAxis="y"
            valueFormatter={(v) => formatNumber(v, lang)}
            data-testid="holdings-chart"
          />
        </Card>
      ) : null}
      <Table.ScrollContainer minWidth={560}>
        <Table fz="sm" striped data-testid="holdings-artworks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Artwork</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Share</Trans>
              </Table.Th>
              {values ? (
                <>
                  <Table.Th>
                    <Trans>Value of the share</Trans>
                  </Table.Th>
                  <Table.Th>{currency}</Table.Th>
                </>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.artworks.map((a) => (
              <Table.Tr key={a.artworkId}>
                <Table.Td>
                  {a.inventoryNo} · {lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn}{' '}
                  {a.pledged ? (
                    <Badge size="xs" color="red" variant="light">
                      <Trans>Pledged</Trans>
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{a.sharePercent} %</Table.Td>
                {values ? (
                  <>
                    <Table.Td>{a.value && a.currency ? moneyText(a.value, a.currency) : '—'}</Table.Td>
                    <Table.Td>{a.converted ? moneyText(a.converted, currency) : '—'}</Table.Td>
                  </>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
