// CONDITION_CHECK: a check is planned for today or later — a day before the office's today is refused at
// the field (`input.plannedOn`) before anything is written.
import { invalid } from '../../../http/app-error'
import { officeToday } from '../../../office-day'
import type { CheckContext } from './context'

export async function plannedNotPast(ctx: CheckContext): Promise<void> {
  const planned = ctx.subject.plannedOn
  if (typeof planned === 'string' && planned < officeToday())
    throw invalid({ 'input.plannedOn': 'plannedInPast' })
}
