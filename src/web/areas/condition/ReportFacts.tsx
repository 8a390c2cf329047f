// One condition report read in words: the hand-over and its date, the condition, who reported it (and who
// approved it), where from and where to, the notes, the photographs and the process it belongs to.
import { useLingui } from '@lingui/react'
import { Plural, Trans } from '@lingui/react/macro'
import { Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { ConditionReport } from '../../../shared/contracts/condition'
import type { Lang } from '../../../shared/errors'
import { formatDate, formatDateTime } from '../../i18n/format'
import { ProcessLink, processTypeLabel } from '../archive/process-links'
import { AwaitingApprovalBadge, ConditionBadge, GradeBadge } from './ConditionBadge'
import { ReportPhotos } from './ReportPhotos'
import { HANDOVER_LABELS, reportDate } from './words'

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="sm">{children}</Text>
    </Stack>
  )
}

/** "from → to", either side left out when the report names none. */
export function Route({ report }: { report: Pick<ConditionReport, 'from' | 'to'> }) {
  if (!report.from && !report.to) return null
  return (
    <Group gap={6} component="span" wrap="wrap">
      {report.from ? <span>{report.from}</span> : null}
      {report.from && report.to ? <IconArrowRight size={14} aria-hidden /> : null}
      {report.to ? <span>{report.to}</span> : null}
    </Group>
  )
}

export function ReportFacts({
  report,
  lang,
  heading,
  canSeeOperations,
}: {
  report: ConditionReport
  lang: Lang
  heading: ReactNode
  canSeeOperations: boolean
}) {
  const { i18n } = useLingui()
  const kind = i18n._(HANDOVER_LABELS[report.kind])
  const type = processTypeLabel(report.processType, lang)
  const others = report.otherArtworks
  return (
    <Stack gap="sm" data-testid="report-facts" data-kind={report.kind}>
      <Stack gap={2}>
        <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
          {heading}
        </Text>
        <Title order={3} fz="md" fw={600}>
          {kind} · {formatDate(reportDate(report), lang)}
        </Title>
      </Stack>
      <Group gap="xs">
        <ConditionBadge report={report} />
        {report.standing === 'awaitingApproval' ? <AwaitingApprovalBadge /> : null}
        {report.grade ? <GradeBadge grade={report.grade} /> : null}
      </Group>
      {report.nextDueOn ? (
        <Fact label={<Trans>Next check due on</Trans>}>{formatDate(report.nextDueOn, lang)}</Fact>
      ) : null}
      <Fact label={<Trans>Notes</Trans>}>
        {report.note ? (
          <Text span fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="report-note">
            {report.note}
          </Text>
        ) : (
          <Text span fz="sm" c="dimmed">
            <Trans>No notes</Trans>
          </Text>
        )}
      </Fact>
      {report.from || report.to ? (
        <Fact label={<Trans>Where</Trans>}>
          <Route report={report} />
        </Fact>
      ) : null}
      <Fact label={<Trans>Reported by</Trans>}>
        {report.byName} · {formatDateTime(report.at, lang)}
      </Fact>
      {report.receivedBy ? <Fact label={<Trans>Received by</Trans>}>{report.receivedBy}</Fact> : null}
      {report.approvedBy ? (
        <Fact label={<Trans>Approved by</Trans>}>
          {report.approvedBy.name} · {formatDateTime(report.approvedBy.at, lang)}
        </Fact>
      ) : null}
      <Fact label={<Trans>Process</Trans>}>
        {canSeeOperations ? <ProcessLink processId={report.processId}>{type}</ProcessLink> : type}
        {others > 0 ? (
          <Text span fz="sm" c="dimmed">
            {' '}
            <Plural value={others} one="(with # other artwork)" other="(with # other artworks)" />
          </Text>
        ) : null}
      </Fact>
      <Stack gap={4}>
        <Text fz="xs" c="dimmed" fw={500}>
          <Trans>Photographs</Trans>
        </Text>
        <ReportPhotos
          photos={report.photos}
          caption={`${kind} · ${formatDate(reportDate(report), lang)}`}
          lang={lang}
        />
      </Stack>
    </Stack>
  )
}
