// Where each process type starts in the app (the devOpsLinkPage lists them; later issues build the forms
// at these routes), grouped as the office thinks of them.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ProcessType } from '../../../shared/process-types'

export interface StartPoint {
  type: ProcessType
  path: string
  /** What the process goes through (spec §4). */
  steps: MessageDescriptor
}

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
        steps: msg`Transport information, then the transport`,
      },
      {
        type: 'OPERATION_SHOT_ART',
        path: '/devOpsManage/shotFlow',
        steps: msg`Shooting information, shooting, delivery of the results`,
      },
      {
        type: 'OPERATION_REPLICA_ART',
        path: '/devOpsManage/copyFlow',
        steps: msg`Replication information, replication, delivery`,
      },
      {
        type: 'OPERATION_MOUNT_ART',
        path: '/devOpsManage/artMount',
        steps: msg`Mounting information, transport of the artwork, delivery`,
      },
      {
        type: 'OPERATION_REPAIR_ART',
        path: '/devOpsManage/artRepair',
        steps: msg`Repair information, transport of the artwork, delivery`,
      },
      {
        type: 'OPERATION_LOAN_EXHIBITION_ART',
        path: '/devOpsManage/artLoanExhibition',
        steps: msg`Loan for an exhibition, then transport of the artwork`,
      },
      {
        type: 'OPERATION_SELL_ART',
        path: '/devOpsManage/artSell',
        steps: msg`Market survey report, contract signing, collection of payment`,
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
