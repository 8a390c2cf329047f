// The export's format: a ZIP with manifest.json, one JSON Lines file per table under tables/ and every stored
// file under files/ (docs/export-format.md is the description for other systems; this is the reader's check).
import { z } from 'zod'

export const FORMAT_NAME = 'vitrine-export'
/** Raised when a reader of the previous version could no longer read what is written. */
export const FORMAT_VERSION = 1

export const MANIFEST_NAME = 'manifest.json'
export const tableEntry = (table: string) => `tables/${table}.jsonl`
export const fileEntry = (storageKey: string) => `files/${storageKey}`

const sha256 = z.string().regex(/^[0-9a-f]{64}$/)

const manifestColumn = z.object({ name: z.string(), type: z.string(), encoding: z.string() })

export const manifestSchema = z.object({
  format: z.literal(FORMAT_NAME),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  appVersion: z.string(),
  /** Migrations the exporting database had applied: a reader with fewer cannot hold the data. */
  schemaMigrations: z.number().int().nonnegative(),
  database: z.enum(['embedded', 'postgres']),
  tables: z.array(
    z.object({
      name: z.string(),
      entry: z.string(),
      rows: z.number().int().nonnegative(),
      primaryKey: z.array(z.string()),
      columns: z.array(manifestColumn),
    }),
  ),
  /** The sequences of the public schema: their last value (null: never used), set again at import. */
  sequences: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
  /** Every entry of the archive but the manifest: its size in bytes and its SHA-256. */
  entries: z.record(z.string(), z.object({ bytes: z.number().int().nonnegative(), sha256 })),
  /** How many stored files the archive holds (each under files/, named by its storage key). */
  files: z.number().int().nonnegative(),
  /** Storage keys the `files` table names whose bytes the storage did not hold when the export was made. */
  missingFiles: z.array(z.string()),
  /** The heads of the tamper-evident chains when the export was made (null in an export made before them). */
  chains: z.array(z.object({ name: z.string(), lastNo: z.string(), head: z.string() })).nullable(),
})

export type Manifest = z.infer<typeof manifestSchema>

/** What only the version and name are read of first, so a newer format is named rather than misread. */
export const manifestHead = z.object({ format: z.string(), formatVersion: z.number() })
