// The process types, named once. Machines, privileges, screens and the API all use this list.

export const PROCESS_TYPES = [
  'BUY_ART',
  'BUY_ART_TRANS',
  'OPERATION_TRANS_ART',
  'OPERATION_SHOT_ART',
  'OPERATION_MOUNT_ART',
  'OPERATION_REPAIR_ART',
  'OPERATION_LOAN_EXHIBITION_ART',
  'OPERATION_SELL_ART',
  'OPERATION_REPLICA_ART',
  'INSURANCE_ANNUAL',
  'INSURANCE_OPERATION',
  'INSURANCE_RENEWAL',
  'INSURANCE_PAYOUT',
  'INVENTORY_CHECK',
  'FINANCE_PAYMENT',
] as const
export type ProcessType = (typeof PROCESS_TYPES)[number]

export const PROCESS_TYPE_LABELS = {
  BUY_ART: { 'zh-CN': '尽调购买', en: 'Purchase' },
  BUY_ART_TRANS: { 'zh-CN': '购买运输入库', en: 'Purchase shipping' },
  OPERATION_TRANS_ART: { 'zh-CN': '运输', en: 'Transport' },
  OPERATION_SHOT_ART: { 'zh-CN': '拍摄', en: 'Photography' },
  OPERATION_MOUNT_ART: { 'zh-CN': '装裱', en: 'Mounting' },
  OPERATION_REPAIR_ART: { 'zh-CN': '修复', en: 'Repair' },
  OPERATION_LOAN_EXHIBITION_ART: { 'zh-CN': '借展', en: 'Exhibition loan' },
  OPERATION_SELL_ART: { 'zh-CN': '出售', en: 'Sale' },
  OPERATION_REPLICA_ART: { 'zh-CN': '复制', en: 'Replication' },
  INSURANCE_ANNUAL: { 'zh-CN': '年度保险', en: 'Annual insurance' },
  INSURANCE_OPERATION: { 'zh-CN': '单次保险', en: 'Operation insurance' },
  INSURANCE_RENEWAL: { 'zh-CN': '保单续保', en: 'Insurance renewal' },
  INSURANCE_PAYOUT: { 'zh-CN': '保险理赔', en: 'Insurance claim' },
  INVENTORY_CHECK: { 'zh-CN': '库房盘点', en: 'Stocktake' },
  FINANCE_PAYMENT: { 'zh-CN': '非合同付款', en: 'Non-contract payment' },
} as const satisfies Record<ProcessType, { 'zh-CN': string; en: string }>
