// Fields the operations' forms share (src/shared/process-steps/operations.ts): the vendor who does the work
// (a name, typed or chosen, with its record when it is one), its cost and currency, and the remark.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FieldSpec } from '../../field-spec'

/** The vendor (photographer, framer, restorer, print lab): `vendor`, with `vendorId` when one is chosen. */
export function vendorField(label: MessageDescriptor): FieldSpec {
  return { path: 'vendor', kind: 'vendor', idPath: 'vendorId', label }
}

/** What the work costs and in which currency. */
export const costFields: FieldSpec[] = [
  { path: 'cost', kind: 'money', label: msg`Cost` },
  { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
]

export const remarkField: FieldSpec = {
  path: 'remark',
  kind: 'textarea',
  span: 12,
  label: msg`Remark`,
}
