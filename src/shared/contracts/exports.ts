// The full export of the web (administrators): a background job with its progress, and the archive's
// download link when it is done. docs/export-format.md describes the archive.
import { z } from 'zod'

export const EXPORT_API = {
  full: '/api/exports/full',
  job: (id: string) => `/api/exports/full/${id}`,
  download: (id: string) => `/api/exports/full/${id}/download`,
} as const

export const exportJobView = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** Rows and files written, of `total` (0 until the snapshot is taken). */
  done: z.number(),
  total: z.number(),
  /** Whole percent done (100 when done). */
  percent: z.number(),
  /** The archive's size in bytes, when done. */
  bytes: z.number().nullable(),
  /** Who asked for it. */
  createdBy: z.string(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** A signed link that downloads the archive (done only), valid for the links' usual time. */
  downloadUrl: z.string().nullable(),
})
export type ExportJobView = z.infer<typeof exportJobView>

export const exportJobList = z.object({ list: z.array(exportJobView) })
