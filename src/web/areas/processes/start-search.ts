// `?artworkId=` of a start screen, validated at its route. A module of its own (not start-points.ts, which
// reads the machines): route files are in the first download, which must not carry the machines.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Anything but an artwork's id is dropped. */
export function validateStartSearch(search: Record<string, unknown>): { artworkId?: string } {
  const id = search.artworkId
  return typeof id === 'string' && UUID.test(id) ? { artworkId: id } : {}
}
