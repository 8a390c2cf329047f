// Diagnostics for administrators (/test and /artworkArchive/test): the web build and the server's version,
// database mode and storage, which language catalogs loaded, an API round trip measured now, and how this
// window is set up (width, root font size, blocked shortcuts, image fallbacks).
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useViewportSize } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { langOf } from '../../../shared/lang'
import { describeError } from '../../api/describe-error'
import { pingQuery, systemInfoQuery } from '../../api/queries/system'
import { formatDateTime, formatNumber } from '../../i18n/format'
import { catalogStates, LANGUAGE_OPTIONS } from '../../i18n/i18n'
import { devtoolsBlockingEnabled } from '../../shell/devtools-guard'
import { FALLBACK_IMAGES } from '../../shell/image-fallback'
import { PageHeader } from '../../shell/PageHeader'
import { rootFontSize } from '../../shell/root-font'

const LANGUAGE_NAMES = { 'zh-CN': msg`Chinese`, en: msg`English` } as const

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Table.Tr>
      <Table.Th w={220} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{children}</Table.Td>
    </Table.Tr>
  )
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} fz={16} mb="sm">
        {title}
      </Title>
      <Table verticalSpacing={6} fz="sm">
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Card>
  )
}

function Minutes({ value }: { value: string }) {
  return <Trans>{value} minutes</Trans>
}

function RootFont({ size }: { size: string }) {
  return <Trans>root font {size} px</Trans>
}

export function DiagnosticsScreen() {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  const info = useQuery(systemInfoQuery())
  const ping = useQuery(pingQuery())
  const { width } = useViewportSize()
  const blocking = devtoolsBlockingEnabled(import.meta.env)
  return (
    <Stack gap="md" data-testid="diagnostics">
      <PageHeader description={<Trans>How this installation is running, for administrators.</Trans>} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section title={<Trans>Server</Trans>}>
          {info.isPending ? (
            <Row label={<Trans>Status</Trans>}>
              <Trans>Loading…</Trans>
            </Row>
          ) : info.isError ? (
            <Row label={<Trans>Status</Trans>}>
              <Text c="red.7" fz="sm">
                {describeError(info.error, i18n)}
              </Text>
            </Row>
          ) : (
            <>
              <Row label={<Trans>Server version</Trans>} testId="server-version">
                <span data-raw>{info.data.version}</span>
              </Row>
              <Row label={<Trans>Node.js</Trans>}>
                <span data-raw>{info.data.node}</span>
              </Row>
              <Row label={<Trans>Database</Trans>} testId="database-mode">
                <Badge variant="light" data-raw>
                  {info.data.databaseMode}
                </Badge>
              </Row>
              <Row label={<Trans>File storage</Trans>}>
                <span data-raw>{info.data.storage.kind}</span> ·{' '}
                <Text span ff="monospace" fz="xs" data-raw>
                  {info.data.storage.location}
                </Text>
              </Row>
              <Row label={<Trans>Server time</Trans>}>{formatDateTime(info.data.serverTime, lang)}</Row>
              <Row label={<Trans>Running for</Trans>}>
                <Minutes value={formatNumber(Math.round(info.data.uptimeSeconds / 60), lang)} />
              </Row>
            </>
          )}
          <Row label={<Trans>API round trip</Trans>} testId="round-trip">
            <Group gap="sm">
              {ping.isSuccess ? (
                <Text fz="sm">{formatNumber(ping.data.roundTripMs, lang)} ms</Text>
              ) : ping.isError ? (
                <Text c="red.7" fz="sm">
                  <Trans>No answer</Trans>
                </Text>
              ) : (
                <Text fz="sm">…</Text>
              )}
              <Button
                size="compact-xs"
                variant="default"
                loading={ping.isFetching}
                onClick={() => void ping.refetch()}
              >
                <Trans>Measure again</Trans>
              </Button>
            </Group>
          </Row>
        </Section>
        <Section title={<Trans>This browser</Trans>}>
          <Row label={<Trans>Web build</Trans>} testId="web-version">
            <span data-raw>{__VITRINE_VERSION__}</span> · {formatDateTime(__VITRINE_BUILT_AT__, lang)}
          </Row>
          <Row label={<Trans>Language catalogs</Trans>} testId="catalogs">
            <Group gap={6}>
              {LANGUAGE_OPTIONS.map((option) => (
                <Badge
                  key={option.value}
                  variant="light"
                  color={
                    catalogStates[option.value] === 'loaded'
                      ? 'teal'
                      : catalogStates[option.value] === 'failed'
                        ? 'red'
                        : 'gray'
                  }
                >
                  {i18n._(LANGUAGE_NAMES[option.value])}:{' '}
                  {catalogStates[option.value] === 'loaded' ? (
                    <Trans>loaded</Trans>
                  ) : catalogStates[option.value] === 'failed' ? (
                    <Trans>failed</Trans>
                  ) : (
                    <Trans>not loaded</Trans>
                  )}
                </Badge>
              ))}
            </Group>
          </Row>
          <Row label={<Trans>Window width</Trans>}>
            {width} px · <RootFont size={formatNumber(Math.round(rootFontSize(width) * 10) / 10, lang)} />
          </Row>
          <Row label={<Trans>Developer shortcuts</Trans>} testId="devtools-blocking">
            {blocking ? <Trans>blocked</Trans> : <Trans>allowed</Trans>}
          </Row>
          <Row label={<Trans>Image fallbacks</Trans>}>
            <Group gap="xs">
              {Object.entries(FALLBACK_IMAGES).map(([kind, src]) => (
                <Image key={kind} src={src} alt={kind} w={44} h={44} radius="sm" data-fallback="none" />
              ))}
            </Group>
          </Row>
        </Section>
      </SimpleGrid>
    </Stack>
  )
}
