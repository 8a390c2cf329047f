// A process context for the forms' and screens' tests: the parts a test names, the rest as a fresh process
// has them (no approvals, no restarts, no limits).
import type { ProcessContext, StepRecord } from '../../../machines/types'

export function processContext(
  part: { subject?: ProcessContext['subject']; steps?: Record<string, Partial<StepRecord>> } = {},
): ProcessContext {
  const steps = Object.entries(part.steps ?? {}).map(([key, r]) => [key, { approvals: [], ...r }])
  return {
    subject: part.subject ?? {},
    steps: Object.fromEntries(steps),
    secondApprovalAbove: {},
    restarts: 0,
  }
}
