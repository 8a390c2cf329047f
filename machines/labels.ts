// Every word the process machines show, in both languages, in one place: events, guards, effects,
// statuses and the leaf states every step shares. Screens, the API's definitions and docs/flows read these
// (through the machines' `meta` or directly), so no screen or diagram hard-codes a label.
import type { TaskKind } from './task-kinds'
import type { EffectName, ProcessStatus, StepStatus } from './types'

export interface Words {
  labelZh: string
  labelEn: string
}

/** Events every machine shares (docs/architecture.md § Workflow runtime) and the types' own events, by event type. */
export const EVENT_LABELS = {
  SAVE: { labelZh: '保存草稿', labelEn: 'Save draft' },
  SUBMIT: { labelZh: '提交审批', labelEn: 'Submit for approval' },
  APPROVE: { labelZh: '审批通过', labelEn: 'Approve' },
  REJECT: { labelZh: '驳回', labelEn: 'Reject' },
  TERMINATE: { labelZh: '终止流程', labelEn: 'Terminate' },
  RESTART: { labelZh: '重新发起', labelEn: 'Restart' },
  CONFIRM_PAYMENT: { labelZh: '确认款项已到账/已付出', labelEn: 'Confirm payment' },
  PAYMENT_FAILED: { labelZh: '付款失败', labelEn: 'Payment failed' },
  RETRY_PAYMENT: { labelZh: '重新付款', labelEn: 'Retry payment' },
  DEPART: { labelZh: '确认起运', labelEn: 'Departed' },
  ARRIVE: { labelZh: '确认到达', labelEn: 'Arrived' },
  RETURN: { labelZh: '作品归还', labelEn: 'Returned' },
} as const satisfies Record<string, Words>
export type EventType = keyof typeof EVENT_LABELS

/** What a task waits for (machines/tasks.ts TaskKind). */
export const TASK_KIND_LABELS = {
  fill: { labelZh: '填写', labelEn: 'Fill in' },
  approve: { labelZh: '审批', labelEn: 'Approve' },
  confirmPayment: { labelZh: '确认付款/收款', labelEn: 'Confirm payment' },
  depart: { labelZh: '确认起运', labelEn: 'Record departure' },
  arrive: { labelZh: '确认到达', labelEn: 'Record arrival' },
  return: { labelZh: '确认归还', labelEn: 'Record return' },
  count: { labelZh: '盘点', labelEn: 'Count' },
} as const satisfies Record<TaskKind, Words>

/** Events whose `comment` is required (the reason or the approver's remark). */
export const COMMENT_REQUIRED: ReadonlySet<string> = new Set(['REJECT', 'TERMINATE', 'PAYMENT_FAILED'])

/** Guards, by name (a guard's parameters are shown beside its label). */
export const GUARD_LABELS = {
  mayFill: { labelZh: '有发起流程权限', labelEn: 'holds the start privilege' },
  mayFillMoney: { labelZh: '有发起流程或付款权限', labelEn: 'holds the start or pay privilege' },
  mayApprove: {
    labelZh: '有该流程审批权限，不是提交方（提交人及其代为提交的人，委托时双方都算），未审批过',
    labelEn:
      'approver of this type, not on the submitting side (submitter and submitted-for, both people of a delegation), not yet approved',
  },
  awaitsSecondApproval: {
    labelZh: '按金额区间还需更多审批（N 人中的 M 人，或指定角色）',
    labelEn: 'the amount band needs more approvals after this one (N of M, or the named role)',
  },
  mayPay: {
    labelZh: '有付款权限，且不是该款项的提交方（委托时双方都算）',
    labelEn:
      'holds the pay privilege, not on the side that submitted this payment (both people of a delegation)',
  },
  mayOperate: { labelZh: '有发起流程权限', labelEn: 'holds the start privilege' },
  mayTerminate: {
    labelZh: '发起人（或代其操作的受托人）或该流程审批人',
    labelEn: 'the starter (or their delegate) or an approver of this type',
  },
  countMatches: { labelZh: '盘点无差异', labelEn: 'the count has no discrepancy' },
  discrepanciesResolved: { labelZh: '差异已全部解决', labelEn: 'every discrepancy resolved' },
  renewalDeclined: { labelZh: '决定不续保', labelEn: 'decided not to renew' },
  deaccessionRejected: { labelZh: '决定不批准注销', labelEn: 'the decision rejects the deaccession' },
  entryGivenBack: { labelZh: '决定归还寄存人', labelEn: 'the outcome gives the work back' },
} as const satisfies Record<string, Words>
export type GuardName = keyof typeof GUARD_LABELS

/** Effects the runtime applies (machines/types.ts EffectName). */
export const EFFECT_LABELS = {
  purchaseCompleted: {
    labelZh: '生成作品档案并发起购买运输入库',
    labelEn: 'create the artworks, open the shipping',
  },
  recordContract: { labelZh: '登记合同', labelEn: 'record the contract' },
  recordPayment: { labelZh: '登记付款/收款', labelEn: 'record the payment' },
  holdArtworks: { labelZh: '锁定作品', labelEn: 'hold the artworks' },
  releaseArtworks: { labelZh: '释放作品', labelEn: 'release the artworks' },
  transportScheduled: { labelZh: '作品待运输', labelEn: 'artworks to be transported' },
  transportDeparted: { labelZh: '作品运输中', labelEn: 'artworks transporting' },
  transportArrived: { labelZh: '作品到达目的地', labelEn: 'artworks arrive' },
  warehoused: { labelZh: '作品入库', labelEn: 'artworks into the room' },
  loanOut: { labelZh: '作品借出', labelEn: 'artworks out on loan' },
  loanReturned: { labelZh: '作品归还入库', labelEn: 'artworks back from loan' },
  worksEntered: { labelZh: '生成代管作品档案', labelEn: 'record the work in our care' },
  worksGivenBack: { labelZh: '作品归还寄存人', labelEn: 'give the work back to the depositor' },
  borrowedArrived: { labelZh: '生成借入作品档案', labelEn: 'record the borrowed work' },
  borrowedReturned: { labelZh: '作品归还出借方', labelEn: 'give the work back to the lender' },
  sold: { labelZh: '作品已售出', labelEn: 'artworks sold' },
  insuranceCovered: { labelZh: '作品已投保', labelEn: 'artworks covered' },
  insuranceLapsed: { labelZh: '作品待投保', labelEn: 'artworks to be insured' },
  claimPaid: { labelZh: '登记理赔款', labelEn: 'record the payout' },
  stocktakeRecorded: { labelZh: '登记盘点结果', labelEn: 'record the stocktake' },
  notify: { labelZh: '发送消息', labelEn: 'notify' },
  checkArtworks: { labelZh: '核对作品状态', labelEn: 'check the artworks may take part' },
  transportCancelled: { labelZh: '取消待运输', labelEn: 'call off the planned transport' },
  transportAborted: { labelZh: '登记作品当前位置', labelEn: 'record where the artworks are now' },
  remindersCancelled: { labelZh: '取消待发提醒', labelEn: 'cancel pending reminders' },
  policyVoided: { labelZh: '保单作废', labelEn: 'void the policy' },
} as const satisfies Record<EffectName, Words>

/** Who a `notify` effect addresses. */
export const RECIPIENT_LABELS = {
  approvers: { labelZh: '审批人', labelEn: 'approvers' },
  submitter: { labelZh: '提交人', labelEn: 'submitter' },
  payers: { labelZh: '付款人', labelEn: 'payers' },
  participants: { labelZh: '流程参与人', labelEn: 'participants' },
} as const satisfies Record<string, Words>
export type Recipient = keyof typeof RECIPIENT_LABELS

export const PROCESS_STATUS_LABELS = {
  draft: { labelZh: '填写中', labelEn: 'Draft' },
  approvalOngoing: { labelZh: '审批中', labelEn: 'Approval ongoing' },
  approved: { labelZh: '已审批', labelEn: 'Approved' },
  rejected: { labelZh: '已驳回', labelEn: 'Rejected' },
  paymentFailed: { labelZh: '付款失败', labelEn: 'Payment failed' },
  terminated: { labelZh: '已终止', labelEn: 'Terminated' },
  completed: { labelZh: '已完成', labelEn: 'Completed' },
  toBeTransported: { labelZh: '待运输', labelEn: 'To be transported' },
  transporting: { labelZh: '运输中', labelEn: 'Transporting' },
  onLoan: { labelZh: '借展中', labelEn: 'On loan' },
  uncompleted: { labelZh: '未完成', labelEn: 'Uncompleted' },
} as const satisfies Record<ProcessStatus, Words>

export const STEP_STATUS_LABELS = {
  pending: { labelZh: '未开始', labelEn: 'Pending' },
  draft: PROCESS_STATUS_LABELS.draft,
  approvalOngoing: PROCESS_STATUS_LABELS.approvalOngoing,
  approved: PROCESS_STATUS_LABELS.approved,
  rejected: PROCESS_STATUS_LABELS.rejected,
  paymentFailed: PROCESS_STATUS_LABELS.paymentFailed,
  terminated: PROCESS_STATUS_LABELS.terminated,
  toBeTransported: PROCESS_STATUS_LABELS.toBeTransported,
  transporting: PROCESS_STATUS_LABELS.transporting,
  onLoan: PROCESS_STATUS_LABELS.onLoan,
} as const satisfies Record<StepStatus, Words>

/** The leaf states the building blocks create inside every step, with the status each shows. */
export const LEAF_STATES = {
  draft: { labelZh: '填写中', labelEn: 'Draft', status: 'draft' },
  rejected: { labelZh: '已驳回待修改', labelEn: 'Rejected, to revise', status: 'rejected' },
  submitted: { labelZh: '审批中', labelEn: 'Approval ongoing', status: 'approvalOngoing' },
  awaitingPayment: { labelZh: '已审批待付款', labelEn: 'Approved, awaiting payment', status: 'approved' },
  /** Not a leaf of its own: the label `awaitingPayment` carries in a collecting (incoming) money step. */
  awaitingCollection: { labelZh: '已审批待收款', labelEn: 'Approved, awaiting receipt', status: 'approved' },
  paymentFailed: { labelZh: '付款失败', labelEn: 'Payment failed', status: 'paymentFailed' },
  toBeTransported: { labelZh: '待运输', labelEn: 'To be transported', status: 'toBeTransported' },
  transporting: { labelZh: '运输中', labelEn: 'Transporting', status: 'transporting' },
} as const satisfies Record<string, Words & { status: ProcessStatus }>
export type LeafName = keyof typeof LEAF_STATES
