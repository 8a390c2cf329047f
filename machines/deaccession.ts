// DEACCESSION: the case for removing works from the collection: the reasons (from the office's list, and in
// words), the proof of title checked (every item of the checklist), then the decision put to the approvers. It
// ends approved (the works may then be sold: OPERATION_SELL_ART starts only on a work with an approved
// deaccession) or rejected (the works stay in the collection).
import {
  artworksInput,
  deaccessionDecisionStep,
  deaccessionReasonsStep,
  deaccessionSamples,
  titleCheckStep,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, IN_HAND } from './blocks'

export const deaccessionV1 = defineProcess({
  type: 'DEACCESSION',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: IN_HAND,
  steps: [
    formStep(
      { key: 'reasons', labelZh: '注销理由', labelEn: 'Reasons for deaccession' },
      { next: { to: 'titleCheck' } },
    ),
    formStep(
      { key: 'titleCheck', labelZh: '所有权核查', labelEn: 'Proof of title' },
      { next: { to: 'decision' } },
    ),
    formStep(
      { key: 'decision', labelZh: '注销审批', labelEn: 'Deaccession decision' },
      { next: [{ to: 'notApproved', when: 'deaccessionRejected' }, { to: 'completed' }] },
    ),
  ],
  finals: {
    completed: { labelZh: '已批准注销', labelEn: 'Approved', status: 'completed' },
    notApproved: { labelZh: '未批准注销', labelEn: 'Rejected', status: 'completed' },
  },
  conditions: {
    deaccessionRejected: (context) => context.steps.decision?.data?.decision === 'reject',
  },
  input: artworksInput,
  payloads: {
    reasons: deaccessionReasonsStep,
    titleCheck: titleCheckStep,
    decision: deaccessionDecisionStep,
  },
  notes: [
    'The decision is a form like the others: it records what the committee decided (approve, with how the works leave; or reject), and the approvers approve it. Approving an approval ends the case "approved"; approving a rejection ends it "rejected". Sending the form back (REJECT) only asks for it to be corrected.',
    'The proof of title is a checklist: every item must be ticked (ownership on record, acquisition documents, no donor restriction, no claim or pledge), with the title documents attached.',
    'A deaccession does not hold its artworks (it is a decision on paper): the sale that follows holds them. An approved deaccession is what lets a sale (OPERATION_SELL_ART) start on a work; a sale started without one is refused, naming the work.',
  ],
})

/** DEACCESSION: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const deaccession = declareType({
  type: 'DEACCESSION',
  label: { 'zh-CN': '藏品注销', en: 'Deaccession' },
  versions: [deaccessionV1],
  list: {
    path: '/devOpsManage/deaccession',
    menu: { 'zh-CN': '藏品注销', en: 'Deaccessions' },
    screen: {
      title: { 'zh-CN': '藏品注销', en: 'Deaccessions' },
      description: {
        'zh-CN': '将作品移出馆藏：说明理由，核查所有权，再由审批人决定批准或不批准。',
        en: 'Removing works from the collection: the reasons, the proof of title checked, then the approvers decide.',
      },
      empty: {
        'zh-CN': '没有匹配的注销。选择要移出馆藏的作品，发起一个注销流程。',
        en: 'No deaccession matches. Start one with the works to remove from the collection.',
      },
    },
  },
  demoDocument: { name: 'deaccession-case.pdf', title: 'Deaccession case: reasons and title documents' },
  samples: deaccessionSamples,
})
