// Addresses of the IIIF services (docs/iiif.md), shared by the server and the web client: the Image API
// 3.0 service of every stored image, and the Presentation 3.0 manifest of an artwork.
import { z } from 'zod'

export const IIIF_API = {
  /** The image service's base URI; `/info.json` and `/{region}/{size}/{rotation}/{quality}.{format}` follow. */
  image: (fileId: string) => `/api/iiif/3/${fileId}`,
  info: (fileId: string) => `/api/iiif/3/${fileId}/info.json`,
  manifest: (artworkId: string) => `/api/iiif/presentation/artworks/${artworkId}/manifest.json`,
  /** POST (x-auth-token) → a signed manifest URL that works without headers. */
  manifestLink: (artworkId: string) => `/api/iiif/presentation/artworks/${artworkId}/link`,
} as const

export const manifestLinkResponse = z.object({
  url: z.string(),
  expiresAt: z.string(),
})
export type ManifestLink = z.infer<typeof manifestLinkResponse>
