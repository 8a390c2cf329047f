// Tasks in words: the kind of a task from the machines' labels, one line saying what a task is
// about (type · subject · step · kind), who may do it (privileges by their labels, the role or the people
// the settings name) and where it opens (the process view, as the delegator sees it for a delegated task).
import { TASK_KIND_LABELS } from '../../../../machines/labels'
import { actingPrivileges } from '../../../../machines/tasks'
import type { InboxTask, TaskView } from '../../../shared/contracts/tasks'
import type { Lang } from '../../../shared/errors'
import { PRIVILEGES } from '../../../shared/privileges'
import { definitionFor, pick, stepLabel, typeLabel } from '../process/machine-words'

export function taskKindLabel(kind: TaskView['kind'], lang: Lang): string {
  return pick(TASK_KIND_LABELS[kind], lang, kind)
}

/** `采购 · 山水图 · 尽调报告 · 审批` / `Purchase · Landscape · Due-diligence report · Approve`. */
export function taskLine(task: InboxTask, lang: Lang): string {
  const p = task.process
  // what it is about, as the server words it for every kind of process (a stocktake's room, a purchase's titles)
  const subject = lang === 'en' ? p.subject.en : p.subject.zh
  let step = task.step
  try {
    step = stepLabel(definitionFor(p.type, p.definitionVersion), task.step, lang)
  } catch {
    // a version this build does not know: the step's key stays hidden behind the type
    step = ''
  }
  return [typeLabel(p.type, lang), subject, step, taskKindLabel(task.kind, lang)].filter(Boolean).join(' · ')
}

const privilegeLabels = new Map(PRIVILEGES.map((p) => [p.key as string, p]))

/** Who may do it: the privileges that let one do it (any one of them), narrowed to a role or to named people. */
export function candidatesLine(task: TaskView, lang: Lang): string {
  const sep = lang === 'en' ? ', ' : '、'
  const parts: string[] = []
  if (task.candidateUserNames.length > 0) parts.push(task.candidateUserNames.filter(Boolean).join(sep))
  else if (task.candidateRole) parts.push(lang === 'en' ? task.candidateRole.en : task.candidateRole.zh)
  else
    parts.push(
      actingPrivileges(task)
        .map((k) => privilegeLabels.get(k))
        .filter((p) => p !== undefined)
        .map((p) => (lang === 'en' ? p.labelEn : p.labelZh))
        .join(lang === 'en' ? ' or ' : ' 或 '),
    )
  return parts.filter(Boolean).join(sep)
}

/** The search of the inbox route that opens a task's process (as the delegator when it is delegated). */
export function taskSearch(task: Pick<TaskView, 'processId' | 'onBehalfOf'>) {
  return { process: task.processId, ...(task.onBehalfOf ? { onBehalfOf: task.onBehalfOf } : {}) }
}
