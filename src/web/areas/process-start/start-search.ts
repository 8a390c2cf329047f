// `?artworkId=` of a start screen (one artwork, as the archive's start buttons send it), or `?artworkIds=`
// (several, chosen on a list such as the insurance screen's "to be insured"), `?previousProcessId=` and `?policyId=` (the
// cover a renewal renews), validated at its route. A module of its own (not start-points.ts, which reads
// the machines): route files are in the first download, which must not carry the machines.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface StartSearch {
  artworkId?: string
  artworkIds?: string[]
  previousProcessId?: string
  /** The policy being renewed (its artworks are chosen, its facts shown). */
  policyId?: string
}

/** At most this many artworks are carried in a start's URL. */
const MAX_IDS = 200

/** Anything but artworks' (and a process's) ids is dropped. */
export function validateStartSearch(search: Record<string, unknown>): StartSearch {
  const out: StartSearch = {}
  const id = search.artworkId
  if (typeof id === 'string' && UUID.test(id)) out.artworkId = id
  const raw = search.artworkIds
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []
  const ids = [...new Set(list.filter((v): v is string => typeof v === 'string' && UUID.test(v)))]
  if (ids.length > 0) out.artworkIds = ids.slice(0, MAX_IDS)
  const previous = search.previousProcessId
  if (typeof previous === 'string' && UUID.test(previous)) out.previousProcessId = previous
  const policy = search.policyId
  if (typeof policy === 'string' && UUID.test(policy)) out.policyId = policy
  return out
}
