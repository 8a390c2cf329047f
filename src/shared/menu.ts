// The side menu: one entry per system and its main screens, each with the privilege it needs.
// The server filters it by the user's privileges (GET /api/auth/me); the web renders what it gets.
import type { PrivilegeKey, SystemName } from './privileges'
import { PROCESS_TYPE_LISTS } from './process-types'

export interface MenuItem {
  key: string
  path: string
  labelZh: string
  labelEn: string
  privilege: PrivilegeKey
  children?: MenuItem[]
}

const item = (
  system: SystemName,
  child: string,
  labelZh: string,
  labelEn: string,
  privilege: PrivilegeKey = `${system}:view`,
): MenuItem => ({ key: `${system}/${child}`, path: `/${system}/${child}`, labelZh, labelEn, privilege })

/** A screen of the warehouse (its routes live under /storageRoom) in the operations group. */
const room = (child: string, labelZh: string, labelEn: string, privilege: PrivilegeKey): MenuItem => ({
  key: `storageRoom/${child}`,
  path: `/storageRoom/${child}`,
  labelZh,
  labelEn,
  privilege,
})

/** The list screens of the process types that declare one under this system (machines/registry.ts), in its order. */
const typeLists = (system: SystemName): MenuItem[] =>
  PROCESS_TYPE_LISTS.filter((l) => l.path.startsWith(`/${system}/`)).map((l) =>
    item(system, l.path.slice(system.length + 2), l.menu['zh-CN'], l.menu.en),
  )

export const MENU: MenuItem[] = [
  {
    key: 'artworkArchive',
    path: '/artworkArchive/index',
    labelZh: '艺术品档案',
    labelEn: 'Artwork archive',
    privilege: 'artworkArchive:view',
    children: [
      item('artworkArchive', 'index', '档案列表', 'Archive'),
      item('artworkArchive', 'add', '新增作品', 'Add artwork', 'artworkArchive:edit'),
      item('artworkArchive', 'artSummary', '藏品概览', 'Collection summary'),
      item('artworkArchive', 'shares', '分享链接', 'Share links', 'artworkArchive:share'),
    ],
  },
  {
    key: 'devOpsManage',
    path: '/devOpsManage/index',
    labelZh: '投后运维',
    labelEn: 'Operations',
    privilege: 'devOpsManage:view',
    children: [
      item('devOpsManage', 'index', '全部流程', 'All processes'),
      item('devOpsManage', 'inbox', '我的待办', 'My tasks'),
      item('devOpsManage', 'initiateBuy', '发起购买', 'Start a purchase', 'devOpsManage:start'),
      item('devOpsManage', 'dueDiligence', '尽职调查', 'Due diligence'),
      item('devOpsManage', 'buyShipping', '购买运输', 'Purchase shipping'),
      item('devOpsManage', 'transport', '运输', 'Transport'),
      item('devOpsManage', 'storeHouse', '库房', 'Warehouses'),
      item('devOpsManage', 'warehouseSummary', '库房概览', 'Warehouse summary'),
      room('InventoryInformation', '库房盘点', 'Stocktakes', 'devOpsManage:view'),
      room('batcheEnterInventory', '批量入库', 'Batch stock-in', 'devOpsManage:start'),
      item('devOpsManage', 'insurance', '保险', 'Insurance'),
      item('devOpsManage', 'payoutInsurance', '保险理赔', 'Insurance claims'),
      ...typeLists('devOpsManage'),
      item('devOpsManage', 'artSellDelivery', '出售交付', 'Sale deliveries'),
      item('devOpsManage', 'devOpsIngArt', '运维中的作品', 'Artworks in operation'),
      item('devOpsManage', 'devOpsHistory', '运维历史', 'Operations history'),
    ],
  },
  {
    key: 'valueManage',
    path: '/valueManage/index',
    labelZh: '估值管理',
    labelEn: 'Valuation',
    privilege: 'valueManage:view',
  },
  {
    key: 'financeManage',
    path: '/financeManage/index',
    labelZh: '财务管理',
    labelEn: 'Finance',
    privilege: 'financeManage:view',
    children: [
      item('financeManage', 'index', '合同与付款', 'Contracts and payments'),
      item('financeManage', 'payment_history', '付款记录', 'Payment history'),
      item('financeManage', 'paymentSummary', '付款汇总', 'Payment summary'),
    ],
  },
  {
    key: 'authManage',
    path: '/authManage/home',
    labelZh: '权限管理',
    labelEn: 'Roles and privileges',
    privilege: 'authManage:view',
    children: [
      item('authManage', 'index', '用户', 'Users'),
      item('authManage', 'roleManage', '角色', 'Roles'),
      item('authManage', 'taskSettings', '任务设置', 'Task settings'),
      item('authManage', 'delegations', '委托', 'Delegations'),
      item('authManage', 'incidents', '故障事件', 'Incidents'),
      item('authManage', 'entities', '法律实体', 'Legal entities', 'authManage:entities'),
      item('authManage', 'calendar', '营业日历', 'Business calendar'),
    ],
  },
  {
    key: 'dynamicManage',
    path: '/dynamicManage/index',
    labelZh: '动态管理',
    labelEn: 'Dynamic content',
    privilege: 'dynamicManage:view',
  },
  {
    key: 'messageCenter',
    path: '/messageCenter/index',
    labelZh: '消息中心',
    labelEn: 'Message centre',
    privilege: 'messageCenter:view',
  },
  {
    key: 'versionManage',
    path: '/versionManage/index',
    labelZh: '版本管理',
    labelEn: 'Version management',
    privilege: 'versionManage:view',
  },
  {
    key: 'versionLog',
    path: '/versionLog/index',
    labelZh: '版本说明',
    labelEn: 'Release notes',
    privilege: 'versionLog:view',
  },
  {
    key: 'systemLog',
    path: '/systemLog/home',
    labelZh: '系统日志',
    labelEn: 'System log',
    privilege: 'systemLog:view',
  },
  {
    key: 'art-data-center',
    path: '/art-data-center',
    labelZh: '艺术数据中心',
    labelEn: 'Art data centre',
    privilege: 'art-data-center:view',
  },
]

/** The menu as a user may see it: entries whose privilege they hold, parents kept when a child remains. */
export function menuFor(has: (key: PrivilegeKey) => boolean): MenuItem[] {
  const out: MenuItem[] = []
  for (const entry of MENU) {
    const children = entry.children?.filter((c) => has(c.privilege))
    if (has(entry.privilege) || (children && children.length > 0)) {
      out.push(children ? { ...entry, children } : entry)
    }
  }
  return out
}
