// Who may start a process: the type's `startPrivileges` (machines: any one of them), else
// devOpsManage:start. POST /api/process lets through whoever holds one of them for some type; the type
// asked for is then checked (4031 otherwise), and the history's CREATE row names the privilege that allowed it.
import { allowedByPrivilege } from '../../../../machines/allowed-by'
import type { Actor, ProcessDefinition } from '../../../../machines/types'
import type { ProcessCatalog } from './catalog'
import { START_ACCESS } from './run-effects'

/** A signed-in user (privileges as a Set) or a process actor (as a list). */
type Holder = { allPrivileges: boolean; privileges: ReadonlySet<string> | readonly string[] }

const holds = (user: Holder, p: string) =>
  user.privileges instanceof Set ? user.privileges.has(p) : (user.privileges as readonly string[]).includes(p)

export function startPrivilegesOf(definition: ProcessDefinition): readonly string[] {
  return definition.startPrivileges ?? [START_ACCESS]
}

export function mayStartType(user: Holder, definition: ProcessDefinition): boolean {
  return user.allPrivileges || startPrivilegesOf(definition).some((p) => holds(user, p))
}

/** Whether this user may start a process of any type of the catalog (the route's own check). */
export function mayStartSome(catalog: ProcessCatalog) {
  return (user: Holder): boolean => catalog.types().some((t) => mayStartType(user, catalog.latest(t)))
}

/** What allowed this actor's start of this type: the first of the type's privileges they hold. */
export function startAllowedBy(actor: Actor, definition: ProcessDefinition): string {
  const privileges = startPrivilegesOf(definition)
  return allowedByPrivilege(actor, privileges.find((p) => actor.privileges.includes(p)) ?? privileges[0])
}
