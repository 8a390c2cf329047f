// IIIF (docs/iiif.md) as query options with their keys: an artwork's Presentation 3.0 manifest, read with
// the session's header. It is JSON-LD, not the API's envelope, so it is fetched plainly with the client's
// headers and read by the shared manifest shape. The image links inside it are signed for the link lifetime
// (five minutes by default), so it is read again every four while a viewer is open.
import { queryOptions } from '@tanstack/react-query'
import { IIIF_API, presentationManifest } from '../../../shared/contracts/iiif'
import { ApiError } from '../api-error'
import { requestHeaders, unwrapEnvelope } from '../client'
import { clientContext } from '../http'

export const MANIFEST_REFRESH_MS = 4 * 60_000

export const iiifKeys = {
  all: ['iiif'] as const,
  manifests: () => [...iiifKeys.all, 'manifest'] as const,
  manifest: (artworkId: string) => [...iiifKeys.manifests(), artworkId] as const,
}

async function readManifest(artworkId: string, signal: AbortSignal) {
  let response: Response
  try {
    response = await fetch(`/api${IIIF_API.manifest(artworkId)}`, {
      headers: requestHeaders(clientContext),
      signal,
    })
  } catch (error) {
    throw new ApiError('network', 0, (error as Error)?.message || 'Network error')
  }
  const body: unknown = await response.json().catch(() => null)
  // A refusal is the API's error envelope (403, 404): an ApiError as from any other call.
  if (!response.ok) unwrapEnvelope(response.status, body)
  const parsed = presentationManifest.safeParse(body)
  if (!parsed.success)
    throw new ApiError('contract', 0, 'The reply does not match the contract', parsed.error.issues, 200)
  return parsed.data
}

export const artworkManifestQuery = (artworkId: string) =>
  queryOptions({
    queryKey: iiifKeys.manifest(artworkId),
    queryFn: ({ signal }) => readManifest(artworkId, signal),
    staleTime: MANIFEST_REFRESH_MS,
    refetchInterval: MANIFEST_REFRESH_MS,
    retry: false,
  })
