// The acting user as the machines see it, built from the session. Its own module so decide.ts and the
// delegation rules (tasks/acting.ts), which decide.ts uses, both build it without importing each other.
import type { Actor } from '../../../../machines/types'
import type { AuthUser } from '../../http/context'

export type User = Pick<AuthUser, 'id' | 'privileges' | 'allPrivileges'> & { roles?: string[] }

/** The acting user as machines see it, built from the session (never from the request body). */
export function actorOf(user: User): Actor {
  return {
    id: user.id,
    privileges: [...user.privileges].sort(),
    allPrivileges: user.allPrivileges,
    ...(user.roles?.length ? { roles: user.roles } : {}),
  }
}
