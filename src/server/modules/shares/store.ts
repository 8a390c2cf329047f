// Share links in the database: creating one (token and password hashed), the creator's list, revoking,
// the view rows, and whether a link works now. A link works only while it is unexpired and unrevoked and
// its creator, as they are now, is enabled and holds the sharing privilege; it shows values only while its
// creator holds the privilege to see them; a work sold (or gone) since drops out.
import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, isNull, max, ne, type SQL, sql } from 'drizzle-orm'
import { holds } from '../../../shared/access'
import {
  SHARE_MAX_DAYS,
  SHARE_PRIVILEGE,
  type ShareCreate,
  type ShareState,
  type ShareView,
  type ShareViewRow,
  VALUES_PRIVILEGE,
} from '../../../shared/contracts/shares'
import type { Db } from '../../db/client'
import { artworks, shareArtworks, shares, shareViews, users } from '../../db/schema'
import { AppError, invalid, notFound } from '../../http/app-error'
import type { AuthUser } from '../../http/context'
import { hashPassword } from '../auth/passwords'
import { artworkScope, artworksOutOfScope } from '../auth/scope'
import { hashToken, privilegesOf } from '../auth/sessions'

export type ShareRow = typeof shares.$inferSelect

/** What the creator of a link may do now: read at every use, never remembered. */
export interface CreatorStanding {
  enabled: boolean
  mayShare: boolean
  maySeeValues: boolean
}

export async function creatorStanding(db: Db, userId: string): Promise<CreatorStanding> {
  const [row] = await db.select({ enabled: users.enabled }).from(users).where(eq(users.id, userId))
  if (!row?.enabled) return { enabled: false, mayShare: false, maySeeValues: false }
  const held = await privilegesOf(db, userId)
  return {
    enabled: true,
    mayShare: holds(held, SHARE_PRIVILEGE),
    maySeeValues: holds(held, VALUES_PRIVILEGE),
  }
}

/** The state of a link at `now`, given its creator's standing. */
export function stateOf(row: ShareRow, standing: CreatorStanding, now: Date): ShareState {
  if (row.revokedAt) return 'revoked'
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired'
  if (!standing.enabled || !standing.mayShare) return 'suspended'
  return 'active'
}

/** Refuse an expiry that is not ahead of now, or further than SHARE_MAX_DAYS (400 at the field). */
function checkExpiry(expiresAt: string, now: Date): Date {
  const at = new Date(expiresAt)
  if (at.getTime() <= now.getTime()) throw invalid({ expiresAt: 'shareExpiryPast' })
  if (at.getTime() > now.getTime() + SHARE_MAX_DAYS * 86_400_000)
    throw new AppError(
      400,
      'invalidInput',
      { max: SHARE_MAX_DAYS },
      { fieldErrors: { expiresAt: 'shareExpiryTooFar' } },
    )
  return at
}

/**
 * The artworks asked for, each once in the order given; 400 at `artworkIds` for one unknown or sold, or one
 * outside the user's scope (auth/scope.ts: nobody shares what they may not see), named.
 */
async function checkArtworks(db: Db, ids: string[], user: AuthUser): Promise<string[]> {
  const unique = [...new Set(ids)]
  const rows = await db
    .select({ id: artworks.id, status: artworks.status, inventoryNo: artworks.inventoryNo })
    .from(artworks)
    .where(inArray(artworks.id, unique))
  if (rows.length !== unique.length) throw invalid({ artworkIds: 'shareUnknownArtwork' })
  const sold = rows.find((r) => r.status === 'sold')
  if (sold)
    throw new AppError(
      400,
      'invalidInput',
      { inventoryNo: sold.inventoryNo },
      { fieldErrors: { artworkIds: 'shareSoldArtwork' } },
    )
  const outside = await artworksOutOfScope(db, await artworkScope(db, user), unique)
  if (outside.length > 0)
    throw new AppError(
      400,
      'invalidInput',
      { inventoryNo: rows.find((r) => r.id === outside[0])?.inventoryNo ?? '' },
      { fieldErrors: { artworkIds: 'shareOutOfScope' } },
    )
  return unique
}

/** Create a link: every check first, then the row and its artworks in one transaction. */
export async function createShare(
  db: Db,
  user: AuthUser,
  input: ShareCreate,
  now: Date,
): Promise<{ id: string; token: string }> {
  if (input.showValues && !holds(user, VALUES_PRIVILEGE)) throw new AppError(4031, 'shareValuesNotAllowed')
  const expiresAt = checkExpiry(input.expiresAt, now)
  const ids = await checkArtworks(db, input.artworkIds, user)
  const passwordHash = input.password ? await hashPassword(input.password) : null
  const token = randomBytes(32).toString('base64url')
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shares)
      .values({
        tokenHash: hashToken(token),
        createdBy: user.id,
        recipient: input.recipient,
        note: input.note ?? '',
        expiresAt,
        showValues: input.showValues,
        passwordHash,
      })
      .returning({ id: shares.id })
    await tx.insert(shareArtworks).values(ids.map((artworkId, seq) => ({ shareId: row.id, artworkId, seq })))
    return row.id
  })
  return { id, token }
}

/** Administrators see and revoke every link; everyone else their own. */
function mine(user: AuthUser): SQL | undefined {
  return holds(user, 'authManage:edit') ? undefined : eq(shares.createdBy, user.id)
}

/** One link the user may manage, or 404. */
export async function loadOwnShare(db: Db, user: AuthUser, id: string): Promise<ShareRow> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.id, id), mine(user)))
  if (!row) throw notFound()
  return row
}

export async function listShares(
  db: Db,
  user: AuthUser,
  page: number,
  pageSize: number,
  now: Date,
): Promise<{ list: ShareView[]; total: number }> {
  const where = mine(user)
  const [{ total }] = await db.select({ total: count() }).from(shares).where(where)
  const rows = await db
    .select({ share: shares, createdByName: users.displayName })
    .from(shares)
    .innerJoin(users, eq(users.id, shares.createdBy))
    .where(where)
    .orderBy(desc(shares.createdAt), asc(shares.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const ids = rows.map((r) => r.share.id)
  const [artworkCounts, viewCounts] = ids.length
    ? await Promise.all([
        db
          .select({ id: shareArtworks.shareId, n: count() })
          .from(shareArtworks)
          .where(inArray(shareArtworks.shareId, ids))
          .groupBy(shareArtworks.shareId),
        db
          .select({ id: shareViews.shareId, n: count(), last: max(shareViews.at) })
          .from(shareViews)
          .where(and(inArray(shareViews.shareId, ids), eq(shareViews.granted, true)))
          .groupBy(shareViews.shareId),
      ])
    : [[], []]
  const standings = new Map<string, CreatorStanding>()
  for (const creator of new Set(rows.map((r) => r.share.createdBy)))
    standings.set(creator, await creatorStanding(db, creator))
  const list = rows.map(({ share, createdByName }) => {
    const views = viewCounts.find((v) => v.id === share.id)
    return {
      id: share.id,
      recipient: share.recipient,
      note: share.note,
      expiresAt: share.expiresAt.toISOString(),
      showValues: share.showValues,
      hasPassword: share.passwordHash !== null,
      createdAt: share.createdAt.toISOString(),
      createdByName,
      revokedAt: share.revokedAt?.toISOString() ?? null,
      state: stateOf(share, standings.get(share.createdBy) as CreatorStanding, now),
      artworkCount: artworkCounts.find((a) => a.id === share.id)?.n ?? 0,
      viewCount: views?.n ?? 0,
      lastViewedAt: views?.last ? new Date(views.last).toISOString() : null,
    }
  })
  return { list, total }
}

/** Revoke a link (once: revoking a revoked link changes nothing). */
export async function revokeShare(db: Db, user: AuthUser, id: string): Promise<void> {
  await loadOwnShare(db, user, id)
  await db
    .update(shares)
    .set({ revokedAt: sql`now()`, revokedBy: user.id })
    .where(and(eq(shares.id, id), isNull(shares.revokedAt)))
}

export async function listViews(
  db: Db,
  shareId: string,
  page: number,
  pageSize: number,
): Promise<{ list: ShareViewRow[]; total: number }> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(shareViews)
    .where(eq(shareViews.shareId, shareId))
  const rows = await db
    .select()
    .from(shareViews)
    .where(eq(shareViews.shareId, shareId))
    .orderBy(desc(shareViews.at), desc(shareViews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const list = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    address: r.clientIp,
    userAgent: r.userAgent,
    granted: r.granted,
  }))
  return { list, total }
}

/** The link a token names, whatever its state (null: no such token). */
export async function shareByToken(db: Db, token: string): Promise<ShareRow | null> {
  const [row] = await db
    .select()
    .from(shares)
    .where(eq(shares.tokenHash, hashToken(token)))
  return row ?? null
}

export async function shareById(db: Db, id: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(shares).where(eq(shares.id, id))
  return row ?? null
}

export async function recordView(
  db: Db,
  shareId: string,
  meta: { ip: string | null; userAgent: string | null; granted: boolean },
): Promise<void> {
  await db.insert(shareViews).values({
    shareId,
    clientIp: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    granted: meta.granted,
  })
}

/** The link's artworks still in the collection's keeping (not sold), in the sharer's order. */
export function liveArtworksOf(shareId: string): SQL {
  return and(eq(shareArtworks.shareId, shareId), ne(artworks.status, 'sold')) as SQL
}
