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

/**
 * A IIIF language map (`{ "zh": ["…"], "en": ["…"] }`); `none` for words in no language. Read leniently: any
 * language tag, any number of values.
 */
export const languageMap = z.record(z.string(), z.array(z.string()))
export type LanguageMap = z.infer<typeof languageMap>

const serviceRef = z.looseObject({
  id: z.string().optional(),
  '@id': z.string().optional(),
  type: z.string().optional(),
  '@type': z.string().optional(),
})

/**
 * What a viewer reads of a Presentation 3.0 manifest (ours, or any other): its label and metadata, and per canvas the
 * size, the label and the painting annotation's image with its image services. Other fields pass unread.
 */
export const presentationManifest = z.looseObject({
  id: z.string(),
  type: z.literal('Manifest'),
  label: languageMap,
  metadata: z.array(z.looseObject({ label: languageMap, value: languageMap })).default([]),
  items: z.array(
    z.looseObject({
      id: z.string(),
      type: z.literal('Canvas'),
      width: z.number(),
      height: z.number(),
      label: languageMap.optional(),
      items: z
        .array(
          z.looseObject({
            items: z
              .array(
                z.looseObject({
                  motivation: z.string().optional(),
                  body: z.looseObject({
                    id: z.string(),
                    service: z.array(serviceRef).optional(),
                  }),
                }),
              )
              .default([]),
          }),
        )
        .default([]),
    }),
  ),
})
export type PresentationManifest = z.infer<typeof presentationManifest>
