// Starting a process of any type: the artworks (preselected from `?artworkId=`), the type's start input and
// its first step's draft, sent as one idempotent call (POST /api/process with the draft).
import type { ProcessType } from '../../../shared/process-types'

export interface StartProcessProps {
  type: ProcessType
  /** Preselected artwork (the archive's "start" buttons, mochaItom). */
  artworkId?: string
}

export function StartProcess(_props: StartProcessProps) {
  return null
}
