// Who holds a privilege, and who may start a process of a type: the one home of both checks. Pure, so the
// machines (their guards), the server (routes, links, the start of a process) and the web (which buttons
// to show) ask the same question the same way. The server enforces; the web only hides what would be refused.
import type { PrivilegeKey } from './privileges'
import { PROCESS_TYPES, type ProcessType } from './process-types'

/**
 * Someone who holds privileges: a signed-in user (privileges as a Set), the web's own user (a list), or a
 * process actor (a list). An administrator (`allPrivileges`) holds every privilege.
 */
export interface Holder {
  allPrivileges: boolean
  privileges: ReadonlySet<string> | readonly string[]
}

/** Whether the holder holds this privilege (an administrator holds every one). */
export function holds(holder: Holder | null | undefined, privilege: PrivilegeKey): boolean {
  if (!holder) return false
  if (holder.allPrivileges) return true
  const list = holder.privileges
  return 'has' in list ? list.has(privilege) : list.includes(privilege)
}

/** Whether the holder holds any one of these privileges. */
export function holdsAny(holder: Holder | null | undefined, privileges: readonly PrivilegeKey[]): boolean {
  return privileges.some((p) => holds(holder, p))
}

/** Starting processes and doing the operations staff's steps (filling forms, departing, returning). */
export const START_PRIVILEGE = 'devOpsManage:start' satisfies PrivilegeKey
/** Paying (finance confirms payments and may fill a money step's form). */
export const PAY_PRIVILEGE = 'financeManage:pay' satisfies PrivilegeKey

/** Types whose start needs something else than START_PRIVILEGE alone (any one of the privileges listed). */
const OWN_START_PRIVILEGES: Partial<Record<ProcessType, readonly PrivilegeKey[]>> = {
  /** A payment request outside a contract is raised by operations staff (a cost they incurred) or by finance. */
  FINANCE_PAYMENT: [START_PRIVILEGE, PAY_PRIVILEGE],
}

/** The privileges any one of which allows starting a process of this type. */
export function startPrivilegesOf(type: ProcessType): readonly PrivilegeKey[] {
  return OWN_START_PRIVILEGES[type] ?? [START_PRIVILEGE]
}

/** Whether the holder may start a process of this type. */
export function mayStartType(holder: Holder | null | undefined, type: ProcessType): boolean {
  return holdsAny(holder, startPrivilegesOf(type))
}

/** Whether the holder may start a process of some type (POST /api/process lets them through to the type's check). */
export function mayStartSome(
  holder: Holder | null | undefined,
  types: readonly ProcessType[] = PROCESS_TYPES,
): boolean {
  return types.some((type) => mayStartType(holder, type))
}

/**
 * Seeing values: valuations, prices, insured amounts, payment amounts. Without it the API leaves every value
 * out (null, never zero) and the screens, Excel exports and PDF reports leave their value columns out.
 */
export const VALUES_PRIVILEGE = 'valueManage:values' satisfies PrivilegeKey

/** Whether the holder may see values. */
export function seesValues(holder: Holder | null | undefined): boolean {
  return holds(holder, VALUES_PRIVILEGE)
}
