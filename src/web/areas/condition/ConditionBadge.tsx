// The condition of one report as a coloured badge with an icon (as expected / not / not recorded), so
// the colour is never the only sign.
import { useLingui } from '@lingui/react'
import { Badge, type BadgeProps } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle } from '@tabler/icons-react'
import type { ConditionReport } from '../../../shared/contracts/condition'
import { CONDITION_COLORS, CONDITION_LABELS, conditionOf } from './words'

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
      variant="light"
      size={size}
      radius="sm"
      leftSection={<Icon size={14} aria-hidden />}
      data-condition={word}
    >
      {i18n._(CONDITION_LABELS[word])}
    </Badge>
  )
}
