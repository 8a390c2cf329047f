// Sign-in, sign-out and the current user (with the menu they may see).
import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { loginRequest, loginResponse, meResponse } from '../../../shared/contracts/auth'
import type { Lang } from '../../../shared/errors'
import { type MenuItem, menuFor } from '../../../shared/menu'
import { SYSTEM_NAMES, systemsOf } from '../../../shared/privileges'
import { roles, userRoles, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError } from '../../http/app-error'
import { type Deps, hasPrivilege } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { clientIp } from '../../http/request-log'
import { moduleRouter } from '../../http/router'
import { clearFailures, lockedMinutes, lockoutKeys, recordFailure } from './lockout'
import { DUMMY_HASH, verifyPassword } from './passwords'
import { createSession, privilegesOf, revokeSession } from './sessions'

function localiseMenu(items: MenuItem[], lang: Lang): z.infer<typeof meResponse>['menu'] {
  return items.map(({ privilege: _privilege, children, ...rest }) => ({
    ...rest,
    label: lang === 'en' ? rest.labelEn : rest.labelZh,
    ...(children ? { children: localiseMenu(children, lang) } : {}),
  }))
}

export function authRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database

  app.openapi(
    createRoute({
      method: 'post',
      path: '/login',
      tags: ['auth'],
      summary: 'Sign in with username and password',
      ...access(deps, 'public'),
      request: { body: { required: true, content: { 'application/json': { schema: loginRequest } } } },
      responses: okResponse(loginResponse),
    }),
    async (c) => {
      c.set('operationType', 'LOGIN')
      const { username, password } = c.req.valid('json')
      const ip = clientIp(c, deps.config.trustProxy)
      const keys = lockoutKeys(username, ip)
      const locked = await lockedMinutes(db, keys)
      if (locked > 0) throw new AppError(429, 'tooManyAttempts', { minutes: locked })
      const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1)
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH)
      if (!user || !valid) {
        await recordFailure(db, deps.config, keys)
        throw new AppError(400, 'wrongCredentials', undefined, {
          fieldErrors: { password: 'wrongCredentials' },
        })
      }
      if (!user.enabled) throw new AppError(4031, 'userDisabled')
      await clearFailures(db, keys)
      const session = await createSession(db, deps.config, user.id, {
        ip,
        userAgent: c.req.header('user-agent') ?? null,
      })
      const { allPrivileges, privileges } = await privilegesOf(db, user.id)
      c.set('user', {
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        allPrivileges,
        privileges,
        sessionHash: '',
      })
      return ok(c, {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        user: { id: user.id, username: user.username, displayName: user.displayName },
        privileges: [...privileges].sort(),
        allPrivileges,
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      tags: ['auth'],
      summary: 'Sign out: the token is revoked',
      ...access(deps, 'signedIn'),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      c.set('operationType', 'LOGOUT')
      await revokeSession(db, currentUser(c).sessionHash)
      return ok(c, null)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags: ['auth'],
      summary: 'The signed-in user, roles, privileges and menu',
      ...access(deps, 'signedIn'),
      responses: okResponse(meResponse),
    }),
    async (c) => {
      const user = currentUser(c)
      const lang = c.get('lang')
      const roleRows = await db
        .select({ id: roles.id, key: roles.key, nameZh: roles.nameZh, nameEn: roles.nameEn })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, user.id))
      const systems = user.allPrivileges ? SYSTEM_NAMES : [...systemsOf(user.privileges)]
      return ok(c, {
        user: { id: user.id, username: user.username, displayName: user.displayName },
        roles: roleRows.map((r) => ({ id: r.id, key: r.key, name: lang === 'en' ? r.nameEn : r.nameZh })),
        allPrivileges: user.allPrivileges,
        privileges: [...user.privileges].sort(),
        systems,
        menu: localiseMenu(
          menuFor((key) => hasPrivilege(user, key)),
          lang,
        ),
      })
    },
  )

  return app
}
