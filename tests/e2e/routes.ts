// The routes of docs/architecture.md § Screens and routes the browser suites walk: the devOpsManage screens (every one usable on a phone),
// the warehouse and value-management screens beside them.
import { PROCESS_TYPE_LISTS } from '../../src/shared/process-types'

export const DEVOPS = [
  'index',
  'home',
  'inbox',
  'dueDiligence',
  'buyShipping',
  'initiateBuy',
  'storeHouse',
  'storehouse/StoreHouse',
  'warehouseSummary',
  'valueManage',
  'mochaItom/A-0001',
  'insurance',
  'resumeInsurance',
  'createAnnualInsurance',
  'createOperateInsurance',
  'payoutInsurance',
  'createPayoutInsurance',
  'historyInsurance',
  'transport',
  'transportFlow',
  'transportFlowDetail',
  'devOpsHistory',
  'artSellDelivery',
  'transport/transportHistory/index',
  'batchDetail',
  'devOpsIngArt',
  'conditionCheckSchedule',
]
  .map((c) => `/devOpsManage/${c}`)
  // The process types' own list screens (their declarations, machines/registry.ts).
  .concat(PROCESS_TYPE_LISTS.map((l) => l.path).filter((p) => p.startsWith('/devOpsManage/')))

/** Screens usable on a phone, besides home and the archive (docs/architecture.md § Screens and routes: devOpsManage's,
 * insurance, transport, warehouse, value management). */
export const MOBILE_SCREENS = [
  ...DEVOPS,
  '/storageRoom/InventoryInformation',
  '/storageRoom/batcheEnterInventory',
  '/valueManage/index',
]
