// Who may start a process: src/shared/access.ts (a type's start privileges, any one of which allows it).
// POST /api/process lets through whoever may start some type of the catalog; the type asked for is then
// checked (4031 otherwise), and the history's CREATE row names the privilege that allowed it.
import { allowedByPrivilege } from '../../../../machines/allowed-by'
import type { Actor } from '../../../../machines/types'
import { type Holder, mayStartSome as maySomeOf, startPrivilegesOf } from '../../../shared/access'
import type { ProcessType } from '../../../shared/process-types'
import type { ProcessCatalog } from './catalog'

/** Whether this user may start a process of any type of the catalog (the route's own check). */
export function mayStartSome(catalog: ProcessCatalog) {
  return (user: Holder): boolean => maySomeOf(user, catalog.types())
}

/** What allowed this actor's start of this type: the first of the type's privileges they hold. */
export function startAllowedBy(actor: Actor, type: ProcessType): string {
  const privileges = startPrivilegesOf(type)
  return allowedByPrivilege(actor, privileges.find((p) => actor.privileges.includes(p)) ?? privileges[0])
}
