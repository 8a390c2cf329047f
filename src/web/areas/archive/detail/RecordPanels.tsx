// The record's own sections on the detail screen: every field of docs/architecture.md § Records (Artwork) (with both languages
// where people write text), the artist, and the four dated records lists.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Card,
  DataList,
  EmptyState,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import type { ReactNode } from 'react'
import { DIMENSION_KINDS, RECORD_KINDS, type RecordKind } from '../../../../shared/artwork-rules'
import type { ArtworkDetail } from '../../../../shared/contracts/artworks'
import { moneyText } from '../../../../shared/money-text'
import { IconNotes } from '../../../shell/icons'
import { DIMENSION_LABELS, RECORD_LIST_LABELS } from '../archive-labels'
import type { ArchiveReference } from '../reference-data'

export function Section({
  title,
  children,
  testId,
  extra,
}: {
  title: ReactNode
  children: ReactNode
  testId?: string
  extra?: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="md">
        <Title order={3} fz={15} fw={600}>
          {title}
        </Title>
        {extra}
      </Group>
      {children}
    </Card>
  )
}

const dash = (v: ReactNode) =>
  v === '' || v === null || v === undefined ? (
    <Text c="dimmed" span>
      —
    </Text>
  ) : (
    v
  )

function Item({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{dash(children)}</DataList.ItemValue>
    </DataList.Item>
  )
}

/** Text people write in both languages: the shown language first, the other under it. */
function Both({ zh, en, lang }: { zh: string; en: string; lang: 'zh-CN' | 'en' }) {
  const [first, second] = lang === 'en' ? [en, zh] : [zh, en]
  if (!first && !second) return null
  return (
    <Stack gap={0}>
      <Text fz="sm">{first || second}</Text>
      {first && second && second !== first ? (
        <Text fz="xs" c="dimmed">
          {second}
        </Text>
      ) : null}
    </Stack>
  )
}

export function RecordFacts({ detail, reference }: { detail: ArtworkDetail; reference: ArchiveReference }) {
  const { i18n } = useLingui()
  const lang = reference.lang
  const r = detail.record
  const labels = r.labelTagIds.map((id) => reference.tagLabel(id))
  const artist = detail.artist
  const years = artist ? [artist.birthYear, artist.deathYear].filter((y) => y !== null).join('–') : ''
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Section title={<Trans>The work</Trans>} testId="facts-work">
        <DataList labelWidth={132} gap="sm">
          <Item label={<Trans>Inventory number</Trans>}>
            <Text ff="monospace" fz="sm">
              {r.inventoryNo}
            </Text>
          </Item>
          <Item label={<Trans>Title</Trans>}>
            <Both zh={r.titleZh} en={r.titleEn} lang={lang} />
          </Item>
          <Item label={<Trans>Time created</Trans>}>{r.creationTime}</Item>
          <Item label={<Trans>Materials</Trans>}>
            <Both zh={r.materialsZh} en={r.materialsEn} lang={lang} />
          </Item>
          {DIMENSION_KINDS.map((k) => (
            <Item key={k} label={i18n._(DIMENSION_LABELS[k])} testId={`dimension-${k}`}>
              {detail.dimensionTexts[k]}
            </Item>
          ))}
          <Item label={<Trans>Signature</Trans>} testId="signature">
            {!detail.signatureRecorded ? (
              // a record a purchase made: nobody has said yet whether it is signed
              <Text fz="sm" c="dimmed">
                <Trans>Not recorded yet</Trans>
              </Text>
            ) : r.signature.signed ? (
              <Stack gap={0}>
                <Text fz="sm">
                  <Trans>Signed</Trans> · {r.signature.position}
                </Text>
                <Text fz="xs" c="dimmed">
                  {r.signature.content}
                </Text>
              </Stack>
            ) : (
              <Trans>Not signed</Trans>
            )}
          </Item>
          <Item label={<Trans>Creation medium</Trans>}>{reference.tagLabel(r.mediumTagId)}</Item>
          <Item label={<Trans>Period of creation</Trans>}>{reference.tagLabel(r.periodTagId)}</Item>
          <Item label={<Trans>Labels</Trans>}>
            {labels.length > 0 ? (
              <Group gap={4}>
                {labels.map((l) => (
                  <Badge key={l} variant="light" color="bronze" radius="sm" size="sm">
                    {l}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </Item>
        </DataList>
      </Section>
      <Stack gap="md">
        <Section title={<Trans>Artist</Trans>} testId="facts-artist">
          {artist ? (
            <DataList labelWidth={132} gap="sm">
              <Item label={<Trans>Name</Trans>}>
                <Both zh={artist.nameZh} en={artist.nameEn} lang={lang} />
              </Item>
              <Item label={<Trans>Nationality</Trans>}>{artist.nationality}</Item>
              <Item label={<Trans>Years</Trans>}>{years}</Item>
              <Item label={<Trans>Artist stage</Trans>}>{reference.tagLabel(artist.artistStageTagId)}</Item>
              <Item label={<Trans>Works in the archive</Trans>}>{artist.artworkCount}</Item>
            </DataList>
          ) : (
            <Text fz="sm" c="dimmed">
              <Trans>No artist recorded.</Trans>
            </Text>
          )}
        </Section>
        <Section title={<Trans>Acquisition and handling</Trans>} testId="facts-acquisition">
          <DataList labelWidth={132} gap="sm">
            <Item label={<Trans>Source</Trans>}>
              <Both zh={r.sourceZh} en={r.sourceEn} lang={lang} />
            </Item>
            <Item label={<Trans>Buy year</Trans>}>{r.buyYear}</Item>
            <Item label={<Trans>Invest market</Trans>}>{reference.tagLabel(r.investMarketTagId)}</Item>
            <Item label={<Trans>Income stage</Trans>}>{reference.tagLabel(r.incomeStageTagId)}</Item>
            <Item label={<Trans>Packaging</Trans>}>
              {reference.dictLabel('PACKAGING_TYPE', r.packagingType)}
            </Item>
            <Item label={<Trans>Volume weight</Trans>}>{r.volumeWeight ? `${r.volumeWeight} kg` : ''}</Item>
            <Item label={<Trans>Actual weight</Trans>}>{r.actualWeight ? `${r.actualWeight} kg` : ''}</Item>
            <Item label={<Trans>Remarks</Trans>}>
              <Both zh={r.remarkZh} en={r.remarkEn} lang={lang} />
            </Item>
          </DataList>
        </Section>
        <Section title={<Trans>Emergency planning</Trans>} testId="facts-emergency">
          <DataList labelWidth={132} gap="sm">
            <Item label={<Trans>Salvage priority</Trans>}>{r.salvagePriority}</Item>
            <Item label={<Trans>Handling notes</Trans>}>
              <Both zh={r.handlingNotesZh} en={r.handlingNotesEn} lang={lang} />
            </Item>
          </DataList>
        </Section>
      </Stack>
    </SimpleGrid>
  )
}

type Entry = ArtworkDetail['record']['exhibitions'][number] & {
  lot?: string
  price?: string | null
  currency?: string
  literatureType?: string
}

function RecordTable({
  kind,
  entries,
  reference,
}: {
  kind: RecordKind
  entries: Entry[]
  reference: ArchiveReference
}) {
  const { t } = useLingui()
  const lang = reference.lang
  const placeHeader = {
    exhibitions: t`Venue`,
    auctions: t`Auction house`,
    privateCollections: t`Place`,
    literature: t`Publisher`,
  }[kind]
  const titleHeader = {
    exhibitions: t`Exhibition`,
    auctions: t`Auction sale`,
    privateCollections: t`Collector`,
    literature: t`Publication`,
  }[kind]
  const pick = (zh: string, en: string) => (lang === 'en' ? en || zh : zh || en)
  if (entries.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        <Trans>None recorded.</Trans>
      </Text>
    )
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table fz="sm" striped data-testid={`records-${kind}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>
              <Trans>Date</Trans>
            </Table.Th>
            {kind === 'literature' ? (
              <Table.Th>
                <Trans>Type</Trans>
              </Table.Th>
            ) : null}
            <Table.Th>{titleHeader}</Table.Th>
            <Table.Th>{placeHeader}</Table.Th>
            {kind === 'auctions' ? (
              <>
                <Table.Th>
                  <Trans>Lot</Trans>
                </Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>
                  <Trans>Price</Trans>
                </Table.Th>
              </>
            ) : null}
            <Table.Th>
              <Trans>Note</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are an ordered list without ids
            <Table.Tr key={i}>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{e.date}</Table.Td>
              {kind === 'literature' ? (
                <Table.Td>{reference.dictLabel('LITERATU_RECORD_TYPERE', e.literatureType)}</Table.Td>
              ) : null}
              <Table.Td>{pick(e.titleZh, e.titleEn)}</Table.Td>
              <Table.Td>{pick(e.placeZh, e.placeEn) || '—'}</Table.Td>
              {kind === 'auctions' ? (
                <>
                  <Table.Td>{e.lot || '—'}</Table.Td>
                  <Table.Td
                    style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {e.price ? moneyText(e.price, e.currency) : '—'}
                  </Table.Td>
                </>
              ) : null}
              <Table.Td c="dimmed">{e.note || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

export function RecordLists({ detail, reference }: { detail: ArtworkDetail; reference: ArchiveReference }) {
  const { i18n } = useLingui()
  const total = RECORD_KINDS.reduce((n, k) => n + detail.record[k].length, 0)
  if (total === 0)
    return (
      <Card withBorder radius="md" padding="xl">
        <EmptyState
          icon={<IconNotes size={26} />}
          withIndicatorBackground
          title={<Trans>No records yet</Trans>}
          description={
            <Trans>
              Exhibitions, auctions, private collections and literature recorded for this work appear here.
            </Trans>
          }
        />
      </Card>
    )
  return (
    <Stack gap="md">
      {RECORD_KINDS.map((kind) => (
        <Section
          key={kind}
          title={i18n._(RECORD_LIST_LABELS[kind])}
          extra={
            <Badge variant="light" color="gray" radius="sm">
              {detail.record[kind].length}
            </Badge>
          }
        >
          <RecordTable kind={kind} entries={detail.record[kind] as Entry[]} reference={reference} />
        </Section>
      ))}
    </Stack>
  )
}
