// A process's or a step's status as a coloured badge, worded by the machines' labels.
import { Badge, type BadgeProps } from '@mantine/core'
import type { ProcessStatus, StepStatus } from '../../../../machines/types'
import { statusLabel, stepStatusLabel, useLang } from './machine-words'

export const STATUS_COLORS: Record<ProcessStatus | StepStatus, string> = {
  pending: 'gray',
  draft: 'gray',
  approvalOngoing: 'ink',
  approved: 'teal',
  rejected: 'orange',
  paymentFailed: 'red',
  terminated: 'dark',
  completed: 'teal',
  toBeTransported: 'bronze',
  transporting: 'bronze',
  onLoan: 'grape',
  uncompleted: 'yellow',
}

export function StatusBadge({
  status,
  step = false,
  ...rest
}: { status: ProcessStatus | StepStatus; step?: boolean } & BadgeProps) {
  const lang = useLang()
  const label = step
    ? stepStatusLabel(status as StepStatus, lang)
    : statusLabel(status as ProcessStatus, lang)
  return (
    <Badge
      variant={status === 'completed' || status === 'terminated' ? 'filled' : 'light'}
      color={STATUS_COLORS[status]}
      data-status={status}
      {...rest}
    >
      {label}
    </Badge>
  )
}
