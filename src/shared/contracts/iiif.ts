// Addresses of the IIIF services (docs/iiif.md), shared by the server and the web client: the Image API
// 3.0 service of every stored image, and the Presentation 3.0 manifest of an artwork.
import { z } from 'zod'

/**
 * The addresses IIIF clients are given (the service ids in info.json and the manifests): `/iiif/…`, as IIIF
 * viewers and other systems expect. The server answers them with its API route `/api/iiif/…` (src/server/app.ts
 * forwards one to the other), so both work and the route keeps the API's language, log and error rules.
 */
export const IIIF_API = {
  /** The image service's base URI; `/info.json` and `/{region}/{size}/{rotation}/{quality}.{format}` follow. */
  image: (fileId: string) => `/iiif/3/${fileId}`,
  info: (fileId: string) => `/iiif/3/${fileId}/info.json`,
  manifest: (artworkId: string) => `/iiif/presentation/artworks/${artworkId}/manifest.json`,
  /** POST (x-auth-token) → a signed manifest URL that works without headers. */
  manifestLink: (artworkId: string) => `/iiif/presentation/artworks/${artworkId}/link`,
} as const

export const manifestLinkResponse = z.object({
  url: z.string(),
  expiresAt: z.string(),
})
export type ManifestLink = z.infer<typeof manifestLinkResponse>
