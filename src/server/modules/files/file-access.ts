// Who may upload and who may read a file (docs/decisions.md, "Files"). Files belong to the office: anyone
// who may look at any part of it may read them; a file's uploader may always read it back. Anyone who may
// change something (any privilege beyond viewing and seeing values) may upload. A file a user may not read is answered as
// if it did not exist (404), so ids reveal nothing.
import { VALUES_PRIVILEGE } from '../../../shared/access'
import type { AuthUser } from '../../http/context'

/** Privileges that only let one see: viewing a part of the office, and seeing values. */
const seesOnly = (key: string) => key.endsWith(':view') || key === VALUES_PRIVILEGE

/** Any view privilege (or full privilege) lets a user read the office's files. */
export function canReadOfficeFiles(user: AuthUser): boolean {
  if (user.allPrivileges) return true
  for (const key of user.privileges) if (key.endsWith(':view')) return true
  return false
}

/** Uploading needs a privilege that changes something: edit, import, start, pay, approve... */
export function canUpload(user: AuthUser): boolean {
  if (user.allPrivileges) return true
  for (const key of user.privileges) if (!seesOnly(key)) return true
  return false
}

export function mayReadFile(user: AuthUser, file: { uploadedBy: string }): boolean {
  return file.uploadedBy === user.id || canReadOfficeFiles(user)
}
