// Links from the archive into the process screens: a process opens in the process view
// (/devOpsManage/index?process=<id>, the process screens' decision), and a new process for an artwork
// starts at its type's start screen with the artwork named (`?artworkId=`). Process types and statuses are
// worded from the machines' own labels, so the archive never names a state differently.
import { Badge, type BadgeProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { PROCESS_STATUS_LABELS } from '../../../../machines/labels'
import type { ProcessStatus } from '../../../../machines/types'
import type { Lang } from '../../../shared/errors'
import { PROCESS_TYPE_LABELS, type ProcessType } from '../../../shared/process-types'
import { AnchorLink } from './router-links'

export const PROCESS_VIEW_PATH = '/devOpsManage/index'

export function processViewSearch(processId: string): { process: string } {
  return { process: processId }
}

export function ProcessLink({ processId, children }: { processId: string; children: ReactNode }) {
  return (
    <AnchorLink
      to={PROCESS_VIEW_PATH}
      search={processViewSearch(processId)}
      fz="sm"
      data-testid="process-link"
    >
      {children}
    </AnchorLink>
  )
}

export function processTypeLabel(type: string, lang: Lang): string {
  return type in PROCESS_TYPE_LABELS ? PROCESS_TYPE_LABELS[type as ProcessType][lang] : type
}

export function processStatusLabel(status: string, lang: Lang): string {
  const words = PROCESS_STATUS_LABELS[status as ProcessStatus]
  if (!words) return status
  return lang === 'en' ? words.labelEn : words.labelZh
}

const STATUS_COLOR: Partial<Record<ProcessStatus, string>> = {
  draft: 'gray',
  approvalOngoing: 'ink',
  approved: 'teal',
  completed: 'teal',
  rejected: 'orange',
  paymentFailed: 'red',
  terminated: 'gray',
  toBeTransported: 'bronze',
  transporting: 'bronze',
  onLoan: 'grape',
  uncompleted: 'orange',
}

export function ProcessStatusBadge({ status, lang, ...rest }: { status: string; lang: Lang } & BadgeProps) {
  return (
    <Badge variant="light" radius="sm" color={STATUS_COLOR[status as ProcessStatus] ?? 'gray'} {...rest}>
      {processStatusLabel(status, lang)}
    </Badge>
  )
}
