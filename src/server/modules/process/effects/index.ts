// Every effect a machine may declare, by name, and the handler that applies it in the event's
// transaction. `satisfies` keeps this list complete: a new EffectName does not compile until handled.
import { checkArtworks, holdArtworks, releaseArtworks } from './custody'
import { recordContract, recordPayment } from './finance'
import { claimPaid, insuranceCovered, insuranceLapsed, policyVoided, remindersCancelled } from './insurance'
import {
  loanOut,
  loanReturned,
  sold,
  transportAborted,
  transportArrived,
  transportCancelled,
  transportDeparted,
  transportScheduled,
  warehoused,
} from './location'
import { borrowedArrived, borrowedReturned, worksEntered, worksGivenBack } from './not-owned'
import { notify } from './notify'
import { purchaseCompleted } from './purchase'
import { stocktakeRecorded } from './stocktake'
import type { EffectHandlers } from './types'

export const EFFECTS = {
  purchaseCompleted,
  recordContract,
  recordPayment,
  holdArtworks,
  releaseArtworks,
  transportScheduled,
  transportDeparted,
  transportArrived,
  warehoused,
  loanOut,
  loanReturned,
  sold,
  insuranceCovered,
  insuranceLapsed,
  claimPaid,
  stocktakeRecorded,
  notify,
  checkArtworks,
  transportCancelled,
  transportAborted,
  remindersCancelled,
  policyVoided,
  worksEntered,
  worksGivenBack,
  borrowedArrived,
  borrowedReturned,
} satisfies EffectHandlers

export type { EffectContext } from './types'
