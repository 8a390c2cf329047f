// Artworks a step names, by id, as people know them: title in the language shown, inventory number and
// preview (for a thumbnail). A room's artworks come from the list (a stocktake's room, up to the 500 one count
// takes, in pages); any other id is read on its own (its detail, shared with the archive's cache).
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { type ArtworkListItem, artworkListItem } from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import { api } from '../../api/http'
import { pageOf } from '../../api/page'
import { artworkDetailQuery, artworkKeys } from '../../api/queries/artworks'
import { useLang } from './machine-words'

export interface ArtworkRef {
  id: string
  title: string
  inventoryNo: string
  artistName: string
  previewFileId: string | null
}

export function refOf(
  a: Pick<
    ArtworkListItem,
    'id' | 'titleZh' | 'titleEn' | 'inventoryNo' | 'artistNameZh' | 'artistNameEn' | 'previewFileId'
  >,
  lang: Lang,
): ArtworkRef {
  const title = (lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn) || a.inventoryNo
  const artistName =
    (lang === 'en' ? a.artistNameEn || a.artistNameZh : a.artistNameZh || a.artistNameEn) ?? ''
  return { id: a.id, title, inventoryNo: a.inventoryNo, artistName, previewFileId: a.previewFileId }
}

/**
 * The most artworks of one room listed at once: what one stocktake count takes (its lists hold 500 ids),
 * read in pages of the list's largest size.
 */
export const ROOM_LIST_MAX = 500
const ROOM_PAGE = 200

/** Every artwork a room holds now (`room_id`), up to ROOM_LIST_MAX, in inventory-number order, and how many. */
export const roomArtworksQuery = (roomId: string) =>
  queryOptions({
    queryKey: [...artworkKeys.lists(), 'room', roomId] as const,
    queryFn: async ({ signal }) => {
      const list: ArtworkListItem[] = []
      let total = 0
      for (let page = 1; list.length < ROOM_LIST_MAX; page++) {
        const reply = await api.get('artworks', {
          searchParams: { roomId, page, pageSize: ROOM_PAGE, sort: 'inventoryNo', order: 'asc' },
          schema: pageOf(artworkListItem),
          signal,
        })
        total = reply.total
        list.push(...reply.list)
        if (reply.list.length < ROOM_PAGE || list.length >= total) break
      }
      return { list: list.slice(0, ROOM_LIST_MAX), total }
    },
    meta: { localized: true },
  })

/** The artworks in a room now, in inventory-number order. */
export function useRoomArtworks(roomId: string | undefined) {
  const lang = useLang()
  const query = useQuery({ ...roomArtworksQuery(roomId ?? ''), enabled: !!roomId })
  return {
    list: (query.data?.list ?? []).map((a) => refOf(a, lang)),
    total: query.data?.total ?? 0,
    pending: !!roomId && query.isPending,
  }
}

/**
 * Each id as an artwork (a room's list first, the remaining ids one by one); ids still loading are left out,
 * ids the archive does not answer for (deleted, not visible) are in `unknown`.
 */
export function useArtworkRefs(
  ids: readonly string[],
  roomId?: string,
): { refs: Map<string, ArtworkRef>; unknown: Set<string> } {
  const lang = useLang()
  const room = useRoomArtworks(roomId)
  const known = new Map(room.list.map((a) => [a.id, a]))
  const rest = room.pending ? [] : ids.filter((id) => !known.has(id))
  const details = useQueries({
    queries: rest.map((id) => ({ ...artworkDetailQuery(id), staleTime: 60_000 })),
  })
  const refs = new Map<string, ArtworkRef>()
  const unknown = new Set<string>()
  for (const id of ids) {
    const inRoom = known.get(id)
    if (inRoom) refs.set(id, inRoom)
  }
  details.forEach((d, i) => {
    if (d.data) refs.set(rest[i], refOf(d.data, lang))
    else if (d.isError) unknown.add(rest[i])
  })
  return { refs, unknown }
}
