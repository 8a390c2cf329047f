// Everything the detail screen shows about one artwork: the list fields, the record as the form edits it,
// its artist, tag labels, media with file facts, the location history from the movement rows, the
// processes it went through (the workflow engine's process_artworks link) and its insurance policies.
import { aliasedTable, and, asc, count, desc, eq, isNull } from 'drizzle-orm'
import { DIMENSION_KINDS, type Dimensions, sizeTextOf } from '../../../shared/artwork-rules'
import type { ArtistView, ArtworkDetail, ArtworkMediaView } from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import {
  artists,
  artworkHistory,
  artworkMedia,
  artworkMovements,
  artworks,
  contracts,
  files,
  insurancePolicies,
  insurancePolicyArtworks,
  processArtworks,
  processes,
  rooms,
  users,
} from '../../db/schema'
import { notFound } from '../../http/app-error'
import { currentLock } from './edit-lock'
import { toListItem } from './list-query'
import { pledgedOn } from './ownership/pledges'
import { readSnapshots } from './record-store'
import { loadReferences, nameIn } from './reference-lookup'

export async function artistViewOf(db: DbOrTx, id: string, lang: Lang): Promise<ArtistView | null> {
  const [a] = await db.select().from(artists).where(eq(artists.id, id))
  if (!a) return null
  const [{ n }] = await db.select({ n: count() }).from(artworks).where(eq(artworks.artistId, id))
  return toArtistView(a, Number(n), lang)
}

export function toArtistView(a: typeof artists.$inferSelect, artworkCount: number, lang: Lang): ArtistView {
  return {
    id: a.id,
    name: nameIn(a, lang),
    nameZh: a.nameZh,
    nameEn: a.nameEn,
    nationality: a.nationality ?? '',
    birthYear: a.birthYear,
    deathYear: a.deathYear,
    artistStageTagId: a.artistStageTagId,
    artworkCount,
  }
}

/**
 * The processes an artwork went through, live and past, newest first. The workflow engine links them in
 * process_artworks; this is the one place the archive reads them.
 */
export async function processesOfArtwork(db: DbOrTx, artworkId: string) {
  const rows = await db
    .select({
      id: processes.id,
      type: processes.type,
      status: processes.status,
      state: processes.state,
      currentStep: processes.currentStep,
      done: processes.done,
      createdAt: processes.createdAt,
      updatedAt: processes.updatedAt,
      finishedAt: processes.finishedAt,
    })
    .from(processArtworks)
    .innerJoin(processes, eq(processes.id, processArtworks.processId))
    .where(eq(processArtworks.artworkId, artworkId))
    .orderBy(desc(processes.createdAt))
  return rows.map((p) => ({
    ...p,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    finishedAt: p.finishedAt?.toISOString() ?? null,
  }))
}

/**
 * How an artwork entered the archive: made by a process (its first movement names it: the purchase that
 * bought it, with its live contract's number), else imported from a sheet or registered on the form (the
 * action of its first history version).
 */
async function originOf(
  db: DbOrTx,
  id: string,
  createdBy: string | null,
  list: { id: string; type: string }[],
): Promise<ArtworkDetail['origin']> {
  if (createdBy) {
    const [contract] = await db
      .select({ number: contracts.number })
      .from(contracts)
      .where(and(eq(contracts.processId, createdBy), isNull(contracts.supersededAt)))
      .limit(1)
    const type = list.find((p) => p.id === createdBy)?.type ?? null
    return { kind: 'process', processId: createdBy, processType: type, contractNo: contract?.number ?? null }
  }
  const [first] = await db
    .select({ action: artworkHistory.action })
    .from(artworkHistory)
    .where(eq(artworkHistory.artworkId, id))
    .orderBy(asc(artworkHistory.version))
    .limit(1)
  return {
    kind: first?.action === 'import' ? 'import' : 'form',
    processId: null,
    processType: null,
    contractNo: null,
  }
}

export async function loadDetail(
  db: DbOrTx,
  id: string,
  lang: Lang,
  viewerId: string,
): Promise<ArtworkDetail> {
  const [row] = await db.select().from(artworks).where(eq(artworks.id, id))
  if (!row) throw notFound()
  const refs = await loadReferences(db)
  const snapshot = (await readSnapshots(db, [row])).get(id)!
  const artist = row.artistId ? await artistViewOf(db, row.artistId, lang) : null

  const mediaRows = await db
    .select({ media: artworkMedia, file: files })
    .from(artworkMedia)
    .innerJoin(files, eq(files.id, artworkMedia.fileId))
    .where(eq(artworkMedia.artworkId, id))
    .orderBy(asc(artworkMedia.seq))
  const media: ArtworkMediaView[] = mediaRows.map(({ media: m, file: f }) => ({
    id: m.id,
    fileId: m.fileId,
    kind: m.kind,
    isVideo: m.kind === 'video' ? '1' : '0',
    picType: m.picType,
    picTypeLabel: nameIn(refs.dicts.ART_PIC_TYPE.get(m.picType), lang),
    isPreview: m.isPreview,
    caption: m.caption,
    name: f.originalName,
    mime: f.mime,
    size: f.size,
    width: f.width,
    height: f.height,
    coverFileId: f.coverFileId,
    hasThumbnail: f.thumbnailKey !== null,
  }))

  const fromRoom = aliasedTable(rooms, 'from_room')
  const toRoom = aliasedTable(rooms, 'to_room')
  const moves = await db
    .select({
      m: artworkMovements,
      fromZh: fromRoom.nameZh,
      fromEn: fromRoom.nameEn,
      toZh: toRoom.nameZh,
      toEn: toRoom.nameEn,
      byName: users.displayName,
    })
    .from(artworkMovements)
    .leftJoin(fromRoom, eq(fromRoom.id, artworkMovements.fromRoomId))
    .leftJoin(toRoom, eq(toRoom.id, artworkMovements.toRoomId))
    .leftJoin(users, eq(users.id, artworkMovements.byUserId))
    .where(eq(artworkMovements.artworkId, id))
    .orderBy(desc(artworkMovements.at))

  const policies = await db
    .select({ p: insurancePolicies, scheduled: insurancePolicyArtworks.insuredAmount })
    .from(insurancePolicyArtworks)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insurancePolicyArtworks.policyId))
    .where(eq(insurancePolicyArtworks.artworkId, id))
    .orderBy(desc(insurancePolicies.endDate))

  const tagIds = [
    row.mediumTagId,
    row.periodTagId,
    row.investMarketTagId,
    row.incomeStageTagId,
    artist?.artistStageTagId ?? null,
    ...snapshot.labelTagIds,
  ].filter((t): t is number => t !== null)
  const tags = [...new Set(tagIds)]
    .map((t) => refs.tags.get(t))
    .filter((t) => t !== undefined)
    .map((t) => ({ id: t.id, label: nameIn(t, lang), labelZh: t.nameZh, labelEn: t.nameEn }))

  const dims = (row.dimensions ?? {}) as Dimensions
  const artistNames = artist ? { artistNameZh: artist.nameZh, artistNameEn: artist.nameEn } : {}
  const processList = await processesOfArtwork(db, id)
  const holder = processList.find((p) => p.id === row.activeProcessId)
  const item = toListItem(
    {
      ...row,
      activeProcessType: holder?.type ?? null,
      artistNameZh: null,
      artistNameEn: null,
      ...artistNames,
      version: row.rowVersion,
    },
    lang,
    (await pledgedOn(db, [id])).get(id)?.lender ?? null,
  )
  const { latestValuation: _v, latestValuationCurrency: _c, valuationDate: _d, ...record } = snapshot
  const origin = await originOf(
    db,
    id,
    moves.find(({ m }) => m.kind === 'created')?.m.processId ?? null,
    processList,
  )
  return {
    ...item,
    record,
    artist,
    tags,
    dimensionTexts: Object.fromEntries(DIMENSION_KINDS.map((k) => [k, sizeTextOf(dims[k])])) as Record<
      (typeof DIMENSION_KINDS)[number],
      string
    >,
    media: media.filter((m) => m.kind !== 'zip'),
    zip: media.find((m) => m.kind === 'zip') ?? null,
    movements: moves.map(({ m, fromZh, fromEn, toZh, toEn, byName }) => ({
      id: m.id,
      at: m.at.toISOString(),
      kind: m.kind,
      fromRoomId: m.fromRoomId,
      fromRoomName: lang === 'en' ? (fromEn ?? '') : (fromZh ?? ''),
      toRoomId: m.toRoomId,
      toRoomName: lang === 'en' ? (toEn ?? '') : (toZh ?? ''),
      fromLocation: m.fromLocation,
      toLocation: m.toLocation,
      processId: m.processId,
      byName: byName ?? '',
      note: m.note,
    })),
    processes: processList,
    signatureRecorded: row.signed !== null,
    origin,
    insurancePolicies: policies.map(({ p, scheduled }) => ({
      id: p.id,
      kind: p.kind,
      status: p.status,
      policyNo: p.policyNo,
      insurer: p.insurer,
      insuredAmount: p.insuredAmount,
      scheduledAmount: scheduled,
      currency: p.currency,
      startDate: p.startDate,
      endDate: p.endDate,
    })),
    lock: await currentLock(db, id, viewerId),
  }
}
