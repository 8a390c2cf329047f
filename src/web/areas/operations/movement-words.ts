// Each kind of movement row in words (both languages, through Lingui).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MovementKind } from '../../../shared/contracts/operations'

export const MOVEMENT_KIND_WORDS = {
  created: msg`Recorded on purchase`,
  warehousing: msg`Warehoused`,
  transport_start: msg`Left with the shipper`,
  transport_arrive: msg`Arrived`,
  transport_aborted: msg`Where it was when its process was called off`,
  loan_out: msg`Lent out`,
  loan_return: msg`Back from a loan`,
  sold: msg`Sold`,
  stocktake_found: msg`Found at a stocktake`,
  stocktake_missing: msg`Missing at a stocktake`,
  manual: msg`Moved by hand`,
} as const satisfies Record<MovementKind, MessageDescriptor>
