// Where each process type starts in the app (the devOpsLinkPage's cards, the archive's and mochaItom's
// "start" buttons with `?artworkId=`), grouped as the office thinks of them: an operation starts in a drawer
// of its list screen (`?start=1`), insurance on its own start screen, a stocktake on the stocktake screen,
// a purchase on its own screen; a purchase's shipping is opened by the purchase itself. Which artworks a type
// may start on is the machine's (`artworkStatuses`).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { latest } from '../../../../machines/registry'
import { type Holder, mayStartType } from '../../../shared/access'
import type { ProcessType } from '../../../shared/process-types'
import type { AppPath } from '../../shell/route-paths'

export interface StartPoint {
  type: ProcessType
  path: AppPath
  /** Search parameters that open the start there (`start=1`: the list screen's start drawer). */
  search?: Record<string, string>
  /** What the process goes through (docs/architecture.md § Process steps). */
  steps: MessageDescriptor
}

/** The start of a point, with an artwork named when given. */
export function startTarget(point: StartPoint, artworkId?: string) {
  return { to: point.path, search: { ...point.search, ...(artworkId ? { artworkId } : {}) } }
}

/** The same as a URL (for plain links). */
export function startHref(point: StartPoint, artworkId?: string): string {
  const { to, search } = startTarget(point, artworkId)
  const query = new URLSearchParams(search).toString()
  return query ? `${to}?${query}` : to
}

/** Whether a type may start on an artwork of this status (the machine's `artworkStatuses`). */
export function startsOn(type: ProcessType, status: string): boolean {
  const allowed = latest(type).artworkStatuses
  return !allowed || allowed.includes(status)
}

const START = { start: '1' }

export interface StartGroup {
  title: MessageDescriptor
  points: StartPoint[]
}

export const START_GROUPS: StartGroup[] = [
  {
    title: msg`Purchases`,
    points: [
      {
        type: 'BUY_ART',
        path: '/devOpsManage/initiateBuy',
        steps: msg`Due-diligence report, contract signing, payment`,
      },
      {
        type: 'BUY_ART_TRANS',
        path: '/devOpsManage/buyShipping',
        steps: msg`Transport of a purchase, then warehousing`,
      },
    ],
  },
  {
    title: msg`Operations`,
    points: [
      {
        type: 'OPERATION_TRANS_ART',
        path: '/devOpsManage/transport',
        search: START,
        steps: msg`Transport information, then the transport`,
      },
      {
        type: 'OPERATION_SHOT_ART',
        path: '/devOpsManage/shotFlow',
        search: START,
        steps: msg`Shooting information, shooting, delivery of the results`,
      },
      {
        type: 'OPERATION_REPLICA_ART',
        path: '/devOpsManage/copyFlow',
        search: START,
        steps: msg`Replication information, replication, delivery`,
      },
      {
        type: 'OPERATION_MOUNT_ART',
        path: '/devOpsManage/artMount',
        search: START,
        steps: msg`Mounting information, transport of the artwork, delivery`,
      },
      {
        type: 'OPERATION_REPAIR_ART',
        path: '/devOpsManage/artRepair',
        search: START,
        steps: msg`Repair information, transport of the artwork, delivery`,
      },
      {
        type: 'OPERATION_LOAN_EXHIBITION_ART',
        path: '/devOpsManage/artLoanExhibition',
        search: START,
        steps: msg`Loan for an exhibition, then transport of the artwork`,
      },
      {
        type: 'OPERATION_SELL_ART',
        path: '/devOpsManage/artSell',
        search: START,
        steps: msg`Market survey report, contract signing, collection of payment`,
      },
    ],
  },
  {
    title: msg`Collections management`,
    points: [
      {
        type: 'DEACCESSION',
        path: '/devOpsManage/deaccession',
        search: START,
        steps: msg`Reasons, proof of title, then the approvers' decision`,
      },
      {
        type: 'DAMAGE_LOSS',
        path: '/devOpsManage/damageLoss',
        search: START,
        steps: msg`Incident, assessment, actions taken; a claim may follow`,
      },
    ],
  },
  {
    title: msg`Insurance`,
    points: [
      {
        type: 'INSURANCE_ANNUAL',
        path: '/devOpsManage/createAnnualInsurance',
        steps: msg`A policy covering the collection for a year`,
      },
      {
        type: 'INSURANCE_OPERATION',
        path: '/devOpsManage/createOperateInsurance',
        steps: msg`Cover for one transport, loan or other operation`,
      },
      {
        type: 'INSURANCE_RENEWAL',
        path: '/devOpsManage/resumeInsurance',
        steps: msg`Renewal of a policy that is about to end`,
      },
      {
        type: 'INSURANCE_PAYOUT',
        path: '/devOpsManage/createPayoutInsurance',
        steps: msg`A claim for damage or loss under a policy`,
      },
    ],
  },
  {
    title: msg`Warehouse`,
    points: [
      {
        type: 'INVENTORY_CHECK',
        path: '/storageRoom/InventoryInformation',
        steps: msg`Count a warehouse against the archive`,
      },
    ],
  },
]

/** The groups with only the points this user may start (a group left with none is left out). */
export function startGroupsOf(holder: Holder | null | undefined): StartGroup[] {
  return START_GROUPS.map((group) => ({
    ...group,
    points: group.points.filter((p) => mayStartType(holder, p.type)),
  })).filter((group) => group.points.length > 0)
}
