// First-start seeding: roles, the first administrator (no fixed password), with VITRINE_DEMO=1 one demo
// user per seeded role, then the steps (reference data; with demo data the collection and the processes
// the demo users run on it). Runs once per database: the administrator's row says it is done.
import { eq } from 'drizzle-orm'
import { SEEDED_ROLES } from '../../shared/privileges'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { rolePrivileges, roles, userRoles, users } from '../db/schema'
import { generatePassword, hashPassword } from '../modules/auth/passwords'
import { DEMO_USERS } from './demo-users'
import { SEED_STEPS } from './steps'

export interface SeedResult {
  seeded: boolean
  /** Passwords generated on this start, to be printed once. */
  generated: { username: string; password: string }[]
}

export async function seed(db: Db, config: Config): Promise<SeedResult> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1)
  if (existing) return { seeded: false, generated: [] }
  const generated: SeedResult['generated'] = []

  const roleIds = new Map<string, string>()
  for (const role of SEEDED_ROLES) {
    const [row] = await db
      .insert(roles)
      .values({
        key: role.key,
        nameZh: role.nameZh,
        nameEn: role.nameEn,
        descriptionZh: role.descriptionZh,
        descriptionEn: role.descriptionEn,
        allPrivileges: role.allPrivileges,
      })
      .returning({ id: roles.id })
    roleIds.set(role.key, row.id)
    if (role.privileges.length > 0) {
      await db
        .insert(rolePrivileges)
        .values(role.privileges.map((privilege) => ({ roleId: row.id, privilege })))
    }
  }

  const addUser = async (username: string, displayName: string, password: string, roleKey: string) => {
    const [row] = await db
      .insert(users)
      .values({ username, displayName, passwordHash: await hashPassword(password) })
      .returning({ id: users.id })
    await db.insert(userRoles).values({ userId: row.id, roleId: roleIds.get(roleKey)! })
    return row.id
  }

  const adminPassword = config.adminPassword ?? generatePassword()
  if (!config.adminPassword) generated.push({ username: 'admin', password: adminPassword })
  await addUser('admin', '系统管理员 Administrator', adminPassword, 'administrator')

  // The demo users come before the steps: the demo processes are run by them.
  if (config.demo) {
    const demoPassword = config.demoPassword ?? generatePassword()
    if (!config.demoPassword)
      generated.push({ username: DEMO_USERS.map((u) => u.username).join(', '), password: demoPassword })
    for (const u of DEMO_USERS) await addUser(u.username, u.displayName, demoPassword, u.role)
  }

  for (const step of SEED_STEPS) await step.run(db, { demo: config.demo, config })
  return { seeded: true, generated }
}
