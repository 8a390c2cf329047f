// The archive's list: filters (full text, every tag, dictionary values, statuses, room, buy year range,
// valuation range in one currency), sort and paging, as two statements — the page and the total — built
// once so the list call, the export, the summary and the benchmark's raw-SQL comparison run the same SQL.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { ArtworkFilters, ArtworkListItem, ArtworkSort } from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import type { ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { artists, artworkLabels, artworks, processes } from '../../db/schema'
import { officeToday } from '../../office-day'
import type { ArtworkScope } from '../auth/scope'
import { pledgedOn } from './ownership/pledges'
import { searchQuery } from './search-tokens'

/** Owned on the office's today, any share, by the entity or one under it. */
function ownedBySubtree(entityId: string): SQL {
  const today = officeToday()
  return sql`${artworks.id} in (select o.artwork_id from artwork_ownerships o
    where o.valid_from <= ${today}::date and (o.valid_to is null or o.valid_to > ${today}::date)
      and o.entity_id in (with recursive sub(id) as (
        select id from legal_entities where id = ${entityId}
        union
        select e.id from legal_entities e join sub on e.parent_id = sub.id)
      select id from sub))`
}

/**
 * The conditions of the filters (undefined: everything), within the actor's scope when they have one
 * (auth/scope.ts: a scoped user's list, search, summary and export hold only the works in scope).
 */
export function filterWhere(f: ArtworkFilters, scope?: ArtworkScope | null): SQL | undefined {
  const c: (SQL | undefined)[] = []
  if (scope) c.push(scope.artworkVisible(artworks.id))
  const q = f.keyword ? searchQuery(f.keyword) : null
  if (q) c.push(sql`${artworks.searchVector} @@ ${q}::tsquery`)
  if (f.artistId) c.push(eq(artworks.artistId, f.artistId))
  if (f.ownerEntityId) c.push(ownedBySubtree(f.ownerEntityId))
  if (f.mediumTagId) c.push(inArray(artworks.mediumTagId, f.mediumTagId))
  if (f.periodTagId) c.push(inArray(artworks.periodTagId, f.periodTagId))
  if (f.investMarketTagId) c.push(inArray(artworks.investMarketTagId, f.investMarketTagId))
  if (f.incomeStageTagId) c.push(inArray(artworks.incomeStageTagId, f.incomeStageTagId))
  if (f.labelTagId) {
    c.push(
      sql`exists (select 1 from ${artworkLabels} where ${artworkLabels.artworkId} = ${artworks.id} and ${inArray(artworkLabels.tagId, f.labelTagId)})`,
    )
  }
  if (f.artistStageTagId) {
    c.push(
      sql`${artworks.artistId} in (select ${artists.id} from ${artists} where ${inArray(artists.artistStageTagId, f.artistStageTagId)})`,
    )
  }
  if (f.packagingType) c.push(inArray(artworks.packagingType, f.packagingType))
  if (f.status) c.push(inArray(artworks.status, f.status))
  if (f.transportStatus) c.push(inArray(artworks.transportStatus, f.transportStatus))
  if (f.insuranceStatus) c.push(inArray(artworks.insuranceStatus, f.insuranceStatus))
  if (f.inWarehouse !== undefined) c.push(eq(artworks.inWarehouse, f.inWarehouse))
  if (f.roomId) c.push(inArray(artworks.roomId, f.roomId))
  if (f.inOperation !== undefined) {
    c.push(f.inOperation ? isNotNull(artworks.activeProcessId) : isNull(artworks.activeProcessId))
  }
  if (f.missingPreview !== undefined) {
    c.push(f.missingPreview ? isNull(artworks.previewFileId) : isNotNull(artworks.previewFileId))
  }
  if (f.buyYearFrom !== undefined) c.push(gte(artworks.buyYear, f.buyYearFrom))
  if (f.buyYearTo !== undefined) c.push(lte(artworks.buyYear, f.buyYearTo))
  if (f.valuationCurrency) {
    c.push(eq(artworks.latestValuationCurrency, f.valuationCurrency))
    if (f.valuationMin !== undefined) c.push(gte(artworks.latestValuation, f.valuationMin))
    if (f.valuationMax !== undefined) c.push(lte(artworks.latestValuation, f.valuationMax))
  }
  return c.length ? and(...c) : undefined
}

const SORT_COLUMNS = {
  updatedAt: artworks.updatedAt,
  createdAt: artworks.createdAt,
  inventoryNo: artworks.inventoryNo,
  titleZh: artworks.titleZh,
  titleEn: artworks.titleEn,
  buyYear: artworks.buyYear,
  latestValuation: artworks.latestValuation,
  valuationDate: artworks.valuationDate,
} satisfies Record<ArtworkSort, unknown>

/** Columns that may be empty: sorted with the empty ones last either way. */
const NULLABLE_SORTS = new Set<ArtworkSort>(['buyYear', 'latestValuation', 'valuationDate'])

/**
 * The order of a list, with the id as the tie-break so pages never overlap. Columns that are never empty
 * sort plainly, so their indexes serve the order both ways (`nulls last` on a descending sort would
 * stop the planner from walking an ascending index backwards).
 */
export function orderOf(sort: ArtworkSort = 'updatedAt', order: 'asc' | 'desc' = 'desc') {
  const column = SORT_COLUMNS[sort]
  const tie = order === 'asc' ? asc(artworks.id) : desc(artworks.id)
  if (!NULLABLE_SORTS.has(sort)) return [order === 'asc' ? asc(column) : desc(column), tie]
  return [order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, tie]
}

const listColumns = {
  id: artworks.id,
  inventoryNo: artworks.inventoryNo,
  titleZh: artworks.titleZh,
  titleEn: artworks.titleEn,
  artistId: artworks.artistId,
  // Subqueries rather than a join: the planner evaluates them after the sort and limit, for the 20 rows
  // of the page only, instead of hashing every artist for every list call.
  artistNameZh: sql<
    string | null
  >`(select ${artists.nameZh} from ${artists} where ${artists.id} = ${artworks.artistId})`,
  artistNameEn: sql<
    string | null
  >`(select ${artists.nameEn} from ${artists} where ${artists.id} = ${artworks.artistId})`,
  creationTime: artworks.creationTime,
  sizeText: artworks.sizeText,
  mediumTagId: artworks.mediumTagId,
  periodTagId: artworks.periodTagId,
  investMarketTagId: artworks.investMarketTagId,
  incomeStageTagId: artworks.incomeStageTagId,
  buyYear: artworks.buyYear,
  status: artworks.status,
  inWarehouse: artworks.inWarehouse,
  roomId: artworks.roomId,
  locationText: artworks.locationText,
  transportStatus: artworks.transportStatus,
  insuranceStatus: artworks.insuranceStatus,
  insuredUntil: artworks.insuredUntil,
  activeProcessId: artworks.activeProcessId,
  activeProcessType: sql<ProcessType | null>`(select ${processes.type} from ${processes} where ${processes.id} = ${artworks.activeProcessId})`,
  latestValuation: artworks.latestValuation,
  latestValuationCurrency: artworks.latestValuationCurrency,
  valuationDate: artworks.valuationDate,
  previewFileId: artworks.previewFileId,
  version: artworks.rowVersion,
  createdAt: artworks.createdAt,
  updatedAt: artworks.updatedAt,
}
type ListRow = Awaited<ReturnType<typeof listStatements>['page']>[number]

export interface ListParams extends ArtworkFilters {
  sort?: ArtworkSort
  order?: 'asc' | 'desc'
  page: number
  pageSize: number
}

/** The two statements of a list call: the page and the total. */
export function listStatements(db: DbOrTx, p: ListParams, scope?: ArtworkScope | null) {
  const where = filterWhere(p, scope)
  const page = db
    .select(listColumns)
    .from(artworks)
    .where(where)
    .orderBy(...orderOf(p.sort, p.order))
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize)
  const total = db.select({ n: count() }).from(artworks).where(where)
  return { page, total }
}

/** A list row as the API gives it; `pledgedTo`: the lender it is pledged to today, if any. */
export function toListItem(r: ListRow, lang: Lang, pledgedTo: string | null): ArtworkListItem {
  const pick = (zh: string | null, en: string | null) => (lang === 'en' ? en || zh : zh || en) ?? ''
  return {
    id: r.id!,
    inventoryNo: r.inventoryNo!,
    title: pick(r.titleZh, r.titleEn),
    titleZh: r.titleZh ?? '',
    titleEn: r.titleEn ?? '',
    artistId: r.artistId,
    artistName: pick(r.artistNameZh, r.artistNameEn),
    artistNameZh: r.artistNameZh ?? '',
    artistNameEn: r.artistNameEn ?? '',
    creationTime: r.creationTime ?? '',
    sizeText: r.sizeText ?? '',
    mediumTagId: r.mediumTagId,
    periodTagId: r.periodTagId,
    investMarketTagId: r.investMarketTagId,
    incomeStageTagId: r.incomeStageTagId,
    buyYear: r.buyYear,
    status: r.status!,
    inWarehouse: r.inWarehouse!,
    roomId: r.roomId,
    locationText: r.locationText ?? '',
    transportStatus: r.transportStatus!,
    insuranceStatus: r.insuranceStatus!,
    insuredUntil: r.insuredUntil,
    activeProcessId: r.activeProcessId,
    activeProcessType: r.activeProcessType ?? null,
    inOperation: r.activeProcessId !== null,
    pledgedTo,
    latestValuation: r.latestValuation,
    latestValuationCurrency: r.latestValuationCurrency,
    valuationDate: r.valuationDate,
    previewFileId: r.previewFileId,
    version: r.version!,
    createdAt: r.createdAt!.toISOString(),
    updatedAt: r.updatedAt!.toISOString(),
  }
}

export async function listArtworks(db: DbOrTx, p: ListParams, lang: Lang, scope?: ArtworkScope | null) {
  const { page, total } = listStatements(db, p, scope)
  const rows = await page
  const offset = (p.page - 1) * p.pageSize
  // A short page that is not empty tells the total without counting.
  const n = rows.length > 0 && rows.length < p.pageSize ? offset + rows.length : Number((await total)[0].n)
  const pledged = await pledgedOn(
    db,
    rows.flatMap((r) => (r.id ? [r.id] : [])),
  )
  return {
    list: rows.map((r) => toListItem(r as ListRow, lang, (r.id && pledged.get(r.id)?.lender) || null)),
    total: n,
    page: p.page,
    pageSize: p.pageSize,
  }
}
