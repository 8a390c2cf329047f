// The words of a condition report: what each hand-over is called, how the condition reads, and the facts
// line (date, who, where) — one place for the timeline and the side-by-side comparison.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ConditionReport, HandoverKind } from '../../../shared/contracts/condition'
import type { ConditionGrade } from '../../../shared/process-steps/collections'

export const HANDOVER_LABELS: Record<HandoverKind, MessageDescriptor> = {
  departure: msg`Departure`,
  arrival: msg`Arrival`,
  loanReturn: msg`Back from loan`,
  mountingDone: msg`Back from mounting`,
  repairDone: msg`Back from repair`,
  warehousing: msg`Warehousing`,
  abortedInTransit: msg`Transport called off in transit`,
  conditionCheck: msg`Condition check`,
}

export const GRADE_LABELS: Record<ConditionGrade, MessageDescriptor> = {
  good: msg({ context: 'condition grade', message: 'Good' }),
  fair: msg({ context: 'condition grade', message: 'Fair' }),
  poor: msg({ context: 'condition grade', message: 'Poor' }),
  critical: msg({ context: 'condition grade', message: 'Critical' }),
}

export type ConditionWord = 'ok' | 'notOk' | 'unknown'

export function conditionOf(report: Pick<ConditionReport, 'conditionOk'>): ConditionWord {
  if (report.conditionOk === null) return 'unknown'
  return report.conditionOk ? 'ok' : 'notOk'
}

export const CONDITION_LABELS: Record<ConditionWord, MessageDescriptor> = {
  // A statement here (the forms ask it as a question: "品相是否完好").
  ok: msg({ context: 'condition report', message: 'Condition as expected' }),
  notOk: msg`Condition not as expected`,
  unknown: msg`Condition not recorded`,
}

export const CONDITION_COLORS: Record<ConditionWord, string> = {
  ok: 'teal',
  notOk: 'red',
  unknown: 'gray',
}

/** The date a report is about: the one it states, else when it was recorded. */
export const reportDate = (r: Pick<ConditionReport, 'on' | 'at'>) => r.on ?? r.at
