// The demo office's legal entities and who owns its works (VITRINE_DEMO=1 with the collection): a holding
// company in Hong Kong, a family trust under it, a foundation in Singapore and a family member, owning the
// works that are not sold in realistic shares (wholly, 60/40, 50/50) from the first day of the year each was
// bought (of last year when that is not known); the demo user `foundation` is limited to the foundation.
// One SEED_STEPS line, after the demo collection.
import { eq, notInArray } from 'drizzle-orm'
import { NOT_OWNED_STATUSES } from '../../shared/constants'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { artworkOwnerships, artworks, legalEntities, userEntityScope, users } from '../db/schema'
import { officeToday } from '../office-day'
import { DEMO_USERS } from './demo-users'

export const DEMO_ENTITIES = {
  holding: {
    nameZh: '莲华控股有限公司',
    nameEn: 'Lianhua Holdings Limited',
    kind: 'company',
    jurisdiction: 'HK',
  },
  trust: { nameZh: '莲华家族信托', nameEn: 'Lianhua Family Trust', kind: 'trust', jurisdiction: 'SG' },
  foundation: {
    nameZh: '莲华艺术基金会',
    nameEn: 'Lianhua Art Foundation',
    kind: 'foundation',
    jurisdiction: 'SG',
  },
  member: { nameZh: '林舒怡', nameEn: 'Lin Shuyi', kind: 'person', jurisdiction: 'CN' },
} as const

type Who = keyof typeof DEMO_ENTITIES

/** The shares of each work, in turn. */
const PATTERNS: [Who, string][][] = [
  [['holding', '100.00']],
  [
    ['holding', '60.00'],
    ['trust', '40.00'],
  ],
  [['foundation', '100.00']],
  [
    ['trust', '50.00'],
    ['member', '50.00'],
  ],
]

/** A seeding step (steps.ts lists it; its type is written here so that the list and the step import no cycle). */
export const demoEntitiesSeedStep: {
  name: string
  run: (db: Db, options: { config: Config }) => Promise<void>
} = {
  name: 'demo legal entities and ownership',
  run: async (db, options) => {
    if (!options.config.demoCollection) return
    const [holding] = await db.insert(legalEntities).values(DEMO_ENTITIES.holding).returning()
    const [trust] = await db
      .insert(legalEntities)
      .values({ ...DEMO_ENTITIES.trust, parentId: holding.id })
      .returning()
    const [foundation] = await db.insert(legalEntities).values(DEMO_ENTITIES.foundation).returning()
    const [member] = await db.insert(legalEntities).values(DEMO_ENTITIES.member).returning()
    const ids: Record<Who, string> = {
      holding: holding.id,
      trust: trust.id,
      foundation: foundation.id,
      member: member.id,
    }
    const works = await db
      .select({ id: artworks.id, buyYear: artworks.buyYear })
      .from(artworks)
      // Owned works only: a sold one no longer, and never one held without being owned (in care, borrowed).
      .where(notInArray(artworks.status, ['sold', ...NOT_OWNED_STATUSES]))
      .orderBy(artworks.inventoryNo)
    // A work without a buy year is owned from the first day of last year (always before today).
    const today = officeToday()
    const fallback = `${Number(today.slice(0, 4)) - 1}-01-01`
    const rows = works.flatMap((w, k) =>
      PATTERNS[k % PATTERNS.length].map(([who, share]) => ({
        artworkId: w.id,
        entityId: ids[who],
        sharePercent: share,
        validFrom: w.buyYear && `${w.buyYear}-01-01` < today ? `${w.buyYear}-01-01` : fallback,
      })),
    )
    if (rows.length > 0) await db.insert(artworkOwnerships).values(rows)
    // The demo users limited to one entity (DEMO_USERS `scope`).
    for (const u of DEMO_USERS) {
      if (!('scope' in u)) continue
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, u.username))
      if (user) await db.insert(userEntityScope).values({ userId: user.id, entityId: ids[u.scope] })
    }
  },
}
