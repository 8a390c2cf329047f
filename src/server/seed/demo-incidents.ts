// The demo office's one open incident (VITRINE_DEMO=1 with the collection): a task's overdue notice that
// failed three times on a running demo process, so that the incidents screen shows what an administrator
// sees and Retry has work to run again. One SEED_STEPS line, after the demo collection and its processes.
import { asc, isNull } from 'drizzle-orm'
import { latest } from '../../../machines/registry'
import { formatMessage } from '../../shared/errors'
import type { ProcessType } from '../../shared/process-types'
import { incidents, processTasks } from '../db/schema'
import { bothLanguages, typeLabel } from '../modules/messages/send'
import { timerSubject } from '../modules/tasks/timers'
import type { SeedStep } from './steps'

export const DEMO_INCIDENT_ERROR = 'canceling statement due to statement timeout'

export const demoIncidentsSeedStep: SeedStep = {
  name: 'demo incidents',
  run: async (db, options) => {
    if (!options.config.demoCollection) return
    const [task] = await db
      .select()
      .from(processTasks)
      .where(isNull(processTasks.closedAt))
      .orderBy(asc(processTasks.createdAt), asc(processTasks.id))
      .limit(1)
    if (!task) return
    const step = latest(task.type as ProcessType).steps.find((s) => s.key === task.step)
    const summary = bothLanguages('incidentTaskTimer', (lang) => ({
      timer: formatMessage('incidentTimerOverdue', lang),
      process: typeLabel(task.type as ProcessType, lang),
      step: (lang === 'en' ? step?.labelEn : step?.labelZh) ?? task.step,
    }))
    const now = Date.now()
    await db.insert(incidents).values({
      kind: 'taskTimer',
      subject: timerSubject('overdue', task.id),
      summaryZh: summary.zh,
      summaryEn: summary.en,
      errorMessage: DEMO_INCIDENT_ERROR,
      attempts: 3,
      firstFailedAt: new Date(now - 3 * 3_600_000),
      lastFailedAt: new Date(now - 3_600_000),
      processId: task.processId,
    })
  },
}
