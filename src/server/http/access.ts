// The one privilege check. Every route declares its access with `access(...)`: 'public', 'signedIn' or
// a privilege key. Signed-in routes also check x-system-name: a user may only call from a system
// (first route segment) they hold a privilege in; a name that is not one of our systems (`home`, a
// shell page, or `toString`/`__proto__`: own keys only) names no system.
import type { MiddlewareHandler } from 'hono'
import { holds } from '../../shared/access'
import { type PrivilegeKey, SYSTEMS, type SystemName } from '../../shared/privileges'
import { authenticate } from '../modules/auth/sessions'
import { AppError } from './app-error'
import type { AppEnv, AuthUser, Deps } from './context'
import { assertPathInScope } from './scope-guard'

export type Access = 'public' | 'signedIn' | PrivilegeKey | ((user: AuthUser) => boolean)

/** The system an x-system-name names, or null: only SYSTEMS' own keys count, never inherited names. */
export function systemOf(systemHeader: string | undefined): SystemName | null {
  const system = (systemHeader ?? '').trim()
  return Object.hasOwn(SYSTEMS, system) ? (system as SystemName) : null
}

export function systemAllowed(user: AuthUser, systemHeader: string | undefined): boolean {
  const system = systemOf(systemHeader)
  if (system === null) return true // home, login, 404 and other shell pages carry no system
  if (user.allPrivileges) return true
  const prefix = `${system}:`
  for (const key of user.privileges) if (key.startsWith(prefix)) return true
  return false
}

export interface AccessOptions {
  /** Any x-system-name will do (sign-out: ending one's own session needs no privilege anywhere). */
  anySystem?: boolean
}

export function accessMiddleware(
  deps: Deps,
  access: Access,
  options: AccessOptions = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access === 'public') return next()
    const user = await authenticate(deps.database.db, deps.config, c.req.header('x-auth-token'))
    if (!user) throw new AppError(403, 'notSignedIn')
    c.set('user', user)
    if (!options.anySystem && !systemAllowed(user, c.req.header('x-system-name')))
      throw new AppError(4031, 'insufficientPrivilege')
    if (typeof access === 'function' ? !access(user) : access !== 'signedIn' && !holds(user, access)) {
      throw new AppError(4031, 'insufficientPrivilege')
    }
    // A user limited to legal entities reaches no artwork or process outside them (404): one door for all.
    await assertPathInScope(c, deps.database.db)
    return next()
  }
}

/** Spread into createRoute(): the middleware plus the declared access in the OpenAPI document. */
export function access(deps: Deps, required: Access, options: AccessOptions = {}) {
  return {
    middleware: [accessMiddleware(deps, required, options)] as MiddlewareHandler<AppEnv>[],
    'x-privilege': typeof required === 'function' ? 'custom' : required,
  }
}

export function currentUser(c: { get(key: 'user'): AuthUser | null }): AuthUser {
  const user = c.get('user')
  if (!user) throw new AppError(403, 'notSignedIn')
  return user
}
