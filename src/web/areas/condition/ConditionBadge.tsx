// The condition of one report as a coloured badge with an icon (as expected / not / not recorded), so
// the colour is never the only sign; and the badge of a report awaiting approval.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Badge, type BadgeProps } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle } from '@tabler/icons-react'
import type { ConditionReport } from '../../../shared/contracts/condition'
import type { ConditionGrade } from '../../../shared/process-steps/collections'
import { CONDITION_COLORS, CONDITION_LABELS, conditionOf, GRADE_LABELS } from './words'

const ICONS = { ok: IconCircleCheck, notOk: IconAlertTriangle, unknown: IconHelpCircle }

export function ConditionBadge({
  report,
  size = 'md',
}: {
  report: Pick<ConditionReport, 'conditionOk'>
  size?: BadgeProps['size']
}) {
  const { i18n } = useLingui()
  const word = conditionOf(report)
  const Icon = ICONS[word]
  return (
    <Badge
      color={CONDITION_COLORS[word]}
      // Outlined with the darkest shade as text: the light variant is too pale for WCAG AA contrast.
      c={`${CONDITION_COLORS[word]}.9`}
      variant="outline"
      size={size}
      radius="sm"
      leftSection={<Icon size={14} aria-hidden />}
      data-condition={word}
    >
      {i18n._(CONDITION_LABELS[word])}
    </Badge>
  )
}

/** A step's report not yet approved (it takes effect when approved). */
export function AwaitingApprovalBadge({ size = 'md' }: { size?: BadgeProps['size'] }) {
  return (
    <Badge color="yellow" c="dark.6" variant="outline" size={size} radius="sm">
      <Trans>Awaiting approval</Trans>
    </Badge>
  )
}

/** A condition check's grade, in words (the condition badge beside it carries the colour). */
export function GradeBadge({ grade, size = 'md' }: { grade: ConditionGrade; size?: BadgeProps['size'] }) {
  const { i18n } = useLingui()
  return (
    <Badge color="gray" c="dark.6" variant="outline" size={size} radius="sm" data-grade={grade}>
      <Trans>Grade: {i18n._(GRADE_LABELS[grade])}</Trans>
    </Badge>
  )
}
