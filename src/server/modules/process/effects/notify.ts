// The `notify` effect: a message in the bell of the people concerned — approvers when a step is submitted,
// the submitter when it is approved, rejected or its payment failed (and the starter then too), finance when a payment is due, and
// the participants when the process ends, is terminated or restarted. The sender never messages themself.
import { eq } from 'drizzle-orm'
import { PAY_PRIVILEGE } from '../../../../shared/access'
import { MESSAGE_KINDS, type MessageKind } from '../../../../shared/contracts/process'
import type { MessageKey } from '../../../../shared/errors'
import { processHistory, users } from '../../../db/schema'
import { approversOf, bothLanguages, holdersOf, sendMessages, typeLabel } from '../../messages/send'
import type { EffectContext } from './types'

const TITLE_KEYS = {
  approvalRequested: 'msgApprovalRequested',
  approved: 'msgApproved',
  rejected: 'msgRejected',
  paymentFailed: 'msgPaymentFailed',
  completed: 'msgCompleted',
  terminated: 'msgTerminated',
  restarted: 'msgRestarted',
  processOpened: 'msgProcessOpened',
  reminder: 'msgNotice',
  notice: 'msgNotice',
  taskAssigned: 'msgTaskAssigned',
  taskDueSoon: 'msgTaskDueSoon',
  taskOverdue: 'msgTaskOverdue',
  taskEscalated: 'msgTaskEscalated',
  content: 'msgNotice',
} as const satisfies Record<MessageKind, MessageKey>

function payers(ctx: EffectContext): Promise<string[]> {
  return holdersOf(ctx.tx, PAY_PRIVILEGE)
}

/** The starter and everyone who has sent an event to the process. */
async function participants(ctx: EffectContext): Promise<string[]> {
  const rows = await ctx.tx
    .selectDistinct({ id: processHistory.byUserId })
    .from(processHistory)
    .where(eq(processHistory.processId, ctx.process.id))
  return [ctx.process.createdBy, ...rows.flatMap((r) => (r.id ? [r.id] : []))]
}

async function recipients(ctx: EffectContext, to: unknown, step: string | undefined): Promise<string[]> {
  if (Array.isArray(to)) return to.filter((id): id is string => typeof id === 'string')
  switch (to) {
    case 'approvers':
      return approversOf(ctx.tx, ctx.process.type)
    case 'submitter': {
      const submitter = step ? ctx.context.steps?.[step]?.submittedBy : undefined
      // A failed payment concerns the process as a whole: its starter is told too, whoever filled the
      // request (on every machine version, so processes already under way are covered).
      const starter = ctx.effect.params?.kind === 'paymentFailed' ? [ctx.process.createdBy] : []
      return [submitter ?? ctx.process.createdBy, ...starter]
    }
    case 'payers':
      return payers(ctx)
    case 'creator':
      return [ctx.process.createdBy]
    default:
      return participants(ctx)
  }
}

export async function notify(ctx: EffectContext): Promise<void> {
  const params = ctx.effect.params ?? {}
  const kind: MessageKind = MESSAGE_KINDS.includes(params.kind as MessageKind)
    ? (params.kind as MessageKind)
    : 'notice'
  const stepKey = ctx.effect.step
  const stepDef = ctx.definition.steps.find((s) => s.key === stepKey)
  const to = (await recipients(ctx, params.to, stepKey)).filter((id) => id !== ctx.event.actor.id)
  if (to.length === 0) return
  const title = bothLanguages(TITLE_KEYS[kind], (lang) => ({
    process: typeLabel(ctx.process.type, lang),
    step: stepDef ? (lang === 'en' ? stepDef.labelEn : stepDef.labelZh) : '',
  }))
  let body: { zh: string; en: string } | undefined
  if (ctx.event.comment) {
    const [sender] = await ctx.tx
      .select({ name: users.displayName })
      .from(users)
      .where(eq(users.id, ctx.event.actor.id))
    body = bothLanguages('msgBodyBy', () => ({ by: sender?.name ?? '', comment: ctx.event.comment ?? '' }))
  }
  await sendMessages(ctx.tx, to, {
    kind,
    processId: ctx.process.id,
    senderId: ctx.event.actor.id,
    title,
    body,
    at: ctx.at,
  })
}
