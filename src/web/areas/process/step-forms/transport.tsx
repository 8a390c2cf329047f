// The transport step's form (BUY_ART_TRANS, and the operations that move artworks): from and to (straight
// into a room when one is named), shipper, transport and packaging, planned dates (arrival never before
// departure), cost (src/shared/process-steps/transport.ts). Each end is a room or, when there is none, a
// place in words: once a room is chosen the place is the room, and its words are not asked for.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const transportForm: StepFormSpec = {
  sections: [
    {
      title: msg`Route`,
      fields: [
        {
          path: 'fromRoomId',
          kind: 'room',
          label: msg`Out of the room`,
          description: msg`When the artworks leave a warehouse room.`,
        },
        {
          path: 'fromLocation',
          kind: 'text',
          label: msg`Origin`,
          required: true,
          when: (v) => !v.fromRoomId,
        },
        {
          path: 'toRoomId',
          kind: 'room',
          label: msg`Into the room`,
          description: msg`When the artworks go straight into a warehouse room on arrival.`,
        },
        {
          path: 'toLocation',
          kind: 'text',
          label: msg`Destination`,
          required: true,
          when: (v) => !v.toRoomId,
        },
        { path: 'plannedDeparture', kind: 'date', label: msg`Planned departure` },
        { path: 'plannedArrival', kind: 'date', label: msg`Planned arrival` },
      ],
    },
    {
      title: msg`Shipper and packing`,
      fields: [
        {
          path: 'shipper',
          kind: 'vendor',
          idPath: 'shipperVendorId',
          vendorKind: 'shipper',
          label: msg`Shipper`,
        },
        {
          path: 'transportType',
          kind: 'dict',
          dict: 'TRANSPORT_TYPE',
          label: msg`Transport type`,
        },
        {
          path: 'packagingType',
          kind: 'dict',
          dict: 'PACKAGING_TYPE',
          label: msg`Packaging`,
        },
        { path: 'courier', kind: 'text', label: msg`Courier` },
        { path: 'cost', kind: 'money', label: msg`Cost` },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
        { path: 'payType', kind: 'dict', dict: 'TRANSPORT_PAY_TYPE', label: msg`Who pays the shipper` },
        { path: 'remark', kind: 'textarea', span: 12, label: msg`Remark` },
      ],
    },
  ],
}

/**
 * The transport to a workshop (mounting, repair): its destination starts as the framer or restorer the
 * order named (the `vendor` of `orderStep`).
 */
export function workshopTransportForm(orderStep: string): StepFormSpec {
  return {
    ...transportForm,
    defaults: (context) => {
      const order = context?.steps?.[orderStep]?.data ?? {}
      return typeof order.vendor === 'string' && order.vendor ? { toLocation: order.vendor } : {}
    },
  }
}
