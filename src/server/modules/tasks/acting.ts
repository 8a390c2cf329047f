// Who acts in an event or a view: the signed-in user, or a delegate standing in for an absent
// user. A delegate acts with the privileges and roles of the user they stand in for, keeps their own id
// (the history says "B on behalf of A"), and only while a delegation of that user covers the type today;
// the machines' guards see both people, so neither approves their own submission. Also the claim lock: a
// decision task (approve, confirm payment) someone has claimed is theirs to decide.
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { TASK_OF_EVENT } from '../../../../machines/tasks'
import type { Actor } from '../../../../machines/types'
import { todayIn } from '../../../shared/office-time'
import type { ProcessType } from '../../../shared/process-types'
import type { Db, DbOrTx } from '../../db/client'
import { processTasks, users } from '../../db/schema'
import { AppError } from '../../http/app-error'
import { privilegesOf } from '../auth/sessions'
import { actorOf, type User } from '../process/actor'
import { delegationCovers, disabledDelegator } from './settings'
import { DECISION_KINDS } from './sync'

/**
 * The actor of a request: the user, or the user acting on behalf of `onBehalfOf`. A delegation is checked
 * at every use against its people as they are now: it must cover the type today with both of them enabled
 * (else 4031 `notDelegated`, or `delegatorDisabled` naming a delegator whose account is now disabled), and
 * the delegate then holds the delegator's current privileges and roles, no more: what the machine allows
 * the delegator it allows the delegate, and what it refuses either of them it refuses both.
 */
export async function actingActor(
  db: Db,
  user: User,
  onBehalfOf: string | undefined,
  type: ProcessType,
  timeZone: string,
  now = new Date(),
): Promise<Actor> {
  if (!onBehalfOf || onBehalfOf === user.id) return actorOf(user)
  const day = todayIn(timeZone, now)
  if (!(await delegationCovers(db, onBehalfOf, user.id, type, day))) {
    const disabled = await disabledDelegator(db, onBehalfOf, user.id, type, day)
    throw disabled === undefined
      ? new AppError(4031, 'notDelegated')
      : new AppError(4031, 'delegatorDisabled', { name: disabled })
  }
  const held = await privilegesOf(db, onBehalfOf)
  return {
    id: user.id,
    privileges: [...held.privileges].sort(),
    allPrivileges: held.allPrivileges,
    roles: held.roles,
    onBehalfOf,
  }
}

/** 4031 taskClaimed when the decision this event makes is claimed by someone other than the actor. */
export async function assertNotClaimedByOther(
  db: DbOrTx,
  processId: string,
  eventType: string,
  actor: Actor,
) {
  const kind = TASK_OF_EVENT[eventType]
  if (!kind || !DECISION_KINDS.has(kind)) return
  const [claimed] = await db
    .select({ by: processTasks.claimedBy, name: users.displayName })
    .from(processTasks)
    .innerJoin(users, eq(users.id, processTasks.claimedBy))
    .where(
      and(
        eq(processTasks.processId, processId),
        eq(processTasks.kind, kind),
        isNull(processTasks.closedAt),
        isNotNull(processTasks.claimedBy),
      ),
    )
    .limit(1)
  if (!claimed || claimed.by === actor.id || claimed.by === actor.onBehalfOf) return
  throw new AppError(4031, 'taskClaimed', { name: claimed.name })
}
