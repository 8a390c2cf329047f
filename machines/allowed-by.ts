// What allowed an action, recorded on each history row ("a history you can trust"). Computed
// from the machine itself, never from a list of rules kept here: the event is probed with actors that
// hold less than the real one — no privilege at all, then each of its privileges alone — and the first
// that the machine accepts names what sufficed. Pure, like the rest of machines/.
import type { PrivilegeKey } from '../src/shared/privileges'
import type { Actor, ProcessEvent, ProcessSnapshot } from './types'

/** The starter's own action that needs no privilege (TERMINATE, RESTART of a process they started). */
export const ALLOWED_BY_STARTER = 'starter'
/** An administrator holding every privilege, when none of its listed privileges suffices alone. */
export const ALLOWED_BY_ALL = 'allPrivileges'
/** Allowed to anyone signed in (no machine has such an event today; kept so the answer is total). */
export const ALLOWED_BY_ANYONE = 'anyone'

const withOnly = (actor: Actor, privileges: string[]): Actor => ({
  id: actor.id,
  privileges,
  allPrivileges: false,
  ...(actor.onBehalfOf ? { onBehalfOf: actor.onBehalfOf } : {}),
})

/**
 * What allowed `event` (sent by `event.actor`) in `snapshot`: 'starter' when the same user holding no
 * privilege may send it and started the process ('anyone' if they did not), else the first of the actor's
 * privileges (sorted) that suffices on its own, else 'allPrivileges' for an administrator, else the
 * actor's privileges joined with '+' (a rule needing several together). Call it before the transition;
 * the identity (`id`, and `onBehalfOf` for a delegate) is kept in every probe, so separation-of-duty rules
 * still see who acts and for whom; a delegate of the starter is allowed as the 'starter'.
 */
export function allowedBy(snapshot: ProcessSnapshot, event: ProcessEvent): string {
  const actor = event.actor
  const may = (probe: Actor) => snapshot.can({ ...event, actor: probe })
  if (may(withOnly(actor, []))) {
    const startedBy = snapshot.context.startedBy
    const starter =
      actor.id === startedBy || (actor.onBehalfOf !== undefined && actor.onBehalfOf === startedBy)
    return starter ? ALLOWED_BY_STARTER : ALLOWED_BY_ANYONE
  }
  const privileges = [...actor.privileges].sort()
  for (const privilege of privileges) if (may(withOnly(actor, [privilege]))) return privilege
  if (actor.allPrivileges) return ALLOWED_BY_ALL
  return privileges.join('+')
}

/** What allowed an action a route guards with one privilege (starting a process): it, or 'allPrivileges'. */
export function allowedByPrivilege(actor: Actor, privilege: PrivilegeKey): string {
  return actor.privileges.includes(privilege) || !actor.allPrivileges ? privilege : ALLOWED_BY_ALL
}
