// The system log in words: which area of the API a row's module is, what its operation did. Rows store codes
// (the first path segment after /api, the operation type the route set); screens and the Excel export show
// these labels, falling back to the code only for what has none.

import { LOG_METHODS } from './constants'
import type { Lang } from './errors'
import { PROCESS_TYPE_LABELS, type ProcessType } from './process-types'

type Words = { 'zh-CN': string; en: string }

/** Modules: the first path segment after /api. */
export const LOG_MODULES = {
  auth: { 'zh-CN': '登录与权限', en: 'Sign-in and privileges' },
  system_log: { 'zh-CN': '系统日志', en: 'System log' },
  system: { 'zh-CN': '系统信息', en: 'System information' },
  reference: { 'zh-CN': '基础数据', en: 'Reference data' },
  file: { 'zh-CN': '文件', en: 'Files' },
  process: { 'zh-CN': '流程', en: 'Processes' },
  message: { 'zh-CN': '消息', en: 'Messages' },
  notifications: { 'zh-CN': '通知', en: 'Notifications' },
  artworks: { 'zh-CN': '艺术品档案', en: 'Artwork archive' },
  operations: { 'zh-CN': '投后运维', en: 'Operations' },
  stocktakes: { 'zh-CN': '盘点', en: 'Stocktakes' },
  labels: { 'zh-CN': '标签', en: 'Labels' },
  insurance: { 'zh-CN': '保险', en: 'Insurance' },
  tasks: { 'zh-CN': '任务', en: 'Tasks' },
  warehouse: { 'zh-CN': '库房', en: 'Warehouses' },
  finance: { 'zh-CN': '财务', en: 'Finance' },
  valuations: { 'zh-CN': '估值', en: 'Valuations' },
  releases: { 'zh-CN': '版本', en: 'Releases' },
  content: { 'zh-CN': '动态内容', en: 'Dynamic content' },
  reports: { 'zh-CN': '报告', en: 'Reports' },
  datacentre: { 'zh-CN': '数据中心', en: 'Data centre' },
  exports: { 'zh-CN': '导出', en: 'Exports' },
  iiif: { 'zh-CN': '图像服务（IIIF）', en: 'Image service (IIIF)' },
  compliance: { 'zh-CN': '标准合规', en: 'Standards compliance' },
  'condition-checks': { 'zh-CN': '品相检查', en: 'Condition checks' },
  shares: { 'zh-CN': '分享链接', en: 'Share links' },
  audit: { 'zh-CN': '审计', en: 'Audit' },
  collection: { 'zh-CN': '馆藏回溯', en: 'Collection as of a day' },
  entities: { 'zh-CN': '法律实体', en: 'Legal entities' },
  calendar: { 'zh-CN': '营业日历', en: 'Business calendar' },
  incidents: { 'zh-CN': '故障事件', en: 'Incidents' },
  api: { 'zh-CN': '接口', en: 'API' },
} as const satisfies Record<string, Words>
export type LogModule = keyof typeof LOG_MODULES

/**
 * Path segments that are not a module of their own: the reference-data calls kept at their historical
 * paths (`/api/art/getAllEnt`, `/api/data_dictionary/...`) belong to reference data; `contents` is the
 * name the content module's rows once carried.
 */
const MODULE_ALIASES: Record<string, LogModule> = {
  art: 'reference',
  data_dictionary: 'reference',
  mdm_tag: 'reference',
  country: 'reference',
  room: 'reference',
  contents: 'content',
  public: 'shares',
}

/** The module a request's first path segment after /api belongs to (the segment itself when unknown). */
export function logModuleOf(segment: string | undefined): string {
  if (!segment) return 'api'
  if (Object.hasOwn(MODULE_ALIASES, segment)) return MODULE_ALIASES[segment]
  return segment
}

/** Operations a route names (c.set('operationType', ...)) or the method implies. */
export const LOG_OPERATIONS = {
  QUERY: { 'zh-CN': '查询', en: 'Query' },
  CREATE: { 'zh-CN': '新增', en: 'Create' },
  UPDATE: { 'zh-CN': '修改', en: 'Update' },
  DELETE: { 'zh-CN': '删除', en: 'Delete' },
  LOGIN: { 'zh-CN': '登录', en: 'Sign in' },
  LOGOUT: { 'zh-CN': '退出登录', en: 'Sign out' },
  SIGN_IN_LOCK: { 'zh-CN': '登录锁定', en: 'Sign-in locked' },
  UNLOCK: { 'zh-CN': '解除登录锁定', en: 'Sign-in unlocked' },
  PASSWORD_CHANGE: { 'zh-CN': '修改密码', en: 'Password changed' },
  PASSWORD_RESET: { 'zh-CN': '重置密码', en: 'Password reset' },
  SESSION_END: { 'zh-CN': '结束会话', en: 'Session ended' },
  UPLOAD: { 'zh-CN': '上传', en: 'Upload' },
  DOWNLOAD: { 'zh-CN': '下载', en: 'Download' },
  EXPORT: { 'zh-CN': '导出', en: 'Export' },
  TASK_CLAIM: { 'zh-CN': '认领任务', en: 'Task claimed' },
  TASK_RELEASE: { 'zh-CN': '取消认领任务', en: 'Task released' },
  DELEGATION_CREATE: { 'zh-CN': '设置委托', en: 'Delegation set' },
  DELEGATION_CANCEL: { 'zh-CN': '取消委托', en: 'Delegation cancelled' },
  LOG_SETTINGS: { 'zh-CN': '日志设置', en: 'Log settings' },
  PROCESS_START: { 'zh-CN': '发起流程', en: 'Process started' },
  PROCESS_EVENT: { 'zh-CN': '流程操作', en: 'Process action' },
  PROCESS_MIGRATE: { 'zh-CN': '流程升级', en: 'Process migrated' },
  TASK_SETTING: { 'zh-CN': '任务设置', en: 'Task setting' },
  TASK_SETTING_RESET: { 'zh-CN': '恢复任务设置', en: 'Task setting reset' },
  APPROVAL_RULE: { 'zh-CN': '审批规则', en: 'Approval rule' },
  INSURANCE_SETTINGS: { 'zh-CN': '保险设置', en: 'Insurance settings' },
  INSURANCE_SCHEDULE: { 'zh-CN': '保险清单', en: 'Schedule of cover' },
  VALUATION_ADD: { 'zh-CN': '新增估值', en: 'Valuations added' },
  VALUATION_SETTINGS: { 'zh-CN': '估值设置', en: 'Valuation settings' },
  VALUATION_IMPORT: { 'zh-CN': '导入估值', en: 'Valuations imported' },
} as const satisfies Record<string, Words>
export type LogOperation = keyof typeof LOG_OPERATIONS

/** The events every process shares (machines/labels.ts), in words. */
const PROCESS_EVENTS: Record<string, Words> = {
  SAVE: { 'zh-CN': '保存草稿', en: 'Save draft' },
  SUBMIT: { 'zh-CN': '提交', en: 'Submit' },
  APPROVE: { 'zh-CN': '通过', en: 'Approve' },
  REJECT: { 'zh-CN': '驳回', en: 'Reject' },
  TERMINATE: { 'zh-CN': '终止', en: 'Terminate' },
  RESTART: { 'zh-CN': '重新发起', en: 'Restart' },
  PAYMENT_FAILED: { 'zh-CN': '付款失败', en: 'Payment failed' },
  RETRY_PAYMENT: { 'zh-CN': '重新付款', en: 'Retry payment' },
}

/** The operations offered as a filter: the stored value is the whole code (e.g. `LOGIN`). */
export const LOG_OPERATION_CHOICES = Object.keys(LOG_OPERATIONS) as LogOperation[]
export { LOG_METHODS }

export function moduleLabel(module: string, lang: Lang): string {
  const known = logModuleOf(module)
  return Object.hasOwn(LOG_MODULES, known) ? LOG_MODULES[known as LogModule][lang] : module
}

/**
 * An operation type in words: a known code, or a known code followed by what it acted on (`PROCESS_START
 * BUY_ART` → "Process started · Purchase"; a process event by its shared name); the rest stays as written.
 */
export function operationLabel(operation: string, lang: Lang): string {
  if (Object.hasOwn(LOG_OPERATIONS, operation)) return LOG_OPERATIONS[operation as LogOperation][lang]
  const space = operation.indexOf(' ')
  if (space < 0) return operation
  const head = operation.slice(0, space)
  const rest = operation.slice(space + 1)
  if (!Object.hasOwn(LOG_OPERATIONS, head)) return operation
  const label = LOG_OPERATIONS[head as LogOperation][lang]
  const sep = lang === 'en' ? ': ' : '·'
  if (head === 'PROCESS_START' && Object.hasOwn(PROCESS_TYPE_LABELS, rest))
    return `${label}${sep}${PROCESS_TYPE_LABELS[rest as ProcessType][lang]}`
  if (head === 'PROCESS_EVENT' && Object.hasOwn(PROCESS_EVENTS, rest))
    return `${label}${sep}${PROCESS_EVENTS[rest][lang]}`
  return `${label}${sep}${rest}`
}

/** The app_settings key of the retention, and its bounds (days). */
export const LOG_RETENTION_KEY = 'systemLog.retentionDays'
export const LOG_RETENTION_DEFAULT = 180
export const LOG_RETENTION_MIN = 7
export const LOG_RETENTION_MAX = 3650
/** At most this many rows go into one export. */
export const LOG_EXPORT_MAX = 100_000
