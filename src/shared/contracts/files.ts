// Request and response shapes of the file API (upload, signed links, downloads), shared by the server and
// the web client. The upload itself is multipart/form-data, so its fields are described here as constants
// and a zod schema over the text fields.
import { z } from 'zod'
import { FILE_KINDS, FILE_PURPOSES, UPLOAD_PURPOSES } from '../file-types'

export const FILE_API = {
  /** multipart/form-data: `purpose` (+ `width`, `height`, `cover` for a video) first, then `file`. */
  upload: '/api/file/upload',
  /** JSON `{ id | ids, disposition }` → signed URLs that work without headers. */
  link: '/api/file/link',
  download: (id: string) => `/api/file/downloadFile/${id}`,
  thumbnail: (id: string) => `/api/file/thumbnail/${id}`,
  /** `?ids=a,b,c` with the x-auth-token header → a zip. */
  batchDownload: '/api/file/batchDownloadFile',
} as const

/** The multipart field names of an upload. `cover_file_base64` is another name for `cover`, as clients send it. */
export const UPLOAD_FIELDS = ['file', 'purpose', 'width', 'height', 'cover', 'cover_file_base64'] as const

const dimension = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { message: 'digitsOnly' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 16384, { message: 'invalidValue' })

/** The text fields of an upload, as they arrive (strings). */
export const uploadFields = z.strictObject({
  purpose: z.enum(UPLOAD_PURPOSES, {
    error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue'),
  }),
  width: dimension.optional(),
  height: dimension.optional(),
  /** The video's frame at 1 s: base64 JPEG or PNG, with or without a `data:image/...;base64,` prefix. */
  cover: z.string().min(1, { message: 'required' }).optional(),
})
export type UploadFields = z.infer<typeof uploadFields>

export const fileView = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  kind: z.enum(FILE_KINDS),
  size: z.number(),
  sha256: z.string(),
  purpose: z.enum(FILE_PURPOSES),
  width: z.number().nullable(),
  height: z.number().nullable(),
  coverFileId: z.string().nullable(),
  hasThumbnail: z.boolean(),
  uploadedBy: z.string(),
  createdAt: z.string(),
})
export type FileView = z.infer<typeof fileView>

/** The upload's answer: the stored file and, for a video, its cover frame stored as a file of its own. */
export const uploadResponse = fileView.extend({ cover: fileView.nullable() })
export type UploadResponse = z.infer<typeof uploadResponse>

export const DISPOSITIONS = ['inline', 'attachment'] as const
export type Disposition = (typeof DISPOSITIONS)[number]

export const linkRequest = z
  .strictObject({
    id: z.uuid({ message: 'invalidValue' }).optional(),
    ids: z
      .array(z.uuid({ message: 'invalidValue' }))
      .min(1)
      .max(200)
      .optional(),
    /** inline = preview in the browser (PDF, images, video); other kinds are always attachments. */
    disposition: z.enum(DISPOSITIONS).default('attachment'),
  })
  .refine((v) => (v.id === undefined) !== (v.ids === undefined), { message: 'required', path: ['ids'] })
export type LinkRequest = z.input<typeof linkRequest>

export const fileLink = fileView.extend({
  /** Relative URL with `exp` and `sig`: open it in a new window, an <img>, a <video> or an <iframe>. */
  url: z.string(),
  /** A 320 px wide JPEG for list pages (images, and videos from their cover), or null. */
  thumbnailUrl: z.string().nullable(),
})
export type FileLink = z.infer<typeof fileLink>

export const linkResponse = z.object({
  /** ISO instant after which the URLs answer 403: ask for new ones. */
  expiresAt: z.string(),
  links: z.array(fileLink),
})
export type LinkResponse = z.infer<typeof linkResponse>

/** Query of the batch download: ids separated by commas (or the parameter repeated), at most 500. */
export const BATCH_MAX_FILES = 500
