// Users, roles, privileges and sign-in sessions: who may do what (privileges: src/shared/privileges.ts; sessions: docs/security.md).
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    displayName: text().notNull(),
    /** The display name in English (empty: the one above serves both languages). */
    displayNameEn: text().notNull().default(''),
    email: text(),
    passwordHash: text().notNull(),
    enabled: boolean().notNull().default(true),
    organizationId: integer(),
    /** The language of what reaches the user outside the app (emails): 'zh-CN' or 'en'. */
    language: text().notNull().default('zh-CN'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_uq').on(sql`lower(${t.username})`)],
)

export const roles = pgTable(
  'roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    descriptionZh: text().notNull().default(''),
    descriptionEn: text().notNull().default(''),
    enabled: boolean().notNull().default(true),
    allPrivileges: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_key_uq').on(t.key), index('roles_enabled_idx').on(t.enabled)],
)

export const rolePrivileges = pgTable(
  'role_privileges',
  {
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    privilege: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.privilege] })],
)

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
)

/** Privileges granted to one user beyond their roles. */
export const userPrivileges = pgTable(
  'user_privileges',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    privilege: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.privilege] })],
)

/** Sign-in sessions. Only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    clientIp: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Failed sign-ins per key (`user:<name>` or `ip:<addr>`), for the 429 lock-out. */
export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
})
