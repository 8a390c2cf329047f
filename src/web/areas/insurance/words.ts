// The insurance screens' words for the codes the API sends: a policy's kind and standing, a claim's stage,
// an endorsement's reason. Pure (msg descriptors), read with i18n._ where they are shown.

import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ClaimStage, PolicyKind, PolicyStanding } from '../../../shared/contracts/insurance'

export const KIND_WORDS = {
  annual: msg`Annual`,
  operation: msg`Operation`,
} as const satisfies Record<PolicyKind, MessageDescriptor>

export const STANDING_WORDS = {
  upcoming: msg`Not yet in force`,
  inForce: msg`In force`,
  expired: msg`Expired`,
  lapsed: msg`Lapsed`,
  void: msg`Void`,
} as const satisfies Record<PolicyStanding, MessageDescriptor>

export const STANDING_COLORS = {
  upcoming: 'blue',
  inForce: 'green',
  expired: 'orange',
  lapsed: 'gray',
  void: 'gray',
} as const satisfies Record<PolicyStanding, string>

export const STAGE_WORDS = {
  incident: msg`Incident being reported`,
  claim: msg`Claimed from the insurer`,
  payout: msg`Awaiting the payout`,
  paid: msg`Paid out`,
  closed: msg`Closed without payout`,
} as const satisfies Record<ClaimStage, MessageDescriptor>

export const STAGE_COLORS = {
  incident: 'blue',
  claim: 'blue',
  payout: 'yellow',
  paid: 'green',
  closed: 'gray',
} as const satisfies Record<ClaimStage, string>

/** Why an artwork was taken off a policy (the endorsement's reason), in words. */
export const REMOVAL_WORDS: Record<string, MessageDescriptor> = {
  sold: msg`Sold`,
}
