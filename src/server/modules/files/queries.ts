// Reading file rows: the view sent to clients, and loading the files a user may read by id (a file the
// user may not read, or one of an artwork out of their scope, is reported missing, exactly like one that
// does not exist).
import { and, eq, inArray, or } from 'drizzle-orm'
import type { FileView } from '../../../shared/contracts/files'
import type { DbOrTx } from '../../db/client'
import { type FileRow, files } from '../../db/schema'
import { AppError } from '../../http/app-error'
import type { AuthUser } from '../../http/context'
import { artworkScope } from '../auth/scope'
import { mayReadFile } from './file-access'

export function toFileView(row: FileRow): FileView {
  return {
    id: row.id,
    name: row.originalName,
    mime: row.mime,
    kind: row.kind,
    size: row.size,
    sha256: row.sha256,
    purpose: row.purpose,
    width: row.width,
    height: row.height,
    coverFileId: row.coverFileId,
    hasThumbnail: row.thumbnailKey !== null,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The rows of the given ids, in the order asked, when the user may read every one of them; otherwise a
 * 404 whose data lists the ids that are missing (ids the caller sent, nothing about any file's content).
 */
export async function loadReadableFiles(
  db: DbOrTx,
  user: AuthUser,
  ids: readonly string[],
): Promise<FileRow[]> {
  const unique = [...new Set(ids)]
  // A user limited to legal entities reads no file of an artwork outside them (auth/scope.ts).
  const scope = unique.length ? await artworkScope(db, user) : null
  const rows = unique.length
    ? await db
        .select()
        .from(files)
        .where(
          and(
            inArray(files.id, unique),
            scope ? or(eq(files.uploadedBy, user.id), scope.fileVisible(files.id)) : undefined,
          ),
        )
    : []
  const byId = new Map(rows.filter((r) => mayReadFile(user, r)).map((r) => [r.id, r]))
  const missing = unique.filter((id) => !byId.has(id))
  if (missing.length > 0) throw new AppError(404, 'fileNotFound', undefined, { ids: missing })
  return ids.map((id) => byId.get(id)!)
}
