// The entity form as data: each field's kind, label and test id, drawn by EntityForm in this order.

import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EntityInput } from '../../../shared/contracts/ownership'

export interface EntityField {
  key: keyof EntityInput
  kind: 'text' | 'kind' | 'country' | 'parent'
  label: MessageDescriptor
  required: boolean
  maxLength?: number
}

export const ENTITY_FIELDS: EntityField[] = [
  { key: 'nameZh', kind: 'text', label: msg`Name in Chinese`, required: true, maxLength: 100 },
  { key: 'nameEn', kind: 'text', label: msg`Name in English`, required: true, maxLength: 100 },
  { key: 'kind', kind: 'kind', label: msg`Kind`, required: true },
  { key: 'jurisdiction', kind: 'country', label: msg`Jurisdiction`, required: true },
  { key: 'parentId', kind: 'parent', label: msg`Parent entity`, required: false },
]
