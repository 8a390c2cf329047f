// The data centre's compliance tab: the Spectrum 5.1 collections-management standard's 21 procedures, the nine
// primary ones first, each with how far Vitrine supports it, where in the app it is done, what the database
// holds as evidence now (how many records or processes, the latest when) and what is missing. The same map
// downloads as a PDF from the tab.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { SpectrumProcedure, SpectrumSupport } from '../../../shared/contracts/compliance'
import { spectrumMapQuery } from '../../api/queries/compliance'
import { formatDateTime, formatNumber } from '../../i18n/format'
import { useLang } from '../process/machine-words'
import { ComplianceMapPdfButton } from '../reports/ReportPdfButton'

const SUPPORT_COLOR: Record<SpectrumSupport, string> = { full: 'teal', partial: 'yellow', none: 'gray' }

function SupportBadge({ support }: { support: SpectrumSupport }) {
  return (
    <Badge color={SUPPORT_COLOR[support]} variant="light" data-testid={`support-${support}`}>
      {support === 'full' ? (
        <Trans>Full</Trans>
      ) : support === 'partial' ? (
        <Trans>Partial</Trans>
      ) : (
        <Trans>None</Trans>
      )}
    </Badge>
  )
}

function ProcedureTable({ title, rows }: { title: React.ReactNode; rows: SpectrumProcedure[] }) {
  const { t } = useLingui()
  const lang = useLang()
  const en = lang === 'en'
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} fz={16} mb="xs">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing={8}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="20%">
                <Trans>Procedure</Trans>
              </Table.Th>
              <Table.Th w={90}>
                <Trans>Support</Trans>
              </Table.Th>
              <Table.Th w="20%">
                <Trans>Where</Trans>
              </Table.Th>
              <Table.Th w="16%">
                <Trans>Evidence</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Note</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => {
              const count = formatNumber(p.evidence.count, lang)
              const last = p.evidence.lastAt ? formatDateTime(p.evidence.lastAt, lang) : null
              return (
                <Table.Tr key={p.key} data-testid="procedure">
                  <Table.Td fz="sm" fw={500}>
                    {en ? p.nameEn : p.nameZh}
                  </Table.Td>
                  <Table.Td>
                    <SupportBadge support={p.support} />
                  </Table.Td>
                  <Table.Td fz="sm">
                    {p.whereLabels.length ? (
                      <Stack gap={0}>
                        {p.whereLabels.map((l) => (
                          <span key={l.en}>{en ? l.en : l.zh}</span>
                        ))}
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td fz="sm">{last ? t`${count}, latest ${last}` : count}</Table.Td>
                  <Table.Td fz="sm" c="dimmed">
                    {en ? p.noteEn : p.noteZh}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  )
}

export function CompliancePanel() {
  const { t } = useLingui()
  const lang = useLang()
  const map = useQuery(spectrumMapQuery())
  if (map.isPending) return <Skeleton h={320} />
  if (map.isError)
    return (
      <Text c="red.9" fz="sm">
        <Trans>The compliance map could not be read.</Trans>
      </Text>
    )
  const m = map.data
  const full = formatNumber(m.totals.full, lang)
  const partial = formatNumber(m.totals.partial, lang)
  const none = formatNumber(m.totals.none, lang)
  return (
    <Stack gap="md" data-testid="compliance">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fz="sm">
            <Trans>
              How the collections-management standard Spectrum 5.1 is met: its 21 procedures, where each is
              done in the app, and what the records show now.
            </Trans>
          </Text>
          <Text fz="sm" c="dimmed" data-testid="compliance-totals">
            {t`${full} fully supported, ${partial} in part, ${none} not at all.`}
          </Text>
        </Stack>
        <ComplianceMapPdfButton size="xs" />
      </Group>
      <ProcedureTable
        title={<Trans>Primary procedures</Trans>}
        rows={m.procedures.filter((p) => p.primary)}
      />
      <ProcedureTable title={<Trans>Other procedures</Trans>} rows={m.procedures.filter((p) => !p.primary)} />
    </Stack>
  )
}
