// The artwork detail's "Condition" tab: every hand-over of the artwork (departure, arrival, back from a
// loan, mounting or repair, warehousing) as a timeline, newest first, with its condition, notes and
// photographs; each opens beside the previous report (ReportCompare), and any two photographs open side by
// side, deep-zoomed together (PhotoCompare).
import { useLingui } from '@lingui/react'
import { Plural, Trans, useLingui as useMacroLingui } from '@lingui/react/macro'
import { Alert, Button, Card, EmptyState, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core'
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClipboardCheck,
  IconHelpCircle,
  IconPhotoSearch,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ConditionReport } from '../../../shared/contracts/condition'
import type { Lang } from '../../../shared/errors'
import { conditionReportsQuery } from '../../api/queries/condition'
import { formatDate } from '../../i18n/format'
import { ConditionReportPdfButton } from '../reports/ReportPdfButton'
import { AwaitingApprovalBadge, ConditionBadge, GradeBadge } from './ConditionBadge'
import { comparablePhotos, PhotoCompare } from './PhotoCompare'
import { ReportCompare } from './ReportCompare'
import { Route } from './ReportFacts'
import { CONDITION_COLORS, conditionOf, HANDOVER_LABELS, reportDate } from './words'

const BULLETS = { ok: IconCircleCheck, notOk: IconAlertTriangle, unknown: IconHelpCircle }

function Entry({
  artworkId,
  report,
  lang,
  onOpen,
}: {
  artworkId: string
  report: ConditionReport
  lang: Lang
  onOpen: () => void
}) {
  const { i18n } = useLingui()
  const { t } = useMacroLingui()
  const n = report.photos.length
  return (
    <Stack gap={4} pb="xs" data-testid="condition-entry" data-kind={report.kind}>
      <Group gap="xs">
        <ConditionBadge report={report} size="sm" />
        {report.standing === 'awaitingApproval' ? <AwaitingApprovalBadge size="sm" /> : null}
        {report.grade ? <GradeBadge grade={report.grade} size="sm" /> : null}
      </Group>
      <Text fz="sm" c="dimmed">
        {formatDate(reportDate(report), lang)} · {report.byName}
      </Text>
      {report.nextDueOn ? (
        <Text fz="sm" data-testid="next-check-due">
          <Trans>Next check due on {formatDate(report.nextDueOn, lang)}</Trans>
        </Text>
      ) : null}
      {report.from || report.to ? (
        <Text fz="sm" component="div">
          <Route report={report} />
        </Text>
      ) : null}
      {report.note ? (
        <Text fz="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
          {report.note}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button
          variant="light"
          size="compact-sm"
          onClick={onOpen}
          data-testid="open-report"
          aria-label={`${t`Open and compare`}: ${i18n._(HANDOVER_LABELS[report.kind])} · ${formatDate(reportDate(report), lang)}`}
        >
          <Trans>Open and compare</Trans>
        </Button>
        <ConditionReportPdfButton
          artworkId={artworkId}
          reportKey={report.key}
          name={`${i18n._(HANDOVER_LABELS[report.kind])} · ${formatDate(reportDate(report), lang)}`}
          variant="subtle"
          size="compact-sm"
        />
        <Text fz="xs" c="dimmed">
          <Plural value={n} _0="No photographs" one="# photograph" other="# photographs" />
        </Text>
      </Group>
    </Stack>
  )
}

export function ConditionPanel({
  artworkId,
  lang,
  canSeeOperations,
}: {
  artworkId: string
  lang: Lang
  canSeeOperations: boolean
}) {
  const { i18n } = useLingui()
  const query = useQuery(conditionReportsQuery(artworkId))
  const [open, setOpen] = useState<number | null>(null)
  const [comparing, setComparing] = useState(false)
  const reports = query.data?.items ?? []
  const latest = reports[0]
  const photoCount = comparablePhotos(reports, () => '').length
  return (
    <Card withBorder radius="md" padding="lg" data-testid="artwork-condition">
      <Group justify="space-between" mb="md">
        <Title order={3} fz={15} fw={600}>
          <Trans>Condition reports and checks</Trans>
        </Title>
        <Group gap="md">
          {photoCount >= 2 ? (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPhotoSearch size={14} aria-hidden />}
              onClick={() => setComparing(true)}
              data-testid="compare-photos"
            >
              <Trans>Compare photographs</Trans>
            </Button>
          ) : null}
          {latest ? (
            <Group gap={6}>
              <Text fz="sm" c="dimmed">
                <Trans>Latest:</Trans>
              </Text>
              <ConditionBadge report={latest} size="sm" />
            </Group>
          ) : null}
        </Group>
      </Group>
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <Alert color="red" variant="light">
          <Trans>The condition reports could not be loaded.</Trans>
        </Alert>
      ) : reports.length === 0 ? (
        <EmptyState
          icon={<IconClipboardCheck size={24} />}
          withIndicatorBackground
          size="sm"
          title={<Trans>No condition reports yet</Trans>}
          description={
            <Trans>
              The condition recorded on departure, arrival, return from a loan, after mounting or repair, at
              warehousing and at each condition check appears here.
            </Trans>
          }
        />
      ) : (
        // Every item "active", so each bullet takes its report's condition colour.
        <Timeline bulletSize={24} lineWidth={2} active={reports.length - 1} data-testid="condition-timeline">
          {reports.map((r, i) => {
            const word = conditionOf(r)
            const Bullet = BULLETS[word]
            return (
              <Timeline.Item
                key={r.key}
                bullet={<Bullet size={14} aria-hidden />}
                color={CONDITION_COLORS[word]}
                title={
                  <Text fw={600} fz="sm" component="span">
                    {i18n._(HANDOVER_LABELS[r.kind])}
                  </Text>
                }
              >
                <Entry artworkId={artworkId} report={r} lang={lang} onOpen={() => setOpen(i)} />
              </Timeline.Item>
            )
          })}
        </Timeline>
      )}
      <ReportCompare
        reports={reports}
        index={open}
        onIndex={setOpen}
        lang={lang}
        canSeeOperations={canSeeOperations}
      />
      {comparing ? (
        <PhotoCompare reports={reports} opened onClose={() => setComparing(false)} lang={lang} />
      ) : null}
    </Card>
  )
}
