// Stored files: one row per upload (and per video cover frame), pointing at bytes in the storage by a
// server-made key. Kind and mime come from the content, never from the client's name.
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { FILE_KINDS, FILE_PURPOSES } from '../../../shared/file-types'
import { users } from './users'

export const fileKind = pgEnum('file_kind', FILE_KINDS)
export const filePurpose = pgEnum('file_purpose', FILE_PURPOSES)

export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The client's name, sanitised, with an extension that matches the content. */
    originalName: text().notNull(),
    mime: text().notNull(),
    kind: fileKind().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    /** Where the bytes are in the storage; made by the server, never derived from input. */
    storageKey: text().notNull(),
    uploadedBy: uuid()
      .notNull()
      .references(() => users.id),
    purpose: filePurpose().notNull(),
    /** Pixels: measured by the server for images, sent by the browser for a video. */
    width: integer(),
    height: integer(),
    /** A video's frame at 1 s, stored as a file of its own. */
    coverFileId: uuid().references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    /** A 320 px wide JPEG beside the original (images, and videos from their cover). */
    thumbnailKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_storage_key_uq').on(t.storageKey),
    index('files_uploaded_by_idx').on(t.uploadedBy, t.createdAt),
    index('files_purpose_idx').on(t.purpose, t.createdAt),
    index('files_sha256_idx').on(t.sha256),
    index('files_cover_file_idx').on(t.coverFileId),
  ],
)

export type FileRow = typeof files.$inferSelect
