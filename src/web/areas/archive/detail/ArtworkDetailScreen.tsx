// /artworkArchive/detail?id=: everything about one artwork. The preview and the facts people look for
// first, then tabs: the whole record, media (zoom, play, PDF, downloads), the records lists, valuations,
// owners and pledges, whereabouts, processes, insurance and the change history with restore. The tab is kept in the URL.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Card,
  EmptyState,
  Grid,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo, useState } from 'react'
import { holds } from '../../../../shared/access'
import type { ArtworkDetail } from '../../../../shared/contracts/artworks'
import { formatMessage } from '../../../../shared/errors'
import { moneyText } from '../../../../shared/money-text'
import { artworkDetailQuery } from '../../../api/queries/artworks'
import { formatDate, formatDateTime } from '../../../i18n/format'
import { useMe } from '../../../session/use-session'
import { IconLock, IconRoute } from '../../../shell/icons'
import { PageHeader } from '../../../shell/PageHeader'
import { ConditionPanel } from '../../condition/ConditionPanel'
import { TearSheetPdfButton } from '../../reports/ReportPdfButton'
import { StatusBadges, whereText } from '../ArtworkResults'
import { useFileLinks } from '../ArtworkThumb'
import { IconEdit, IconMapPin, IconRuler } from '../archive-icons'
import { ProcessLink, processTypeLabel } from '../process-links'
import { useArchiveReference } from '../reference-data'
import { AnchorLink, ButtonLink } from '../router-links'
import { AsOfPanel } from './AsOfPanel'
import type { DetailTab } from './detail-tabs'
import { LinkedArtButton } from './LinkedArtButton'
import { ArtworkHero, MediaPanel, orderedMedia } from './MediaPanel'
import { MediaViewer } from './MediaViewer'
import { InsurancePanel, ProcessesPanel, ValuationPanel, WhereaboutsPanel } from './OperationalPanels'
import { OwnershipPanel } from './OwnershipPanel'
import { RecordHistory } from './RecordHistory'
import { RecordFacts, RecordLists } from './RecordPanels'

/**
 * The notice of a record without a preview image, which says where the record came from as it truly did:
 * the purchase that bought it (named, a link to it), an Excel sheet, or the archive's form.
 */
function MissingPreview({ detail, lang }: { detail: ArtworkDetail; lang: 'zh-CN' | 'en' }) {
  const o = detail.origin
  const name =
    o.processType !== null
      ? [processTypeLabel(o.processType, lang), o.contractNo].filter(Boolean).join(' · ')
      : ''
  return (
    <Alert color="orange" variant="light" data-testid="missing-preview" data-origin={o.kind}>
      {o.kind === 'process' && o.processId ? (
        <Trans>
          This artwork has no preview image yet: its record was made by the purchase{' '}
          <ProcessLink processId={o.processId}>{name}</ProcessLink>. Add one, with its picture type, when
          editing.
        </Trans>
      ) : o.kind === 'import' ? (
        <Trans>
          This artwork has no preview image yet (it came in from an Excel sheet). Add one, with its picture
          type, when editing.
        </Trans>
      ) : (
        <Trans>This artwork has no preview image yet. Add one, with its picture type, when editing.</Trans>
      )}
    </Alert>
  )
}

function Fact({ label, children, icon }: { label: ReactNode; children: ReactNode; icon?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Group gap={4} c="dimmed">
        {icon}
        <Text fz="xs" c="dimmed" fw={500}>
          {label}
        </Text>
      </Group>
      <Text fz="sm" fw={500}>
        {children || '—'}
      </Text>
    </Stack>
  )
}

export function LockNotice({ detail, lang }: { detail: ArtworkDetail; lang: 'zh-CN' | 'en' }) {
  if (!detail.lock || detail.lock.mine) return null
  const who = detail.lock.userName
  const until = formatDateTime(detail.lock.expiresAt, lang)
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock size={18} />}
      title={formatMessage('editLocked', lang)}
      data-testid="lock-notice"
    >
      <Trans>
        {who} is editing this record. It can be changed again once they save or leave it, at the latest{' '}
        {until}.
      </Trans>
    </Alert>
  )
}

export function ArtworkDetailScreen({
  id,
  tab,
  onTab,
}: {
  id: string
  tab: DetailTab
  onTab: (tab: DetailTab) => void
}) {
  const { t } = useLingui()
  const me = useMe()
  const reference = useArchiveReference()
  const lang = reference.lang
  const detail = useQuery({ ...artworkDetailQuery(id), enabled: id !== '' })
  const data = detail.data
  const fileIds = useMemo(() => (data ? orderedMedia(data).map((m) => m.fileId) : []), [data])
  const links = useFileLinks(fileIds)
  const [viewing, setViewing] = useState<number | null>(null)
  const canEdit = holds(me, 'artworkArchive:edit')
  const canSeeOperations = holds(me, 'devOpsManage:view')

  if (id !== '' && detail.isPending)
    return (
      <Stack gap="md">
        <Skeleton h={36} w={320} />
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={380} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={380} radius="md" />
          </Grid.Col>
        </Grid>
      </Stack>
    )
  if (!data)
    return (
      // The page keeps its title (its h1) when the artwork cannot be shown.
      <>
        <PageHeader />
        <Card withBorder radius="md" padding="xl" data-testid="artwork-missing">
          <EmptyState
            icon={<IconRoute size={26} />}
            withIndicatorBackground
            title={<Trans>This artwork cannot be shown</Trans>}
            description={<Trans>It may have been removed, or the link is wrong.</Trans>}
          >
            <EmptyState.Actions>
              <ButtonLink to="/artworkArchive/index" variant="default">
                <Trans>Back to the archive</Trans>
              </ButtonLink>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      </>
    )

  const lockedByOther = data.lock !== null && !data.lock.mine
  const other = lang === 'en' ? data.titleZh : data.titleEn
  const labels = data.record.labelTagIds.map((tid) => reference.tagLabel(tid))
  const media = orderedMedia(data)
  const zipName = `${data.inventoryNo}${data.title ? `-${data.title}` : ''}`.replace(/[\\/:*?"<>|]/g, '_')

  return (
    <Stack gap="md" data-testid="artwork-detail">
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span data-testid="detail-title" data-raw>
              {data.title || data.inventoryNo}
            </span>
            <Badge variant="outline" color="gray" radius="sm" ff="monospace" fw={500} data-raw>
              {data.inventoryNo}
            </Badge>
          </Group>
        }
        description={[data.artistName, data.creationTime, other && other !== data.title ? other : '']
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            <TearSheetPdfButton artworkId={data.id} inventoryNo={data.inventoryNo} />
            <LinkedArtButton artworkId={data.id} inventoryNo={data.inventoryNo} />
            {canSeeOperations ? (
              <ButtonLink
                variant="default"
                to="/devOpsManage/mochaItom/$art_id"
                params={{ art_id: data.id }}
                leftSection={<IconRoute size={16} />}
              >
                <Trans>Operations</Trans>
              </ButtonLink>
            ) : null}
            {canEdit ? (
              <Tooltip
                label={t`${data.lock?.userName ?? ''} is editing this record`}
                disabled={!lockedByOther}
              >
                <ButtonLink
                  to="/artworkArchive/add"
                  search={{ id: data.id }}
                  leftSection={<IconEdit size={16} />}
                  disabled={lockedByOther}
                  data-testid="edit-artwork"
                >
                  <Trans>Edit</Trans>
                </ButtonLink>
              </Tooltip>
            ) : null}
          </>
        }
      />
      <LockNotice detail={data} lang={lang} />
      {data.previewFileId === null ? <MissingPreview detail={data} lang={lang} /> : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="sm">
            <ArtworkHero detail={data} links={links} onOpen={setViewing} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="lg" h="100%">
            <Stack gap="lg">
              <StatusBadges item={data} lang={lang} size="md" />
              <Stack gap={2}>
                <Text fz="xs" c="dimmed" fw={500}>
                  <Trans>Latest valuation</Trans>
                </Text>
                <Group gap="sm" align="baseline">
                  <Title
                    order={3}
                    fz={26}
                    fw={600}
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                    data-testid="hero-valuation"
                  >
                    {data.latestValuation
                      ? moneyText(data.latestValuation, data.latestValuationCurrency)
                      : '—'}
                  </Title>
                  {data.valuationDate ? (
                    <Text fz="sm" c="dimmed">
                      <Trans>as of {formatDate(data.valuationDate, lang)}</Trans>
                    </Text>
                  ) : null}
                </Group>
              </Stack>
              <Grid gap="md">
                <Grid.Col span={6}>
                  <Fact label={<Trans>Where</Trans>} icon={<IconMapPin size={13} />}>
                    <span data-testid="hero-where">{whereText(data, reference)}</span>
                  </Fact>
                </Grid.Col>
                <Grid.Col span={6}>
                  <Fact label={<Trans>Size</Trans>} icon={<IconRuler size={13} />}>
                    {data.sizeText}
                  </Fact>
                </Grid.Col>
                <Grid.Col span={6}>
                  <Fact label={<Trans>Creation medium</Trans>}>{reference.tagLabel(data.mediumTagId)}</Fact>
                </Grid.Col>
                <Grid.Col span={6}>
                  <Fact label={<Trans>Period of creation</Trans>}>
                    {reference.tagLabel(data.periodTagId)}
                  </Fact>
                </Grid.Col>
                <Grid.Col span={6}>
                  <Fact label={<Trans>Buy year</Trans>}>{data.buyYear ? String(data.buyYear) : ''}</Fact>
                </Grid.Col>
                <Grid.Col span={6}>
                  <Fact label={<Trans>Insured until</Trans>}>
                    {data.insuredUntil ? formatDate(data.insuredUntil, lang) : ''}
                  </Fact>
                </Grid.Col>
              </Grid>
              {labels.length > 0 ? (
                <Group gap={6}>
                  {labels.map((l) => (
                    <Badge key={l} variant="light" color="bronze" radius="sm">
                      {l}
                    </Badge>
                  ))}
                </Group>
              ) : null}
              {data.activeProcessId ? (
                <Text fz="sm">
                  <Trans>In a live process:</Trans>{' '}
                  <AnchorLink to="/devOpsManage/index" search={{ process: data.activeProcessId }} fz="sm">
                    <Trans>open it</Trans>
                  </AnchorLink>
                </Text>
              ) : null}
              <Text fz="xs" c="dimmed">
                <Trans>
                  Added {formatDate(data.createdAt, lang)} · last changed{' '}
                  {formatDateTime(data.updatedAt, lang)} · version {data.version}
                </Trans>
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      <Tabs
        value={tab}
        onChange={(v) => v && onTab(v as DetailTab)}
        keepMounted={false}
        variant="outline"
        radius="md"
      >
        <Tabs.List>
          <Tabs.Tab value="record">
            <Trans>Record</Trans>
          </Tabs.Tab>
          <Tabs.Tab
            value="media"
            rightSection={
              <Badge size="xs" variant="light" color="gray" circle>
                {media.length}
              </Badge>
            }
          >
            <Trans>Media and files</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="records">
            <Trans>Exhibitions and provenance</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="valuation">
            <Trans>Valuations</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="ownership" data-testid="tab-ownership">
            <Trans>Owners and pledges</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="location">
            <Trans>Location history</Trans>
          </Tabs.Tab>
          <Tabs.Tab
            value="processes"
            rightSection={
              data.processes.length > 0 ? (
                <Badge size="xs" variant="light" color="gray" circle>
                  {data.processes.length}
                </Badge>
              ) : null
            }
          >
            <Trans>Processes</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="condition" data-testid="tab-condition">
            <Trans>Condition</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="insurance">
            <Trans>Insurance</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="history" data-testid="tab-history">
            <Trans>Change history</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="asOf" data-testid="tab-as-of">
            <Trans>As of a date</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Stack pt="md">
          <Tabs.Panel value="record">
            <RecordFacts detail={data} reference={reference} />
          </Tabs.Panel>
          <Tabs.Panel value="media">
            <MediaPanel detail={data} links={links} lang={lang} zipName={zipName} />
          </Tabs.Panel>
          <Tabs.Panel value="records">
            <RecordLists detail={data} reference={reference} />
          </Tabs.Panel>
          <Tabs.Panel value="valuation">
            <ValuationPanel detail={data} reference={reference} />
          </Tabs.Panel>
          <Tabs.Panel value="ownership">
            <OwnershipPanel artworkId={data.id} />
          </Tabs.Panel>
          <Tabs.Panel value="location">
            <WhereaboutsPanel detail={data} reference={reference} />
          </Tabs.Panel>
          <Tabs.Panel value="processes">
            <ProcessesPanel detail={data} lang={lang} canSeeOperations={canSeeOperations} />
          </Tabs.Panel>
          <Tabs.Panel value="condition">
            <ConditionPanel artworkId={data.id} lang={lang} canSeeOperations={canSeeOperations} />
          </Tabs.Panel>
          <Tabs.Panel value="insurance">
            <InsurancePanel detail={data} reference={reference} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <RecordHistory
              detail={data}
              reference={reference}
              canRestore={canEdit}
              artistName={(aid) => (aid === data.artist?.id ? data.artist.name : undefined)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="asOf">
            <AsOfPanel
              artworkId={data.id}
              reference={reference}
              artistName={(aid) => (aid === data.artist?.id ? data.artist.name : undefined)}
            />
          </Tabs.Panel>
        </Stack>
      </Tabs>
      <MediaViewer items={media} index={viewing} onIndex={setViewing} lang={lang} />
    </Stack>
  )
}
