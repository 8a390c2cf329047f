// The privilege catalogue: systems (first route segment, sent as x-system-name) and the functions within
// each. Every endpoint names one key from here; roles and users hold sets of them.
import { PROCESS_TYPE_LABELS, PROCESS_TYPES, type ProcessType } from './process-types'

type Words = { 'zh-CN': string; en: string }

export const SYSTEMS = {
  artworkArchive: { 'zh-CN': '艺术品档案', en: 'Artwork archive' },
  devOpsManage: { 'zh-CN': '投后运维', en: 'Operations' },
  financeManage: { 'zh-CN': '财务管理', en: 'Finance' },
  authManage: { 'zh-CN': '权限管理', en: 'Roles and privileges' },
  versionManage: { 'zh-CN': '版本管理', en: 'Version management' },
  versionLog: { 'zh-CN': '版本说明', en: 'Release notes' },
  systemLog: { 'zh-CN': '系统日志', en: 'System log' },
  valueManage: { 'zh-CN': '估值管理', en: 'Valuation' },
  dynamicManage: { 'zh-CN': '动态管理', en: 'Dynamic content' },
  messageCenter: { 'zh-CN': '消息中心', en: 'Message centre' },
  'art-data-center': { 'zh-CN': '艺术数据中心', en: 'Art data centre' },
} as const satisfies Record<string, Words>
export type SystemName = keyof typeof SYSTEMS
export const SYSTEM_NAMES = Object.keys(SYSTEMS) as SystemName[]

const FUNCTIONS = {
  view: { 'zh-CN': '查看', en: 'View' },
  edit: { 'zh-CN': '编辑', en: 'Edit' },
  import: { 'zh-CN': '导入', en: 'Import' },
  export: { 'zh-CN': '导出', en: 'Export' },
  start: { 'zh-CN': '发起流程', en: 'Start processes' },
  pay: { 'zh-CN': '付款', en: 'Pay' },
  referenceData: { 'zh-CN': '维护基础数据', en: 'Maintain reference data' },
  entities: { 'zh-CN': '维护法律实体', en: 'Maintain legal entities' },
  share: { 'zh-CN': '分享链接', en: 'Share links' },
  values: { 'zh-CN': '查看金额', en: 'See values' },
  calendar: { 'zh-CN': '维护营业日历', en: 'Maintain the business calendar' },
} as const satisfies Record<string, Words>

/** Which functions each system offers: the one list every privilege key is derived from. */
const SYSTEM_FUNCTIONS = {
  artworkArchive: ['view', 'edit', 'import', 'export', 'share'],
  devOpsManage: ['view', 'start'],
  financeManage: ['view', 'edit', 'pay'],
  authManage: ['view', 'edit', 'referenceData', 'entities', 'calendar'],
  versionManage: ['view', 'edit'],
  versionLog: ['view'],
  systemLog: ['view', 'export'],
  valueManage: ['view', 'edit', 'values'],
  dynamicManage: ['view', 'edit'],
  messageCenter: ['view'],
  'art-data-center': ['view'],
} as const satisfies Record<SystemName, readonly (keyof typeof FUNCTIONS)[]>

/** A system's own privilege: `system:function` for each function the system offers. */
type SystemPrivilege = { [S in SystemName]: `${S}:${(typeof SYSTEM_FUNCTIONS)[S][number]}` }[SystemName]
/** Approving a process type's steps: one privilege per type. */
type ApprovePrivilege = `devOpsManage:approve:${ProcessType}`
/** Every privilege key that exists (a typo in a key fails the typecheck). */
export type PrivilegeKey = SystemPrivilege | ApprovePrivilege

export interface PrivilegeDef {
  key: PrivilegeKey
  system: SystemName
  labelZh: string
  labelEn: string
}

export function approvePrivilege(type: ProcessType): ApprovePrivilege {
  return `devOpsManage:approve:${type}`
}

/** Every privilege that exists, in display order. */
/**
 * The administrators' privilege (writing accounts and roles): it may move a running process to another version
 * of its process definition, and only its holders are told which version a process runs on.
 */
export const MIGRATE_PRIVILEGE = 'authManage:edit' satisfies PrivilegeKey

export const PRIVILEGES: PrivilegeDef[] = [
  ...SYSTEM_NAMES.flatMap((system) =>
    SYSTEM_FUNCTIONS[system].map((fn: keyof typeof FUNCTIONS) => ({
      key: `${system}:${fn}` as SystemPrivilege,
      system,
      labelZh: `${SYSTEMS[system]['zh-CN']}·${FUNCTIONS[fn]['zh-CN']}`,
      labelEn: `${SYSTEMS[system].en}: ${FUNCTIONS[fn].en}`,
    })),
  ),
  ...PROCESS_TYPES.map((type) => ({
    key: approvePrivilege(type),
    system: 'devOpsManage' as const,
    labelZh: `审批·${PROCESS_TYPE_LABELS[type]['zh-CN']}`,
    labelEn: `Approve: ${PROCESS_TYPE_LABELS[type].en}`,
  })),
]
export const PRIVILEGE_KEYS: ReadonlySet<string> = new Set<string>(PRIVILEGES.map((p) => p.key))

export function isPrivilegeKey(key: string): key is PrivilegeKey {
  return PRIVILEGE_KEYS.has(key)
}

/** A user may enter a system when they hold any privilege within it. */
export function systemsOf(privileges: Iterable<string>): Set<SystemName> {
  const out = new Set<SystemName>()
  for (const key of privileges) {
    const system = key.split(':')[0] as SystemName
    if (Object.hasOwn(SYSTEMS, system)) out.add(system)
  }
  return out
}

const ALL_APPROVALS = PROCESS_TYPES.map(approvePrivilege)

/** The roles seeded on a fresh database (the demo users of the seed are named after them). */
export const SEEDED_ROLES: {
  key: string
  nameZh: string
  nameEn: string
  descriptionZh: string
  descriptionEn: string
  allPrivileges: boolean
  privileges: PrivilegeKey[]
}[] = [
  {
    key: 'administrator',
    nameZh: '系统管理员',
    nameEn: 'Administrator',
    descriptionZh: '拥有整个系统的全部权限',
    descriptionEn: 'Full privilege for the whole system',
    allPrivileges: true,
    privileges: [],
  },
  {
    key: 'registrar',
    nameZh: '藏品登记员',
    nameEn: 'Registrar',
    descriptionZh: '维护艺术品档案，发起购买与运维流程',
    descriptionEn: 'Keeps the artwork archive and starts purchases and operations',
    allPrivileges: false,
    privileges: [
      'artworkArchive:view',
      'artworkArchive:edit',
      'artworkArchive:import',
      'artworkArchive:export',
      'artworkArchive:share',
      'devOpsManage:view',
      'devOpsManage:start',
      'valueManage:view',
      'valueManage:values',
      'messageCenter:view',
      'dynamicManage:view',
      'art-data-center:view',
      'versionLog:view',
    ],
  },
  {
    key: 'operations',
    nameZh: '运维专员',
    nameEn: 'Operations',
    descriptionZh: '负责运输、仓储、保险、拍摄、装裱、修复、借展等运维流程',
    descriptionEn: 'Runs transport, storage, insurance, photography, mounting, repair and loans',
    allPrivileges: false,
    privileges: [
      'artworkArchive:view',
      'devOpsManage:view',
      'devOpsManage:start',
      'valueManage:view',
      'valueManage:values',
      'messageCenter:view',
      'versionLog:view',
    ],
  },
  {
    key: 'finance',
    nameZh: '财务',
    nameEn: 'Finance',
    descriptionZh: '管理合同与付款，执行付款',
    descriptionEn: 'Keeps contracts and payments and makes payments',
    allPrivileges: false,
    privileges: [
      'financeManage:view',
      'financeManage:edit',
      'financeManage:pay',
      'devOpsManage:view',
      'artworkArchive:view',
      'valueManage:view',
      'valueManage:values',
      'valueManage:edit',
      'messageCenter:view',
      'versionLog:view',
    ],
  },
  {
    key: 'approver',
    nameZh: '审批人',
    nameEn: 'Approver',
    descriptionZh: '审批各类流程',
    descriptionEn: 'Approves every kind of process',
    allPrivileges: false,
    privileges: [
      'devOpsManage:view',
      ...ALL_APPROVALS,
      'artworkArchive:view',
      'financeManage:view',
      'valueManage:view',
      'valueManage:values',
      'messageCenter:view',
      'versionLog:view',
    ],
  },
  {
    key: 'viewer',
    nameZh: '只读用户',
    nameEn: 'Viewer',
    descriptionZh: '只能查看档案、运维与估值',
    descriptionEn: 'May look at the archive, operations and valuations',
    allPrivileges: false,
    privileges: [
      'artworkArchive:view',
      'devOpsManage:view',
      'valueManage:view',
      'valueManage:values',
      'messageCenter:view',
      'versionLog:view',
    ],
  },
]
