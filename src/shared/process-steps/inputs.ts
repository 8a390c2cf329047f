// What starting a process takes (the `input` of POST /api/process), per type. Most processes act on
// artworks chosen from the archive; BUY_ART describes what is to be bought (purchase.ts); a stocktake names
// the room it counts.
import { z } from 'zod'
import { isoDate } from '../validation'
import { artworkIds, note, recordId } from './common'

/** The operations, insurance flows and the shipping of a purchase: the artworks concerned. */
export const artworksInput = z.strictObject({
  artworkIds: artworkIds(1),
  note: note(2000),
})

/** Opened by BUY_ART's purchaseCompleted effect with the purchase it follows. */
export const buyArtTransInput = artworksInput.extend({ sourceProcessId: recordId.optional() })

/** A transport: a sale's delivery names the sale it delivers (machines: OPERATION_SELL_ART followUps). */
export const operationTransInput = artworksInput.extend({ sourceProcessId: recordId.optional() })

/** Cover for one operation (a loan, a transport): the process it covers. */
export const insuranceOperationInput = artworksInput.extend({ operationProcessId: recordId.optional() })

/** A renewal: the process (or policy number) it renews. */
export const insuranceRenewalInput = artworksInput.extend({
  previousProcessId: recordId.optional(),
  previousPolicyNo: note(64),
})

/** A claim: the policy it is made under, when known; the damage or loss it claims for, when recorded (DAMAGE_LOSS). */
export const insurancePayoutInput = artworksInput.extend({
  policyNo: note(64),
  sourceProcessId: recordId.optional(),
})

export const inventoryCheckInput = z.strictObject({
  roomId: recordId,
  plannedOn: isoDate.optional(),
  note: note(2000),
})

/**
 * A condition check: the day it is planned for (never before the office's today: the start check
 * `plannedNotPast`), the schedule rule that started it, or the process it follows (a damage or loss, a
 * transport: a check at a risk point).
 */
export const conditionCheckInput = artworksInput.extend({
  plannedOn: isoDate.optional(),
  ruleId: recordId.optional(),
  sourceProcessId: recordId.optional(),
})

/** A repair: the condition check that found it needed, when one did (CONDITION_CHECK followUps). */
export const repairInput = artworksInput.extend({ sourceProcessId: recordId.optional() })
