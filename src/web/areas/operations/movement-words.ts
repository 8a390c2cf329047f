// Each kind of movement row in words (both languages, through Lingui).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MovementKind } from '../../../shared/contracts/operations'

/** The kinds as a filter names them (no row in view). */
export const MOVEMENT_KIND_WORDS = {
  created: msg`Entered in the archive`,
  warehousing: msg`Warehoused`,
  transport_start: msg`Left with the shipper`,
  transport_arrive: msg`Arrived`,
  transport_aborted: msg`Where it was when its process was called off`,
  loan_out: msg`Lent out`,
  loan_return: msg`Back from a loan`,
  returned_to_owner: msg`Returned to its owner`,
  sold: msg`Sold`,
  stocktake_found: msg`Found at a stocktake`,
  stocktake_missing: msg`Missing at a stocktake`,
  manual: msg`Moved by hand`,
} as const satisfies Record<MovementKind, MessageDescriptor>

const CREATED_BY_PROCESS = msg`Recorded when its purchase completed`
const CREATED_DIRECTLY = msg`Registered directly`

/**
 * One movement row in words. The first row of an artwork says how it entered the archive: recorded by the
 * purchase that bought it (the row names that process), or registered directly, on the archive's form or
 * from an Excel sheet, by a person and no process.
 */
export function movementWords(m: { kind: MovementKind; processId: string | null }): MessageDescriptor {
  if (m.kind === 'created') return m.processId ? CREATED_BY_PROCESS : CREATED_DIRECTLY
  return MOVEMENT_KIND_WORDS[m.kind]
}
