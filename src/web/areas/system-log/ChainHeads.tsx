// Under the system log: the head of each hash chain (the process history, the artwork record history, the
// system log) — its name in words, how many rows it holds, its last hash and when it was last verified — so
// that it can be copied and kept elsewhere; a chain rewritten later no longer ends on the head kept.
import { Trans } from '@lingui/react/macro'
import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { CHAIN_LABELS } from '../../../shared/audit'
import type { ChainHead } from '../../../shared/contracts/audit'
import type { Lang } from '../../../shared/errors'
import { chainHeadsQuery } from '../../api/queries/audit'
import { formatDateTime, formatNumber } from '../../i18n/format'

function Verified({ head, lang }: { head: ChainHead; lang: Lang }) {
  if (!head.verifiedAt)
    return (
      <Text fz="sm" c="dimmed">
        <Trans>Not verified yet</Trans>
      </Text>
    )
  return (
    <Stack gap={2} align="flex-start">
      <Text fz="sm">{formatDateTime(head.verifiedAt, lang)}</Text>
      <Badge
        variant="light"
        color={head.verifiedOk ? 'teal' : 'red'}
        radius="sm"
        style={{ textTransform: 'none' }}
      >
        {head.verifiedOk ? <Trans>Intact</Trans> : <Trans>Broken: administrators were told</Trans>}
      </Badge>
    </Stack>
  )
}

export function ChainHeads({ lang }: { lang: Lang }) {
  const heads = useQuery(chainHeadsQuery())
  if (!heads.data) return null
  return (
    <Card withBorder padding="md" data-testid="chain-heads">
      <Stack gap="xs">
        <Title order={4}>
          <Trans>Tamper evidence</Trans>
        </Title>
        <Text fz="sm" c="dimmed">
          <Trans>
            Each record below is a chain: every entry carries a fingerprint of itself and of the entry before
            it. Keep these last fingerprints somewhere else (print them, or file the export): a record changed
            later no longer leads to the fingerprint you kept.
          </Trans>
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Record kept</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Entries</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Last fingerprint (SHA-256)</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Last verified</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {heads.data.chains.map((head) => (
                <Table.Tr key={head.name} data-testid={`chain-head-${head.name}`}>
                  <Table.Td>{CHAIN_LABELS[head.name][lang]}</Table.Td>
                  <Table.Td>{formatNumber(head.rows, lang)}</Table.Td>
                  <Table.Td>
                    {/* The fingerprint itself, to be copied: shown as recorded (data-raw). */}
                    <Text fz="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-raw>
                      {head.head}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Verified head={head} lang={lang} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  )
}
