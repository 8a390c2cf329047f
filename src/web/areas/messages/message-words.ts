// Each kind of message as people read it (the message centre's filter and badges), and where a message
// leads: its process (by the process type's name) or the published item it announces.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { MESSAGE_KINDS, type MessageKind, type MessageView } from '../../../shared/contracts/process'

export const MESSAGE_KIND_WORDS = {
  approvalRequested: msg`Approval requested`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  paymentFailed: msg`Payment failed`,
  completed: msg`Completed`,
  terminated: msg`Terminated`,
  restarted: msg`Restarted`,
  processOpened: msg`Process started`,
  reminder: msg`Reminder`,
  notice: msg`Notice`,
  taskAssigned: msg`Task assigned`,
  taskDueSoon: msg`Task due soon`,
  taskOverdue: msg`Task overdue`,
  taskEscalated: msg`Task escalated`,
  content: msg`News and notices`,
} as const satisfies Record<MessageKind, MessageDescriptor>

export const KIND_COLORS: Partial<Record<MessageKind, string>> = {
  rejected: 'red',
  paymentFailed: 'red',
  taskOverdue: 'red',
  taskEscalated: 'orange',
  approved: 'teal',
  completed: 'teal',
  content: 'grape',
}

export const MESSAGE_KIND_CHOICES = MESSAGE_KINDS

/** Where a message leads: its process, the item it announces, or nowhere. */
export type MessageTarget =
  | { to: 'process'; processId: string }
  | { to: 'content'; contentId: string }
  | { to: 'none' }

export function targetOf(m: MessageView): MessageTarget {
  if (m.kind === 'content') return m.contentId ? { to: 'content', contentId: m.contentId } : { to: 'none' }
  if (m.processId) return { to: 'process', processId: m.processId }
  return { to: 'none' }
}
