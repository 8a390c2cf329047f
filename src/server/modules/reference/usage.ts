// Where reference data is used, so that a record is deleted only when nothing points at it. Many of
// these columns hold an id or a dictionary value without a foreign key (a value like 'CNY' cannot have
// one); a foreign key that is not listed here still stops the delete (the error is caught). A module
// that stores reference data in a new column adds one line here.
import { eq, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ItemDictCode } from '../../../shared/contracts/reference'
import type { DbOrTx } from '../../db/client'
import {
  artists,
  artworkLabels,
  artworkMedia,
  artworkMovements,
  artworkRecords,
  artworks,
  contracts,
  enterprises,
  insuranceClaims,
  insurancePolicies,
  payments,
  rooms,
  users,
  vendors,
} from '../../db/schema'

export type ReferenceEntityName =
  | 'dictItems'
  | 'tags'
  | 'countries'
  | 'organizations'
  | 'enterprises'
  | 'vendors'
  | 'rooms'

export interface ReferenceUsage {
  entity: ReferenceEntityName
  /** The column holding the record's id (its code for countries, its value for dictionary items). */
  column: PgColumn
  /** For dictionary items: which dictionary's values the column holds. */
  dictCode?: ItemDictCode
}

export const REFERENCE_USAGES: ReferenceUsage[] = [
  { entity: 'rooms', column: artworks.roomId },
  { entity: 'rooms', column: artworkMovements.fromRoomId },
  { entity: 'rooms', column: artworkMovements.toRoomId },
  { entity: 'organizations', column: users.organizationId },
  { entity: 'tags', column: artists.artistStageTagId },
  { entity: 'countries', column: enterprises.countryCode },
  { entity: 'countries', column: vendors.countryCode },
  { entity: 'countries', column: rooms.countryCode },
  { entity: 'dictItems', dictCode: 'CURRENCY', column: enterprises.currency },
  { entity: 'dictItems', dictCode: 'CURRENCY', column: artworks.latestValuationCurrency },
  { entity: 'dictItems', dictCode: 'CURRENCY', column: contracts.currency },
  { entity: 'dictItems', dictCode: 'CURRENCY', column: payments.currency },
  { entity: 'dictItems', dictCode: 'CURRENCY', column: insurancePolicies.currency },
  { entity: 'dictItems', dictCode: 'CURRENCY', column: insuranceClaims.currency },
  { entity: 'dictItems', dictCode: 'FIN_FEE_ATTRIBUTION', column: payments.costAttribution },
  { entity: 'tags', column: artworks.mediumTagId },
  { entity: 'tags', column: artworks.periodTagId },
  { entity: 'tags', column: artworks.investMarketTagId },
  { entity: 'tags', column: artworks.incomeStageTagId },
  { entity: 'tags', column: artworkLabels.tagId },
  { entity: 'dictItems', dictCode: 'PACKAGING_TYPE', column: artworks.packagingType },
  { entity: 'dictItems', dictCode: 'ART_PIC_TYPE', column: artworkMedia.picType },
  { entity: 'dictItems', dictCode: 'LITERATU_RECORD_TYPERE', column: artworkRecords.literatureType },
  { entity: 'dictItems', dictCode: 'CURRENCY', column: artworkRecords.currency },
]

/** Whether any registered column holds `key` (for dictionary items: a value of `dictCode`). */
export async function isReferenced(
  db: DbOrTx,
  entity: ReferenceEntityName,
  key: string | number,
  dictCode?: ItemDictCode,
): Promise<boolean> {
  for (const usage of REFERENCE_USAGES) {
    if (usage.entity !== entity || usage.dictCode !== dictCode) continue
    const [hit] = await db
      .select({ one: sql`1` })
      .from(usage.column.table as PgTable)
      .where(eq(usage.column, key))
      .limit(1)
    if (hit) return true
  }
  return false
}

/** A foreign-key violation (PostgreSQL 23503), as thrown by either driver, wrapped or not. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23503'
}

/** A unique violation (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505'
}

/** The SQLSTATE of a database error, as thrown by either driver, wrapped or not. */
export function pgErrorCode(error: unknown): string | undefined {
  let e: unknown = error
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}
