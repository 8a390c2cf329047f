// DAMAGE_LOSS: an incident to works of the collection (damage, loss or theft): what happened (when, where, in
// words, with its reports), its assessment (severity, estimated cost as decimal money in its currency), the
// actions taken (a checklist), then the case is closed. A claim to the insurer (INSURANCE_PAYOUT) may be
// started from it once the incident is recorded; the claim names the case it claims for.
import {
  artworksInput,
  damageActionsStep,
  damageAssessmentStep,
  damageIncidentStep,
  damageLossSamples,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep } from './blocks'
import { INSURABLE } from './insurance-cover'

export const damageLossV1 = defineProcess({
  type: 'DAMAGE_LOSS',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: [...INSURABLE, 'missing'],
  steps: [
    formStep({ key: 'incident', labelZh: '事件记录', labelEn: 'Incident' }, { next: { to: 'assessment' } }),
    formStep({ key: 'assessment', labelZh: '损失评估', labelEn: 'Assessment' }, { next: { to: 'actions' } }),
    formStep(
      { key: 'actions', labelZh: '处置措施', labelEn: 'Actions taken' },
      { next: { to: 'completed' } },
    ),
  ],
  finals: { completed: { labelZh: '已结案', labelEn: 'Closed', status: 'completed' } },
  input: artworksInput,
  payloads: {
    incident: damageIncidentStep,
    assessment: damageAssessmentStep,
    actions: damageActionsStep,
  },
  followUps: [
    {
      type: 'INSURANCE_PAYOUT',
      via: 'sourceProcessId',
      startWhen: { states: ['assessment', 'actions', 'completed'] },
    },
    {
      type: 'CONDITION_CHECK',
      via: 'sourceProcessId',
      startWhen: { states: ['assessment', 'actions', 'completed'] },
    },
  ],
  notes: [
    'The works are the artworks the case is started on: a damage, a loss or a theft of works in hand, on loan, or already counted missing.',
    'The case does not hold its artworks: a damaged work usually goes to repair (OPERATION_REPAIR_ART) while the case runs.',
    'Once the incident is approved, a claim to the insurer (INSURANCE_PAYOUT) may be started from the case; the claim names it (sourceProcessId) and the two show each other as linked. The claim has its own incident report, for the insurer.',
    'A condition check (CONDITION_CHECK) of the works may be started from the case once the incident is approved; the check names it.',
    'The actions are a checklist: at least one item ticked, with the day the case closes.',
  ],
})

/** DAMAGE_LOSS: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const damageLoss = declareType({
  type: 'DAMAGE_LOSS',
  label: { 'zh-CN': '损坏与遗失', en: 'Damage and loss' },
  versions: [damageLossV1],
  list: {
    path: '/devOpsManage/damageLoss',
    menu: { 'zh-CN': '损坏与遗失', en: 'Damage and loss' },
    screen: {
      title: { 'zh-CN': '损坏与遗失', en: 'Damage and loss' },
      description: {
        'zh-CN': '作品损坏、遗失或被盗：记录事件，评估损失，采取措施后结案；可据此向保险公司索赔。',
        en: 'Damage, loss or theft of works: the incident, its assessment, the actions taken, then closed; a claim to the insurer may follow.',
      },
      empty: {
        'zh-CN': '没有匹配的事件。选择受影响的作品，记录一个损坏或遗失事件。',
        en: 'No incident matches. Start one with the works affected.',
      },
    },
  },
  demoDocument: { name: 'incident-report.pdf', title: 'Incident report with photographs' },
  samples: damageLossSamples,
})
