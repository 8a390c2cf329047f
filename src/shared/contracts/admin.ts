// Shapes of the role and user-privilege management API (authManage).
import { z } from 'zod'
import { isPrivilegeKey } from '../privileges'
import { nameText, optionalNameText } from '../validation'

const privilegeList = z
  .array(z.string().refine(isPrivilegeKey, { message: 'invalidValue' }))
  .max(500)
  .transform((list) => [...new Set(list)])

export const roleInput = z.strictObject({
  nameZh: nameText(50),
  nameEn: nameText(50),
  descriptionZh: z.string().trim().max(200).default(''),
  descriptionEn: z.string().trim().max(200).default(''),
  enabled: z.boolean().default(true),
  allPrivileges: z.boolean().default(false),
  privileges: privilegeList.default([]),
})
export type RoleInput = z.input<typeof roleInput>

export const roleView = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  enabled: z.boolean(),
  allPrivileges: z.boolean(),
  privileges: z.array(z.string()),
  userCount: z.number(),
  updatedAt: z.string(),
  /**
   * The caller may change, enable, disable and assign this role: it holds full privilege, or the role is not a
   * full-privilege one and the caller holds every privilege of it (docs/security.md "User managers").
   */
  mayManage: z.boolean(),
})
export type RoleView = z.infer<typeof roleView>

export const userCreateInput = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, { message: 'invalidValue' }),
  displayName: nameText(100),
  /** The name in English; empty: the one above serves both languages. */
  displayNameEn: optionalNameText(100).default(''),
  email: z.union([z.literal(''), z.email().max(200)]).default(''),
  password: z.string().min(1, { message: 'required' }).max(200),
  enabled: z.boolean().default(true),
  roleIds: z.array(z.uuid()).max(50).default([]),
  privileges: privilegeList.default([]),
})
export const userUpdateInput = userCreateInput.omit({ username: true, password: true }).extend({
  password: z.string().max(200).optional(),
})

export const userView = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  displayNameEn: z.string(),
  /** The name in the request's language. */
  name: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
  privileges: z.array(z.string()),
  createdAt: z.string(),
  /** When the user's sign-in lock ends (the latest of their locks), or null when they may sign in. */
  signInLockedUntil: z.string().nullable(),
  /** The caller may edit, enable, disable or unlock this user and end their sessions (not a holder of full privilege, unless the caller is one). */
  mayManage: z.boolean(),
  /** The caller may also set or reset this user's password: it holds every privilege the user holds. */
  mayResetPassword: z.boolean(),
  /** The legal entities the user is limited to (their scope); empty: the whole collection. */
  entityIds: z.array(z.string()),
  /** Those entities' names in the request's language, in the same order. */
  entityNames: z.array(z.string()),
})
export type UserView = z.infer<typeof userView>

export const privilegeView = z.object({
  key: z.string(),
  system: z.string(),
  label: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
})

/**
 * A user's scope: the legal entities they are limited to (they see only the works those entities, or
 * entities under them, own today). Empty: the whole collection.
 */
export const userScopeInput = z.strictObject({
  entityIds: z.array(z.uuid({ message: 'invalidValue' })).max(100),
})

/** An entity a manager may put in a scope, named in the request's language, with its depth in the tree. */
export const scopeChoiceView = z.object({ id: z.string(), name: z.string(), depth: z.number() })

/** The users list's filters beyond paging. */
export const userListQuery = z.object({
  keyword: z.string().max(64).optional(),
  roleId: z.uuid().optional(),
  enabled: z.enum(['true', 'false']).optional(),
  locked: z.enum(['true']).optional(),
})

/** A password set by an administrator, shown to them once. */
export const passwordResetView = z.object({ password: z.string(), endedSessions: z.number() })

/** A live sign-in session of a user, as an administrator sees it (never its token or token hash). */
export const sessionView = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
})
export type SessionView = z.infer<typeof sessionView>

/** What saving a role would change for each of its users (POST /api/auth/roles/:id/preview). */
export const rolePreviewView = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      name: z.string(),
      gained: z.array(z.string()),
      lost: z.array(z.string()),
      gainsAll: z.boolean(),
      losesAll: z.boolean(),
    }),
  ),
  /** Users of the role whose privileges do not change. */
  unchanged: z.number(),
  /** Saving would be refused: the last full-privilege holder would lose it. */
  lastFullPrivilege: z.boolean(),
})
export type RolePreview = z.infer<typeof rolePreviewView>
