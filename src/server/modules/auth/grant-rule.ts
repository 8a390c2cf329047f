// What a user manager (a holder of authManage:edit) may change, as one pure rule asked by every write of the
// admin routes. A manager gives or takes only what it holds itself, never reaches a holder of full privilege,
// never changes its own roles or privileges, and never takes over (sets the password of) an account that can do
// more than it can; a holder of full privilege may do anything (the last-full-privilege rule is kept
// elsewhere). docs/security.md "User managers".
import type { MessageKey } from '../../../shared/errors'
import { PRIVILEGES } from '../../../shared/privileges'

/** The one who asks: what they may do now (their enabled roles and own privileges). */
export interface Manager {
  id: string
  allPrivileges: boolean
  privileges: ReadonlySet<string>
}

/** What a role grants, or what a user holds. */
export interface Grants {
  allPrivileges: boolean
  privileges: readonly string[]
}

/** A role, named in the request's language. */
export interface NamedRole extends Grants {
  name: string
}

/** A user acted on: what they hold through every role of theirs, enabled or not, and their own privileges. */
export interface Target {
  id: string
  name: string
  holds: Grants
}

export type ManagerChange =
  /** A role created (no `before`), edited, enabled or disabled: as it stands and as it would be. */
  | { kind: 'role'; before?: NamedRole; after: NamedRole }
  /**
   * A user created (no `target`) or acted on. `setsPassword`: a new password, known to the manager;
   * `rolesChanged` and `privilegesChanged`: the roles and own privileges the change gives or takes away.
   */
  | {
      kind: 'user'
      target?: Target
      setsPassword?: boolean
      rolesChanged?: readonly NamedRole[]
      privilegesChanged?: readonly string[]
    }

export interface Refusal {
  key: MessageKey
  params: Record<string, string>
}

/** The privileges the manager does not hold, as labels in the language asked; `null`: all held. */
function beyond(manager: Manager, privileges: readonly string[], lang: string): string | null {
  const missing = privileges.filter((p) => !manager.privileges.has(p))
  if (missing.length === 0) return null
  const labels = missing.map((key) => {
    const def = PRIVILEGES.find((p) => p.key === key)
    return def ? (lang === 'en' ? def.labelEn : def.labelZh) : key
  })
  return labels.join(lang === 'en' ? ', ' : '、')
}

function roleRefusal(manager: Manager, role: NamedRole, lang: string): Refusal | null {
  if (role.allPrivileges) return { key: 'grantFullPrivilege', params: { role: role.name } }
  const missing = beyond(manager, role.privileges, lang)
  return missing ? { key: 'roleBeyondOwn', params: { role: role.name, privileges: missing } } : null
}

function userRefusal(
  manager: Manager,
  change: Extract<ManagerChange, { kind: 'user' }>,
  lang: string,
): Refusal | null {
  const { target } = change
  const grantsChange = Boolean(change.rolesChanged?.length || change.privilegesChanged?.length)
  if (target && target.id === manager.id && grantsChange) return { key: 'ownGrants', params: {} }
  if (target?.holds.allPrivileges) return { key: 'fullPrivilegeUser', params: { user: target.name } }
  for (const role of change.rolesChanged ?? []) {
    if (role.allPrivileges) return { key: 'grantFullPrivilege', params: { role: role.name } }
    const missing = beyond(manager, role.privileges, lang)
    if (missing) return { key: 'assignRoleBeyondOwn', params: { role: role.name, privileges: missing } }
  }
  const missingOwn = beyond(manager, change.privilegesChanged ?? [], lang)
  if (missingOwn) return { key: 'grantBeyondOwn', params: { privileges: missingOwn } }
  if (target && change.setsPassword) {
    const missing = beyond(manager, target.holds.privileges, lang)
    if (missing) return { key: 'takeOverBeyondOwn', params: { user: target.name, privileges: missing } }
  }
  return null
}

/**
 * Why the manager may not make this change (a message key and its words), or null when it may. A holder of
 * full privilege may make any change.
 */
export function userManagerRefusal(manager: Manager, change: ManagerChange, lang: string): Refusal | null {
  if (manager.allPrivileges) return null
  if (change.kind === 'role') {
    for (const role of [change.before, change.after])
      if (role) {
        const refusal = roleRefusal(manager, role, lang)
        if (refusal) return refusal
      }
    return null
  }
  return userRefusal(manager, change, lang)
}
