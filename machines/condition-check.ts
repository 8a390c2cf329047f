// CONDITION_CHECK: a periodic or risk-point check of works' condition. Started by hand, by the daily job of
// a schedule rule (per artwork or per category, every N months: src/server/modules/condition-checks), or
// after a damage or a transport (it names that process). One step, the findings (the day, who checked, the
// grade, notes, photographs, the day the next check is due), approved; then closed. A repair
// (OPERATION_REPAIR_ART) may be started from a closed check and names it.
import {
  conditionCheckInput,
  conditionCheckSamples,
  conditionFindingsStep,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep } from './blocks'
import { INSURABLE } from './insurance-cover'

export const conditionCheckV1 = defineProcess({
  type: 'CONDITION_CHECK',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: INSURABLE,
  steps: [
    formStep({ key: 'findings', labelZh: '检查结果', labelEn: 'Findings' }, { next: { to: 'completed' } }),
  ],
  finals: { completed: { labelZh: '已完成', labelEn: 'Done', status: 'completed' } },
  input: conditionCheckInput,
  payloads: { findings: conditionFindingsStep },
  checks: { start: 'plannedNotPast' },
  followUps: [{ type: 'OPERATION_REPAIR_ART', via: 'sourceProcessId', startWhen: { states: ['completed'] } }],
  notes: [
    'The works are the artworks the check is started on, in hand or on loan; the check does not hold them (a transport or a loan may run meanwhile).',
    "The start input may give the day the check is planned for (`plannedOn`); a day before the office's today is refused at that field. A check started by a schedule rule names it (`ruleId`); one after a damage or a transport names that process (`sourceProcessId`).",
    "The findings give the grade (good, fair, poor, critical), notes, photographs and the day the next check is due; once approved they appear in each artwork's condition reports.",
    'Once the findings are approved, a repair (OPERATION_REPAIR_ART) may be started from the check; the repair names it (sourceProcessId) and the two show each other as linked.',
  ],
})

/** CONDITION_CHECK: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const conditionCheck = declareType({
  type: 'CONDITION_CHECK',
  label: { 'zh-CN': '品相检查', en: 'Condition check' },
  versions: [conditionCheckV1],
  list: {
    path: '/devOpsManage/conditionCheck',
    menu: { 'zh-CN': '品相检查', en: 'Condition checks' },
    screen: {
      title: { 'zh-CN': '品相检查', en: 'Condition checks' },
      description: {
        'zh-CN': '定期或在事故、运输之后检查作品品相：记录等级、说明、照片与下次检查日期，可据此发起修复。',
        en: 'Periodic checks of works, or after an incident or a transport: the grade, notes, photographs and the next due date; a repair may follow.',
      },
      empty: {
        'zh-CN': '没有匹配的品相检查。选择作品，发起一次品相检查。',
        en: 'No condition check matches. Start one with the works to check.',
      },
      links: [
        {
          to: '/devOpsManage/conditionCheckSchedule',
          words: { 'zh-CN': '检查计划', en: 'Check schedule' },
          testId: 'condition-schedule-link',
        },
      ],
    },
  },
  demoDocument: { name: 'condition-check.pdf', title: 'Condition check with photographs' },
  samples: conditionCheckSamples,
})
