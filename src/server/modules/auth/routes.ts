// Sign-in (throttled: lockout.ts), sign-out, the current user (with the menu they may see) and a user's
// own password change.
import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { holds } from '../../../shared/access'
import {
  changePasswordRequest,
  changePasswordResponse,
  loginRequest,
  loginResponse,
  meResponse,
} from '../../../shared/contracts/auth'
import { formatMessage, type Lang } from '../../../shared/errors'
import { type MenuItem, menuFor } from '../../../shared/menu'
import { SYSTEM_NAMES, systemsOf } from '../../../shared/privileges'
import { roles, sessions, userRoles, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { clientIp } from '../../http/request-log'
import { moduleRouter } from '../../http/router'
import { clearPair, knownAddress, lockoutKeys, locks, logLock, recordFailure } from './lockout'
import { DUMMY_HASH, hashPassword, passwordProblem, verifyPassword } from './passwords'
import { createSession, forgetSessions, privilegesOf, revokeSession } from './sessions'

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
      const userAgent = c.req.header('user-agent') ?? null
      const keys = lockoutKeys(username, ip)
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
        .limit(1)
      const locked = await locks(db, keys)
      // The pair lock always holds; the user and address locks never stop a known address of this user.
      let refuseFor = locked.pair
      if (refuseFor === 0 && (locked.user > 0 || locked.ip > 0) && !(await knownAddress(db, user?.id, ip)))
        refuseFor = Math.max(locked.user, locked.ip)
      if (refuseFor > 0) throw new AppError(429, 'tooManyAttempts', { minutes: refuseFor })
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH)
      if (!user || !valid) {
        for (const scope of await recordFailure(db, deps.config, keys))
          logLock(deps.logWriter, deps.config, scope, username, ip, userAgent)
        throw new AppError(400, 'wrongCredentials', undefined, {
          fieldErrors: { password: 'wrongCredentials' },
        })
      }
      if (!user.enabled) throw new AppError(4031, 'userDisabled')
      await clearPair(db, keys)
      const session = await createSession(db, deps.config, user.id, { ip, userAgent })
      const { allPrivileges, privileges, roles } = await privilegesOf(db, user.id)
      c.set('user', {
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        allPrivileges,
        privileges,
        roles,
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
      summary: 'Sign out: the token is revoked (from any screen: x-system-name is not checked)',
      ...access(deps, 'signedIn', { anySystem: true }),
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
      summary: "The signed-in user, roles, privileges and menu, and the office's time zone",
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
      // The name in the language shown: the English one when set (users.displayNameEn), else the one name.
      const [names] =
        lang === 'en'
          ? await db.select({ en: users.displayNameEn }).from(users).where(eq(users.id, user.id))
          : [undefined]
      return ok(c, {
        user: { id: user.id, username: user.username, displayName: names?.en || user.displayName },
        roles: roleRows.map((r) => ({ id: r.id, key: r.key, name: lang === 'en' ? r.nameEn : r.nameZh })),
        allPrivileges: user.allPrivileges,
        privileges: [...user.privileges].sort(),
        systems,
        menu: localiseMenu(
          menuFor((key) => holds(user, key)),
          lang,
        ),
        timeZone: deps.config.timeZone,
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/password',
      tags: ['auth'],
      summary:
        'Change my own password: at least 12 characters (a run of spaces counts as one) with letters and digits, not the username, not a known-breached password; my other sessions end. Wrong current passwords are counted per (user, address) and per user from any address: 429 once either is locked',
      ...access(deps, 'signedIn', { anySystem: true }),
      request: {
        body: { required: true, content: { 'application/json': { schema: changePasswordRequest } } },
      },
      responses: okResponse(changePasswordResponse),
    }),
    async (c) => {
      c.set('operationType', 'PASSWORD_CHANGE')
      const me = currentUser(c)
      const lang = c.get('lang')
      const { currentPassword, newPassword } = c.req.valid('json')
      // Guessing the current password through a stolen session is throttled on counters of its own, per
      // (user, address) and per user from any address (lockout.ts); they never lock signing in.
      const ip = clientIp(c, deps.config.trustProxy)
      const keys = lockoutKeys(me.username, ip, 'password')
      const locked = await locks(db, keys)
      const refuseFor = Math.max(locked.pair, locked.user)
      if (refuseFor > 0) throw new AppError(429, 'tooManyAttempts', { minutes: refuseFor })
      const [row] = await db.select().from(users).where(eq(users.id, me.id)).limit(1)
      if (!row) throw new AppError(403, 'notSignedIn')
      if (!(await verifyPassword(currentPassword, row.passwordHash))) {
        for (const scope of await recordFailure(db, deps.config, keys))
          logLock(
            deps.logWriter,
            deps.config,
            scope,
            me.username,
            ip,
            c.req.header('user-agent') ?? null,
            'password',
          )
        throw new AppError(400, 'invalidInput', undefined, {
          fieldErrors: { currentPassword: formatMessage('wrongCurrentPassword', lang) },
        })
      }
      const problem =
        newPassword === currentPassword ? 'passwordUnchanged' : passwordProblem(newPassword, row.username)
      if (problem)
        throw new AppError(400, 'invalidInput', undefined, {
          fieldErrors: { newPassword: formatMessage(problem, lang) },
        })
      const passwordHash = await hashPassword(newPassword)
      const ended = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, me.id))
        return tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, me.id),
              ne(sessions.tokenHash, me.sessionHash),
              isNull(sessions.revokedAt),
            ),
          )
          .returning({ tokenHash: sessions.tokenHash })
      })
      forgetSessions(db)
      await clearPair(db, keys)
      return ok(c, { endedSessions: ended.length })
    },
  )

  return app
}
