// Artworks a step names, by id, as people know them: title in the language shown, inventory number and
// preview (for a thumbnail). A room's artworks come in one list call (a stocktake's room, up to the list's
// largest page); any other id is read on its own (its detail, shared with the archive's cache).
import { useQueries, useQuery } from '@tanstack/react-query'
import type { ArtworkListItem } from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import { artworkDetailQuery, artworkListQuery } from '../../api/queries/artworks'
import { useLang } from './machine-words'

export interface ArtworkRef {
  id: string
  title: string
  inventoryNo: string
  artistName: string
  previewFileId: string | null
}

/** The most artworks of one room listed at once (the list's largest page). */
export const ROOM_LIST_MAX = 200

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

export const roomArtworksParams = (roomId: string) => ({
  roomId,
  pageSize: ROOM_LIST_MAX,
  sort: 'inventoryNo',
  order: 'asc',
})

/** The artworks in a room now, in inventory-number order. */
export function useRoomArtworks(roomId: string | undefined) {
  const lang = useLang()
  const query = useQuery({ ...artworkListQuery(roomArtworksParams(roomId ?? '')), enabled: !!roomId })
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
