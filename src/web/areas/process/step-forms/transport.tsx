// The transport step's form (BUY_ART_TRANS, and the operations that move artworks): from and to (straight
// into a room when one is named), shipper, transport and packaging, planned dates (arrival never before
// departure), cost (src/shared/process-steps/transport.ts).
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const transportForm: StepFormSpec = {
  sections: [
    {
      title: msg`Route`,
      fields: [
        { path: 'fromLocation', kind: 'text', max: 300, label: msg`Origin`, required: true },
        {
          path: 'fromRoomId',
          kind: 'room',
          label: msg`Out of the room`,
          description: msg`When the artworks leave a warehouse room.`,
        },
        { path: 'toLocation', kind: 'text', max: 300, label: msg`Destination`, required: true },
        {
          path: 'toRoomId',
          kind: 'room',
          label: msg`Into the room`,
          description: msg`When the artworks go straight into a warehouse room on arrival.`,
        },
        { path: 'plannedDeparture', kind: 'date', label: msg`Planned departure`, required: true },
        { path: 'plannedArrival', kind: 'date', label: msg`Planned arrival`, required: true },
      ],
    },
    {
      title: msg`Shipper and packing`,
      fields: [
        {
          path: 'shipper',
          kind: 'vendor',
          max: 200,
          idPath: 'shipperVendorId',
          label: msg`Shipper`,
          required: true,
        },
        {
          path: 'transportType',
          kind: 'dict',
          dict: 'TRANSPORT_TYPE',
          label: msg`Transport type`,
          required: true,
        },
        {
          path: 'packagingType',
          kind: 'dict',
          dict: 'PACKAGING_TYPE',
          label: msg`Packaging`,
          required: true,
        },
        { path: 'courier', kind: 'text', max: 100, label: msg`Courier` },
        { path: 'cost', kind: 'money', label: msg`Cost`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
        { path: 'payType', kind: 'dict', dict: 'TRANSPORT_PAY_TYPE', label: msg`Who pays the shipper` },
        { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}
